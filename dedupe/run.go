package dedupe

import (
	"context"
	"fmt"
	"math/bits"
	"runtime"
	"time"

	"github.com/namepipe/namepipe/config"
	"github.com/namepipe/namepipe/mapping"
	"github.com/namepipe/namepipe/nameapi"
	"github.com/namepipe/namepipe/readers"
	"github.com/namepipe/namepipe/record"
)

// Options configure Run.
type Options struct {
	// Input is the file to de-duplicate, mapped by Plan.
	Input readers.Reader
	Plan  *mapping.Plan
	// Reference, when set, switches to linking: each input row is matched
	// against the reference rows (mapped by RefPlan), which are not
	// de-duplicated among themselves.
	Reference readers.Reader
	RefPlan   *mapping.Plan
	// Matcher compares names (the service's person matcher); nil compares
	// names locally. MaxMatchCalls budgets its calls (< 0 = unlimited).
	Matcher       nameapi.PersonMatcher
	MaxMatchCalls int64
	// Settings are the thresholds and caps (the config's dedupe section).
	Settings config.Dedupe
	// Workers compare pairs in parallel (default GOMAXPROCS).
	Workers int
	// USample is the number of random pairs u is estimated from (default
	// 200,000).
	USample int
	// SortBuffer is the memory, in bytes, of each external sort's buffers
	// (default 16 MiB); the spill files go under Settings.TempDir.
	SortBuffer int
	// Previous, when set, makes the run incremental (incremental.go):
	// the input's rows are new rows, linked to each other and to the
	// rows of Previous (an earlier run's output, mapped by PrevPlan, its
	// cluster IDs in column PreviousClusterColumn), whose clusters keep
	// their IDs. It needs Settings.IDColumn.
	Previous              readers.Reader
	PrevPlan              *mapping.Plan
	PreviousName          string
	PreviousClusterColumn string
	// Index, when set with PreviousName instead of Previous, is the
	// index of the previous output (index_read.go): only the previous
	// rows that share a block key with a new row are read from it. Its
	// model is used unless Model is set.
	Index *Index
	// SaveIndex, when set, receives the index of the input's rows
	// (--save-index; index.go), committed by the caller once the output
	// is written.
	SaveIndex *IndexWriter
	// Model, when set, is used instead of learning one (--model);
	// ModelCompare are the extra comparisons it was learned with.
	Model        *Model
	ModelCompare []string
	// Extra are comparisons of more input columns besides
	// Settings.Compare's (which come first), each with ExtraLevels
	// levels; at most MaxExtra in all.
	Extra []Comparison
	// ExplainPairs are pairs of rows to compare and score whether or not
	// a block brings them together (Result.Explained).
	ExplainPairs []ExplainPair
	// NoNames: the result needs no names of the pairs' rows (Name, and
	// the names in PairRows and Borderline, are empty), as for a run
	// without a pairs file or a report; at 5M rows their text is ~65 MB.
	NoNames bool
	// NoPairs: the result needs no Pairs (PairRows, WritePairs and
	// Borderline find none), as for a run without a pairs file or a
	// report: the pairs above the pairs threshold are read from their
	// sort when needed and not held in memory (kept.go). Ignored unless
	// NoNames is set too.
	NoPairs bool
	// InputName and ReferenceName name the files in errors.
	InputName, ReferenceName string
	// Progress, when set, is called now and then with the stage and how
	// far it got.
	Progress func(stage string, done, total int64)
}

// Result is the outcome of Run.
type Result struct {
	// rows are the input rows' results, in input order (Row, NumRows).
	rows rowResults
	// Pairs are the compared pairs at or above the pairs threshold,
	// sorted by row (none with Options.NoPairs).
	Pairs []Pair
	// Model holds the learned weights.
	Model Model
	// Summary counts what was done.
	Summary Summary

	// names are the name texts of the pairs' rows (for PairRows).
	names *rowNames
	// Explained are Options.ExplainPairs compared and scored.
	Explained []Explained

	// ids are the rows' own IDs (nil without Settings.IDColumn).
	ids *rowIDs
	// weightCounts is the histogram of the scored pairs' weights
	// (WeightHistogram).
	weightCounts [weightHi - weightLo]int64
}

// RowResult is what dedupe found for one input row.
type RowResult struct {
	// Cluster is the 0-based row of the cluster's first row (with
	// Settings.IDColumn: of the member whose ID is the cluster's; in
	// linking mode: the reference row), or -1 for a row without
	// duplicates.
	Cluster int32
	// Size is the number of rows in the cluster (1 for none).
	Size int32
	// Match is the row this row matched best (a reference row in linking
	// mode), or -1; Score its match probability and Pattern the
	// comparison.
	Match   int32
	Score   float64
	Pattern Pattern
	// NothingComparable: the row has no name, email, phone, birth date or
	// address that could be compared.
	NothingComparable bool
}

// Pair is one compared pair with its score.
type Pair struct {
	// A and B are 0-based rows; in linking mode B is a reference row.
	A, B    int32
	Score   float64
	Weight  float64
	Pattern Pattern
	// TF is the term-frequency adjustment of each field (FieldName: the
	// names' words): Weight is the model's weight of Pattern plus these.
	TF [numFields]float32
	// Linked: the pair is at or above the threshold and both rows ended
	// in the same cluster.
	Linked bool
}

// strictRows is the size from which the matcher needs two agreeing
// fields besides the name (see compareRows).
const strictRows = 100_000

// batchSize is the number of records written at a time.
const batchSize = 256

// Run reads the input (and the reference), finds the duplicates and
// returns them. What grows with the rows (their features and keys, the
// sorted keys, the candidate pairs) is spilled to a temporary directory
// under Settings.TempDir, removed before Run returns; in memory it keeps
// a few dozen bytes per row (see the Memory section of the package doc).
func Run(ctx context.Context, o Options) (*Result, error) {
	start := time.Now()
	if o.Workers <= 0 {
		o.Workers = runtime.GOMAXPROCS(0)
	}
	if o.USample <= 0 {
		o.USample = 500_000
	}
	if o.SortBuffer <= 0 {
		o.SortBuffer = defaultSortBuffer
	}
	if err := checkIndexOptions(&o); err != nil {
		return nil, err
	}
	dir, err := newSpillDir(o.Settings.TempDir)
	if err != nil {
		return nil, err
	}
	res, err := run(ctx, o, dir)
	if cerr := dir.close(); err == nil && cerr != nil {
		err = cerr
	}
	if err != nil {
		return nil, err
	}
	res.Summary.TempDiskBytes = dir.peak.Load()
	res.Summary.LeftoversRemoved = dir.leftovers
	res.Summary.Elapsed = time.Since(start)
	res.Summary.ElapsedSec = res.Summary.Elapsed.Seconds()
	return res, nil
}

// defaultSortBuffer is the memory of each external sort's buffers.
const defaultSortBuffer = 16 << 20

// run is Run inside its temporary directory.
func run(ctx context.Context, o Options, dir *spillDir) (*Result, error) {
	res := &Result{}
	sum := &res.Summary
	lap := time.Now()
	stage := func(name string) {
		now := time.Now()
		sum.Stages = append(sum.Stages, StageTime{Stage: name, Seconds: now.Sub(lap).Seconds()})
		lap = now
	}
	store, err := newFeatStore(dir)
	if err != nil {
		return nil, err
	}
	defer store.close()
	codec := keyEntryCodec
	if o.Settings.IDColumn != "" {
		codec = keyEntryTieCodec
	}
	x := &extracted{store: store, keys: newKeySorter(dir, codec, o.SortBuffer)}
	defer x.keys.Close()
	cols, err := runColumns(o.Settings, o.Extra)
	if err != nil {
		return nil, err
	}
	if x.extraCol, x.blockCol, err = cols.indexes(o.Input.Schema(), o.InputName); err != nil {
		return nil, err
	}
	if col := o.Settings.IDColumn; col != "" {
		x.ids = newRowIDs(col)
		if x.idCol = o.Input.Schema().Index(col); x.idCol < 0 {
			return nil, fmt.Errorf("%s: dedupe.idColumn: no column %q in the input", o.InputName, col)
		}
		t := o.Input.Schema().Fields[x.idCol].Type
		x.ids.intColumn = t == record.Int64 || t == record.Int32
		if o.Reference != nil && o.Reference.Schema().Index(col) < 0 {
			return nil, fmt.Errorf("%s: dedupe.idColumn: no column %q in the reference", o.ReferenceName, col)
		}
		x.idFile = o.InputName
	}
	nIn32, bad, err := extractAll(ctx, o.Input, o.Plan, false, 0, o.Workers, x, o.Progress)
	if err != nil {
		return nil, err
	}
	nIn := int(nIn32)
	sum.Rows, sum.RowsWithErrors = int64(nIn), bad
	link := o.Reference != nil
	if x.ids != nil {
		x.ids.refStart = nIn32
	}
	var prev *previousClusters
	if o.Previous != nil {
		if prev, err = x.extractPrevious(ctx, o, cols, nIn32); err != nil {
			return nil, err
		}
		sum.PreviousRows = int64(len(prev.ids))
	} else if o.Index != nil {
		if prev, err = x.loadIndexed(ctx, o, nIn32); err != nil {
			return nil, err
		}
		sum.PreviousRows, sum.PreviousRowsRead = o.Index.Rows(), int64(len(prev.ids))
	}
	if link {
		if x.ids != nil {
			x.idCol, x.idFile = o.Reference.Schema().Index(o.Settings.IDColumn), o.ReferenceName
		}
		if x.extraCol, x.blockCol, err = cols.indexes(o.Reference.Schema(), o.ReferenceName); err != nil {
			return nil, err
		}
		nRef, _, err := extractAll(ctx, o.Reference, o.RefPlan, true, nIn32, o.Workers, x, o.Progress)
		if err != nil {
			return nil, fmt.Errorf("reference: %w", err)
		}
		sum.ReferenceRows = int64(nRef)
	}
	if err := store.flush(); err != nil {
		return nil, err
	}
	if err := x.keys.Finish(); err != nil {
		return nil, err
	}
	n := store.rows()
	if x.ids != nil {
		refName := o.ReferenceName
		if prev != nil {
			refName = o.PreviousName
		}
		if err := x.ids.finish(o.InputName, refName); err != nil {
			return nil, err
		}
		if prev != nil {
			if err := x.ids.disjoint(o.InputName, o.PreviousName); err != nil {
				return nil, err
			}
		}
		res.ids = x.ids
	}
	for _, w := range x.nothing {
		sum.RowsNothingComparable += int64(bits.OnesCount64(w))
	}

	x.shares = newNameShares(x.words, x.tfRows[FieldName])
	words := x.words
	x.words = nil
	stage("extract")
	if o.SaveIndex != nil {
		if err := o.SaveIndex.writeRows(ctx, x, words, dir); err != nil {
			return nil, err
		}
		stage("save index")
	}
	words = nil
	// group: block sizes
	st, err := groupSizes(ctx, o, x)
	if err != nil {
		return nil, err
	}
	if err := store.open(storeCacheLimit(o)); err != nil {
		return nil, err
	}
	stage("block sizes")

	names := newNameComparer(o.Matcher, o.MaxMatchCalls)
	names.extra = cols.extra
	names.strict = n >= strictRows
	if o.Index != nil {
		names.strict = int64(nIn)+o.Index.Rows() >= strictRows // every previous row, not only those read
	}
	if o.Matcher == nil {
		names.budget.Store(0)
	}

	// group + compare
	perRow := make([]int32, n)
	cands := newCandidates(dir, o.SortBuffer)
	defer cands.Close()
	byRule, sharedRule, err := groupAndCompare(ctx, o, x, st, nIn, link, prev != nil, names, perRow, cands)
	if err != nil {
		return nil, err
	}
	x.keys.Close()
	x.nameBlock = nil
	if err := cands.Finish(); err != nil {
		return nil, err
	}
	stage("compare")
	for r := Rule(0); r < NumRules; r++ {
		c := byRule[r]
		sum.Blocks += st[r].blocks
		sum.BlocksCapped += st[r].capped
		k := int64(0)
		for _, x := range c {
			k += x
		}
		sum.PairsCompared += k
		sum.PairsByRule = append(sum.PairsByRule, RuleCount{Rule: r.String(), Blocks: st[r].blocks, Capped: st[r].capped, Pairs: k})
	}
	for _, c := range perRow {
		sum.MaxPairsPerRow = max(sum.MaxPairsPerRow, int64(c))
	}
	perRow = nil

	// u from random pairs (after the compare step, whose matcher answers
	// it re-uses)
	var u [maxFields][]float64
	usample := 0
	if o.Model == nil {
		uIn, uIDs := nIn, x.ids
		if prev != nil {
			uIn, uIDs = n, nil // random pairs of all rows, new and previous
		}
		if u, usample, err = estimateU(ctx, o, store, names, uIn, link, uIDs); err != nil {
			return nil, err
		}
		stage("u sample")
		sum.Warnings = append(sum.Warnings, learnWarnings(u, usample, nIn, link, cols.extra)...)
	}
	sum.MatchCalls = names.calls.Load()
	sum.MatchCallsFailed = names.failed.Load()
	sum.NamesComparedLocally = names.local.Load()
	sum.NamesNotSent = names.skipped.Load()
	sum.MatcherMemoHits = names.memoHits.Load()

	// score: m and lambda by EM
	possible := float64(nIn) * float64(nIn-1) / 2
	if link {
		possible = float64(nIn) * float64(n-nIn)
	} else if prev != nil {
		possible += float64(nIn) * float64(n-nIn)
	}
	if o.Model != nil {
		if res.Model, err = useModel(o.Model, o.ModelCompare, cols.extra); err != nil {
			return nil, err
		}
	} else {
		shared := make([]PatternCounts, NumRules)
		for r := range shared {
			shared[r] = newPatternCounts(len(cols.extra))
			shared[r].Add(byRule[r])
			shared[r].Add(sharedRule[r])
		}
		res.Model = newTrainer(cols.extra, cols.blocked).train(byRule[:], shared, u, possible)
		if w := fewPairsWarning(sum.PairsCompared, nIn); w != "" {
			sum.Warnings = append(sum.Warnings, w)
		}
		res.Model.USample = usample
	}
	tf := newTermFreq(&res.Model, nil)
	tf.rows = x.tfRows
	set := o.Settings
	weights := make([]float64, patternsFor(len(cols.extra)))
	for p := range weights {
		weights[p] = res.Model.Weight(Pattern(p).Vector())
	}
	// score, on the workers: each part of the pairs has its own
	// histogram, count of strong pairs and batch of kept pairs, which go
	// to one external sort
	keptBy := make([]keptPart, o.Workers)
	keep := newKeptPairs(dir, o.SortBuffer/4)
	defer keep.close()
	for i := range keptBy {
		keptBy[i].k = keep
	}
	rules := res.Model.LinkRules()
	histBy := make([][weightHi - weightLo]int64, o.Workers)
	err = cands.EachParallel(ctx, o.Workers, func(part int, c cand) error {
		p := Pair{A: c.a, B: c.b, Pattern: c.p}
		p.Weight = weights[c.p]
		for f, x := range c.adjustFields(tf) {
			p.Weight += x
			p.TF[f] = float32(x)
		}
		histBy[part][weightBin(p.Weight)]++
		if p.Score = probability(p.Weight); p.Score < set.PairsThreshold {
			return nil
		}
		if p.Score >= set.Threshold && rules.Links(p.Pattern) {
			keptBy[part].strong++
		}
		return keptBy[part].add(p)
	})
	if err != nil {
		return nil, err
	}
	if err := keep.finish(keptBy); err != nil {
		return nil, err
	}
	nStrong := 0
	for _, k := range keptBy {
		nStrong += k.strong
	}
	keptBy = nil
	for _, h := range histBy {
		for i, n := range h {
			res.weightCounts[i] += n
		}
	}
	// the strong pairs, and the kept pairs themselves if the result
	// keeps them
	var kept []Pair
	hold := !o.NoPairs || !o.NoNames
	if hold {
		kept = make([]Pair, 0, keep.len())
	}
	strong := make([]Edge, 0, nStrong)
	err = keep.each(ctx, func(p *Pair) error {
		if p.Score >= set.Threshold {
			r := rules.ReasonFor(p.Pattern)
			sum.CountAbove(r, 1)
			if r == Linked {
				strong = append(strong, Edge{A: p.A, B: p.B, P: p.Score})
			}
		}
		if hold {
			kept = append(kept, *p)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	cands.Close()
	stage("train and score")
	sum.PairsAbovePairsThreshold = keep.len()
	if !o.NoNames {
		if res.names, err = pairNames(ctx, store, kept, o.Workers); err != nil {
			return nil, err
		}
	}
	if res.Explained, err = explainPairs(ctx, o, store, x, names, weights, tf, nIn32); err != nil {
		return nil, err
	}
	store.close()
	nothing := x.nothing
	x.nothing = nil
	if err := cluster(ctx, o, res, keep, kept, strong, nothing, nIn, n, link, prev); err != nil {
		return nil, err
	}
	stage("cluster")
	return res, nil
}

// cluster is the cluster step: the clusters of the strong pairs, each
// row's best match, and the pairs' Linked flags. The rows' results are
// made once the clustering has let go of its union-find, so that the
// two are never in memory together.
func cluster(ctx context.Context, o Options, res *Result, keep *keptPairs, kept []Pair, strong []Edge, nothing []uint64, nIn, n int, link bool, prev *previousClusters) error {
	set := o.Settings
	sum := &res.Summary
	if o.Progress != nil {
		o.Progress("clustering", 0, int64(len(strong)))
	}
	var root []int32
	switch {
	case link:
	case prev != nil:
		var refused int
		root, sum.MergeEvents, refused = incrementalClusters(res, strong, prev, nIn, n, set.MaxClusterSize, set.ClusterIDFrom == config.ClusterIDLargest)
		sum.JoinsRefused = int64(refused)
	default:
		var refused int
		root, refused = clusters(nIn, strong, set.MaxClusterSize, res.ids)
		sum.JoinsRefused = int64(refused)
		if res.ids != nil {
			res.ids.representatives(root, set.ClusterIDFrom == config.ClusterIDLargest)
		}
	}
	// The rows' results, from here on (not during the comparisons): the
	// best matches from the kept pairs in row order, from memory when the
	// result keeps them, else read again from their sort.
	res.rows = newRowResults(nIn, nothing)
	if kept != nil {
		for i := range kept {
			res.rows.noteBest(&kept[i], nIn, res.ids)
		}
	} else if err := keep.each(ctx, func(p *Pair) error { res.rows.noteBest(p, nIn, res.ids); return nil }); err != nil {
		return err
	}
	if link {
		root = linkClusters(res, nIn, set.Threshold)
	}
	size := make([]int32, n)
	for _, r := range root {
		if r >= 0 {
			size[r]++
		}
	}
	for i, r := range root[:nIn] {
		if r < 0 || size[r] < 2 && !link {
			continue
		}
		res.rows.cluster[i], res.rows.size[i] = r, size[r]
		if link {
			res.rows.cluster[i] -= int32(nIn)
			res.rows.size[i]++ // the reference row
		}
	}
	for i := range kept {
		kept[i].Linked = kept[i].Score >= set.Threshold && root[kept[i].A] >= 0 && root[kept[i].A] == rootOf(root, kept[i].B, nIn, link)
		if link {
			kept[i].B -= int32(nIn)
		}
	}
	if link {
		for i, m := range res.rows.match {
			if m >= 0 {
				res.rows.match[i] = m - int32(nIn) // numbered from 0, as the pairs' B
			}
		}
	}
	res.Pairs = kept
	sum.Clusters = clusterSizes(&res.rows)
	if prev != nil && o.SaveIndex != nil {
		o.SaveIndex.noteClusters(res, root, size) // a chained index (index_chain.go)
	}
	return nil
}

// compareRows is the compare step for one pair.
func compareRows(ctx context.Context, names *nameComparer, a, b *Features) Vector {
	var v Vector
	compareOthers(a, b, &v)
	compareExtra(names.extra, a, b, &v)
	// Evidence: a birth date, email or phone that agrees at all, or an
	// equal address (a close one, the same street, is too common). In a
	// large file (strict) one such field with a name is not enough to
	// outweigh the small prior, unless it is an equal email or phone: the
	// matcher is asked only when two fields agree.
	n := 0
	for _, ok := range [...]bool{v[FieldBirth] != Missing && v[FieldBirth] != BirthDifferent,
		v[FieldEmail] == Equal || v[FieldEmail] == Close, v[FieldPhone] == Equal || v[FieldPhone] == Close, v[FieldAddress] == Equal} {
		if ok {
			n++
		}
	}
	evidence := n >= 2 || n == 1 && (!names.strict || v[FieldEmail] == Equal || v[FieldPhone] == Equal)
	v[FieldName] = names.compare(ctx, a, b, evidence)
	return v
}
