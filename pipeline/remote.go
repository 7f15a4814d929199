package pipeline

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/namepipe/namepipe/cache"
	"github.com/namepipe/namepipe/nameapi"
)

// remote is the path of a service reached over the network, or of any
// service with a persistent cache: one task per operation of each row, so
// that the workers overlap the calls. A task is answered from the memory
// cache of recent results (cache.Memory), by an identical request in
// flight (it waits on it without holding a worker), from the persistent
// cache, or by the service, after the rate limiter, with a per-attempt
// timeout and retries.
type remote struct {
	r     *runner
	tasks chan task

	mu       sync.Mutex
	inflight map[flightKey]*flight
	mem      *cache.Memory[Outcome] // by memKey; nil = no memory cache
	keyBuf   []byte                 // memKey's, under mu
	// persist[j] remembers the answers of the run's op j in the
	// persistent cache; nil = none.
	persist []*cache.Remember[Result]
}

// task is one operation of one row of a batch.
type task struct {
	b   *batch
	row int
	op  int
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

func newRemote(r *runner) (*remote, error) {
	rm := &remote{r: r, tasks: make(chan task, r.o.Concurrency*4), inflight: make(map[flightKey]*flight)}
	if r.o.MemoryCacheSize > 0 {
		rm.mem = cache.NewMemory[Outcome](r.o.MemoryCacheSize)
	}
	if c := r.o.Cache; c != nil {
		for _, op := range r.ops {
			rm.persist = append(rm.persist, &cache.Remember[Result]{
				Store: c, EngineID: r.o.EngineID, Op: string(op),
				Encode:  func(v Result) ([]byte, error) { return r.o.Plan.EncodeResult(op, v) },
				Decode:  func(data []byte) (Result, error) { return r.o.Plan.DecodeResult(op, data) },
				Problem: r.cacheProblem,
			})
		}
	}
	return rm, nil
}

// admit builds the batch's requests and queues a task per operation that
// applies to each row. The batch is filled by the last task to complete,
// or here when no operation applies to any of its rows.
func (rm *remote) admit(b *batch) {
	r := rm.r
	if b.reqs == nil {
		b.reqs = make([]Request, len(b.recs), cap(b.recs))
	}
	b.reqs = b.reqs[:len(b.recs)]
	var n int64
	for i := range b.recs {
		req := r.prepare(b, i, r.o.Plan.Build)
		if req == nil {
			continue
		}
		b.reqs[i] = req
		for _, op := range r.ops {
			if req.Applies(op) {
				n++
			}
		}
	}
	// One more while queueing, so that the batch cannot be filled (and
	// recycled) before every task is queued.
	b.pending.Store(n + 1)
	for i, req := range b.reqs {
		if req == nil {
			continue
		}
		for j, op := range r.ops {
			if req.Applies(op) {
				rm.tasks <- task{b: b, row: i, op: j}
			}
		}
	}
	rm.done(b)
}

// done counts one task of b as complete and fills b after the last.
func (rm *remote) done(b *batch) {
	if b.pending.Add(-1) == 0 {
		rm.r.fill(b)
	}
}

// work runs tasks until the queue is closed.
func (rm *remote) work() {
	for t := range rm.tasks {
		if o, ok := rm.exec(t); ok {
			rm.complete(t, o)
		}
	}
}

// complete records the outcome of a task.
func (rm *remote) complete(t task, o Outcome) {
	t.b.outcomes[t.row*len(rm.r.ops)+t.op] = o
	rm.done(t.b)
}

// exec resolves a task: memory cache, an identical request in flight,
// persistent cache, then the service. ok is false when the task was
// attached to a request in flight, which completes it later.
func (rm *remote) exec(t task) (o Outcome, ok bool) {
	r := rm.r
	op := r.ops[t.op]
	if r.stopCtx.Err() != nil {
		return Outcome{Err: r.stoppedErr(nil)}, true
	}
	req := t.b.reqs[t.row]
	key, err := rm.key(req, op)
	if err != nil {
		return Outcome{Err: err}, true
	}
	mk := flightKey{op: t.op, key: key}
	rm.mu.Lock()
	if rm.mem != nil {
		if o, hit, _ := rm.mem.Get(rm.memKey(mk)); hit {
			rm.mu.Unlock()
			r.st.memHits.Add(1)
			return o, true
		}
	}
	if f, busy := rm.inflight[mk]; busy {
		f.waiters = append(f.waiters, t)
		rm.mu.Unlock()
		r.st.dups.Add(1)
		return Outcome{}, false
	}
	f := &flight{}
	rm.inflight[mk] = f
	rm.mu.Unlock()

	o, cacheable := rm.resolve(req, t.op, key)

	rm.mu.Lock()
	delete(rm.inflight, mk)
	if cacheable && rm.mem != nil {
		_ = rm.mem.Put(rm.memKey(mk), o)
	}
	waiters := f.waiters
	rm.mu.Unlock()
	for _, w := range waiters {
		rm.complete(w, o)
	}
	return o, true
}

// memKey returns the memory cache's key of a request (in keyBuf, valid
// until the next call), under mu.
func (rm *remote) memKey(k flightKey) []byte {
	rm.keyBuf = binary.AppendUvarint(rm.keyBuf[:0], uint64(k.op))
	rm.keyBuf = append(rm.keyBuf, k.key...)
	return rm.keyBuf
}

// key calls Request.Key; a panic becomes the task's error.
func (rm *remote) key(req Request, op Op) (k string, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("internal error while keying %s: %v", op, p)
		}
	}()
	return req.Key(op), nil
}

// resolve answers one distinct request of the run's op j from the
// persistent cache (which keeps a fresh answer) or the service. cacheable
// says whether the outcome may be re-used within the run.
func (rm *remote) resolve(req Request, j int, key string) (Outcome, bool) {
	r := rm.r
	op := r.ops[j]
	if rm.persist == nil {
		o := r.call(req, op)
		return o, reusable(o)
	}
	var o Outcome
	v, hit, _ := rm.persist[j].Do(key, func() (Result, error) {
		o = r.call(req, op)
		return o.Value, o.Err
	})
	if hit {
		r.st.persistHits.Add(1)
		return Outcome{Value: v}, true
	}
	return o, reusable(o)
}

// reusable reports whether an outcome of the service may answer identical
// requests of the run: a result, or an error that would come again (not
// a stop, not a transient failure).
func reusable(o Outcome) bool {
	if o.Err == nil {
		return true
	}
	var ex *exhaustedError
	return !errors.Is(o.Err, ErrStopped) && !errors.As(o.Err, &ex) && !nameapi.IsRetryable(o.Err)
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

// attempt makes one call with the per-request timeout (none for an
// in-process service: it cannot hang on a network, and a timer cannot
// interrupt a computation; the run's cancellation still reaches it). A
// timeout that the backend reports as a bare context error becomes a
// retryable timeout.
func (r *runner) attempt(req Request, op Op, n int) (v Result, err error) {
	r.st.calls.Add(1)
	for {
		m := r.st.maxAttempts.Load()
		if int64(n) <= m || r.st.maxAttempts.CompareAndSwap(m, int64(n)) {
			break
		}
	}
	ctx := r.callCtx
	if !r.inProcess {
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
