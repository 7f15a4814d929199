package pipeline

import (
	"context"

	"github.com/namepipe/namepipe/mapping"
	"github.com/namepipe/namepipe/nameapi"
	"github.com/namepipe/namepipe/record"
)

// Op names one operation of the service that a run performs.
type Op = mapping.Op

// Outcome is the result or the error of one operation for one row.
type Outcome = mapping.Outcome

// Result is the answer of one operation for one row. The pipeline passes
// it from the service (or the persistent cache) to the plan unopened.
type Result = mapping.Result

// Plan is what the pipeline needs of a column mapping: the operations, how
// a row becomes a request, and how results become columns. It must be safe
// for concurrent use. FromMapping adapts a *mapping.Plan; tests use fakes.
type Plan interface {
	// Ops returns the operations to run, in config order.
	Ops() []Op
	// OutputSchema is the input schema plus the appended result columns.
	OutputSchema() record.Schema
	// Build turns a row into a request; an error keeps the row and fills
	// its error column.
	//
	// A non-nil Request with an error means some values were unusable and
	// left out: the row is still enriched and the error is reported.
	Build(rec *record.Record) (Request, error)
	// NewBuilder returns a Builder for one goroutine.
	NewBuilder() Builder
	// ResultColumns is the number of appended columns.
	ResultColumns() int
	// ApplyInto writes the appended column values of a row into dst (len
	// ResultColumns()), from the outcomes of the operations, indexed like
	// Ops() (a zero Outcome: the operation did not run), and the row's
	// own error. It sets every element of dst.
	ApplyInto(dst []record.Value, outcomes []Outcome, rowErr error)
	// ResultColumnsOf returns the indexes, within the appended columns, of
	// op's result columns. ApplyInto sets them from op's outcome alone.
	ResultColumnsOf(op Op) []int
	// ApplyOp writes op's result column values for its result v into dst
	// (len(ResultColumnsOf(op)), in that order), as ApplyInto sets them.
	ApplyOp(dst []record.Value, op Op, v Result)
	// Reads returns the indexes of the input columns whose cells op's
	// request is built from: two rows equal in these cells get the same
	// request for op whenever Build gives one for both. Too many columns
	// only cost re-use; a missing one gives wrong answers.
	Reads(op Op) []int
	// EncodeResult and DecodeResult convert a result of op for the
	// persistent cache.
	EncodeResult(op Op, v Result) ([]byte, error)
	DecodeResult(op Op, data []byte) (Result, error)
}

// Builder builds the requests of one goroutine's rows; it may re-use their
// memory: a request (and its Call) is used before the next Build or Check.
type Builder interface {
	// Build is Plan.Build.
	Build(rec *record.Record) (Request, error)
	// Check returns Build's error for rec, building nothing (nil: Build
	// would give a request and no error).
	Check(rec *record.Record) error
	// Fill returns the request of the row last checked, good only for
	// the operations ops (it builds only what they read).
	Fill(ops []Op) (Request, error)
}

// Request is what one row asks of the service.
type Request interface {
	// Applies reports whether op has input in this row.
	Applies(op Op) bool
	// Key is a normalised, deterministic key of op's input: identical keys
	// are sent once per run and share a cache entry.
	Key(op Op) string
	// RunKey is a key of op's input for de-duplication within this
	// process: equal exactly when Key is, but cheaper (unhashed, say). It
	// is used instead of Key when the run has no persistent cache, never
	// stored.
	RunKey(op Op) string
	// Call performs op for the request against svc.
	Call(ctx context.Context, svc nameapi.Service, op Op) (Result, error)
}

// FromMapping adapts a mapping plan to the pipeline.
func FromMapping(p *mapping.Plan) Plan { return mappingPlan{p} }

type mappingPlan struct{ *mapping.Plan }

func (m mappingPlan) Build(rec *record.Record) (Request, error) {
	r, err := m.Plan.Build(rec)
	if r == nil {
		return nil, err
	}
	return mappingRequest{r}, err
}

func (m mappingPlan) NewBuilder() Builder { return mappingBuilder{m.Plan.NewBuilder()} }

type mappingBuilder struct{ *mapping.Builder }

func (b mappingBuilder) Fill(ops []Op) (Request, error) {
	r, err := b.Builder.Fill(ops)
	if r == nil {
		return nil, err
	}
	return mappingRequest{r}, err
}

func (b mappingBuilder) Build(rec *record.Record) (Request, error) {
	r, err := b.Builder.Build(rec)
	if r == nil {
		return nil, err
	}
	return mappingRequest{r}, err
}

func (mappingPlan) EncodeResult(op Op, v Result) ([]byte, error) { return mapping.EncodeResult(op, v) }

func (mappingPlan) DecodeResult(op Op, data []byte) (Result, error) {
	return mapping.DecodeResult(op, data)
}

type mappingRequest struct{ *mapping.Request }

func (r mappingRequest) Call(ctx context.Context, svc nameapi.Service, op Op) (Result, error) {
	return mapping.Call(ctx, svc, op, r.Request)
}
