package server

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"runtime/debug"
)

// maxSOAPBody limits SOAP request bodies: the SOAP operations take an
// email address or nothing, so a legitimate envelope is a few hundred
// bytes, and encoding/xml holds several copies of a long text while it
// decodes it (5 MB for a 1 MB element).
const maxSOAPBody = 64 << 10

// callContext returns the context of one operation call: it ends at
// Options.RequestTimeout, when the client goes away, or with the cause
// errShuttingDown when the server's shutdown deadline is near.
func (s *Server) callContext(parent context.Context) (context.Context, context.CancelFunc) {
	tctx, cancelT := context.WithTimeout(parent, s.opts.RequestTimeout)
	ctx, cancel := context.WithCancelCause(tctx)
	stop := context.AfterFunc(*s.hard.Load(), func() { cancel(errShuttingDown) })
	return ctx, func() {
		stop()
		cancel(nil)
		cancelT()
	}
}

// opPanic carries a panic of an operation, with the stack where it
// happened, to the handler's goroutine.
type opPanic struct {
	v     any
	stack []byte
}

func (p opPanic) String() string { return fmt.Sprintf("%v\n(in the operation) %s", p.v, p.stack) }

// call admits an operation call, reads its body and runs op.
//
// A body is read only with one of Options.MaxBodies places, and op runs
// only with one of Options.MaxInFlight places; each is waited for up to
// Options.QueueWait, after which the call gets errBusy (503 with
// Retry-After). The body is read into a buffer of its declared size and
// handed to op without another copy; a SOAP body is limited to
// maxSOAPBody.
//
// call returns when op returns or when the call's context ends
// (RequestTimeout, the client went away, shutdown), whichever is first,
// so that an answer is always sent in time. An op that goes on after that
// keeps its places until it returns, so the bounds count the work really
// being done.
func (s *Server) call(w http.ResponseWriter, r *http.Request, op opFunc, soap bool) (any, error) {
	ctx := r.Context()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	limit := s.opts.MaxBodyBytes
	if soap {
		limit = min(limit, maxSOAPBody)
	}
	if r.ContentLength > limit {
		return nil, &requestError{a: tooLarge(limit)}
	}
	hasBody := r.Body != nil && r.Body != http.NoBody && r.ContentLength != 0
	release := func() {}
	if hasBody {
		if err := s.bodies.enter(ctx, s.opts.QueueWait); err != nil {
			if errors.Is(err, errBusy) {
				s.stats.busy.Add(1)
				drain(w, r, limit)
			}
			return nil, err
		}
		data, put, err := readBounded(http.MaxBytesReader(w, r.Body, limit), r.ContentLength, limit)
		if err != nil {
			s.bodies.leave()
			return nil, err
		}
		r = r.WithContext(ctx)
		r.Body = loadedBody{Reader: bytes.NewReader(data), data: data}
		release = func() {
			put()
			s.bodies.leave()
		}
	}
	if err := s.work.enter(ctx, s.opts.QueueWait); err != nil {
		release()
		if errors.Is(err, errBusy) {
			s.stats.busy.Add(1)
		}
		return nil, err
	}
	s.stats.calls.Add(1)
	type result struct {
		v     any
		err   error
		panic *opPanic
	}
	done := make(chan result, 1)
	go func() {
		defer s.work.leave()
		defer release()
		defer func() {
			if v := recover(); v != nil {
				done <- result{panic: &opPanic{v: v, stack: debug.Stack()}}
			}
		}()
		v, err := op(r)
		done <- result{v: v, err: err}
	}()
	select {
	case res := <-done:
		if res.panic != nil {
			panic(*res.panic)
		}
		return res.v, res.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// answerFor turns the error of a call into its answer: the server's own
// refusals as they are, a full server 503, a call cut by the shutdown
// 503, and errors of the service as errorAnswer says.
func (s *Server) answerFor(r *http.Request, op string, err error) answer {
	var re *requestError
	switch {
	case errors.As(err, &re):
		return re.a
	case errors.Is(err, errBusy):
		return s.busy()
	case errors.Is(context.Cause(r.Context()), errShuttingDown):
		s.stats.cut.Add(1)
		return s.shuttingDown()
	}
	return s.errorAnswer(r, op, err)
}
