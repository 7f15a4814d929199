package pipeline

import (
	"slices"

	"github.com/namepipe/namepipe/record"
)

// fill computes the batch's output rows (each row's input values followed
// by its result columns) and hands the batch to the emitter. The batch
// must not be touched after: the emitter may write and recycle it at once.
func (r *runner) fill(b *batch) {
	nops := len(r.ops)
	var vals []record.Value // for rows without room in their array
	carved := false
	for i := range b.recs {
		rec := &b.recs[i]
		n := len(rec.Values)
		var row []record.Value
		if cap(rec.Values) >= n+r.nres {
			row = rec.Values[: n+r.nres : n+r.nres]
		} else {
			if len(vals) < n+r.nres {
				need := (len(b.recs) - i) * (n + r.nres)
				switch {
				case !carved && cap(b.vals) >= need:
					vals = b.vals[:cap(b.vals)]
				case !carved:
					b.vals = make([]record.Value, need)
					vals = b.vals
				default: // rows of another width: not kept for re-use
					vals = make([]record.Value, need)
				}
				carved = true
			}
			row = vals[: n+r.nres : n+r.nres]
			vals = vals[n+r.nres:]
			copy(row, rec.Values)
		}
		// The groups' result cells encoded ahead by the writer, their
		// only reader (local.enc): one value stands for each group's.
		var encoded []record.Value
		if b.encoded != nil && n == r.width {
			g := len(r.local.groups)
			encoded = b.encoded[i*g : (i+1)*g]
		}
		if r.applyFormatted(row[n:], b, i, encoded) {
			for k, v := range encoded {
				if v != nil {
					g := r.local.groups[k]
					row[g.col] = v
				}
			}
		} else {
			r.o.Plan.ApplyInto(row[n:], b.rowOutcomes(i, nops), b.rowErrs[i])
		}
		// Raw, End and Text: the input cells' source text, so that CSV
		// output writes them back as they were.
		b.out[i] = record.Record{Index: rec.Index, Line: rec.Line, Values: row, Problem: rec.Problem, Raw: rec.Raw, End: rec.End, Text: rec.Text}
	}
	b.done <- struct{}{}
}

// addEncoded notes row i's result cells of group g (of ng) encoded ahead
// (nil = none: localWorker.encode gives them only when the run's writer
// encodes and the cells follow one another).
func (b *batch) addEncoded(i, g, ng int, cells record.Value) {
	if cells != nil {
		b.encoded[i*ng+g] = cells
	}
}

// firstOfRun returns cols[0] when cols are consecutive ascending indexes,
// else -1.
func firstOfRun(cols []int) int {
	if len(cols) == 0 || cols[len(cols)-1]-cols[0] != len(cols)-1 || !slices.IsSorted(cols) {
		return -1
	}
	return cols[0]
}

// applyFormatted sets row i's result columns from the formatted values of
// its outcomes, and reports whether it could: only for a row whose every
// operation that ran has them or failed. The error column (of a row
// error or failed operations) is ApplyInto's, given the errors alone (an
// outcome without a value leaves its cells empty), so that the results
// are not formatted a second time; a memo entry need not keep them (see
// memoGroup.keep). The cells of the groups of operations encoded ahead
// (encoded[k] != nil) are left nil.
func (r *runner) applyFormatted(dst []record.Value, b *batch, i int, encoded []record.Value) bool {
	nops := len(r.ops)
	outcomes, formatted := b.rowOutcomes(i, nops), b.formatted[i*nops:(i+1)*nops]
	failed := b.rowErrs[i] != nil
	for j, o := range outcomes {
		if o.Err != nil {
			failed = true
		} else if o.Value != nil && formatted[j] == nil {
			return false
		}
	}
	if failed {
		errs := make([]Outcome, nops)
		for j, o := range outcomes {
			errs[j].Err = o.Err
		}
		r.o.Plan.ApplyInto(dst, errs, b.rowErrs[i])
	} else {
		clear(dst)
	}
	for j, vals := range formatted {
		switch {
		case vals == nil:
		case r.resultAt[j] >= 0:
			if r.encodedCol(encoded, r.width+r.resultAt[j]) {
				continue
			}
			copy(dst[r.resultAt[j]:], vals)
		default:
			for k, c := range r.resultCols[j] {
				dst[c] = vals[k]
			}
		}
	}
	return true
}

// encodedCol reports whether output column col is one of the cells of a
// group encoded ahead (encoded[k] != nil).
func (r *runner) encodedCol(encoded []record.Value, col int) bool {
	for k, v := range encoded {
		if g := r.local.groups[k]; v != nil && col >= g.col && col < g.col+g.ncols {
			return true
		}
	}
	return false
}
