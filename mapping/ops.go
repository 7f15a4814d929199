package mapping

import (
	"slices"
	"strings"

	"github.com/namepipe/namepipe/nameapi"
	"github.com/namepipe/namepipe/record"
)

// Outcome is the result or the error of one op for one row.
type Outcome struct {
	Value Result
	Err   error
}

// Apply returns the values of the appended columns for a row (len ==
// ResultColumns()), typed per OutputSchema (string, float64, bool; nil for
// empty). outcomes has an entry per op that ran; an op without an entry
// (not applicable, or not run because of rowErr) leaves its columns empty.
// rowErr is the Build error or nil. The error column joins the row error
// and every op error as "op: message" with " | ", on one line, never
// containing the API key.
func (p *Plan) Apply(outcomes map[Op]Outcome, rowErr error) []record.Value {
	vals := make([]record.Value, len(p.cols)+1)
	byIndex := make([]Outcome, len(p.ops))
	for i, op := range p.ops {
		byIndex[i] = outcomes[op]
	}
	p.ApplyInto(vals, byIndex, rowErr)
	return vals
}

// ApplyInto is Apply writing into dst (len == ResultColumns()), with the
// outcomes indexed like Ops(): a zero Outcome is an op that did not run.
// Every element of dst is set. It allocates nothing for a row without
// errors, so that a caller can write the results straight into the output
// row.
func (p *Plan) ApplyInto(dst []record.Value, outcomes []Outcome, rowErr error) {
	dst = dst[:len(p.cols)+1]
	for i, f := range p.cols {
		dst[i] = nil
		if o := outcomes[p.colOp[i]]; o.Err == nil && o.Value != nil {
			dst[i] = p.opDesc[p.colOp[i]].column(o.Value, f.k)
		}
	}
	dst[len(p.cols)] = nil
	var msgs []string
	if rowErr != nil {
		msgs = append(msgs, p.clean(rowErr.Error()))
	}
	for i, op := range p.ops {
		if o := outcomes[i]; o.Err != nil {
			msgs = append(msgs, string(op)+": "+p.clean(o.Err.Error()))
		}
	}
	if len(msgs) > 0 {
		dst[len(p.cols)] = strings.Join(msgs, " | ")
	}
}

// ApplyOp writes the values of op's result columns for its result v
// into dst (len(ResultColumnsOf(op)), in that order), as ApplyInto sets
// them for a successful outcome of op (nil v: all empty). It sets every
// element of dst, and costs only op's columns.
func (p *Plan) ApplyOp(dst []record.Value, op Op, v Result) {
	i := slices.Index(p.ops, op)
	k := 0
	for c, f := range p.cols {
		if p.colOp[c] != i {
			continue
		}
		dst[k] = nil
		if v != nil {
			dst[k] = p.opDesc[i].column(v, f.k)
		}
		k++
	}
}

// clean puts an error text on one line and redacts the API key.
func (p *Plan) clean(s string) string {
	if p.secret != "" {
		s = strings.ReplaceAll(s, p.secret, nameapi.RedactedKey)
	}
	return strings.Join(strings.FieldsFunc(s, func(r rune) bool { return r == '\n' || r == '\r' }), " ")
}
