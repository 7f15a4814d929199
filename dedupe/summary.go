package dedupe

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/namepipe/namepipe/outfile"
)

// Summary counts what a dedupe run did. Its JSON form is the --summary file.
type Summary struct {
	// Rows is the number of input rows; ReferenceRows those of the
	// reference file (linking).
	Rows          int64 `json:"rows"`
	ReferenceRows int64 `json:"reference_rows,omitempty"`
	// PreviousRows are the rows of the previous run (--previous), and
	// MergeEvents the clusters of it that new rows link.
	PreviousRows int64 `json:"previous_rows,omitempty"`
	// PreviousRowsRead are the previous rows an incremental run through
	// an index (--index) read: those that share a block key with a new
	// row, and the other rows of their clusters.
	PreviousRowsRead int64        `json:"previous_rows_read,omitempty"`
	MergeEvents      []MergeEvent `json:"merge_events,omitempty"`
	// RowsWithErrors: rows with an unusable value (they take part with
	// the rest); RowsNothingComparable: rows left as singletons because
	// they have nothing to compare.
	RowsWithErrors        int64 `json:"rows_with_errors"`
	RowsNothingComparable int64 `json:"rows_nothing_comparable"`
	// Blocks is the number of blocks of two rows or more, BlocksCapped
	// those over the cap (compared by neighbourhood).
	Blocks       int64 `json:"blocks"`
	BlocksCapped int64 `json:"blocks_capped"`
	// PairsCompared counts distinct compared pairs; MaxPairsPerRow the
	// most pairs any row took part in.
	PairsCompared  int64       `json:"pairs_compared"`
	MaxPairsPerRow int64       `json:"max_pairs_per_row"`
	PairsByRule    []RuleCount `json:"pairs_by_rule"`
	// PairsAboveThreshold links rows; PairsAbovePairsThreshold are the
	// pairs written to the pairs file.
	PairsAboveThreshold      int64 `json:"pairs_above_threshold"`
	PairsAbovePairsThreshold int64 `json:"pairs_above_pairs_threshold"`
	// PairsNameAlone counts pairs at or above the threshold that were not
	// linked because the name was the only field that agreed and another
	// disagreed (Links).
	PairsNameAlone int64 `json:"pairs_name_alone"`
	// PairsOutweighed counts pairs at or above the threshold that were
	// not linked because one field besides the name agreed and two or
	// more disagreed (Outweighed).
	PairsOutweighed int64 `json:"pairs_outweighed"`
	// Warnings say why the model may not have been learned (every row
	// alike, too few pairs) and what to do.
	Warnings []string `json:"warnings,omitempty"`
	// Clusters counts clusters by size ("2", "3", …, "10+");
	// JoinsRefused counts joins the chaining guard refused.
	Clusters     map[string]int64 `json:"clusters"`
	JoinsRefused int64            `json:"joins_refused"`
	// MatchCalls counts person-matcher calls; NamesComparedLocally the
	// name comparisons made without a call (budget spent or names: local).
	MatchCalls           int64 `json:"match_calls"`
	MatchCallsFailed     int64 `json:"match_calls_failed,omitempty"`
	NamesComparedLocally int64 `json:"names_compared_locally"`
	// NamesNotSent counts names compared locally because they differ word
	// by word and no other field agreed (the name alone never links).
	NamesNotSent int64 `json:"names_not_sent"`
	// MatcherMemoHits counts name pairs answered from earlier calls.
	MatcherMemoHits int64 `json:"matcher_memo_hits"`

	// Stages are the wall seconds of Run's steps, in order.
	Stages []StageTime `json:"stages"`
	// TempDiskBytes is the most disk the temporary files took at once.
	TempDiskBytes int64 `json:"temp_disk_bytes"`
	// LeftoversRemoved are the temporary directories of earlier runs
	// whose process is gone (killed), removed at the start.
	LeftoversRemoved []string `json:"leftovers_removed,omitempty"`

	Elapsed    time.Duration `json:"-"`
	ElapsedSec float64       `json:"elapsed_seconds"`
}

// StageTime is the wall time of one step of Run.
type StageTime struct {
	Stage   string  `json:"stage"`
	Seconds float64 `json:"seconds"`
}

// RuleCount is one blocking rule's share of the work.
type RuleCount struct {
	Rule   string `json:"rule"`
	Blocks int64  `json:"blocks"`
	Capped int64  `json:"capped"`
	Pairs  int64  `json:"pairs"`
}

// String is the one-line summary printed after a run.
func (s *Summary) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d rows", s.Rows)
	if s.ReferenceRows > 0 {
		fmt.Fprintf(&b, " against %d reference rows", s.ReferenceRows)
	}
	fmt.Fprintf(&b, ", %d blocks (%d capped), %d pairs compared, %d above the threshold", s.Blocks, s.BlocksCapped, s.PairsCompared, s.PairsAboveThreshold)
	var sizes []string
	for k := range s.Clusters {
		sizes = append(sizes, k)
	}
	sort.Slice(sizes, func(i, j int) bool {
		return len(sizes[i]) < len(sizes[j]) || len(sizes[i]) == len(sizes[j]) && sizes[i] < sizes[j]
	})
	var parts []string
	total := int64(0)
	for _, k := range sizes {
		parts = append(parts, fmt.Sprintf("%d of %s", s.Clusters[k], k))
		total += s.Clusters[k]
	}
	fmt.Fprintf(&b, ", %d clusters", total)
	if len(parts) > 0 {
		fmt.Fprintf(&b, " (%s)", strings.Join(parts, ", "))
	}
	if s.RowsNothingComparable > 0 {
		fmt.Fprintf(&b, ", %d rows with nothing to compare", s.RowsNothingComparable)
	}
	fmt.Fprintf(&b, ", %d matcher calls, %s", s.MatchCalls, s.Elapsed.Round(time.Millisecond))
	if n := len(s.LeftoversRemoved); n > 0 {
		fmt.Fprintf(&b, "; removed %d temporary directories of killed runs (%s)", n, strings.Join(s.LeftoversRemoved, ", "))
	}
	return b.String()
}

// WriteJSON writes the summary to path, as outfile decides (a file
// through a temporary file renamed into place, a device or FIFO
// directly).
func (s *Summary) WriteJSON(path string) error {
	data, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return fmt.Errorf("summary: %w", err)
	}
	if _, err := outfile.WriteFile(path, append(data, '\n'), outfile.Options{}); err != nil {
		return fmt.Errorf("summary: %w", err)
	}
	return nil
}
