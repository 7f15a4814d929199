package writers

import (
	"context"

	"github.com/namepipe/namepipe/record"
)

// Project returns a writer that writes, for each record, the values
// Values[cols[0]], Values[cols[1]], ... to w: the columns of w's schema
// taken from a wider work record (output.onExisting: replace writes new
// results into input columns this way). The first inputCols of w's
// columns are the input's: one taken from its own place keeps its source
// text (Raw), one taken from elsewhere is written from its new value. It
// does not offer encoded cells (CellEncoder), so the records it gets
// always carry their values.
func Project(w Writer, cols []int, inputCols int) Writer {
	return &projector{w: w, cols: cols, inputCols: inputCols}
}

type projector struct {
	w         Writer
	cols      []int
	inputCols int
	out       []record.Record
	vals      []record.Value
	raws      []string
}

func (p *projector) Write(ctx context.Context, recs []record.Record) error {
	width := len(p.cols)
	if cap(p.out) < len(recs) {
		p.out = make([]record.Record, len(recs))
	}
	out := p.out[:len(recs)]
	if need := len(recs) * width; cap(p.vals) < need {
		p.vals = make([]record.Value, need)
		p.raws = make([]string, len(recs)*p.inputCols)
	}
	for i := range recs {
		src := &recs[i]
		dst := &out[i]
		vals := p.vals[i*width : (i+1)*width : (i+1)*width]
		moved := false
		for k, c := range p.cols {
			if c < len(src.Values) {
				vals[k] = src.Values[c]
			} else {
				vals[k] = nil
			}
			if k < p.inputCols && c != k {
				moved = true
			}
		}
		*dst = record.Record{Index: src.Index, Line: src.Line, Values: vals, Problem: src.Problem, End: src.End}
		if !moved {
			dst.Raw, dst.Text = src.Raw, src.Text
			continue
		}
		if src.Raw != nil {
			raw := p.raws[i*p.inputCols : (i+1)*p.inputCols : (i+1)*p.inputCols]
			for k := range raw {
				raw[k] = ""
				if p.cols[k] == k && k < len(src.Raw) {
					raw[k] = src.Raw[k]
				}
			}
			dst.Raw = raw
		}
	}
	err := p.w.Write(ctx, out)
	clear(out) // keep nothing of the caller's records
	return err
}

func (p *projector) Commit() error { return p.w.Commit() }
func (p *projector) Abort() error  { return p.w.Abort() }
