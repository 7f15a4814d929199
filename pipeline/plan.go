package pipeline

import (
	"context"
	"time"

	"github.com/namepipe/namepipe/cache"
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

// Plan is what the pipeline needs of a column mapping: the operations,
// the output schema, row in → request and outcomes → result cells, and
// the persistent cache's codec. It must be safe for concurrent use.
// FromMapping adapts a *mapping.Plan (which also answers whole rows:
// RowAnswerer); tests use fakes.
type Plan interface {
	// Ops returns the operations to run, in config order.
	Ops() []Op
	// OutputSchema is the input schema plus the appended result columns.
	OutputSchema() record.Schema
	// ResultColumns is the number of appended columns.
	ResultColumns() int
	// Build turns a row into a request; an error keeps the row and fills
	// its error column.
	//
	// A non-nil Request with an error means some values were unusable and
	// left out: the row is still enriched and the error is reported.
	Build(rec *record.Record) (Request, error)
	// ApplyInto writes the appended column values of a row into dst (len
	// ResultColumns()), from the outcomes of the operations, indexed like
	// Ops() (a zero Outcome: the operation did not run), and the row's
	// own error. It sets every element of dst.
	ApplyInto(dst []record.Value, outcomes []Outcome, rowErr error)
	// EncodeResult and DecodeResult convert a result of op for the
	// persistent cache.
	EncodeResult(op Op, v Result) ([]byte, error)
	DecodeResult(op Op, data []byte) (Result, error)
}

// Request is what one row asks of the service.
type Request interface {
	// Applies reports whether op has input in this row.
	Applies(op Op) bool
	// Key is a normalised, deterministic key of op's input: identical keys
	// are sent once per run and share a cache entry.
	Key(op Op) string
	// Call performs op for the request against svc.
	Call(ctx context.Context, svc nameapi.Service, op Op) (Result, error)
}

// RowAnswerer is a Plan that answers whole rows itself on the local path
// (an in-process service without a persistent cache), say remembering
// answers; the local path builds each row and calls its operations for a
// Plan without it.
type RowAnswerer interface {
	// NewRows returns the maker of the row functions of the workers, one
	// each, which share what the options say.
	NewRows(o RowsOptions) func() RowFunc
}

// RowFunc answers every operation of one row: it sets outcomes (indexed
// like Ops, zero on entry: zero stays for an operation that does not
// apply) and dst (the row's appended cells) as ApplyInto would from
// them, calling call for each answer. hits counts the operations answered
// without a call, bad says that Build found unusable values, and rowErr
// is the reader's problem with the row (Record.Problem) joined with
// Build's error. One goroutine's.
type RowFunc func(rec *record.Record, call func(req Request, j int) Outcome, outcomes []Outcome, dst []record.Value) (hits int, bad bool, rowErr error)

// RowsOptions are what a RowAnswerer is told of the run.
type RowsOptions struct {
	// MemoryCacheSize is Options.MemoryCacheSize (negative: remember
	// nothing); Workers the number of row functions.
	MemoryCacheSize, Workers int
	// Width is the number of the input's columns.
	Width int
	// Cells encodes cells as the run's writer writes them, when it does
	// and no one else reads the rows (cache.CellsOf); nil otherwise.
	Cells cache.Cells
	// Keep[j] says whether the summary needs the result value of
	// operation j (else only its cells matter).
	Keep []bool
	// Reusable reports whether an outcome may answer identical requests.
	Reusable func(Outcome) bool
	// Now is the run's clock.
	Now func() time.Time
}

// FromMapping adapts a mapping plan to the pipeline. On the local path
// it answers whole rows through cache.Rows, which remembers answers.
func FromMapping(p *mapping.Plan) Plan { return mappingPlan{p} }

type mappingPlan struct{ *mapping.Plan }

func (m mappingPlan) Build(rec *record.Record) (Request, error) {
	r, err := m.Plan.Build(rec)
	if r == nil {
		return nil, err
	}
	return mappingRequest{r}, err
}

func (m mappingPlan) NewRows(o RowsOptions) func() RowFunc {
	rows := cache.NewRows(m.Plan, cache.RowsOptions{
		Size: o.MemoryCacheSize, Workers: o.Workers, Width: o.Width,
		Cells: o.Cells, Keep: o.Keep, Reusable: o.Reusable, Now: o.Now,
	})
	return func() RowFunc {
		w := rows.Worker()
		var call func(Request, int) Outcome
		mcall := func(req *mapping.Request, j int) Outcome { return call(mappingRequest{req}, j) }
		return func(rec *record.Record, c func(Request, int) Outcome, outcomes []Outcome, dst []record.Value) (int, bool, error) {
			call = c
			return w.Row(rec, mcall, outcomes, dst)
		}
	}
}

func (mappingPlan) EncodeResult(op Op, v Result) ([]byte, error) { return mapping.EncodeResult(op, v) }

func (mappingPlan) DecodeResult(op Op, data []byte) (Result, error) {
	return mapping.DecodeResult(op, data)
}

type mappingRequest struct{ *mapping.Request }

func (r mappingRequest) Call(ctx context.Context, svc nameapi.Service, op Op) (Result, error) {
	return mapping.Call(ctx, svc, op, r.Request)
}
