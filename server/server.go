// Package server serves any nameapi.Service over the wire format of the
// name-processing web service: the REST/JSON interface v5.3 (under
// /rest/v5.3 by default) and the SOAP services of the email domain type
// classifier and the pinger. It knows the wire format, not the backend: the
// offline engine and the remote client are served alike.
//
// # REST
//
// Every endpoint of section 4.1 of the interface is served with its method
// (GET endpoints also answer HEAD; OPTIONS answers 204 with Allow; any other
// method gets 405 with an Allow header and a fault body). Request bodies are
// decoded leniently, as the official clients need: unknown fields are
// ignored, explicit null is accepted for any field, and the person's age is
// read from "age" or "ageInfo". An empty body counts as an empty input
// (bodies are optional in the interface), except for POST
// /email/emailnameparser, whose body is required.
//
// Every non-200 answer carries the service's JSON fault body (nameapi.Fault)
// with faultCause, blame, message, httpStatusCode and httpStatusMeaning.
// Malformed JSON and a bad query parameter give 400 BadRequest; a body
// larger than Options.MaxBodyBytes (a SOAP body larger than 64 KiB) gives
// 413; an unknown path 404; a POST
// body that is not JSON (REST) or XML (SOAP) 415; more name fields or name
// text than Options.MaxNameFields or MaxNameBytes 400. Errors of
// the Service are sent as follows: a *nameapi.Error with a Fault sends that
// fault with its HTTPStatus; one without a Fault gets a fault built from its
// status (timeouts of a remote backend give 504, network failures 502);
// any other error gives 500 InternalServerError with a generic message and
// an incidentId that is logged with the real error. A panic in a handler
// gives the same 500 answer and the server keeps serving.
//
// Results are sent as application/json with every field the official
// clients read unconditionally; nil slices a backend returns (matches,
// parserDisputes, terms, risks, nameMatches, givenNames, surnames) are sent
// as [] rather than null. Ping answers the text "pong" and the exception
// thrower's success the text "OK" (text/plain).
//
// The query parameter envelope=true asks for an envelope (its structure is
// not shown by the interface). This server then answers 200 with
// {"result": R}, where R is the result that would otherwise be the whole
// body (for ping and the exception thrower the JSON strings "pong" and
// "OK"). Errors are never wrapped: they keep their status and fault body.
// A value of envelope that is not a boolean gives 400.
//
// The extra REST endpoint GET /email/emaildomaintypeclassifier?emailAddress=
// answers the classification of the SOAP classify operation as
// EmailDomainTypeClassifierResult JSON.
//
// # SOAP
//
// POST /soap/v4.0/email/emaildomaintypeclassifier (operation classify) and
// POST /soap/v4.0/system/pinger (operation ping) take SOAP 1.1
// document/literal envelopes; elements are matched by local name in any
// namespace. GET on either path with the query ?wsdl serves its WSDL 1.1
// description whose address is the URL the request came to. The API key,
// when keys are configured, is the query parameter apiKey as for REST.
// Errors are SOAP 1.1 faults with HTTP status 500 (transport-level 404,
// 405, 413, 415, 429 and 503 keep their status) whose detail holds one of
// AccessDeniedWebServiceException, InvalidInputWebServiceException
// (invalid input or a malformed envelope) or
// InternalServerErrorWebServiceException.
//
// # API keys
//
// When Options.APIKeys is not empty, every REST and SOAP call must carry
// one of the keys in the query parameter apiKey; otherwise the answer is
// 401 AccessDenied ("No such account"), or the SOAP access-denied fault. Keys
// are compared in constant time over all configured keys (SHA-256 digests
// compared with crypto/subtle, without early exit). The key never appears in
// logs or answers. The WSDL documents and /healthz need no key.
//
// # Fault injection
//
// For load and fault tests the server can add latency (Options.Latency plus
// a uniform jitter up to Options.LatencyJitter), fail a share of calls
// (Options.ErrorRate with Options.ErrorStatus 500, 503 or 429; 503 and 429
// carry Retry-After), drop a share of connections in the middle of the
// answer (Options.DropRate) and limit the request rate (Options.RateLimit,
// 429 beyond). Random decisions come from a generator seeded with
// Options.Seed, so a sequence of calls fails the same way on every run.
// Injection applies to operation calls only, after the key check; it never
// applies to the WSDL documents or /healthz.
//
// # Limits
//
// At most Options.MaxInFlight operation calls are worked on at once and
// at most Options.MaxBodies request bodies are held; a call waits up to
// Options.QueueWait for a place, then gets 503 with Retry-After. Serve
// refuses an address other than loopback without API keys (ErrExposed),
// and answers calls still in flight near the end of a graceful shutdown
// with 503 instead of cutting them. limits.go and call.go hold this.
//
// # Size
//
// One package: REST, SOAP (with its WSDL), faults, key checks and the fault-injection
// middleware are one HTTP surface that shares one handler chain.
package server

import (
	"bufio"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/time/rate"

	"github.com/namepipe/namepipe/nameapi"
)

// Defaults of Options.
const (
	DefaultPrefix            = nameapi.RESTVersionSegment
	DefaultMaxBodyBytes      = 1 << 20
	DefaultReadHeaderTimeout = 10 * time.Second
	DefaultReadTimeout       = 30 * time.Second
	DefaultWriteTimeout      = 60 * time.Second
	DefaultIdleTimeout       = 120 * time.Second
	DefaultShutdownTimeout   = 10 * time.Second
	DefaultRetryAfter        = time.Second
	DefaultMaxHeaderBytes    = 64 << 10
	DefaultQueueWait         = time.Second
	DefaultMaxNameFields     = 64
	DefaultMaxNameBytes      = 16 << 10
)

// DefaultMaxInFlight is the default of Options.MaxInFlight: four calls per
// core the process may use, enough to keep the cores busy while some calls
// read their bodies or write their answers.
func DefaultMaxInFlight() int { return 4 * runtime.GOMAXPROCS(0) }

// Options configure a Server. The zero value is a working server without
// key check, limits at their defaults and no fault injection.
type Options struct {
	// Logger receives the access log and error reports; nil logs nothing.
	Logger *slog.Logger

	// Prefix is the path of the REST base, DefaultPrefix ("/rest/v5.3")
	// when empty.
	Prefix string

	// APIKeys are the accepted API keys; empty means no key check (but see
	// RequireKey). LoadKeys reads them from a file.
	APIKeys []string
	// RequireKey makes a non-empty apiKey parameter mandatory even when
	// APIKeys is empty (any key is then accepted).
	RequireKey bool

	// MaxBodyBytes limits request bodies; larger bodies get 413.
	// DefaultMaxBodyBytes (1 MiB) when zero.
	MaxBodyBytes int64

	// Timeouts of the http.Server; the defaults apply when zero.
	ReadTimeout       time.Duration
	ReadHeaderTimeout time.Duration
	WriteTimeout      time.Duration
	IdleTimeout       time.Duration
	// RequestTimeout bounds the work on one request (injected latency and
	// the service call); past it the answer is 503 and the context passed
	// to the service is cancelled. WriteTimeout when zero, since an answer
	// later than that cannot be written anyway.
	RequestTimeout time.Duration
	// MaxHeaderBytes limits request headers; DefaultMaxHeaderBytes when zero.
	MaxHeaderBytes int

	// MaxInFlight bounds the operation calls worked on at once (decoding
	// the body, the service call); DefaultMaxInFlight() when zero.
	MaxInFlight int
	// MaxBodies bounds the request bodies held in memory at once (being
	// read, waiting for a place among the calls in flight, or worked on);
	// 4 × MaxInFlight when zero. Memory for bodies is thus at most
	// MaxBodies × MaxBodyBytes.
	MaxBodies int
	// QueueWait is how long a call waits for a place (for its body, then
	// among the calls in flight) before it gets 503 with Retry-After;
	// DefaultQueueWait when zero.
	QueueWait time.Duration
	// MaxNameFields and MaxNameBytes bound the name fields of one request
	// and the bytes of their text (summed over both people of the
	// matcher); a request over either gets 400. DefaultMaxNameFields and
	// DefaultMaxNameBytes when zero.
	MaxNameFields int
	MaxNameBytes  int

	// AllowExposed lets Serve listen on an address other than loopback
	// without APIKeys. Without it, Serve refuses with ErrExposed.
	AllowExposed bool
	// ShutdownTimeout bounds the graceful shutdown of Serve and
	// ListenAndServe after their context is cancelled; connections still
	// open then are closed. DefaultShutdownTimeout when zero.
	ShutdownTimeout time.Duration

	// Latency is added to every operation call, plus a uniformly random
	// extra of up to LatencyJitter. The wait ends early when the request's
	// context ends (the client went away).
	Latency       time.Duration
	LatencyJitter time.Duration

	// ErrorRate is the share (0..1) of operation calls that fail with
	// ErrorStatus instead of reaching the service.
	ErrorRate float64
	// ErrorStatus is the status of injected failures: 500 (default), 503
	// or 429. 503 and 429 carry a Retry-After header of RetryAfter.
	ErrorStatus int
	// RetryAfter is the Retry-After of injected 503/429 and of rate-limited
	// calls, rounded up to whole seconds; DefaultRetryAfter when zero.
	RetryAfter time.Duration
	// DropRate is the share (0..1) of operation calls whose connection is
	// closed after the headers and half of the body were sent.
	DropRate float64
	// Seed seeds the generator of injected latency, errors and drops.
	Seed uint64

	// RateLimit is the number of operation calls per second accepted in
	// total; calls beyond it get 429 with Retry-After. Zero means no limit.
	RateLimit float64
	// RateBurst is the burst of the rate limit; the ceiling of RateLimit
	// (at least 1) when zero.
	RateBurst int
}

// Validate reports options that New would have to correct: negative
// limits, rates outside 0..1, an unsupported ErrorStatus, an empty key or a
// prefix that does not start with "/".
func (o Options) Validate() error {
	var errs []error
	if o.Prefix != "" && (!strings.HasPrefix(o.Prefix, "/") || o.Prefix == "/") {
		errs = append(errs, fmt.Errorf("prefix %q must start with / and not be /", o.Prefix))
	}
	if o.MaxBodyBytes < 0 {
		errs = append(errs, fmt.Errorf("max body bytes %d is negative", o.MaxBodyBytes))
	}
	if o.ReadTimeout < 0 || o.ReadHeaderTimeout < 0 || o.WriteTimeout < 0 || o.IdleTimeout < 0 || o.ShutdownTimeout < 0 || o.RequestTimeout < 0 {
		errs = append(errs, errors.New("timeouts must not be negative"))
	}
	if o.MaxInFlight < 0 || o.MaxBodies < 0 || o.QueueWait < 0 || o.MaxNameFields < 0 || o.MaxNameBytes < 0 {
		errs = append(errs, errors.New("max in flight, max bodies, queue wait, max name fields and max name bytes must not be negative"))
	}
	if o.Latency < 0 || o.LatencyJitter < 0 {
		errs = append(errs, errors.New("latency and jitter must not be negative"))
	}
	if o.ErrorRate < 0 || o.ErrorRate > 1 {
		errs = append(errs, fmt.Errorf("error rate %v is outside 0..1", o.ErrorRate))
	}
	if o.DropRate < 0 || o.DropRate > 1 {
		errs = append(errs, fmt.Errorf("drop rate %v is outside 0..1", o.DropRate))
	}
	switch o.ErrorStatus {
	case 0, http.StatusInternalServerError, http.StatusServiceUnavailable, http.StatusTooManyRequests:
	default:
		errs = append(errs, fmt.Errorf("error status %d is not one of 500, 503, 429", o.ErrorStatus))
	}
	if o.RetryAfter < 0 {
		errs = append(errs, errors.New("retry-after must not be negative"))
	}
	if o.RateLimit < 0 || o.RateBurst < 0 {
		errs = append(errs, errors.New("rate limit and burst must not be negative"))
	}
	for i, k := range o.APIKeys {
		if strings.TrimSpace(k) == "" {
			errs = append(errs, fmt.Errorf("API key #%d is empty", i+1))
		}
	}
	return errors.Join(errs...)
}

// LoadKeys reads API keys from a file: one key per line, surrounding blanks
// trimmed, empty lines and lines starting with # ignored. It fails when the
// file holds no key. Errors never contain a key.
func LoadKeys(path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("read API keys: %w", err)
	}
	defer f.Close()
	var keys []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 4096), 64<<10)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		keys = append(keys, line)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("read API keys from %s: %w", path, err)
	}
	if len(keys) == 0 {
		return nil, fmt.Errorf("read API keys: %s holds no key", path)
	}
	return keys, nil
}

// Stats counts what the server did since it was created.
type Stats struct {
	// Requests is every request received, /healthz and WSDL included.
	Requests uint64
	// Calls is the operation calls that passed the key check, the rate
	// limit, fault injection and admission (a place among the calls in
	// flight); the service is called for each unless the server refuses
	// its input (malformed JSON, too many name fields).
	Calls uint64
	// Unauthorized is the calls refused by the key check.
	Unauthorized uint64
	// RateLimited is the calls refused by the rate limit.
	RateLimited uint64
	// InjectedErrors is the calls failed by ErrorRate.
	InjectedErrors uint64
	// Dropped is the calls whose connection was dropped by DropRate.
	Dropped uint64
	// Panics is the handler panics recovered.
	Panics uint64
	// Busy is the calls answered 503 because no place came free within
	// Options.QueueWait.
	Busy uint64
	// Cut is the calls answered 503 because the shutdown deadline came
	// before they were done.
	Cut uint64
}

// Server serves a nameapi.Service over REST and SOAP. Create it with New;
// it is safe for concurrent use.
type Server struct {
	svc     nameapi.Service
	opts    Options
	log     *slog.Logger
	prefix  string
	keys    [][sha256.Size]byte
	limiter *rate.Limiter
	handler http.Handler
	routes  map[string]*route

	rngMu sync.Mutex
	rng   *rand.Rand

	// wait is the latency wait; tests replace it to observe durations.
	wait func(ctx context.Context, d time.Duration) error
	// onShutdown, when set, is called as a graceful shutdown begins (tests).
	onShutdown func()

	// bodies and work admit the calls (see call).
	bodies, work gate
	// hard ends when the shutdown deadline is near; calls still in flight
	// are then answered 503.
	hard atomic.Pointer[context.Context]

	stats struct {
		requests, calls, unauthorized, rateLimited, injected, dropped, panics, busy, cut atomic.Uint64
	}
}

// New returns a server of svc. Options that Validate rejects are corrected
// (rates clamped to 0..1, an unsupported ErrorStatus becomes 500, negative
// values count as zero, empty keys are ignored); call Validate first to
// report them.
func New(svc nameapi.Service, opts Options) *Server {
	o := opts
	if o.Prefix == "" || !strings.HasPrefix(o.Prefix, "/") || o.Prefix == "/" {
		o.Prefix = DefaultPrefix
	}
	o.Prefix = strings.TrimRight(o.Prefix, "/")
	if o.MaxBodyBytes <= 0 {
		o.MaxBodyBytes = DefaultMaxBodyBytes
	}
	o.ReadTimeout = orDefault(o.ReadTimeout, DefaultReadTimeout)
	o.ReadHeaderTimeout = orDefault(o.ReadHeaderTimeout, DefaultReadHeaderTimeout)
	o.WriteTimeout = orDefault(o.WriteTimeout, DefaultWriteTimeout)
	o.IdleTimeout = orDefault(o.IdleTimeout, DefaultIdleTimeout)
	o.ShutdownTimeout = orDefault(o.ShutdownTimeout, DefaultShutdownTimeout)
	o.RequestTimeout = orDefault(o.RequestTimeout, o.WriteTimeout)
	o.RetryAfter = orDefault(o.RetryAfter, DefaultRetryAfter)
	if o.MaxHeaderBytes <= 0 {
		o.MaxHeaderBytes = DefaultMaxHeaderBytes
	}
	if o.MaxInFlight <= 0 {
		o.MaxInFlight = DefaultMaxInFlight()
	}
	if o.MaxBodies <= 0 {
		o.MaxBodies = 4 * o.MaxInFlight
	}
	o.QueueWait = orDefault(o.QueueWait, DefaultQueueWait)
	if o.MaxNameFields <= 0 {
		o.MaxNameFields = DefaultMaxNameFields
	}
	if o.MaxNameBytes <= 0 {
		o.MaxNameBytes = DefaultMaxNameBytes
	}
	o.Latency = max(o.Latency, 0)
	o.LatencyJitter = max(o.LatencyJitter, 0)
	o.ErrorRate = min(max(o.ErrorRate, 0), 1)
	o.DropRate = min(max(o.DropRate, 0), 1)
	switch o.ErrorStatus {
	case http.StatusInternalServerError, http.StatusServiceUnavailable, http.StatusTooManyRequests:
	default:
		o.ErrorStatus = http.StatusInternalServerError
	}
	s := &Server{
		svc:    svc,
		opts:   o,
		log:    o.Logger,
		prefix: o.Prefix,
		rng:    rand.New(rand.NewPCG(o.Seed, o.Seed^0x9e3779b97f4a7c15)),
		wait:   nameapi.Sleep,
		bodies: make(gate, o.MaxBodies),
		work:   make(gate, o.MaxInFlight),
	}
	never := context.Background()
	s.hard.Store(&never)
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	for _, k := range o.APIKeys {
		if k = strings.TrimSpace(k); k != "" {
			s.keys = append(s.keys, sha256.Sum256([]byte(k)))
		}
	}
	if o.RateLimit > 0 {
		burst := o.RateBurst
		if burst <= 0 {
			burst = max(1, int(o.RateLimit+0.999999))
		}
		s.limiter = rate.NewLimiter(rate.Limit(o.RateLimit), burst)
	}
	s.routes = s.buildRoutes()
	s.handler = s.recoverPanics(s.accessLog(http.HandlerFunc(s.dispatch)))
	return s
}

func orDefault(d, def time.Duration) time.Duration {
	if d <= 0 {
		return def
	}
	return d
}

// Handler returns the HTTP handler of the server, for use in another
// http.Server or in tests.
func (s *Server) Handler() http.Handler { return s.handler }

// Prefix returns the path of the REST base, such as "/rest/v5.3".
func (s *Server) Prefix() string { return s.prefix }

// Stats returns the counters of the server.
func (s *Server) Stats() Stats {
	return Stats{
		Requests:       s.stats.requests.Load(),
		Calls:          s.stats.calls.Load(),
		Unauthorized:   s.stats.unauthorized.Load(),
		RateLimited:    s.stats.rateLimited.Load(),
		InjectedErrors: s.stats.injected.Load(),
		Dropped:        s.stats.dropped.Load(),
		Panics:         s.stats.panics.Load(),
		Busy:           s.stats.busy.Load(),
		Cut:            s.stats.cut.Load(),
	}
}

// HTTPServer returns an http.Server of the handler with the timeouts and
// limits of the options, for callers that run it themselves.
func (s *Server) HTTPServer() *http.Server {
	return &http.Server{
		Handler:           s.handler,
		ReadTimeout:       s.opts.ReadTimeout,
		ReadHeaderTimeout: s.opts.ReadHeaderTimeout,
		WriteTimeout:      s.opts.WriteTimeout,
		IdleTimeout:       s.opts.IdleTimeout,
		MaxHeaderBytes:    s.opts.MaxHeaderBytes,
		ErrorLog:          slog.NewLogLogger(s.log.Handler(), slog.LevelWarn),
	}
}

// ListenAndServe listens on the TCP address addr and serves until ctx is
// cancelled, then shuts down gracefully (see Serve).
func (s *Server) ListenAndServe(ctx context.Context, addr string) error {
	var lc net.ListenConfig
	ln, err := lc.Listen(ctx, "tcp", addr)
	if err != nil {
		return fmt.Errorf("serve: listen on %s: %w", addr, err)
	}
	return s.Serve(ctx, ln)
}

// Serve serves on ln until ctx is cancelled. It then stops accepting
// connections and lets requests in flight complete for up to
// Options.ShutdownTimeout. Calls still in flight shortly before that
// deadline (see shutdownMargin) are answered 503 with Retry-After, so that
// every client gets an answer and the access log records what was sent;
// connections still open at the deadline are closed. Serve returns nil
// after a shutdown in which every request was answered, and an error when
// serving fails or connections had to be closed.
//
// Serve refuses an address other than loopback when no API key is
// configured (ErrExposed), unless Options.AllowExposed is set. Serve
// closes ln.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	if err := s.checkExposed(ln.Addr()); err != nil {
		_ = ln.Close()
		return err
	}
	hard, stopAll := context.WithCancel(context.Background())
	defer stopAll()
	s.hard.Store(&hard)
	hs := s.HTTPServer()
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	s.log.Info("serving", "addr", ln.Addr().String(), "rest", s.prefix,
		"maxInFlight", s.opts.MaxInFlight, "queueWait", s.opts.QueueWait)
	select {
	case err := <-errc:
		return fmt.Errorf("serve on %s: %w", ln.Addr(), err)
	case <-ctx.Done():
	}
	s.log.Info("shutting down", "timeout", s.opts.ShutdownTimeout)
	if s.onShutdown != nil {
		s.onShutdown()
	}
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), s.opts.ShutdownTimeout)
	defer cancel()
	cutBefore := s.stats.cut.Load()
	t := time.AfterFunc(s.opts.ShutdownTimeout-shutdownMargin(s.opts.ShutdownTimeout), stopAll)
	defer t.Stop()
	err := hs.Shutdown(sctx)
	if n := s.stats.cut.Load() - cutBefore; n > 0 {
		s.log.Warn("shutdown: calls still in flight near the deadline were answered 503", "calls", n)
	}
	if err != nil {
		_ = hs.Close()
		return fmt.Errorf("serve: graceful shutdown: %w", err)
	}
	if err := <-errc; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("serve on %s: %w", ln.Addr(), err)
	}
	s.log.Info("stopped")
	return nil
}
