package mapping

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/namepipe/namepipe/nameapi"
	"github.com/namepipe/namepipe/record"
)

// Call performs op for the request against svc. The result is the
// operation's result type as a pointer (*nameapi.PersonNameParserResult,
// *nameapi.GenderizerResult, *nameapi.RiskDetectorResult,
// *nameapi.DisposableEmailAddressDetectorResult,
// *nameapi.EmailNameParserResult, *nameapi.FormatterResult,
// *nameapi.EmailDomainTypeClassifierResult).
func Call(ctx context.Context, svc nameapi.Service, op Op, r *Request) (any, error) {
	if svc == nil {
		return nil, fmt.Errorf("mapping: %s: no service", op)
	}
	if !r.Applies(op) {
		return nil, fmt.Errorf("mapping: %s does not apply to this row (no input)", op)
	}
	switch op {
	case OpParse:
		return svc.ParsePersonName(ctx, r.Payload(op).(*nameapi.InputWithPerson))
	case OpGenderize:
		return svc.GenderizePerson(ctx, r.Payload(op).(*nameapi.InputWithPerson))
	case OpRisk:
		return svc.DetectRisk(ctx, r.Payload(op).(*nameapi.InputWithPerson))
	case OpDisposable:
		return svc.DetectDisposableEmail(ctx, r.Emails.Of(op))
	case OpEmailName:
		return svc.ParseEmailName(ctx, r.Payload(op).(*nameapi.InputWithEmail))
	case OpFormat:
		return svc.FormatPersonName(ctx, r.Payload(op).(*nameapi.PersonNameFormatterInput))
	case OpClassify:
		return svc.ClassifyEmailDomain(ctx, r.Emails.Of(op))
	}
	return nil, fmt.Errorf("mapping: unknown operation %q", op)
}

// EncodeResult encodes a result of op (as returned by Call or
// DecodeResult) as JSON for the persistent cache.
func EncodeResult(op Op, v any) ([]byte, error) {
	if v == nil {
		return nil, fmt.Errorf("mapping: encode %s: nil result", op)
	}
	if _, ok := resultFields[op]; !ok {
		return nil, fmt.Errorf("mapping: encode: unknown operation %q", op)
	}
	b, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("mapping: encode %s result: %w", op, err)
	}
	return b, nil
}

// DecodeResult decodes what EncodeResult wrote, into the same pointer type
// that Call returns.
func DecodeResult(op Op, data []byte) (any, error) {
	var v any
	switch op {
	case OpParse:
		v = new(nameapi.PersonNameParserResult)
	case OpGenderize:
		v = new(nameapi.GenderizerResult)
	case OpRisk:
		v = new(nameapi.RiskDetectorResult)
	case OpDisposable:
		v = new(nameapi.DisposableEmailAddressDetectorResult)
	case OpEmailName:
		v = new(nameapi.EmailNameParserResult)
	case OpFormat:
		v = new(nameapi.FormatterResult)
	case OpClassify:
		v = new(nameapi.EmailDomainTypeClassifierResult)
	default:
		return nil, fmt.Errorf("mapping: decode: unknown operation %q", op)
	}
	if err := json.Unmarshal(data, v); err != nil {
		return nil, fmt.Errorf("mapping: decode %s result: %w", op, err)
	}
	return v, nil
}

// Outcome is the result or the error of one op for one row.
type Outcome struct {
	Value any
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
			dst[i] = f.get(o.Value)
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

// clean puts an error text on one line and redacts the API key.
func (p *Plan) clean(s string) string {
	if p.secret != "" {
		s = strings.ReplaceAll(s, p.secret, "[REDACTED]")
	}
	return strings.Join(strings.FieldsFunc(s, func(r rune) bool { return r == '\n' || r == '\r' }), " ")
}
