package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"path"
	"strconv"
	"strings"
	"sync"

	"github.com/namepipe/namepipe/nameapi"
)

// opFunc runs one operation: it returns the result to send (a string is
// sent as text, anything else as JSON) or an error (a *requestError for
// input the server refuses itself, anything else from the service).
type opFunc func(r *http.Request) (any, error)

// route is one path of the server.
type route struct {
	op      string
	soap    bool
	methods map[string]opFunc
	allow   string
}

// requestError is input the server refuses before calling the service.
type requestError struct{ a answer }

func (e *requestError) Error() string { return e.a.fault.Message }

func invalid(format string, args ...any) error {
	return &requestError{a: faultAnswer(badRequest(fmt.Sprintf(format, args...)))}
}

func (s *Server) buildRoutes() map[string]*route {
	rt := map[string]*route{}
	add := func(key, op string, soap bool, methods map[string]opFunc) {
		r := &route{op: op, soap: soap, methods: methods}
		var allow []string
		for _, m := range []string{http.MethodGet, http.MethodHead, http.MethodPost} {
			if _, ok := methods[m]; ok {
				allow = append(allow, m)
			}
		}
		allow = append(allow, http.MethodOptions)
		r.allow = strings.Join(allow, ", ")
		rt[key] = r
	}
	get := func(f opFunc) map[string]opFunc {
		return map[string]opFunc{http.MethodGet: f, http.MethodHead: f}
	}
	post := func(f opFunc) map[string]opFunc { return map[string]opFunc{http.MethodPost: f} }
	rest := func(e *nameapi.Wire, methods map[string]opFunc) { add(s.prefix+e.Path, e.Name(), false, methods) }
	soap := func(e *nameapi.Wire, f opFunc) {
		add(e.SOAPPath, e.SOAPName(), true, map[string]opFunc{http.MethodPost: f, http.MethodGet: nil, http.MethodHead: nil})
	}

	rest(nameapi.EndpointPing, get(s.ping))
	rest(&nameapi.EndpointPersonNameParser.Wire, post(withBody(s, nameapi.EndpointPersonNameParser, false)))
	rest(&nameapi.EndpointPersonGenderizer.Wire, post(withBody(s, nameapi.EndpointPersonGenderizer, false)))
	rest(&nameapi.EndpointRiskDetector.Wire, post(withBody(s, nameapi.EndpointRiskDetector, false)))
	rest(&nameapi.EndpointPersonMatcher.Wire, post(withBody(s, nameapi.EndpointPersonMatcher, false)))
	rest(&nameapi.EndpointPersonNameFormatter.Wire, post(withBody(s, nameapi.EndpointPersonNameFormatter, false)))
	rest(&nameapi.EndpointDisposableEmailDetector.Wire, get(withQuery(s, nameapi.EndpointDisposableEmailDetector)))
	emailGet := get(s.emailNameGet)
	emailGet[http.MethodPost] = withBody(s, nameapi.EndpointEmailNameParser, true)
	rest(&nameapi.EndpointEmailNameParser.Wire, emailGet)
	rest(&nameapi.EndpointEmailDomainTypeClassifier.Wire, get(withQuery(s, nameapi.EndpointEmailDomainTypeClassifier)))
	rest(nameapi.EndpointExceptionThrower, get(s.throw))

	soap(&nameapi.EndpointEmailDomainTypeClassifier.Wire, s.soapClassify)
	soap(nameapi.EndpointSOAPPinger, s.soapPing)
	return rt
}

// lookup finds the route of a request path, tolerating a trailing slash
// and doubled slashes.
func (s *Server) lookup(p string) *route {
	if rt, ok := s.routes[p]; ok {
		return rt
	}
	if c := path.Clean(p); c != p {
		return s.routes[c]
	}
	return nil
}

func isSOAPPath(p string) bool { return strings.HasPrefix(p, "/soap/") }

// dispatch routes a request through method check, key check, rate limit
// and fault injection to its operation, and writes the answer.
func (s *Server) dispatch(w http.ResponseWriter, r *http.Request) {
	s.stats.requests.Add(1)
	if r.URL.Path == "/healthz" {
		s.healthz(w, r)
		return
	}
	rt := s.lookup(r.URL.Path)
	if rt == nil {
		a := faultAnswer(newFault(http.StatusNotFound, nameapi.FaultBadRequest, nameapi.BlameClient,
			"No such resource: "+r.URL.Path, nameapi.RetryNo))
		s.writeError(w, r, isSOAPPath(r.URL.Path), a)
		return
	}
	op, allowed := rt.methods[r.Method]
	if r.Method == http.MethodOptions {
		w.Header().Set("Allow", rt.allow)
		w.WriteHeader(http.StatusNoContent)
		return
	}
	if !allowed {
		w.Header().Set("Allow", rt.allow)
		a := faultAnswer(newFault(http.StatusMethodNotAllowed, nameapi.FaultBadRequest, nameapi.BlameClient,
			fmt.Sprintf("Method %s is not allowed on %s; allowed: %s.", r.Method, r.URL.Path, rt.allow), nameapi.RetryNo))
		s.writeError(w, r, rt.soap, a)
		return
	}
	if rt.soap && op == nil {
		s.serveWSDL(w, r, rt)
		return
	}
	if r.Method == http.MethodPost && !mediaTypeOK(r, rt.soap) {
		s.writeError(w, r, rt.soap, unsupportedMediaType(r, rt.soap))
		return
	}
	q := r.URL.Query()
	if key := q.Get("apiKey"); !s.keyOK(key) {
		s.stats.unauthorized.Add(1)
		s.writeError(w, r, rt.soap, accessDenied(key))
		return
	}
	envelope := false
	if !rt.soap {
		if v := q.Get("envelope"); v != "" {
			b, err := strconv.ParseBool(v)
			if err != nil {
				s.writeError(w, r, false, faultAnswer(badRequest("The query parameter envelope must be true or false.")))
				return
			}
			envelope = b
		}
	}
	if s.limiter != nil && !s.limiter.Allow() {
		s.stats.rateLimited.Add(1)
		s.writeError(w, r, rt.soap, s.rateLimited())
		return
	}
	ctx, cancel := s.callContext(r.Context())
	defer cancel()
	r = r.WithContext(ctx)
	in := s.decide()
	if in.fail {
		if in.latency > 0 {
			// net/http notices a client that went away (and cancels the
			// request's context) only once the request body has been read
			// to its end: read it before waiting, or a POST waits out the
			// whole latency after its client gave up.
			drain(w, r, s.opts.MaxBodyBytes)
			if err := s.wait(ctx, in.latency); err != nil {
				s.writeError(w, r, rt.soap, s.answerFor(r, rt.op, err))
				return
			}
		}
		s.stats.injected.Add(1)
		s.writeError(w, r, rt.soap, s.injectedError())
		return
	}
	res, err := s.call(w, r, op, rt.soap)
	if err == nil && in.latency > 0 {
		// The latency comes after the work, so that a waiting call holds
		// its answer only, not its body nor a place among the calls in
		// flight.
		err = s.wait(ctx, in.latency)
	}
	if err != nil {
		s.writeError(w, r, rt.soap, s.answerFor(r, rt.op, err))
		return
	}
	if in.drop {
		s.stats.dropped.Add(1)
	}
	if rt.soap {
		s.writeSOAP(w, res, in.drop)
		return
	}
	s.writeResult(w, res, envelope, in.drop)
}

func (s *Server) healthz(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		writeFault(w, faultAnswer(newFault(http.StatusMethodNotAllowed, nameapi.FaultBadRequest, nameapi.BlameClient,
			"Method "+r.Method+" is not allowed on /healthz.", nameapi.RetryNo)))
		return
	}
	writeText(w, http.StatusOK, "ok", false)
}

// writeError writes an error answer as a REST fault or a SOAP fault.
func (s *Server) writeError(w http.ResponseWriter, r *http.Request, soap bool, a answer) {
	if a.fault == nil {
		a = s.internalError(r, "", errors.New("error answer without fault"))
	}
	if soap {
		writeSOAPFault(w, r.URL.Path, a)
		return
	}
	writeFault(w, a)
}

func tooLarge(limit int64) answer {
	return faultAnswer(newFault(http.StatusRequestEntityTooLarge, nameapi.FaultBadRequest, nameapi.BlameClient,
		fmt.Sprintf("The request body is larger than %d bytes.", limit), nameapi.RetryNo))
}

// writeResult writes a successful REST answer: text for strings, JSON for
// everything else, wrapped in {"result": ...} when envelope is true.
func (s *Server) writeResult(w http.ResponseWriter, res any, envelope, drop bool) {
	if text, ok := res.(string); ok && !envelope {
		writeText(w, http.StatusOK, text, drop)
		return
	}
	res = normalize(res)
	if envelope {
		res = struct {
			Result any `json:"result"`
		}{res}
	}
	writeJSONDrop(w, http.StatusOK, res, drop)
}

var bufPool = sync.Pool{New: func() any { return new(bytes.Buffer) }}

func writeJSON(w http.ResponseWriter, status int, v any) { writeJSONDrop(w, status, v, false) }

// writeJSONDrop encodes v and writes it with its length; with drop it sends
// only the first half and aborts the connection.
func writeJSONDrop(w http.ResponseWriter, status int, v any, drop bool) {
	buf := bufPool.Get().(*bytes.Buffer)
	buf.Reset()
	defer bufPool.Put(buf)
	enc := json.NewEncoder(buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		// Only unencodable values (NaN scores) get here.
		buf.Reset()
		status = http.StatusInternalServerError
		_ = json.NewEncoder(buf).Encode(newFault(status, nameapi.FaultInternalServerError, nameapi.BlameServer,
			"The result could not be encoded as JSON.", ""))
	}
	writeBody(w, status, "application/json", buf.Bytes(), drop)
}

func writeText(w http.ResponseWriter, status int, text string, drop bool) {
	writeBody(w, status, "text/plain; charset=utf-8", []byte(text), drop)
}

func writeBody(w http.ResponseWriter, status int, contentType string, body []byte, drop bool) {
	h := w.Header()
	h.Set("Content-Type", contentType)
	h.Set("Content-Length", strconv.Itoa(len(body)))
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	if !drop {
		_, _ = w.Write(body)
		return
	}
	_, _ = w.Write(body[:len(body)/2])
	_ = http.NewResponseController(w).Flush()
	panic(http.ErrAbortHandler)
}

// readBody reads the request body, telling an oversized body (413) from a
// failed read.
func readBody(r *http.Request) ([]byte, error) {
	if r.Body == nil {
		return nil, nil
	}
	if lb, ok := r.Body.(loadedBody); ok {
		return lb.data, nil
	}
	data, err := io.ReadAll(r.Body)
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return nil, &requestError{a: tooLarge(mbe.Limit)}
		}
		return nil, invalid("The request body could not be read: %v.", err)
	}
	return data, nil
}

// decodeBody decodes a JSON body into dst. An empty body or a bare null
// leaves dst as it is unless required. Unknown fields are ignored.
func decodeBody(r *http.Request, dst any, required bool) error {
	data, err := readBody(r)
	if err != nil {
		return err
	}
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 || string(trimmed) == "null" {
		if required {
			return invalid("The request body is required: a JSON object.")
		}
		return nil
	}
	if err := json.Unmarshal(trimmed, dst); err != nil {
		return invalid("%s", jsonErrorMessage(err))
	}
	return nil
}

// jsonErrorMessage says what is wrong with a JSON body.
func jsonErrorMessage(err error) string {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		return fmt.Sprintf("Malformed JSON in the request body at byte %d: %s.", se.Offset, se.Error())
	case errors.As(err, &te):
		where := te.Field
		if where == "" {
			where = "the top level"
		}
		return fmt.Sprintf("Invalid JSON in the request body: %s must not be a JSON %s (at byte %d).", where, te.Value, te.Offset)
	}
	return "Invalid JSON in the request body: " + err.Error() + "."
}

// ---------------------------------------------------------------------------
// REST operations

func (s *Server) ping(r *http.Request) (any, error) {
	if err := s.svc.Ping(r.Context()); err != nil {
		return nil, err
	}
	return "pong", nil
}

// withBody serves e with its input decoded from the JSON body (which may
// be empty unless required).
func withBody[In, Out any](s *Server, e *nameapi.Endpoint[*In, Out], required bool) opFunc {
	return func(r *http.Request) (any, error) {
		var in In
		if err := decodeBody(r, &in, required); err != nil {
			return nil, err
		}
		if err := s.checkNames(&in); err != nil {
			return nil, err
		}
		return nonNil(e.Call(s.svc, r.Context(), &in))
	}
}

// withQuery serves e with its input taken from its query parameter.
func withQuery[Out any](s *Server, e *nameapi.Endpoint[string, Out]) opFunc {
	return func(r *http.Request) (any, error) {
		return nonNil(e.Call(s.svc, r.Context(), r.URL.Query().Get(e.Query)))
	}
}

// emailNameGet serves the GET form of the email name parser: the address
// in the query, no context.
func (s *Server) emailNameGet(r *http.Request) (any, error) {
	e := nameapi.EndpointEmailNameParser
	in := &nameapi.InputWithEmail{EmailAddress: r.URL.Query().Get(e.Query)}
	return nonNil(e.Call(s.svc, r.Context(), in))
}

func (s *Server) throw(r *http.Request) (any, error) {
	q := r.URL.Query()
	typ := q.Get("exceptionType")
	if typ == "" {
		return nil, invalid("The query parameter exceptionType is required.")
	}
	if !q.Has("exceptionChance") {
		return nil, invalid("The query parameter exceptionChance is required.")
	}
	chance, err := strconv.Atoi(strings.TrimSpace(q.Get("exceptionChance")))
	if err != nil {
		return nil, invalid("The query parameter exceptionChance must be an integer from 0 to 100.")
	}
	if chance < 0 || chance > 100 {
		return nil, invalid("The query parameter exceptionChance must be from 0 to 100, not %d.", chance)
	}
	if err := s.svc.ThrowException(r.Context(), typ, chance); err != nil {
		return nil, err
	}
	return "OK", nil
}

// errNoResult is the error of a backend that returned neither a result nor
// an error.
var errNoResult = errors.New("the service returned no result")

// nonNil passes a result on, turning a nil result without error into an
// internal error.
func nonNil[T any](v *T, err error) (any, error) {
	if err != nil {
		return nil, err
	}
	if v == nil {
		return nil, errNoResult
	}
	return v, nil
}
