package mapping

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"

	"github.com/namepipe/namepipe/nameapi"
	"github.com/namepipe/namepipe/record"
)

// Op names one operation of the service that a run performs.
type Op string

// The operations a config can list under "operations"; the table in
// operations.go describes each.
const (
	OpParse      Op = "parse"      // PersonNameParser
	OpGenderize  Op = "genderize"  // PersonGenderizer
	OpRisk       Op = "risk"       // RiskDetector
	OpDisposable Op = "disposable" // DisposableEmailDetector (first email column unless the op names one)
	OpEmailName  Op = "emailname"  // EmailNameParser
	OpFormat     Op = "format"     // PersonNameFormatter
	OpClassify   Op = "classify"   // EmailDomainClassifier
)

// AllOps lists every operation in canonical order (the order of the
// table).
var AllOps = opsOf(operations)

// Input says which part of a row an operation reads, and so which rows it
// applies to and which columns a config must map for it.
type Input int

const (
	// NameInput is the person's name with its culture hints. The operation
	// applies to a row with a name; the config needs a name column.
	NameInput Input = iota
	// PersonInput is the whole person. The operation applies to a row with
	// any person data (name, email, phone, address or age); the config
	// needs a column of any of them (an email-only list is screened too).
	PersonInput
	// EmailInput is one email address: the cell of the operation's own
	// column, else of the first person.email column. The operation applies
	// to a row where that cell is not empty.
	EmailInput
)

// Operation is the row side of one operation of the service: which rows
// it applies to, how a row's Request becomes its input, the key that
// de-duplicates and caches it, and its result columns. Endpoint is its
// wire identity and typed call. In and Out are the endpoint's input and
// result types, so that no result is type-asserted by hand.
type Operation[In, Out any] struct {
	// Op is the name a config lists under "operations".
	Op Op
	// Endpoint is the operation on the wire.
	Endpoint *nameapi.Endpoint[In, Out]
	// Input says which rows it applies to and which columns it needs.
	Input Input
	// Payload builds the input from a row's Request; email is the row's
	// address for an EmailInput operation ("" otherwise).
	Payload func(r *Request, email string) In
	// Key writes the canonical encoding of the input that Request.Key
	// hashes, normalised where the answer cannot depend on it (case,
	// blanks). Nil means the JSON of the payload. Changing what an
	// existing Key writes changes every cache key: bump keyVersion.
	Key func(e *keyEnc, r *Request, email string)
	// Fields are the result columns, in output order.
	Fields []Field[Out]
}

// Field is one result column of an operation whose result is an Out.
type Field[Out any] struct {
	// Name is the column name without the prefix, as listed under an
	// operation's "fields".
	Name string
	// Type is the column's type: String, Double or Bool.
	Type record.Type
	// Doc says what the column holds (configs/README.md lists it).
	Doc string
	// Get reads the column from a result; nil means empty.
	Get func(*Out) record.Value
}

// Result is the answer of one operation for one row, as Call and
// DecodeResult make it; Plan.ApplyInto turns it into columns. It is
// encoded as JSON for the persistent cache.
type Result interface{ json.Marshaler }

// result is the Result of an operation whose result type is Out. A single
// pointer, it is stored in a Result without an allocation.
type result[Out any] struct{ v *Out }

// MarshalJSON encodes the service's result as it is.
func (r result[Out]) MarshalJSON() ([]byte, error) { return json.Marshal(r.v) }

// Value returns the typed result inside res, and false when res is not a
// result of this operation's type.
func (d *Operation[In, Out]) Value(res Result) (*Out, bool) {
	x, ok := res.(result[Out])
	return x.v, ok
}

// Result wraps a result of the operation as a Result (for a service that
// answers in-process, or a test).
func (d *Operation[In, Out]) Result(v *Out) Result { return result[Out]{v} }

// PayloadFor returns the input the operation sends for r.
func (d *Operation[In, Out]) PayloadFor(r *Request) In { return d.Payload(r, r.Emails.Of(d.Op)) }

// operation is an Operation with its types hidden, as the table holds it.
type operation interface {
	name() Op
	input() Input
	// fields returns the result columns as ResultFields (Op and index set).
	fields() []ResultField
	call(ctx context.Context, svc nameapi.Service, r *Request) (Result, error)
	encode(v Result) ([]byte, error)
	decode(data []byte) (Result, error)
	// column returns the k-th result column of res (nil when res is empty
	// or not a result of this operation).
	column(res Result, k int) record.Value
	encodeKey(e *keyEnc, r *Request)
	payloadJSON(r *Request) ([]byte, error)
}

func (d *Operation[In, Out]) name() Op     { return d.Op }
func (d *Operation[In, Out]) input() Input { return d.Input }

func (d *Operation[In, Out]) fields() []ResultField {
	out := make([]ResultField, len(d.Fields))
	for k, f := range d.Fields {
		out[k] = ResultField{Op: d.Op, Name: f.Name, Type: f.Type, Doc: f.Doc, k: k}
	}
	return out
}

func (d *Operation[In, Out]) call(ctx context.Context, svc nameapi.Service, r *Request) (Result, error) {
	out, err := d.Endpoint.Call(svc, ctx, d.PayloadFor(r))
	if err != nil {
		return nil, err
	}
	return result[Out]{out}, nil
}

func (d *Operation[In, Out]) encode(v Result) ([]byte, error) {
	x, ok := v.(result[Out])
	if !ok {
		return nil, fmt.Errorf("mapping: encode %s: a result of another type (%T)", d.Op, v)
	}
	b, err := json.Marshal(x.v)
	if err != nil {
		return nil, fmt.Errorf("mapping: encode %s result: %w", d.Op, err)
	}
	return b, nil
}

func (d *Operation[In, Out]) decode(data []byte) (Result, error) {
	v := new(Out)
	if err := json.Unmarshal(data, v); err != nil {
		return nil, fmt.Errorf("mapping: decode %s result: %w", d.Op, err)
	}
	return result[Out]{v}, nil
}

func (d *Operation[In, Out]) column(res Result, k int) record.Value {
	x, ok := res.(result[Out])
	if !ok || x.v == nil {
		return nil
	}
	return d.Fields[k].Get(x.v)
}

func (d *Operation[In, Out]) encodeKey(e *keyEnc, r *Request) {
	if d.Key != nil {
		d.Key(e, r, r.Emails.Of(d.Op))
		return
	}
	b, err := d.payloadJSON(r)
	if err != nil {
		b = fmt.Appendf(nil, "%#v", d.PayloadFor(r))
	}
	e.b = append(e.b, b...)
}

// payloadJSON is the JSON of the payload; the input of a GET endpoint is
// shown as the object {"<query parameter>": input}.
func (d *Operation[In, Out]) payloadJSON(r *Request) ([]byte, error) {
	in := d.PayloadFor(r)
	if d.Endpoint.Method == http.MethodGet && d.Endpoint.Query != "" {
		return json.Marshal(map[string]In{d.Endpoint.Query: in})
	}
	return json.Marshal(in)
}

// lookup returns the table's operation named op, or nil.
func lookup(op Op) operation {
	for _, d := range operations {
		if d.name() == op {
			return d
		}
	}
	return nil
}

func opsOf(table []operation) []Op {
	out := make([]Op, len(table))
	for i, d := range table {
		out[i] = d.name()
	}
	return out
}

// opNamesOf lists the names of the operations reading in, for messages.
func opNamesOf(in Input) string {
	var s []string
	for _, d := range operations {
		if d.input() == in {
			s = append(s, string(d.name()))
		}
	}
	return strings.Join(s, ", ")
}

// Call performs op for the request against svc.
func Call(ctx context.Context, svc nameapi.Service, op Op, r *Request) (Result, error) {
	if svc == nil {
		return nil, fmt.Errorf("mapping: %s: no service", op)
	}
	d := lookup(op)
	if !r.applies(d) {
		return nil, fmt.Errorf("mapping: %s does not apply to this row (no input)", op)
	}
	return d.call(ctx, svc, r)
}

// EncodeResult encodes a result of op (as returned by Call or
// DecodeResult) as JSON for the persistent cache: the service's result as
// it is, so that an entry written by an earlier version is still read.
func EncodeResult(op Op, v Result) ([]byte, error) {
	if v == nil {
		return nil, fmt.Errorf("mapping: encode %s: nil result", op)
	}
	d := lookup(op)
	if d == nil {
		return nil, fmt.Errorf("mapping: encode: unknown operation %q", op)
	}
	return d.encode(v)
}

// DecodeResult decodes what EncodeResult wrote.
func DecodeResult(op Op, data []byte) (Result, error) {
	d := lookup(op)
	if d == nil {
		return nil, fmt.Errorf("mapping: decode: unknown operation %q", op)
	}
	return d.decode(data)
}
