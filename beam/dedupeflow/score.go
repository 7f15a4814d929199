package dedupeflow

import (
	"github.com/namepipe/namepipe/config"
	"github.com/namepipe/namepipe/dedupe"
)

// fieldRowsFn counts the rows having each field (term frequencies).
type fieldRowsFn struct{}

func (fieldRowsFn) CreateAccumulator() dedupe.FieldRows { return dedupe.FieldRows{} }

func (fieldRowsFn) AddInput(a dedupe.FieldRows, r row) dedupe.FieldRows {
	a.Add(dedupe.CountFieldRows([]dedupe.Features{r.F}))
	return a
}

func (fieldRowsFn) MergeAccumulators(a, b dedupe.FieldRows) dedupe.FieldRows {
	a.Add(b)
	return a
}

// wordsFn counts the rows holding each name word (the names' term
// frequencies).
type wordsFn struct{}

func (wordsFn) CreateAccumulator() dedupe.WordCounts { return dedupe.WordCounts{} }

func (wordsFn) AddInput(a dedupe.WordCounts, r row) dedupe.WordCounts {
	return dedupe.CountWords(a, []dedupe.Features{r.F})
}

func (wordsFn) MergeAccumulators(a, b dedupe.WordCounts) dedupe.WordCounts {
	return dedupe.AddWords(a, b)
}

// uniquePair keeps one copy of a pair compared under several capped keys,
// and counts its pattern under every other rule whose key the rows share
// (KV<rule·NumPatterns + pattern, 1>, for dedupe.TrainShared).
func uniquePair(_ int64, it func(*cand) bool, emit func(cand), shared func(int64, int64)) {
	var c cand
	if !it(&c) {
		return
	}
	emit(c)
	for r := range dedupe.NumRules {
		if c.Rules&(1<<r) != 0 {
			shared(int64(r)*int64(dedupe.NumPatterns)+int64(c.P), 1)
		}
	}
}

// scoreFn scores a candidate pair.
type scoreFn struct {
	Set  config.Dedupe
	Link bool
	// Pairs: emit the pairs at or above the pairs threshold (--pairs).
	Pairs   bool
	weights []float64
	tf      *dedupe.TermFreq
	rules   dedupe.LinkRules
}

func (f *scoreFn) ProcessElement(c cand, model dedupe.Model, rows dedupe.FieldRows,
	emitMatch func(int64, match), emitEdge func(edge), emitAbove func(string, int64), emitKept func(keptPair)) {
	if f.weights == nil {
		f.weights = make([]float64, dedupe.NumPatterns)
		for p := range f.weights {
			f.weights[p] = model.Weight(dedupe.Pattern(p).Vector())
		}
		f.tf = dedupe.NewTermFreq(&model, rows)
		f.rules = model.LinkRules()
	}
	// dedupe.Run's score: the pattern's weight, then each field's
	// term-frequency adjustment added in its order
	p := f.tf.Score(int32(c.A), int32(c.B), f.weights[c.P], c.S, c.Names, c.P)
	score := p.Score
	if score < f.Set.PairsThreshold {
		return
	}
	emitAbove("pairs_threshold", 1)
	if f.Pairs {
		emitKept(keptPair{P: p})
	}
	if score >= f.Set.Threshold {
		r := f.rules.ReasonFor(c.P)
		emitAbove(aboveKey(r), 1)
		if r == dedupe.Linked && !f.Link {
			emitEdge(edge{A: c.A, B: c.B, P: score})
		}
	}
	emitMatch(c.A, match{Other: c.B, Score: score, P: int64(c.P)})
	if !f.Link {
		emitMatch(c.B, match{Other: c.A, Score: score, P: int64(c.P)})
	}
}

// aboveKey is the key under which the pairs at or above the threshold
// with reason r are counted.
func aboveKey(r dedupe.LinkReason) string { return "threshold " + r.String() }

// bestFn keeps a row's best match: the highest score, then the smallest
// row (dedupe.Run's order).
type bestFn struct{}

func (bestFn) CreateAccumulator() match { return match{Other: -1} }

func (bestFn) AddInput(a, m match) match { return better(a, m) }

func (bestFn) MergeAccumulators(a, b match) match { return better(a, b) }

func better(a, b match) match {
	if b.Other < 0 {
		return a
	}
	if a.Other < 0 || b.Score > a.Score || b.Score == a.Score && b.Other < a.Other {
		return b
	}
	return a
}

// linkRoot keys an input row linked to a reference row by that row: its
// best match at or above the threshold, if the model's link rules let the
// pair link (dedupe.Run's linkClusters).
type linkRoot struct {
	Threshold float64
	rules     *dedupe.LinkRules
}

func (f *linkRoot) ProcessElement(id int64, m match, model dedupe.Model, emit func(int64, int64)) {
	if f.rules == nil {
		r := model.LinkRules()
		f.rules = &r
	}
	if m.Other >= 0 && m.Score >= f.Threshold && f.rules.Links(dedupe.Pattern(m.P)) {
		emit(m.Other, id)
	}
}

// linkCluster makes the input rows linked to one reference row a cluster
// (its size counts the reference row).
func linkCluster(ref int64, ids func(*int64) bool, emit func(int64, clusterOf), sizes func(string, int64)) {
	var members []int64
	var id int64
	for ids(&id) {
		members = append(members, id)
	}
	size := int64(len(members)) + 1
	for _, id := range members {
		emit(id, clusterOf{Root: ref, Size: size})
	}
	sizes(sizeLabel(size), 1)
}

// resultFn puts together what dedupe found for one input row.
type resultFn struct {
	W    workerConfig
	Link bool
	l    *layout
}

func (f *resultFn) ProcessElement(id int64, rows func(*row) bool, best func(*match) bool, clusters func(*clusterOf) bool,
	srcs func(*srcInfo) bool, emit func(result)) {
	if f.l == nil {
		l := newLayout(f.W.NumInputs, f.W.NumSources, srcs)
		f.l = &l
	}
	var r row
	if !rows(&r) || id >= f.l.nIn {
		return // a reference row
	}
	res := result{ID: id, R: dedupe.RowResult{Cluster: -1, Size: 1, Match: -1, NothingComparable: !r.F.Comparable()}, Cluster: -1, Match: -1}
	res.Src, res.Row = f.l.src(r.Pos)
	var m match
	if best(&m) && m.Other >= 0 {
		res.Match = m.Other
		res.R.Match, res.R.Score, res.R.Pattern = int32(m.Other), m.Score, dedupe.Pattern(m.P)
		if f.Link {
			res.R.Match -= int32(f.l.nIn)
		}
	}
	var c clusterOf
	if clusters(&c) {
		res.Cluster = c.Root
		res.R.Cluster, res.R.Size = int32(c.Root), int32(c.Size)
		if f.Link {
			res.R.Cluster -= int32(f.l.nIn)
		}
	}
	emit(res)
}

func resultBySrc(r result, emit func(int64, result)) { emit(r.Src, r) }

func sumInt64(a, b int64) int64 { return a + b }

// summaryFn writes the summary JSON from the combined counts.
type summaryFn struct {
	W    workerConfig
	Path string
}

func (f *summaryFn) ProcessElement(_ []byte, srcs func(*srcInfo) bool, rules func(*int64, *counts) bool, above func(*string, *int64) bool,
	sizes func(*string, *int64) bool, refused, maxPerRow func(*int64) bool) error {
	var sum dedupe.Summary
	var si srcInfo
	for srcs(&si) {
		if si.Src < int64(f.W.NumInputs) {
			sum.Rows += si.Rows
			sum.RowsWithErrors += si.Errors
			sum.RowsNothingComparable += si.NothingComparable
		} else {
			sum.ReferenceRows += si.Rows
		}
	}
	byRule := make([]counts, dedupe.NumRules)
	var rule int64
	var st counts
	for rules(&rule, &st) {
		byRule[rule] = st
	}
	for r, st := range byRule {
		sum.Blocks += st.Blocks
		sum.BlocksCapped += st.Capped
		sum.PairsCompared += st.Pairs
		sum.MatchCalls += st.Calls
		sum.MatchCallsFailed += st.Failed
		sum.NamesComparedLocally += st.Local
		sum.NamesNotSent += st.NotSent
		sum.MatcherMemoHits += st.MemoHits
		sum.PairsByRule = append(sum.PairsByRule, dedupe.RuleCount{Rule: dedupe.Rule(r).String(), Blocks: st.Blocks, Capped: st.Capped, Pairs: st.Pairs})
	}
	var k string
	var n int64
	for above(&k, &n) {
		if k == "pairs_threshold" {
			sum.PairsAbovePairsThreshold = n
			continue
		}
		for _, r := range dedupe.LinkReasons {
			if k == aboveKey(r) {
				sum.CountAbove(r, n)
			}
		}
	}
	sum.Clusters = map[string]int64{}
	for sizes(&k, &n) {
		sum.Clusters[k] = n
	}
	for refused(&n) {
		sum.JoinsRefused += n
	}
	for maxPerRow(&n) {
		sum.MaxPairsPerRow = max(sum.MaxPairsPerRow, n)
	}
	return sum.WriteJSON(f.Path)
}

// addStats sums element-wise (the summary's per-rule counts).
func addStats(a, b counts) counts {
	return counts{Blocks: a.Blocks + b.Blocks, Capped: a.Capped + b.Capped, Pairs: a.Pairs + b.Pairs, Calls: a.Calls + b.Calls,
		Failed: a.Failed + b.Failed, Local: a.Local + b.Local, NotSent: a.NotSent + b.NotSent, MemoHits: a.MemoHits + b.MemoHits}
}
