package pipeline

import (
	"errors"
	"fmt"

	"github.com/namepipe/namepipe/cache"
	"github.com/namepipe/namepipe/record"
)

// local is the path of an in-process service (nameapi.InProcess) without
// a persistent cache: a worker takes a whole batch of rows, answers every
// operation of every row back to back and fills the batch's output rows.
// Queueing a task per operation would cost more than most operations do,
// so there are no tasks and no requests in flight to join. A plan that
// answers whole rows itself (RowAnswerer: a mapping plan's remember
// answers, see cache.Rows) does so; for another, each row is built and
// its operations called.
//
// Calls still go through runner.call, so the rate limit, retries, the
// consecutive-failure stop and the run's cancellation behave as on the
// remote path.
type local struct {
	r       *runner
	batches chan *batch
	rows    func() RowFunc // a worker's row function
}

func newLocal(r *runner) *local {
	l := &local{r: r, batches: make(chan *batch, r.o.Concurrency)}
	ra, ok := r.o.Plan.(RowAnswerer)
	if !ok {
		l.rows = func() RowFunc { return r.buildAndCall }
		return l
	}
	o := RowsOptions{MemoryCacheSize: r.o.MemoryCacheSize, Workers: r.o.Concurrency, Width: r.width, Reusable: reusable, Now: r.o.Now}
	for _, op := range r.ops {
		o.Keep = append(o.Keep, r.o.Observer != nil || kindOf(op) != countNothing)
	}
	if r.o.Observer == nil {
		// The writer is the rows' only reader.
		o.Cells = cache.CellsOf(r.o.Writer)
	}
	l.rows = ra.NewRows(o)
	return l
}

// work computes batches until the queue is closed.
func (l *local) work() {
	row := l.rows()
	call := func(req Request, j int) Outcome { return l.r.call(req, l.r.ops[j]) }
	for b := range l.batches {
		l.compute(b, row, call)
	}
}

// compute answers every operation of every row of b, fills its output
// rows and hands it to the emitter.
func (l *local) compute(b *batch, row RowFunc, call func(Request, int) Outcome) {
	r := l.r
	nops := len(r.ops)
	var hits int64
	out := outRows{b: b}
	for i := range b.recs {
		rec := &b.recs[i]
		dst := out.row(r, i)[len(rec.Values):]
		outcomes := b.rowOutcomes(i, nops)
		if r.stopCtx.Err() != nil {
			if req := r.prepare(b, i, r.o.Plan.Build); req != nil {
				for j, op := range r.ops {
					if req.Applies(op) {
						outcomes[j] = Outcome{Err: r.stoppedErr(nil)}
					}
				}
			}
			r.o.Plan.ApplyInto(dst, outcomes, b.rowErrs[i])
			continue
		}
		var h int
		h, b.bad[i], b.rowErrs[i] = r.answerRow(row, rec, call, outcomes, dst)
		hits += int64(h)
	}
	if hits > 0 {
		r.st.memHits.Add(hits)
	}
	b.done <- struct{}{}
}

// answerRow calls row; a panic becomes the row's error, as in build.
func (r *runner) answerRow(row RowFunc, rec *record.Record, call func(Request, int) Outcome, outcomes []Outcome, dst []record.Value) (hits int, bad bool, rowErr error) {
	defer func() {
		if p := recover(); p != nil {
			rowErr = fmt.Errorf("line %d: internal error while mapping the row: %v", rec.Line, p)
			if rec.Problem != "" {
				rowErr = errors.Join(errors.New(rec.Problem), rowErr)
			}
			bad, hits = true, 0
			clear(outcomes)
			r.o.Plan.ApplyInto(dst, outcomes, rowErr)
		}
	}()
	return row(rec, call, outcomes, dst)
}

// buildAndCall is the RowFunc of a plan that does not answer rows itself:
// it builds the row and calls each operation that applies.
func (r *runner) buildAndCall(rec *record.Record, call func(Request, int) Outcome, outcomes []Outcome, dst []record.Value) (hits int, bad bool, rowErr error) {
	if rec.Problem != "" {
		rowErr = errors.New(rec.Problem)
	}
	req, err := r.build(rec, r.o.Plan.Build)
	if err != nil {
		rowErr, bad = errors.Join(rowErr, err), true
	}
	if req != nil {
		for j, op := range r.ops {
			if req.Applies(op) {
				outcomes[j] = call(req, j)
			}
		}
	}
	r.o.Plan.ApplyInto(dst, outcomes, rowErr)
	return 0, bad, rowErr
}
