package dedupe

// rowResults are the rows' results in 24 bytes and a bit a row: each
// row's cluster and cluster size, and its best match (the other row, the
// pair's score and pattern), from which Result.Row makes its RowResult.
// The best match is held here, not as an index into Result.Pairs, so
// that a run without a pairs file or a report need not keep the pairs
// above the pairs threshold in memory (Options.NoPairs; at 5M dupgen
// rows 3.0M pairs of 56 bytes, 0.6 a row and growing faster than the
// rows).
type rowResults struct {
	cluster, size []int32
	// match is the row of the best match (-1: none), score and pattern
	// its pair's; in linking mode a reference row numbered from 0.
	match   []int32
	score   []float64
	pattern []Pattern
	nothing []uint64
	// given are whole results, as another runner made them (ResultOf).
	given []RowResult
}

// ResultOf returns a Result of rows, the rows' results as another runner
// (namepipe-beam) gathered them, for Values.
func ResultOf(rows []RowResult) *Result { return &Result{rows: rowResults{given: rows}} }

// newRowResults returns the results of n rows without duplicates.
func newRowResults(n int, nothing []uint64) rowResults {
	r := rowResults{cluster: make([]int32, n), size: make([]int32, n), match: make([]int32, n),
		score: make([]float64, n), pattern: make([]Pattern, n), nothing: nothing}
	for i := range n {
		r.cluster[i], r.size[i], r.match[i] = -1, 1, -1
	}
	return r
}

// NumRows is the number of input rows.
func (r *Result) NumRows() int {
	if r.rows.given != nil {
		return len(r.rows.given)
	}
	return len(r.rows.cluster)
}

// Row returns what dedupe found for input row i (0-based).
func (r *Result) Row(i int) RowResult {
	if r.rows.given != nil {
		return r.rows.given[i]
	}
	rr := RowResult{Cluster: r.rows.cluster[i], Size: r.rows.size[i], Match: -1,
		NothingComparable: r.rows.nothing[i/64]&(1<<(i%64)) != 0}
	if m := r.rows.match[i]; m >= 0 {
		rr.Match, rr.Score, rr.Pattern = m, r.rows.score[i], r.rows.pattern[i]
	}
	return rr
}

// noteBest takes pair p (the kept pairs are noted in their order, by
// row) as the best match of its input rows where it is better than the
// one noted: the kept pair of the highest score, of equal scores the one
// whose other row comes first by ID (by row without IDs).
func (r *rowResults) noteBest(p *Pair, nIn int, ids *rowIDs) {
	for _, side := range [2][2]int32{{p.A, p.B}, {p.B, p.A}} {
		me, other := side[0], side[1]
		if int(me) >= nIn {
			continue
		}
		score, match := 0.0, r.match[me]
		if match >= 0 {
			score = r.score[me]
		}
		if p.Score > score || p.Score == score && match >= 0 && ids.before(other, match) {
			r.match[me], r.score[me], r.pattern[me] = other, p.Score, p.Pattern
		}
	}
}
