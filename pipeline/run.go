package pipeline

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/sync/errgroup"
	"golang.org/x/sync/semaphore"
	"golang.org/x/time/rate"

	"github.com/namepipe/namepipe/nameapi"
	"github.com/namepipe/namepipe/readers"
	"github.com/namepipe/namepipe/record"
	"github.com/namepipe/namepipe/report"
	"github.com/namepipe/namepipe/writers"
)

// batch is the rows of one Read on their way through the run: read
// together, computed (all of them by one local worker, or one task per
// operation of each row by the remote workers), and written together, in
// input order. Batches are recycled: in steady state a run allocates no
// batch, no outcome and no output row.
type batch struct {
	recs     []record.Record // the rows read
	rowErrs  []error         // per row: reader problem and/or Build error
	bad      []bool          // per row: Build reported unusable values
	outcomes []Outcome       // row i's operation j at i*len(ops)+j; zero = did not run
	reqs     []Request       // remote path: each row's request (nil = nothing to send)
	out      []record.Record // the output rows, set by fill
	// vals backs the output rows of records whose Values array has no
	// room for the result columns (a reader that did not re-use the
	// arrays newBatch gave them).
	vals []record.Value
	// pending counts the tasks of the remote path not yet complete, plus
	// one while the dispatcher is still queueing them; the task that
	// brings it to zero fills the batch.
	pending atomic.Int64
	// done (capacity 1) receives one value when out is ready.
	done chan struct{}
	// progAt is the reader's progress after this batch's rows, which the
	// bar shows once they are written.
	progAt int64
}

// rowOutcomes returns row i's outcomes, indexed like the run's ops.
func (b *batch) rowOutcomes(i, nops int) []Outcome {
	return b.outcomes[i*nops : (i+1)*nops : (i+1)*nops]
}

type stopInfo struct {
	reason Reason
	err    error
}

type runner struct {
	o       Options
	ops     []Op
	limiter *rate.Limiter
	nres    int // result columns appended to each row
	width   int // the input's columns

	stopCtx     context.Context // cancelled when the run stops taking work
	stopCancel  context.CancelFunc
	callCtx     context.Context // parent of every request; cancelled after the grace period
	cancelCalls context.CancelFunc
	writeCtx    context.Context // survives interruption so that rows read get flushed
	stopped     atomic.Pointer[stopInfo]

	consecutive atomic.Int64

	// inProcess is set for a service that implements nameapi.InProcess.
	inProcess bool
	// local computes whole batches for an in-process service without a
	// persistent cache (see local.go); nil for the remote path.
	local *local
	// remote resolves one task per operation of each row (see remote.go);
	// nil on the local path.
	remote *remote

	// window holds a token per row between reading and writing.
	window *semaphore.Weighted
	order  chan *batch // batches in input order, to the emitter
	free   chan *batch // written batches, for re-use

	st          stats
	cacheWarned atomic.Bool
}

// stats are counted by many goroutines.
type stats struct {
	rowsRead, rowsWritten      atomic.Int64
	progDone, progTotal        atomic.Int64
	requests, calls, retries   atomic.Int64
	maxAttempts                atomic.Int64
	memHits, persistHits, dups atomic.Int64
	cacheErrors                atomic.Int64
}

// Run reads every row of o.Reader, performs the plan's operations against
// o.Service and writes each input row exactly once, in input order, to
// o.Writer: the input values unchanged followed by the result columns and
// the error column. A row whose Build fails, or whose operations fail,
// keeps its data and carries the error.
//
// Run never commits or aborts the writer: commit when the error is nil.
// When the run stops early (ctx cancelled, service down, reader or writer
// failure) the error is a *RunError; every row read before the stop has
// been written, and rerunning resumes cheaply from the persistent cache.
// The returned Summary is never nil.
func Run(ctx context.Context, opts Options) (*Summary, error) {
	o, err := opts.withDefaults()
	if err != nil {
		return &Summary{}, err
	}
	start := o.Now()
	if wo, ok := o.Writer.(writers.Output); ok && len(wo.Leftovers()) > 0 {
		o.Logger.Warn("output: removed temporary files of earlier runs that were killed", "files", wo.Leftovers())
	}
	r := &runner{
		o:      o,
		ops:    o.Plan.Ops(),
		nres:   o.Plan.ResultColumns(),
		width:  len(o.Reader.Schema().Fields),
		window: semaphore.NewWeighted(int64(o.Window)),
		order:  make(chan *batch, o.Window/o.BatchSize+1),
		free:   make(chan *batch, o.Window/o.BatchSize+1),
	}
	_, r.inProcess = o.Service.(nameapi.InProcess)
	if r.inProcess && o.Cache == nil {
		r.local = newLocal(r)
	} else {
		if r.remote, err = newRemote(r); err != nil {
			return &Summary{}, err
		}
	}
	if o.Rate > 0 {
		r.limiter = rate.NewLimiter(rate.Limit(o.Rate), o.Burst)
	}
	base := context.WithoutCancel(ctx)
	r.stopCtx, r.stopCancel = context.WithCancel(base)
	r.callCtx, r.cancelCalls = context.WithCancel(base)
	r.writeCtx = base
	defer r.stopCancel()
	defer r.cancelCalls()

	sum := newSummary(r.ops)
	sum.cached = o.Cache != nil
	finished := make(chan struct{})
	var bg sync.WaitGroup
	bg.Go(func() { r.watchInterrupt(ctx, finished) })
	bg.Go(func() { r.report(finished, start) })
	if o.Cache != nil {
		bg.Go(func() { r.flushCachePeriodically(finished) })
	}

	var inputErr error
	var g errgroup.Group
	g.Go(func() error {
		inputErr = r.dispatch()
		return nil
	})
	var workers sync.WaitGroup
	for range o.Concurrency {
		if r.local != nil {
			workers.Go(r.local.work)
		} else {
			workers.Go(r.remote.work)
		}
	}
	var writeErr error
	g.Go(func() error {
		writeErr = r.emit(sum)
		return nil
	})
	workers.Wait()
	_ = g.Wait()
	close(finished)
	bg.Wait()

	if o.Cache != nil {
		if err := o.Cache.Flush(); err != nil {
			o.Logger.Warn("persistent cache: flush failed", "err", err)
			r.st.cacheErrors.Add(1)
		}
	}
	sum.fill(r, o.Now().Sub(start))
	if sr, ok := o.Reader.(readers.StatsReader); ok {
		st := sr.Stats()
		sum.Input = &st
	}
	if wo, ok := o.Writer.(writers.Output); ok {
		sum.Output = &OutputInfo{Written: wo.OutputKind().String(), LeftoversRemoved: wo.Leftovers()}
	}

	var runErr error
	switch si := r.stopped.Load(); {
	case writeErr != nil:
		runErr = &RunError{Reason: ReasonOutput, Err: writeErr}
	case si != nil:
		runErr = &RunError{Reason: si.reason, Err: si.err}
	case inputErr != nil:
		runErr = &RunError{Reason: ReasonInput, Err: inputErr}
	}
	if re, ok := runErr.(*RunError); ok {
		re.RowsRead, re.RowsWritten = sum.RowsIn, sum.RowsOut
		sum.Stopped = string(re.Reason)
		return sum, re
	}
	return sum, nil
}

// halt stops taking new work for reason. The first reason wins.
func (r *runner) halt(reason Reason, err error) {
	if r.stopped.CompareAndSwap(nil, &stopInfo{reason: reason, err: err}) {
		r.o.Logger.Warn("stopping the run", "reason", string(reason), "err", err)
	}
	r.stopCancel()
}

// watchInterrupt turns ctx's cancellation into a stop, and cancels the
// calls in flight after the grace period.
func (r *runner) watchInterrupt(ctx context.Context, finished <-chan struct{}) {
	select {
	case <-finished:
		return
	case <-ctx.Done():
	}
	r.halt(ReasonInterrupted, context.Cause(ctx))
	if r.o.Grace <= 0 {
		r.cancelCalls()
		return
	}
	t := time.NewTimer(r.o.Grace)
	defer t.Stop()
	select {
	case <-finished:
	case <-t.C:
		r.cancelCalls()
	}
}

// newBatch returns a written batch for re-use, or a new one.
func (r *runner) newBatch() *batch {
	select {
	case b := <-r.free:
		return b
	default:
	}
	n := r.o.BatchSize
	// Each record's Values array has room for the result columns after
	// the input's: a reader that re-uses it (readers.Reader.Read) fills
	// the input cells, and fill appends the results in place.
	recs := make([]record.Record, n)
	w := r.width + r.nres
	slab := make([]record.Value, n*w)
	for i := range recs {
		recs[i].Values = slab[i*w : i*w : (i+1)*w]
	}
	return &batch{
		recs:     recs,
		rowErrs:  make([]error, n),
		bad:      make([]bool, n),
		outcomes: make([]Outcome, n*len(r.ops)),
		out:      make([]record.Record, n),
		done:     make(chan struct{}, 1),
	}
}

// dispatch reads batches and hands them to the workers and, in input
// order, to the emitter. It returns the reader's error, if any.
func (r *runner) dispatch() (err error) {
	defer close(r.order)
	if r.local != nil {
		defer close(r.local.batches)
	} else {
		defer close(r.remote.tasks)
	}
	size := int64(r.o.BatchSize)
	for r.stopCtx.Err() == nil {
		// The emitter always frees the tokens of the rows it writes, so
		// this wait ends, even when the run is stopping.
		_ = r.window.Acquire(r.writeCtx, size)
		b := r.newBatch()
		n, rerr := r.o.Reader.Read(r.stopCtx, b.recs[:size])
		done, total := r.o.Reader.Progress()
		b.progAt = done
		r.st.progTotal.Store(total)
		r.window.Release(size - int64(n))
		if n > 0 {
			// Every row read is passed on, even when the run is stopping:
			// nothing read is lost.
			b.recs = b.recs[:n]
			r.st.rowsRead.Add(int64(n))
			r.order <- b
			if r.local != nil {
				r.local.batches <- b
			} else {
				r.remote.admit(b)
			}
		} else {
			r.recycle(b)
		}
		if rerr != nil {
			if errors.Is(rerr, io.EOF) {
				return nil
			}
			if r.stopCtx.Err() != nil {
				return nil // the reader saw our own cancellation
			}
			return fmt.Errorf("read input: %w", rerr)
		}
		if n == 0 {
			// A reader that returns 0, nil would spin; treat it as a bug.
			return errors.New("read input: reader returned no rows and no error")
		}
	}
	return nil
}

// prepare builds row i's request with build (Plan.Build or a builder's)
// and records its error; req is nil when nothing of the row can be sent.
func (r *runner) prepare(b *batch, i int, build func(*record.Record) (Request, error)) (req Request) {
	rec := &b.recs[i]
	var rowErr error
	if rec.Problem != "" {
		// The reader's problem names its own file:line (and column).
		rowErr = errors.New(rec.Problem)
	}
	req, err := r.build(rec, build)
	if err != nil {
		rowErr = errors.Join(rowErr, err)
		b.bad[i] = true
	}
	b.rowErrs[i] = rowErr
	return req
}

// build calls build; a panic becomes the row's error.
func (r *runner) build(rec *record.Record, build func(*record.Record) (Request, error)) (req Request, err error) {
	defer func() {
		if p := recover(); p != nil {
			req, err = nil, fmt.Errorf("line %d: internal error while mapping the row: %v", rec.Line, p)
		}
	}()
	req, err = build(rec)
	if req == nil && err == nil {
		err = fmt.Errorf("line %d: the mapping produced no request", rec.Line)
	}
	return req, err
}

// emit writes batches in input order as they complete and frees their
// window tokens. After a write error it keeps draining without writing,
// so that nothing upstream blocks.
func (r *runner) emit(sum *Summary) error {
	var werr error
	nops := len(r.ops)
	var obs report.Row
	for b := range r.order {
		<-b.done
		n := len(b.recs)
		for i := range n {
			sum.count(&b.recs[i], b.rowErrs[i], b.bad[i], b.rowOutcomes(i, nops))
			if r.o.Observer != nil {
				r.observe(&obs, &b.recs[i], b.rowErrs[i], b.bad[i], b.rowOutcomes(i, nops), b.out[i].Values)
			}
		}
		if werr == nil {
			if err := r.o.Writer.Write(r.writeCtx, b.out[:n]); err != nil {
				werr = fmt.Errorf("write output: %w", err)
				r.halt(ReasonOutput, werr)
				r.cancelCalls()
			} else {
				r.st.rowsWritten.Add(int64(n))
				// Progress counts rows written, not rows read ahead.
				r.st.progDone.Store(b.progAt)
			}
		}
		r.recycle(b)
		r.window.Release(int64(n))
	}
	return werr
}

// recycle clears a written batch and keeps it for re-use.
func (r *runner) recycle(b *batch) {
	n := len(b.recs)
	for i := range b.recs {
		// The reader re-uses the Values' arrays (readers.Reader.Read).
		b.recs[i] = record.Record{Values: b.recs[i].Values[:0]}
	}
	b.recs = b.recs[:cap(b.recs)]
	clear(b.rowErrs[:n])
	clear(b.bad[:n])
	clear(b.outcomes[:n*len(r.ops)])
	if b.reqs != nil {
		clear(b.reqs[:n])
	}
	clear(b.out[:n])
	clear(b.vals)
	select {
	case r.free <- b:
	default: // enough spare batches
	}
}

func (r *runner) cacheProblem(what string, err error) {
	r.st.cacheErrors.Add(1)
	if r.cacheWarned.CompareAndSwap(false, true) {
		r.o.Logger.Warn("persistent cache: "+what+" failed; going on without it for this entry", "err", err)
	}
}

// stoppedErr is the error of work not done because the run is stopping.
func (r *runner) stoppedErr(last error) error {
	reason := ReasonInterrupted
	if si := r.stopped.Load(); si != nil {
		reason = si.reason
	}
	return &stoppedError{reason: reason, last: last}
}

// flushCachePeriodically bounds what a crash can lose to about a second.
func (r *runner) flushCachePeriodically(finished <-chan struct{}) {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		select {
		case <-finished:
			return
		case <-t.C:
			if err := r.o.Cache.Flush(); err != nil {
				r.cacheProblem("flush", err)
			}
		}
	}
}
