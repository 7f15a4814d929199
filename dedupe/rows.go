package dedupe

// rowResults are the rows' results in 12 bytes and a bit a row (a
// RowResult is 32, and at 5M rows the difference is 100 MB): each row's
// cluster and cluster size, and the index in Result.Pairs of the pair of
// its best match, from which Result.Row makes its RowResult.
type rowResults struct {
	cluster, size, best []int32
	nothing             []uint64
	// given are whole results, as another runner made them (ResultOf).
	given []RowResult
}

// ResultOf returns a Result of rows, the rows' results as another runner
// (namepipe-beam) gathered them, for Values.
func ResultOf(rows []RowResult) *Result { return &Result{rows: rowResults{given: rows}} }

// newRowResults returns the results of n rows without duplicates.
func newRowResults(n int, nothing []uint64) rowResults {
	r := rowResults{cluster: make([]int32, n), size: make([]int32, n), best: make([]int32, n), nothing: nothing}
	for i := range n {
		r.cluster[i], r.size[i], r.best[i] = -1, 1, -1
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
	if k := r.rows.best[i]; k >= 0 {
		p := &r.Pairs[k]
		rr.Match, rr.Score, rr.Pattern = p.other(int32(i)), p.Score, p.Pattern
	}
	return rr
}

// other is the row of p that is not row i.
func (p *Pair) other(i int32) int32 {
	if p.A == i {
		return p.B
	}
	return p.A
}

// bestMatches sets each input row's best match: the kept pair of the
// highest score, of equal scores the one whose other row comes first
// by ID (by row without IDs).
func (r *Result) bestMatches(kept []Pair, nIn int) {
	best := r.rows.best
	for k := range kept {
		p := &kept[k]
		for _, side := range [2][2]int32{{p.A, p.B}, {p.B, p.A}} {
			me, other := side[0], side[1]
			if int(me) >= nIn {
				continue
			}
			score, match := 0.0, int32(-1)
			if b := best[me]; b >= 0 {
				score, match = kept[b].Score, kept[b].other(me)
			}
			if p.Score > score || p.Score == score && match >= 0 && r.ids.before(other, match) {
				best[me] = int32(k)
			}
		}
	}
}
