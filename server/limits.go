package server

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"mime"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/namepipe/namepipe/nameapi"
)

// This file holds what keeps the server within bounds under load and
// hostile input: the admission of operation calls (a bounded number of
// bodies held and of calls worked on at once, a bounded wait for a place,
// 503 with Retry-After beyond), the media type of request bodies, bodies
// read into buffers of their declared size and cut at the limit, and the
// cap on the name text of one request.

// gate admits a bounded number of holders at once; a holder that finds it
// full waits up to a bounded time.
type gate chan struct{}

// errBusy is the error of a request that found no place within the wait.
var errBusy = errors.New("server busy")

// enter waits up to d for a place. It returns errBusy when the wait passed
// and the context's cause when ctx ended first.
func (g gate) enter(ctx context.Context, d time.Duration) error {
	select {
	case g <- struct{}{}:
		return nil
	default:
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case g <- struct{}{}:
		return nil
	case <-t.C:
		return errBusy
	case <-ctx.Done():
		return context.Cause(ctx)
	}
}

func (g gate) leave() { <-g }

// busy is the answer to a call that found no place within the queue wait.
func (s *Server) busy() answer {
	secs := retryAfterSeconds(s.opts.RetryAfter)
	f := newFault(http.StatusServiceUnavailable, nameapi.FaultInternalServerError, nameapi.BlameServer,
		fmt.Sprintf("The server is busy: %d calls are in progress and no place came free within %v; retry in %d s.",
			s.opts.MaxInFlight, s.opts.QueueWait, secs), nameapi.RetryLater)
	f.RetrySameLocation.RetryInSeconds = &secs
	return answer{status: http.StatusServiceUnavailable, fault: f, retryAfter: time.Duration(secs) * time.Second,
		soapFault: nameapi.SOAPFaultInternalServerError}
}

// errShuttingDown is the cause of a request context ended because the
// server's shutdown deadline is near.
var errShuttingDown = errors.New("server shutting down")

// shuttingDown is the answer to a call still in flight when the graceful
// shutdown runs out of time.
func (s *Server) shuttingDown() answer {
	secs := retryAfterSeconds(s.opts.RetryAfter)
	f := newFault(http.StatusServiceUnavailable, nameapi.FaultInternalServerError, nameapi.BlameServer,
		"The server is shutting down; the call was not completed.", nameapi.RetryLater)
	f.RetrySameLocation.RetryInSeconds = &secs
	return answer{status: http.StatusServiceUnavailable, fault: f, retryAfter: time.Duration(secs) * time.Second,
		soapFault: nameapi.SOAPFaultInternalServerError}
}

// mediaTypeOK reports whether the Content-Type of a POST body is one the
// route reads: JSON for REST (application/json or application/*+json), XML
// for SOAP (text/xml, application/soap+xml, application/xml). Parameters
// such as charset are allowed. A request without a body needs none.
//
// Browsers send text/plain, application/x-www-form-urlencoded and
// multipart/form-data across origins without a preflight; requiring a JSON
// or XML type keeps a web page from making a local server work for it.
func mediaTypeOK(r *http.Request, soap bool) bool {
	if r.ContentLength == 0 || r.Body == nil || r.Body == http.NoBody {
		return true
	}
	mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil {
		return false
	}
	if soap {
		return mt == "text/xml" || mt == "application/soap+xml" || mt == "application/xml"
	}
	return mt == "application/json" || (strings.HasPrefix(mt, "application/") && strings.HasSuffix(mt, "+json"))
}

// unsupportedMediaType is the 415 answer to a body of another type.
func unsupportedMediaType(r *http.Request, soap bool) answer {
	want := "application/json"
	if soap {
		want = "text/xml or application/soap+xml"
	}
	got := r.Header.Get("Content-Type")
	if got == "" {
		got = "none"
	} else if len(got) > 100 {
		got = got[:100] + "…"
	}
	return faultAnswer(newFault(http.StatusUnsupportedMediaType, nameapi.FaultBadRequest, nameapi.BlameClient,
		fmt.Sprintf("The request body must be sent as %s; its Content-Type is %q.", want, got), nameapi.RetryNo))
}

// bodyPool keeps body buffers for reuse; at most one per held body exists
// at a time, so the pool holds at most the gate's worth.
var bodyPool sync.Pool

// readBounded reads a request body of at most limit bytes into a buffer of
// its declared length (or, for a body of unknown length, one that grows up
// to limit+1 bytes), so that a body never costs more than its size plus
// one read. A body over the limit gives a 413 requestError as soon as the
// limit is crossed. put returns the buffer for reuse once the data is no
// longer used.
func readBounded(body io.Reader, declared, limit int64) (data []byte, put func(), err error) {
	if declared > limit {
		return nil, func() {}, &requestError{a: tooLarge(limit)}
	}
	want := int(min(64<<10, limit+1))
	if declared >= 0 {
		want = int(declared) + 1 // +1 sees a body longer than declared
	}
	var buf []byte
	p, ok := bodyPool.Get().(*[]byte)
	if ok && cap(*p) >= want {
		// A buffer of another server's larger limit is used up to this one.
		buf = (*p)[:0:min(cap(*p), int(limit+1))]
	} else {
		if ok {
			bodyPool.Put(p)
		}
		buf = make([]byte, 0, want)
		p = &buf
	}
	put = func() {
		if cap(buf) > cap(*p) {
			p = &buf // grown while reading a body of unknown length
		}
		*p = (*p)[:0]
		bodyPool.Put(p)
	}
	for {
		if len(buf) == cap(buf) {
			if int64(len(buf)) > limit {
				break
			}
			n := min(int64(2*cap(buf)), limit+1)
			grown := make([]byte, len(buf), n)
			copy(grown, buf)
			buf = grown
		}
		n, rerr := body.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if int64(len(buf)) > limit {
			break
		}
		if rerr == io.EOF {
			return buf, put, nil
		}
		if rerr != nil {
			put()
			var mbe *http.MaxBytesError
			if errors.As(rerr, &mbe) {
				return nil, func() {}, &requestError{a: tooLarge(limit)}
			}
			return nil, func() {}, invalid("The request body could not be read: %v.", rerr)
		}
	}
	put()
	return nil, func() {}, &requestError{a: tooLarge(limit)}
}

// loadedBody is a request body already read into memory; readBody hands
// out its bytes without copying them.
type loadedBody struct {
	*bytes.Reader
	data []byte
}

func (loadedBody) Close() error { return nil }

// drain reads and discards what is left of a refused request's body, up to
// limit bytes, so that the client reads the answer on a connection that
// stays usable; a longer body closes the connection after the answer.
func drain(w http.ResponseWriter, r *http.Request, limit int64) {
	if r.Body == nil || r.Body == http.NoBody {
		return
	}
	if r.ContentLength > limit {
		w.Header().Set("Connection", "close")
		return
	}
	n, err := io.Copy(io.Discard, io.LimitReader(r.Body, limit+1))
	if err != nil || n > limit {
		w.Header().Set("Connection", "close")
	}
}

// nameLoad counts the name fields and their bytes in a request input.
func nameLoad(in any) (fields, size int) {
	add := func(p *nameapi.InputPerson) {
		if p == nil || p.PersonName == nil {
			return
		}
		fields += len(p.PersonName.NameFields)
		for _, f := range p.PersonName.NameFields {
			size += len(f.String)
		}
	}
	switch v := in.(type) {
	case *nameapi.InputWithPerson:
		add(v.InputPerson)
	case *nameapi.InputWithTwoPeople:
		add(v.InputPerson1)
		add(v.InputPerson2)
	case *nameapi.PersonNameFormatterInput:
		add(v.InputPerson)
	}
	return fields, size
}

// checkNames refuses an input with more name fields, or more bytes of
// name text, than the server works on in one call: the cost of parsing
// grows with both (20,000 fields in a 1 MiB body took 0.76 s of CPU).
func (s *Server) checkNames(in any) error {
	fields, size := nameLoad(in)
	if fields > s.opts.MaxNameFields {
		return &requestError{a: faultAnswer(badRequest(fmt.Sprintf(
			"The request has %d name fields; this server accepts at most %d per request.", fields, s.opts.MaxNameFields)))}
	}
	if size > s.opts.MaxNameBytes {
		return &requestError{a: faultAnswer(badRequest(fmt.Sprintf(
			"The name fields of the request hold %d bytes of text; this server accepts at most %d per request.", size, s.opts.MaxNameBytes)))}
	}
	return nil
}

// ErrExposed is the error of Serve on an address that is not loopback
// while no API key is configured and Options.AllowExposed is not set.
var ErrExposed = errors.New("not a loopback address, and no API keys are configured")

// checkExposed refuses a TCP address other than loopback (such as :8080,
// 0.0.0.0 or a LAN address) unless keys are configured or AllowExposed is
// set: anyone who reaches it could use the service. Unix sockets pass.
func (s *Server) checkExposed(addr net.Addr) error {
	if len(s.keys) > 0 || s.opts.AllowExposed {
		return nil
	}
	if ta, ok := addr.(*net.TCPAddr); ok && !ta.IP.IsLoopback() {
		return fmt.Errorf("serve: listening on %s: %w", addr, ErrExposed)
	}
	return nil
}

// Exposed reports whether a listen address such as "127.0.0.1:8080",
// ":8080" or "host:8080" may listen on an interface other than loopback:
// an empty or unspecified host, an address other than loopback, or a name
// that resolves to any address other than loopback. Callers use it to
// refuse before any work starts; Serve checks the address it got again.
func Exposed(ctx context.Context, addr string) (bool, error) {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false, fmt.Errorf("listen address %q: %w", addr, err)
	}
	if host == "" {
		return true, nil
	}
	if ip := net.ParseIP(strings.Trim(host, "[]")); ip != nil {
		return !ip.IsLoopback(), nil
	}
	ips, err := net.DefaultResolver.LookupIPAddr(ctx, host)
	if err != nil {
		return false, fmt.Errorf("listen address %q: %w", addr, err)
	}
	for _, ip := range ips {
		if !ip.IP.IsLoopback() {
			return true, nil
		}
	}
	return len(ips) == 0, nil
}

// shutdownMargin is how long before the shutdown deadline the calls still
// in flight are answered 503: half the timeout, at most 2 s. http.Server's
// Shutdown looks for closed connections every 500 ms once it has waited
// half a second, so the margin leaves it at least one look.
func shutdownMargin(timeout time.Duration) time.Duration {
	return min(timeout/2, 2*time.Second)
}
