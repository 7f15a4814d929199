package server

import (
	"crypto/sha256"
	"crypto/subtle"
	"fmt"
	"log/slog"
	"net/http"
	"runtime/debug"
	"strconv"
	"time"

	"github.com/namepipe/namepipe/nameapi"
)

// statusRecorder remembers the status and size of an answer.
type statusRecorder struct {
	http.ResponseWriter
	status int
	bytes  int64
}

func (w *statusRecorder) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusRecorder) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	n, err := w.ResponseWriter.Write(b)
	w.bytes += int64(n)
	return n, err
}

// Unwrap lets http.ResponseController reach the underlying writer.
func (w *statusRecorder) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// accessLog logs one line per request: method, path (never the query, which
// holds the API key), status, size and duration. It is the outermost layer,
// so it also logs recovered panics and dropped connections.
func (s *Server) accessLog(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &statusRecorder{ResponseWriter: w}
		completed := false
		defer func() {
			if !s.log.Enabled(r.Context(), slog.LevelInfo) {
				return
			}
			status := rec.status
			if status == 0 {
				status = http.StatusOK
			}
			attrs := []any{
				"method", r.Method,
				"path", r.URL.Path,
				"status", status,
				"bytes", rec.bytes,
				"duration", time.Since(start),
			}
			if !completed {
				attrs = append(attrs, "aborted", true)
			}
			s.log.Info("request", attrs...)
		}()
		next.ServeHTTP(rec, r)
		completed = true
	})
}

// recoverPanics turns a panic of a handler into a 500 fault answer (or, when
// the answer had already begun, an aborted connection) and logs it with its
// stack. http.ErrAbortHandler passes through: it is how a connection is
// dropped on purpose.
func (s *Server) recoverPanics(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec, ok := w.(*statusRecorder)
		if !ok {
			rec = &statusRecorder{ResponseWriter: w}
		}
		defer func() {
			v := recover()
			if v == nil {
				return
			}
			if v == http.ErrAbortHandler {
				panic(v)
			}
			s.stats.panics.Add(1)
			id := incidentID()
			s.log.Error("panic in handler", "path", r.URL.Path, "incidentId", id,
				"panic", fmt.Sprint(v), "stack", string(debug.Stack()))
			if rec.status != 0 {
				// Part of the answer is out: abort the connection so that the
				// client sees a failure, not a truncated success.
				panic(http.ErrAbortHandler)
			}
			f := newFault(http.StatusInternalServerError, nameapi.FaultInternalServerError, nameapi.BlameServer,
				"Internal server error (incident "+id+").", "")
			f.IncidentID = id
			a := answer{status: http.StatusInternalServerError, fault: f, soapFault: nameapi.SOAPFaultInternalServerError}
			if isSOAPPath(r.URL.Path) {
				writeSOAPFault(rec, r.URL.Path, a)
				return
			}
			writeFault(rec, a)
		}()
		next.ServeHTTP(rec, r)
	})
}

// keyOK reports whether the request's key is accepted. With keys
// configured it compares the key's SHA-256 digest with every configured
// digest in constant time, without stopping at a match.
func (s *Server) keyOK(key string) bool {
	if len(s.keys) == 0 {
		return !s.opts.RequireKey || key != ""
	}
	if key == "" {
		return false
	}
	d := sha256.Sum256([]byte(key))
	match := 0
	for i := range s.keys {
		match |= subtle.ConstantTimeCompare(d[:], s.keys[i][:])
	}
	return match == 1
}

// accessDenied is the answer to a missing or unknown key. It never names
// the key.
func accessDenied(key string) answer {
	msg := "No such account."
	if key == "" {
		msg = "No such account: the query parameter apiKey is missing."
	}
	f := newFault(http.StatusUnauthorized, nameapi.FaultAccessDenied, nameapi.BlameClient, msg, nameapi.RetryNo)
	f.ApplicationErrorCode = "1201"
	return answer{status: http.StatusUnauthorized, fault: f, soapFault: nameapi.SOAPFaultAccessDenied}
}

// rateLimited is the answer to a call beyond the rate limit.
func (s *Server) rateLimited() answer {
	secs := retryAfterSeconds(s.opts.RetryAfter)
	if s.opts.RateLimit > 0 {
		secs = max(1, int(1/s.opts.RateLimit+0.999999))
	}
	f := newFault(http.StatusTooManyRequests, nameapi.FaultTooManyRequests, nameapi.BlameClient,
		"Too many requests: the rate limit is "+strconv.FormatFloat(s.opts.RateLimit, 'f', -1, 64)+" per second.", nameapi.RetryLater)
	f.RetrySameLocation.RetryInSeconds = &secs
	return answer{status: http.StatusTooManyRequests, fault: f, retryAfter: time.Duration(secs) * time.Second,
		soapFault: nameapi.SOAPFaultInternalServerError}
}

// injectedError is the answer of a call failed by ErrorRate.
func (s *Server) injectedError() answer {
	status := s.opts.ErrorStatus
	var f *nameapi.Fault
	var ra time.Duration
	switch status {
	case http.StatusTooManyRequests:
		f = newFault(status, nameapi.FaultTooManyRequests, nameapi.BlameClient, "Too many requests (injected fault).", nameapi.RetryLater)
		ra = s.opts.RetryAfter
	case http.StatusServiceUnavailable:
		f = newFault(status, nameapi.FaultInternalServerError, nameapi.BlameServer, "Service unavailable (injected fault).", nameapi.RetryLater)
		ra = s.opts.RetryAfter
	default:
		// Like the service's InternalServerError: no retrySameLocation.
		f = newFault(status, nameapi.FaultInternalServerError, nameapi.BlameServer, "Internal server error (injected fault).", "")
	}
	if ra > 0 && f.RetrySameLocation != nil {
		secs := retryAfterSeconds(ra)
		f.RetrySameLocation.RetryInSeconds = &secs
	}
	return answer{status: status, fault: f, retryAfter: ra, soapFault: nameapi.SOAPFaultInternalServerError}
}

// injection is what the fault injection decided for one call.
type injection struct {
	latency time.Duration
	fail    bool
	drop    bool
}

// decide draws the injected latency, failure and drop of one call from the
// seeded generator.
func (s *Server) decide() injection {
	var in injection
	o := &s.opts
	if o.Latency == 0 && o.LatencyJitter == 0 && o.ErrorRate == 0 && o.DropRate == 0 {
		return in
	}
	s.rngMu.Lock()
	defer s.rngMu.Unlock()
	in.latency = o.Latency
	if o.LatencyJitter > 0 {
		in.latency += time.Duration(s.rng.Int64N(int64(o.LatencyJitter) + 1))
	}
	if o.ErrorRate > 0 {
		in.fail = s.rng.Float64() < o.ErrorRate
	}
	if o.DropRate > 0 && !in.fail {
		in.drop = s.rng.Float64() < o.DropRate
	}
	return in
}
