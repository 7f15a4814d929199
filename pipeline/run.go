package pipeline

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/sync/errgroup"
	"golang.org/x/time/rate"

	"github.com/namepipe/namepipe/nameapi"
	"github.com/namepipe/namepipe/readers"
	"github.com/namepipe/namepipe/record"
)

// row is one input row on its way through the run.
type row struct {
	seq    int64
	rec    record.Record
	req    Request
	rowErr error // reader problem and/or Build error
	// badInput is set when Build reported unusable values (whether or not
	// the rest of the row could still be sent).
	badInput bool
	// ran has bit i set when op i applies and a task was queued for it.
	ran      uint64
	outcomes []Outcome // indexed like runner.ops; nil when no op ran
	pending  atomic.Int32
	// out is the output row's values (input, results, error column), set
	// by finish before finished is.
	out []record.Value
	// finished is set when out is ready; then runner.ready is signalled.
	// (A flag and one shared signal instead of a channel per row.)
	finished atomic.Bool
	// few holds the outcomes of a row with few operations, saving an
	// allocation per row.
	few [4]Outcome
}

// task is one operation of one row.
type task struct {
	r  *row
	op int
}

// flightKey identifies a distinct request: the operation's index and the
// request's key.
type flightKey struct {
	op  int
	key string
}

// flight is a request being resolved; identical requests that arrive
// meanwhile wait on it without holding a worker.
type flight struct {
	waiters []task
}

type stopInfo struct {
	reason Reason
	err    error
}

// rowPool recycles rows once written: a row is referenced by nothing
// after the emitter is done with it.
var rowPool = sync.Pool{New: func() any { return new(row) }}

type runner struct {
	o       Options
	ops     []Op
	limiter *rate.Limiter

	stopCtx     context.Context // cancelled when the run stops taking work
	stopCancel  context.CancelFunc
	callCtx     context.Context // parent of every request; cancelled after the grace period
	cancelCalls context.CancelFunc
	writeCtx    context.Context // survives interruption so that rows read get flushed
	stopped     atomic.Pointer[stopInfo]

	consecutive atomic.Int64

	tasks chan task
	rows  chan *row // in-process: rows to build and resolve in a worker
	order chan *row
	sem   chan struct{}
	// ready is signalled (without blocking; one pending signal is enough)
	// whenever a row finishes, for the emitter waiting on the oldest row.
	ready chan struct{}

	mu         sync.Mutex
	inflight   map[flightKey]*flight
	mem        *lru
	nres       int       // result columns appended to each row
	noOutcomes []Outcome // zero outcomes of a row where no op ran
	// recompute has bit i set when op i is computed for every row,
	// without key, de-duplication or in-memory cache (Options.Recompute).
	recompute uint64

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
	r := &runner{
		o:        o,
		ops:      o.Plan.Ops(),
		tasks:    make(chan task, o.Concurrency*4),
		order:    make(chan *row, o.Window),
		sem:      make(chan struct{}, o.Window),
		ready:    make(chan struct{}, 1),
		inflight: make(map[flightKey]*flight),
		mem:      newLRU(o.MemoryCacheSize),
		nres:     o.Plan.ResultColumns(),
	}
	r.noOutcomes = make([]Outcome, len(r.ops))
	if o.InProcess {
		r.rows = make(chan *row, o.Concurrency*4)
	}
	if len(r.ops) > 64 {
		return &Summary{}, fmt.Errorf("pipeline: %d operations, at most 64", len(r.ops))
	}
	if o.Cache == nil {
		for i, op := range r.ops {
			if slices.Contains(o.Recompute, op) {
				r.recompute |= 1 << i
			}
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
		if o.InProcess {
			workers.Go(r.workRows)
		} else {
			workers.Go(r.work)
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
	if r.o.Grace < 0 {
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

// dispatch reads rows, builds their requests and queues their tasks. It
// returns the reader's error, if any.
func (r *runner) dispatch() (err error) {
	defer close(r.order)
	defer close(r.tasks)
	if r.rows != nil {
		defer close(r.rows)
	}
	for r.stopCtx.Err() == nil {
		buf := make([]record.Record, r.o.BatchSize)
		n, rerr := r.o.Reader.Read(r.stopCtx, buf)
		done, total := r.o.Reader.Progress()
		r.st.progDone.Store(done)
		r.st.progTotal.Store(total)
		for i := range buf[:n] {
			// Every row read is admitted, even when the run is stopping:
			// nothing read is lost. The emitter always frees slots.
			r.sem <- struct{}{}
			r.admit(&buf[i])
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

// admit queues one row. For a remote service it builds the row here and
// queues a task per operation, so that the workers overlap the calls; for
// an in-process one it hands the whole row to a worker (see workRows).
func (r *runner) admit(rec *record.Record) {
	rw := rowPool.Get().(*row)
	rw.seq, rw.rec = r.st.rowsRead.Add(1)-1, *rec
	if r.rows != nil {
		r.order <- rw
		r.rows <- rw
		return
	}
	if !r.prepare(rw) {
		r.finish(rw)
		r.order <- rw
		return
	}
	// The row may be finished (and recycled) as soon as its last task is
	// queued: loop over a copy of its operations.
	ran := rw.ran
	r.order <- rw
	for i := range r.ops {
		if ran&(1<<i) != 0 {
			r.tasks <- task{r: rw, op: i}
		}
	}
}

// prepare builds the row's request and marks the operations that apply.
// It reports whether any does; then the row's outcomes and pending count
// are set, and the row is finished by the last of its operations.
func (r *runner) prepare(rw *row) bool {
	rec := &rw.rec
	if rec.Problem != "" {
		// The reader's problem names its own file:line (and column).
		rw.rowErr = errors.New(rec.Problem)
	}
	req, err := r.build(rec)
	if err != nil {
		rw.rowErr = errors.Join(rw.rowErr, err)
		rw.badInput = true
	}
	if req == nil {
		// Nothing of the row can be sent; it is written with its error.
		return false
	}
	rw.req = req
	var n int32
	for i, op := range r.ops {
		if req.Applies(op) {
			rw.ran |= 1 << i
			n++
		}
	}
	if n == 0 {
		return false
	}
	if len(r.ops) <= len(rw.few) {
		rw.outcomes = rw.few[:len(r.ops)]
	} else {
		rw.outcomes = make([]Outcome, len(r.ops))
	}
	rw.pending.Store(n)
	return true
}

// finish computes the row's output values (the input values followed by
// the result columns) and marks the row finished. The row must not be
// touched after: the emitter may write and recycle it at once.
func (r *runner) finish(rw *row) {
	outcomes := rw.outcomes
	if outcomes == nil {
		outcomes = r.noOutcomes
	}
	n := len(rw.rec.Values)
	vals := make([]record.Value, n+r.nres)
	copy(vals, rw.rec.Values)
	r.o.Plan.ApplyInto(vals[n:], outcomes, rw.rowErr)
	rw.out = vals
	rw.finished.Store(true)
	select {
	case r.ready <- struct{}{}:
	default: // a signal is pending already; the emitter re-checks its row
	}
}

// release clears a written row and returns it to the pool.
func (r *runner) release(rw *row) {
	few := rw.few[:]
	clear(few)
	rw.seq, rw.rec, rw.req, rw.rowErr, rw.badInput = 0, record.Record{}, nil, nil, false
	rw.ran, rw.outcomes, rw.out = 0, nil, nil
	rw.pending.Store(0)
	rw.finished.Store(false)
	rowPool.Put(rw)
}

// build calls Plan.Build; a panic becomes the row's error.
func (r *runner) build(rec *record.Record) (req Request, err error) {
	defer func() {
		if p := recover(); p != nil {
			req, err = nil, fmt.Errorf("line %d: internal error while mapping the row: %v", rec.Line, p)
		}
	}()
	req, err = r.o.Plan.Build(rec)
	if req == nil && err == nil {
		err = fmt.Errorf("line %d: the mapping produced no request", rec.Line)
	}
	return req, err
}

// work runs tasks until the queue is closed.
func (r *runner) work() {
	for t := range r.tasks {
		if o, ok := r.exec(t); ok {
			r.complete(t, o)
		}
	}
}

// workRows builds rows and resolves all their operations back to back,
// until the queue is closed: for an in-process service, where a task per
// operation would only add queueing, and the operations of one row share
// the engine's memo of the parsed name. An operation attached to an
// identical request in flight is completed by the worker resolving that
// request, as with tasks.
func (r *runner) workRows() {
	for rw := range r.rows {
		if !r.prepare(rw) {
			r.finish(rw)
			continue
		}
		// The row may be finished (and recycled) as soon as its last
		// operation completes: loop over a copy of its operations.
		ran := rw.ran
		for i := range r.ops {
			if ran&(1<<i) != 0 {
				t := task{r: rw, op: i}
				if o, ok := r.exec(t); ok {
					r.complete(t, o)
				}
			}
		}
	}
}

// complete records the outcome of a task and finishes its row when it was
// the last one.
func (r *runner) complete(t task, o Outcome) {
	t.r.outcomes[t.op] = o
	if t.r.pending.Add(-1) == 0 {
		r.finish(t.r)
	}
}

// exec resolves a task: memory cache, an identical request in flight,
// persistent cache, then the service. ok is false when the task was
// attached to a request in flight, which completes it later.
func (r *runner) exec(t task) (o Outcome, ok bool) {
	op := r.ops[t.op]
	if r.stopCtx.Err() != nil {
		return Outcome{Err: r.stoppedErr(nil)}, true
	}
	if r.recompute&(1<<t.op) != 0 {
		return r.call(t.r.req, op), true
	}
	key, err := r.key(t.r.req, op)
	if err != nil {
		return Outcome{Err: err}, true
	}
	mk := flightKey{op: t.op, key: key}
	r.mu.Lock()
	if o, hit := r.mem.get(t.op, key); hit {
		r.mu.Unlock()
		r.st.memHits.Add(1)
		return o, true
	}
	if f, busy := r.inflight[mk]; busy {
		f.waiters = append(f.waiters, t)
		r.mu.Unlock()
		r.st.dups.Add(1)
		return Outcome{}, false
	}
	f := &flight{}
	r.inflight[mk] = f
	r.mu.Unlock()

	o, cacheable := r.resolve(t.r.req, op, key)

	r.mu.Lock()
	delete(r.inflight, mk)
	if cacheable {
		r.mem.add(t.op, key, o)
	}
	waiters := f.waiters
	r.mu.Unlock()
	for _, w := range waiters {
		r.complete(w, o)
	}
	return o, true
}

// key calls Request.Key; a panic becomes the task's error.
func (r *runner) key(req Request, op Op) (k string, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("internal error while keying %s: %v", op, p)
		}
	}()
	if r.o.Cache == nil {
		return req.RunKey(op), nil
	}
	return req.Key(op), nil
}

// resolve answers one distinct request from the persistent cache or the
// service, and stores a fresh answer in the cache. cacheable says whether
// the outcome may be re-used within the run.
func (r *runner) resolve(req Request, op Op, key string) (Outcome, bool) {
	var ck []byte
	if c := r.o.Cache; c != nil {
		ck = CacheKey(r.o.EngineID, op, key)
		data, hit, err := c.Get(ck)
		if err != nil {
			r.cacheProblem("read", err)
		} else if hit {
			if v, err := r.o.Plan.DecodeResult(op, data); err == nil {
				r.st.persistHits.Add(1)
				return Outcome{Value: v}, true
			}
			// An undecodable entry (older format) is a miss; it is overwritten.
		}
	}
	o := r.call(req, op)
	if o.Err != nil {
		var ex *exhaustedError
		return o, !errors.Is(o.Err, ErrStopped) && !errors.As(o.Err, &ex) && !nameapi.IsRetryable(o.Err)
	}
	if ck != nil {
		if data, err := r.o.Plan.EncodeResult(op, o.Value); err != nil {
			r.cacheProblem("encode", err)
		} else if err := r.o.Cache.Put(ck, data); err != nil {
			r.cacheProblem("write", err)
		}
	}
	return o, true
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

// call sends one request with rate limiting, a per-attempt timeout and
// retries of retryable errors, up to o.MaxAttempts attempts in all.
func (r *runner) call(req Request, op Op) Outcome {
	r.st.requests.Add(1)
	var last error
	for attempt := 1; ; attempt++ {
		if r.limiter != nil {
			if err := r.limiter.Wait(r.stopCtx); err != nil {
				return Outcome{Err: r.stoppedErr(last)}
			}
		}
		if r.stopCtx.Err() != nil && attempt > 1 {
			return Outcome{Err: r.stoppedErr(last)}
		}
		v, err := r.attempt(req, op, attempt)
		if err == nil {
			r.consecutive.Store(0)
			return Outcome{Value: v}
		}
		if r.callCtx.Err() != nil {
			return Outcome{Err: r.stoppedErr(err)}
		}
		last = err
		r.noteFailure(err)
		if !nameapi.IsRetryable(err) {
			return Outcome{Err: err}
		}
		if attempt >= r.o.MaxAttempts {
			return Outcome{Err: &exhaustedError{attempts: attempt, err: err}}
		}
		var retryAfter time.Duration
		var ne *nameapi.Error
		if errors.As(err, &ne) {
			retryAfter = ne.RetryAfter
		}
		wait := Backoff(attempt, r.o.BackoffBase, r.o.BackoffMax, retryAfter, r.o.Jitter)
		r.st.retries.Add(1)
		if err := r.o.Sleep(r.stopCtx, wait); err != nil {
			return Outcome{Err: r.stoppedErr(last)}
		}
	}
}

// attempt makes one call with the per-request timeout. A timeout that the
// backend reports as a bare context error becomes a retryable timeout.
func (r *runner) attempt(req Request, op Op, n int) (v Result, err error) {
	r.st.calls.Add(1)
	for {
		m := r.st.maxAttempts.Load()
		if int64(n) <= m || r.st.maxAttempts.CompareAndSwap(m, int64(n)) {
			break
		}
	}
	ctx := r.callCtx
	if !r.o.InProcess {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(r.callCtx, r.o.Timeout)
		defer cancel()
	}
	defer func() {
		if p := recover(); p != nil {
			v, err = nil, fmt.Errorf("%s: internal error in the service: %v", op, p)
		}
	}()
	v, err = req.Call(ctx, r.o.Service, op)
	if err != nil && ctx.Err() == context.DeadlineExceeded && r.callCtx.Err() == nil && !nameapi.IsRetryable(err) {
		err = &nameapi.Error{Op: string(op), Timeout: true, Err: fmt.Errorf("no answer within %v", r.o.Timeout)}
	}
	return v, err
}

// noteFailure counts consecutive failed calls and stops the run when the
// service appears down. Invalid-input answers show the service is up. An
// access-denied answer stops the run at once: every later call would be
// refused too, and a nightly job must not end "successfully" with every
// row flagged.
func (r *runner) noteFailure(err error) {
	var ne *nameapi.Error
	isAPI := errors.As(err, &ne)
	switch {
	case isAPI && ne.AccessDenied():
		r.halt(ReasonAccessDenied, err)
		return
	case isAPI && ne.InvalidInput():
		r.consecutive.Store(0)
		return
	case nameapi.IsRetryable(err) || isAPI:
	default:
		return // a local problem with this request, not the service
	}
	n := r.consecutive.Add(1)
	if r.o.MaxConsecutiveFailures > 0 && n >= int64(r.o.MaxConsecutiveFailures) {
		r.halt(ReasonServiceDown, err)
	}
}

// emit writes rows in input order as they complete, in batches, and frees
// their window slots. After a write error it keeps draining without
// writing, so that nothing upstream blocks.
func (r *runner) emit(sum *Summary) error {
	batch := make([]record.Record, 0, r.o.BatchSize)
	var werr error
	flush := func() {
		if len(batch) == 0 {
			return
		}
		if werr == nil {
			if err := r.o.Writer.Write(r.writeCtx, batch); err != nil {
				werr = fmt.Errorf("write output: %w", err)
				r.halt(ReasonOutput, werr)
				r.cancelCalls()
			} else {
				r.st.rowsWritten.Add(int64(len(batch)))
			}
		}
		for i := range batch {
			batch[i] = record.Record{}
			<-r.sem
		}
		batch = batch[:0]
	}
	for rw := range r.order {
		if !rw.finished.Load() {
			flush() // do not hold finished rows while waiting
			for !rw.finished.Load() {
				<-r.ready
			}
		}
		sum.count(rw, r.ops)
		batch = append(batch, record.Record{Index: rw.rec.Index, Line: rw.rec.Line, Values: rw.out, Problem: rw.rec.Problem,
			Raw: rw.rec.Raw, End: rw.rec.End}) // the input cells' source text: CSV output writes them back as they were
		r.release(rw)
		if len(batch) == cap(batch) {
			flush()
		}
	}
	flush()
	return werr
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
