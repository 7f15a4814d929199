package mapping

import (
	"slices"
	"strconv"
	"strings"

	"github.com/namepipe/namepipe/record"
)

// replaceExisting sets up output.onExisting: replace: a result column
// that is already in the input is written at the input column's place
// (with the new value), the others are appended in the usual order.
func (p *Plan) replaceExisting(in record.Schema) {
	nIn := len(in.Fields)
	written := make([]int, nIn, len(p.out.Fields))
	for i := range written {
		written[i] = i
	}
	fields := slices.Clone(in.Fields)
	for j, name := range p.resultNames() {
		work := nIn + j
		if k := in.Index(name); k >= 0 {
			written[k] = work
			fields[k] = p.out.Fields[work]
			p.replaced = append(p.replaced, name)
			continue
		}
		written = append(written, work)
		fields = append(fields, p.out.Fields[work])
	}
	p.written, p.writtenSchema = written, record.Schema{Fields: fields}
}

// WrittenSchema returns the columns of the output file: OutputSchema,
// except that with output.onExisting: replace the result columns that
// were in the input keep their place there and are not appended again.
func (p *Plan) WrittenSchema() record.Schema {
	if p.written == nil {
		return p.OutputSchema()
	}
	return record.Schema{Fields: slices.Clone(p.writtenSchema.Fields)}
}

// Written returns, for each column of WrittenSchema, the index of the
// column of OutputSchema (the work record the pipeline fills) written
// there; nil when they are the same (nothing was replaced).
func (p *Plan) Written() []int { return slices.Clone(p.written) }

// Replaced returns the result columns that were in the input and are
// written in place (output.onExisting: replace), in output order.
func (p *Plan) Replaced() []string { return slices.Clone(p.replaced) }

// clipList joins names, the first max of them and a count of the rest.
func clipList(names []string, max int) string {
	if len(names) <= max {
		return strings.Join(names, ", ")
	}
	return strings.Join(names[:max], ", ") + ", … (" + strconv.Itoa(len(names)) + " in all)"
}
