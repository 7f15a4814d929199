package pipeline

import (
	"github.com/namepipe/namepipe/record"
)

// fill computes the batch's output rows (each row's input values followed
// by its result columns) from the outcomes, and hands the batch to the
// emitter. The batch must not be touched after: the emitter may write and
// recycle it at once.
func (r *runner) fill(b *batch) {
	nops := len(r.ops)
	out := outRows{b: b}
	for i := range b.recs {
		row := out.row(r, i)
		r.o.Plan.ApplyInto(row[len(b.recs[i].Values):], b.rowOutcomes(i, nops), b.rowErrs[i])
	}
	b.done <- struct{}{}
}

// outRows hands out the output rows of a batch.
type outRows struct {
	b      *batch
	vals   []record.Value // for rows without room in their array
	carved bool
}

// row returns row i's output row, b.out[i].Values: its input values
// followed by room for the result cells, appended in place to the
// record's own Values array when it has room.
func (o *outRows) row(r *runner, i int) []record.Value {
	b := o.b
	rec := &b.recs[i]
	n := len(rec.Values)
	var row []record.Value
	if cap(rec.Values) >= n+r.nres {
		row = rec.Values[: n+r.nres : n+r.nres]
	} else {
		if len(o.vals) < n+r.nres {
			need := (len(b.recs) - i) * (n + r.nres)
			switch {
			case !o.carved && cap(b.vals) >= need:
				o.vals = b.vals[:cap(b.vals)]
			case !o.carved:
				b.vals = make([]record.Value, need)
				o.vals = b.vals
			default: // rows of another width: not kept for re-use
				o.vals = make([]record.Value, need)
			}
			o.carved = true
		}
		row = o.vals[: n+r.nres : n+r.nres]
		o.vals = o.vals[n+r.nres:]
		copy(row, rec.Values)
	}
	// Raw, End and Text: the input cells' source text, so that CSV
	// output writes them back as they were.
	b.out[i] = record.Record{Index: rec.Index, Line: rec.Line, Values: row, Problem: rec.Problem, Raw: rec.Raw, End: rec.End, Text: rec.Text}
	return row
}
