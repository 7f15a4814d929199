package config

import (
	"fmt"
	"path/filepath"
	"strings"
)

// Defaults of the dedupe section.
const (
	DefaultDedupeThreshold      = 0.9
	DefaultDedupePairsThreshold = 0.3
	DefaultDedupeMaxBlockSize   = 24
	DefaultDedupeWindow         = 4
	DefaultDedupeMaxClusterSize = 50
)

// Name comparison modes of dedupe.names.
const (
	// DedupeNamesEngine compares names with the engine's person matcher
	// (with engine kind nameapi: paid calls, budgeted by maxMatchCalls).
	DedupeNamesEngine = "engine"
	// DedupeNamesLocal compares names with namepipe's own word
	// comparison, calling nothing.
	DedupeNamesLocal = "local"
)

// Dedupe is the "dedupe" section: the settings of `namepipe dedupe`
// (run ignores them).
type Dedupe struct {
	// The de-duplicated file (`--output` overrides).
	// Type: path
	// Default: output.path with .dedupe before its extension
	Output string `yaml:"output"`
	// Match probability from which two rows are linked into one cluster.
	// Type: number between 0 and 1
	// Default: `0.9`
	Threshold float64 `yaml:"threshold"`
	// Lower probability from which a compared pair goes to the `--pairs` file and may be a row's `np_match_row`.
	// Type: number between 0 and `threshold`
	// Default: `0.3` (at most `threshold`)
	PairsThreshold float64 `yaml:"pairsThreshold"`
	// A block (rows sharing a key) larger than this compares each row only with its `window` neighbours (same name: by birth date; otherwise by name), so that the pairs per row stay bounded.
	// Type: int ≥ 2
	// Default: `24`
	MaxBlockSize int `yaml:"maxBlockSize"`
	// Neighbours compared in a capped block.
	// Type: int ≥ 1
	// Default: `4`
	Window int `yaml:"window"`
	// A cluster never grows past this many rows.
	// Type: int ≥ 2
	// Default: `50`
	MaxClusterSize int `yaml:"maxClusterSize"`
	// `engine`: names through the engine's person matcher (nicknames, transliterations, swapped order); `local`: namepipe's own word comparison, no calls.
	// Type: `engine` | `local`
	// Default: `engine`
	Names string `yaml:"names"`
	// With `engine.kind: nameapi`, the budget of person-matcher calls (paid); once spent, names are compared locally. `0` compares locally from the start. The local engine is not budgeted.
	// Type: int ≥ 0
	// Default: `0`
	MaxMatchCalls int64 `yaml:"maxMatchCalls"`
	// Directory for dedupe's temporary files (the rows' features, sorted block keys and candidate pairs: at most about 0.7 KiB per row on generated people); they are removed when dedupe ends, also on an error or interrupt.
	// Type: path
	// Default: the system's temporary directory (`$TMPDIR` or `/tmp`)
	TempDir string `yaml:"tempDir"`
	// The input column that holds each row's own ID (a customer number): `np_cluster_id`, `np_match_row` and the `--pairs` file then hold these IDs instead of row numbers, and the clusters and their IDs do not depend on the rows' order. Every row needs an ID of its own: an empty or repeated ID is an error before any work.
	// Type: column name
	// Default: none (row numbers)
	IDColumn string `yaml:"idColumn"`
	// Which member's ID is the cluster's ID (with `idColumn`): the smallest or the largest (IDs that are all whole numbers compare as numbers, otherwise as text).
	// Type: `smallest_id` | `largest_id`
	// Default: `smallest_id`
	ClusterIDFrom string `yaml:"clusterIdFrom"`
	// More input columns to compare, each learned by the same EM as the built-in fields (name, birth date, email, phone, address) and weighed in every pair: `exact` (equal as written, close when equal but for case, accents, spaces and punctuation), `text` (close: a typo or most words in common), `number` (close: within 1 %, or one digit typed wrong in a number of 4 digits or more), `date` (close: day and month swapped, a typo, or the year off by one). At most 3; a value that is empty on one side is missing. Each compared column also blocks, as if listed in `blockOn`: rows that agree on it are compared even when their names and other fields are typo'd or empty. `impliedByName: true` marks a column the name implies (a gender or a salutation): where the names are `equal`, `matching` or `similar` its level weighs 0 (its `w_` term is 0), its m is learned from the other pairs only, and it never counts as another agreeing field.
	// Type: list of {column: name, kind: exact | text | number | date, impliedByName: bool}
	// Default: none
	Compare []DedupeCompare `yaml:"compare"`
	// Input columns to block on besides the built-in rules: rows with the same value (compared as `exact`'s close level: case, accents and spaces ignored) in one of these columns are compared. A common value makes a large block, which compares each row with its `window` neighbours only.
	// Type: list of column names
	// Default: none
	BlockOn []string `yaml:"blockOn"`
	// Golden records (`--merge FILE`): how each cluster becomes one row (the keys below).
	// Type: section
	// Default: see its keys
	Merge DedupeMerge `yaml:"merge"`
}

// DedupeCompare is one entry of dedupe.compare.
type DedupeCompare struct {
	// The input column compared.
	// Type: column name
	// Default: none (required)
	Column string `yaml:"column"`
	// How its values are compared.
	// Type: `exact` | `text` | `number` | `date`
	// Default: `text`
	Kind string `yaml:"kind"`
	// The column says nothing the name has not said where the names agree (a gender or a salutation column: two rows with one given name have one gender whether or not they are one person): where the names are `equal`, `matching` or `similar` its level weighs 0, and its m is learned from the other pairs only.
	// Type: bool
	// Default: `false`
	ImpliedByName bool `yaml:"impliedByName"`
}

// Kinds of dedupe.compare.
const (
	CompareExact  = "exact"
	CompareText   = "text"
	CompareNumber = "number"
	CompareDate   = "date"
)

// MaxDedupeCompare is the most entries dedupe.compare may have.
const MaxDedupeCompare = 3

// checkColumns adds the problems of dedupe.compare and dedupe.blockOn.
func (c *Dedupe) checkColumns(p *Problems) {
	if len(c.Compare) > MaxDedupeCompare {
		p.Add("dedupe.compare", "has %d entries; at most %d columns can be compared besides the person's fields", len(c.Compare), MaxDedupeCompare)
	}
	seen := map[string]int{}
	for i, cc := range c.Compare {
		key := fmt.Sprintf("dedupe.compare[%d]", i)
		switch cc.Kind {
		case CompareExact, CompareText, CompareNumber, CompareDate:
		default:
			p.Add(key+".kind", "%q: must be exact, text, number or date", cc.Kind)
		}
		if strings.TrimSpace(cc.Column) == "" {
			p.Add(key+".column", "is required: the input column to compare")
			continue
		}
		if j, ok := seen[cc.Column]; ok {
			p.Add(key+".column", "column %q is compared twice (also dedupe.compare[%d])", cc.Column, j)
		}
		seen[cc.Column] = i
	}
	blocked := map[string]bool{}
	for i, col := range c.BlockOn {
		key := fmt.Sprintf("dedupe.blockOn[%d]", i)
		if strings.TrimSpace(col) == "" {
			p.Add(key, "a column name is empty")
		} else if blocked[col] {
			p.Add(key, "column %q is listed twice", col)
		}
		blocked[col] = true
	}
}

// DedupeMerge is dedupe.merge: the survivorship rules of `--merge`.
type DedupeMerge struct {
	// The member row the `from_survivor` rule takes its values from (its ID is the merged row's survivor ID): the smallest ID (row number without `idColumn`), the newest or oldest by `dateColumn`, or the row with the most non-empty cells.
	// Type: `smallest_id` | `newest` | `oldest` | `most_complete`
	// Default: `smallest_id`
	Survivor string `yaml:"survivor"`
	// The date column `newest` and `oldest` go by (a date, a timestamp, or text as 2006-01-02 or RFC 3339; a row without one is never the newest or oldest).
	// Type: column name
	// Default: none
	DateColumn string `yaml:"dateColumn"`
	// The rule of every column not in `columns`.
	// Type: `most_complete` | `most_frequent` | `newest` | `oldest` | `longest` | `first` | `from_survivor`
	// Default: `most_complete`
	Default string `yaml:"default"`
	// A rule per input column: `most_complete` the value of the member with the most non-empty cells that has one; `most_frequent` the commonest non-empty value; `newest`/`oldest` the non-empty value of the newest/oldest member by `dateColumn`; `longest` the longest non-empty value; `first` the first non-empty value by ID; `from_survivor` the survivor's value, even when empty. Ties go to the smaller ID.
	// Type: map of column name to rule
	// Default: none
	Columns map[string]string `yaml:"columns"`
}

// Rules of dedupe.merge.
const (
	MergeMostComplete = "most_complete"
	MergeMostFrequent = "most_frequent"
	MergeNewest       = "newest"
	MergeOldest       = "oldest"
	MergeLongest      = "longest"
	MergeFirst        = "first"
	MergeFromSurvivor = "from_survivor"
	MergeSmallestID   = "smallest_id"
)

// check adds the problems of dedupe.merge to p.
func (m *DedupeMerge) check(p *Problems) {
	switch m.Survivor {
	case MergeSmallestID, MergeNewest, MergeOldest, MergeMostComplete:
	default:
		p.Add("dedupe.merge.survivor", "%q: must be smallest_id, newest, oldest or most_complete", m.Survivor)
	}
	dated := m.Survivor == MergeNewest || m.Survivor == MergeOldest
	rule := func(key, r string) {
		switch r {
		case MergeNewest, MergeOldest:
			dated = true
		case MergeMostComplete, MergeMostFrequent, MergeLongest, MergeFirst, MergeFromSurvivor:
		default:
			p.Add(key, "%q: must be most_complete, most_frequent, newest, oldest, longest, first or from_survivor", r)
		}
	}
	rule("dedupe.merge.default", m.Default)
	for col, r := range m.Columns {
		rule("dedupe.merge.columns", r)
		if col == "" {
			p.Add("dedupe.merge.columns", "a column name is empty")
		}
	}
	if dated && m.DateColumn == "" {
		p.Add("dedupe.merge.dateColumn", "needed by the newest and oldest rules: the date column they go by")
	}
}

// Choices of dedupe.clusterIdFrom.
const (
	ClusterIDSmallest = "smallest_id"
	ClusterIDLargest  = "largest_id"
)

// applyDefaults fills the dedupe keys that d left out.
func (c *Dedupe) applyDefaults(d *Doc) {
	if !d.Has("dedupe.threshold") {
		c.Threshold = DefaultDedupeThreshold
	}
	if !d.Has("dedupe.pairsThreshold") {
		c.PairsThreshold = min(DefaultDedupePairsThreshold, c.Threshold)
	}
	if !d.Has("dedupe.maxBlockSize") {
		c.MaxBlockSize = DefaultDedupeMaxBlockSize
	}
	if !d.Has("dedupe.window") {
		c.Window = DefaultDedupeWindow
	}
	if !d.Has("dedupe.maxClusterSize") {
		c.MaxClusterSize = DefaultDedupeMaxClusterSize
	}
	if c.Names == "" {
		c.Names = DedupeNamesEngine
	}
	if c.ClusterIDFrom == "" {
		c.ClusterIDFrom = ClusterIDSmallest
	}
	if c.Merge.Survivor == "" {
		c.Merge.Survivor = MergeSmallestID
	}
	if c.Merge.Default == "" {
		c.Merge.Default = MergeMostComplete
	}
	for i := range c.Compare {
		if c.Compare[i].Kind == "" {
			c.Compare[i].Kind = CompareText
		}
	}
}

// check adds the problems of the dedupe section to p.
func (c *Dedupe) check(s *Settings, p *Problems) {
	if c.Threshold <= 0 || c.Threshold >= 1 {
		p.Add("dedupe.threshold", "must be between 0 and 1 (exclusive), got %g", c.Threshold)
	}
	if c.PairsThreshold <= 0 || c.PairsThreshold > c.Threshold {
		p.Add("dedupe.pairsThreshold", "must be above 0 and at most dedupe.threshold (%g), got %g", c.Threshold, c.PairsThreshold)
	}
	if c.MaxBlockSize < 2 {
		p.Add("dedupe.maxBlockSize", "must be at least 2, got %d", c.MaxBlockSize)
	}
	if c.Window < 1 {
		p.Add("dedupe.window", "must be at least 1, got %d", c.Window)
	}
	if c.MaxClusterSize < 2 {
		p.Add("dedupe.maxClusterSize", "must be at least 2, got %d", c.MaxClusterSize)
	}
	switch c.Names {
	case DedupeNamesEngine, DedupeNamesLocal:
	default:
		p.Add("dedupe.names", "%q: must be engine or local", c.Names)
	}
	switch c.ClusterIDFrom {
	case ClusterIDSmallest, ClusterIDLargest:
	default:
		p.Add("dedupe.clusterIdFrom", "%q: must be smallest_id or largest_id", c.ClusterIDFrom)
	}
	if c.ClusterIDFrom != ClusterIDSmallest && c.IDColumn == "" {
		p.Add("dedupe.clusterIdFrom", "needs dedupe.idColumn (the column of the rows' IDs)")
	}
	c.Merge.check(p)
	c.checkColumns(p)
	if c.MaxMatchCalls < 0 {
		p.Add("dedupe.maxMatchCalls", "must be 0 or more, got %d", c.MaxMatchCalls)
	}
	if c.Output != "" && (SamePath(c.Output, s.Input.Path) || SamePath(c.Output, s.Output.Path)) {
		p.Add("dedupe.output", "must not be the input file or output.path")
	}
}

// DedupeOutput is the file `dedupe` writes: flag when set (`--output`),
// else dedupe.output, else output.path with .dedupe before its extension;
// "" when the output is output.postgres's table.
func (s *Settings) DedupeOutput(flag string) string {
	switch {
	case flag != "":
		return flag
	case s.Dedupe.Output != "":
		return s.Dedupe.Output
	}
	if s.Output.Postgres != nil {
		return "" // the output table
	}
	ext := filepath.Ext(s.Output.Path)
	return strings.TrimSuffix(s.Output.Path, ext) + ".dedupe" + ext
}
