package nameapi

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// Defaults of ClientConfig.
const (
	// DefaultTimeout is the per-request time limit when ClientConfig.Timeout is zero.
	DefaultTimeout = 30 * time.Second
	// DefaultMaxConns is the keep-alive pool size when ClientConfig.MaxConns is zero.
	DefaultMaxConns = 16
	// DefaultMaxResponseBytes is the largest response body the client reads
	// when ClientConfig.MaxResponseBytes is zero.
	DefaultMaxResponseBytes = 16 << 20
	// DefaultUserAgent is the User-Agent header when ClientConfig.UserAgent is empty.
	DefaultUserAgent = "namepipe-nameapi-client/1"
)

// RedactedKey replaces the API key wherever it would appear in text (in
// this package's errors and logs, and in the error column of a run).
const RedactedKey = "REDACTED"

// ClientConfig configures a Client. The zero value (plus an APIKey) talks
// to the public service.
type ClientConfig struct {
	// BaseURL is the REST base address including the version segment, such
	// as https://api.nameapi.org/rest/v5.3 (the default, RESTDefaultBase).
	// Scheme, host, port and version segment may all be changed, for
	// example http://127.0.0.1:8080/rest/v5.3 for `namepipe serve`.
	BaseURL string
	// SOAPBaseURL is the SOAP base address, whose paths begin with
	// /soap/v<version>/. When empty it is SOAPDefaultBase if BaseURL is
	// empty too, else the scheme, host and port of BaseURL (so that a local
	// server answers both interfaces).
	SOAPBaseURL string
	// APIKey is sent as the apiKey query parameter; omitted when empty. It
	// never appears in errors or logs.
	APIKey string
	// Timeout limits each request, body included. Zero means
	// DefaultTimeout; a negative value means no limit besides the context.
	Timeout time.Duration
	// MaxConns sizes the keep-alive pool (MaxIdleConnsPerHost); set it to
	// the number of workers. Zero means DefaultMaxConns.
	MaxConns int
	// HTTPClient, when set, is used as is instead of the client's own
	// pooled http.Client (MaxConns then has no effect).
	HTTPClient *http.Client
	// UserAgent is the User-Agent header; DefaultUserAgent when empty.
	UserAgent string
	// Logger receives one debug line per call (operation, URL without the
	// key, status, duration). Nil means no logging.
	Logger *slog.Logger
	// EnvelopeOnEveryCall sends envelope=false on every REST call. By
	// default it is sent only where the interface requires the parameter
	// (the exception thrower and POST /email/emailnameparser). The client
	// never asks for the JSON envelope: its structure is not documented.
	EnvelopeOnEveryCall bool
	// MaxResponseBytes limits the size of a response body that is read;
	// zero means DefaultMaxResponseBytes.
	MaxResponseBytes int64
}

// Client is the client of the remote service: REST v5.3 for every
// operation and SOAP v4.0 for the email domain type classifier and the SOAP
// ping. It implements Service and is safe for concurrent use; share one
// Client between all workers.
type Client struct {
	base      *url.URL
	soapBase  *url.URL
	apiKey    string
	keyForms  []string
	timeout   time.Duration
	http      *http.Client
	ownHTTP   bool
	userAgent string
	log       *slog.Logger
	envAlways bool
	maxBody   int64
}

var _ Service = (*Client)(nil)

// NewClient returns a Client for cfg. It fails when a base URL is not an
// absolute http or https URL.
func NewClient(cfg ClientConfig) (*Client, error) {
	c := &Client{
		apiKey:    cfg.APIKey,
		timeout:   cfg.Timeout,
		userAgent: cfg.UserAgent,
		log:       cfg.Logger,
		envAlways: cfg.EnvelopeOnEveryCall,
		maxBody:   cfg.MaxResponseBytes,
	}
	if c.timeout == 0 {
		c.timeout = DefaultTimeout
	}
	if c.userAgent == "" {
		c.userAgent = DefaultUserAgent
	}
	if c.maxBody <= 0 {
		c.maxBody = DefaultMaxResponseBytes
	}
	c.keyForms = keyForms(cfg.APIKey)

	baseStr := cfg.BaseURL
	if baseStr == "" {
		baseStr = RESTDefaultBase
	}
	base, err := parseBaseURL(baseStr)
	if err != nil {
		return nil, fmt.Errorf("nameapi: REST base URL: %w", err)
	}
	c.base = base

	soapStr := cfg.SOAPBaseURL
	if soapStr == "" {
		if cfg.BaseURL == "" {
			soapStr = SOAPDefaultBase
		} else {
			soapStr = base.Scheme + "://" + base.Host
		}
	}
	soapBase, err := parseBaseURL(soapStr)
	if err != nil {
		return nil, fmt.Errorf("nameapi: SOAP base URL: %w", err)
	}
	c.soapBase = soapBase

	if cfg.HTTPClient != nil {
		c.http = cfg.HTTPClient
	} else {
		maxConns := cfg.MaxConns
		if maxConns <= 0 {
			maxConns = DefaultMaxConns
		}
		tr := http.DefaultTransport.(*http.Transport).Clone()
		tr.MaxIdleConns = maxConns
		tr.MaxIdleConnsPerHost = maxConns
		tr.IdleConnTimeout = 90 * time.Second
		c.http = &http.Client{Transport: tr}
		c.ownHTTP = true
	}
	return c, nil
}

// parseBaseURL checks that s is an absolute http(s) URL without query and
// returns it without a trailing slash.
func parseBaseURL(s string) (*url.URL, error) {
	u, err := url.Parse(strings.TrimSpace(s))
	if err != nil {
		return nil, fmt.Errorf("%q: %w", redactQueryString(s), err)
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return nil, fmt.Errorf("%q: scheme must be http or https", redactQueryString(s))
	}
	if u.Host == "" {
		return nil, fmt.Errorf("%q: no host", redactQueryString(s))
	}
	if u.RawQuery != "" || u.Fragment != "" {
		return nil, fmt.Errorf("%q: must not have a query or fragment", redactQueryString(s))
	}
	u.Path = strings.TrimRight(u.Path, "/")
	u.RawPath = ""
	return u, nil
}

// BaseURL returns the REST base address in use.
func (c *Client) BaseURL() string { return c.base.String() }

// SOAPBaseURL returns the SOAP base address in use.
func (c *Client) SOAPBaseURL() string { return c.soapBase.String() }

// Close releases the idle connections of the client's own pool. The Client
// stays usable. It does nothing to an HTTPClient given in the config.
func (c *Client) Close() error {
	if c.ownHTTP {
		c.http.CloseIdleConnections()
	}
	return nil
}

// ---------------------------------------------------------------------------
// Operations

// Ping calls GET /system/ping and returns nil when the service answered
// "pong" (as text or as the JSON string "pong").
func (c *Client) Ping(ctx context.Context) error {
	e := EndpointPing
	body, err := c.do(ctx, e.Name(), e.Method, e.Path, nil, e.EnvelopeParam, nil)
	if err != nil {
		return err
	}
	if s := textAnswer(body); s != "pong" {
		return &Error{Op: e.Name(), HTTPStatus: http.StatusOK, Err: fmt.Errorf("unexpected answer %q, want pong", c.snippet(body))}
	}
	return nil
}

// ParsePersonName calls POST /parser/personnameparser.
func (c *Client) ParsePersonName(ctx context.Context, in *InputWithPerson) (*PersonNameParserResult, error) {
	return post(ctx, c, EndpointPersonNameParser, in)
}

// GenderizePerson calls POST /genderizer/persongenderizer.
func (c *Client) GenderizePerson(ctx context.Context, in *InputWithPerson) (*GenderizerResult, error) {
	return post(ctx, c, EndpointPersonGenderizer, in)
}

// MatchPersons calls POST /matcher/personmatcher.
func (c *Client) MatchPersons(ctx context.Context, in *InputWithTwoPeople) (*PersonMatcherResult, error) {
	return post(ctx, c, EndpointPersonMatcher, in)
}

// FormatPersonName calls POST /formatter/personnameformatter.
func (c *Client) FormatPersonName(ctx context.Context, in *PersonNameFormatterInput) (*FormatterResult, error) {
	return post(ctx, c, EndpointPersonNameFormatter, in)
}

// ParseEmailName calls POST /email/emailnameparser (envelope=false is
// always sent: the interface requires it on this endpoint).
func (c *Client) ParseEmailName(ctx context.Context, in *InputWithEmail) (*EmailNameParserResult, error) {
	return post(ctx, c, EndpointEmailNameParser, in)
}

// ParseEmailNameGET calls GET /email/emailnameparser?emailAddress=…, the
// variant without a body (and without a context).
func (c *Client) ParseEmailNameGET(ctx context.Context, emailAddress string) (*EmailNameParserResult, error) {
	return get[EmailNameParserResult](ctx, c, &EndpointEmailNameParser.Wire, emailAddress)
}

// DetectDisposableEmail calls GET /email/disposableemailaddressdetector?emailAddress=….
func (c *Client) DetectDisposableEmail(ctx context.Context, emailAddress string) (*DisposableEmailAddressDetectorResult, error) {
	return get[DisposableEmailAddressDetectorResult](ctx, c, &EndpointDisposableEmailDetector.Wire, emailAddress)
}

// DetectRisk calls POST /riskdetector/person.
func (c *Client) DetectRisk(ctx context.Context, in *InputWithPerson) (*RiskDetectorResult, error) {
	return post(ctx, c, EndpointRiskDetector, in)
}

// post sends in as the JSON body of e's POST call and decodes the answer.
func post[In, Out any](ctx context.Context, c *Client, e *Endpoint[*In, Out], in *In) (*Out, error) {
	op := e.Name()
	if in == nil {
		return nil, NewInvalidInputError(op, "no input")
	}
	var out Out
	if err := c.postJSON(ctx, op, e.Path, in, e.EnvelopeParam, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// get sends value as w's query parameter in a GET call and decodes the
// answer. A POST endpoint's GET form sends no envelope parameter.
func get[Out any](ctx context.Context, c *Client, w *Wire, value string) (*Out, error) {
	op := w.Name()
	q := url.Values{w.Query: {value}}
	body, err := c.do(ctx, op, http.MethodGet, w.Path, q, w.EnvelopeParam && w.Method == http.MethodGet, nil)
	if err != nil {
		return nil, err
	}
	var out Out
	if err := c.decode(op, body, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// ThrowException calls GET /development/exceptionthrower. It returns nil
// when the service answered "OK", else the service's error.
func (c *Client) ThrowException(ctx context.Context, exceptionType string, chance int) error {
	e := EndpointExceptionThrower
	op := e.Name()
	if chance < 0 || chance > 100 {
		return NewInvalidInputError(op, "exceptionChance %d out of range 0..100", chance)
	}
	q := url.Values{
		"exceptionType":   {exceptionType},
		"exceptionChance": {strconv.Itoa(chance)},
	}
	body, err := c.do(ctx, op, e.Method, e.Path, q, e.EnvelopeParam, nil)
	if err != nil {
		return err
	}
	if s := textAnswer(body); s != "OK" {
		return &Error{Op: op, HTTPStatus: http.StatusOK, Err: fmt.Errorf("unexpected answer %q, want OK", c.snippet(body))}
	}
	return nil
}

// textAnswer returns a plain-text answer, unquoting a JSON string.
func textAnswer(body []byte) string {
	s := strings.TrimSpace(string(body))
	if len(s) >= 2 && s[0] == '"' {
		var u string
		if json.Unmarshal([]byte(s), &u) == nil {
			return strings.TrimSpace(u)
		}
	}
	return s
}

// ---------------------------------------------------------------------------
// Transport

// postJSON sends in as JSON to path and decodes the answer into out.
func (c *Client) postJSON(ctx context.Context, op, path string, in any, envelopeRequired bool, out any) error {
	payload, err := json.Marshal(in)
	if err != nil {
		return &Error{Op: op, Err: fmt.Errorf("encoding request: %w", c.redactErr(err))}
	}
	body, err := c.do(ctx, op, http.MethodPost, path, nil, envelopeRequired, payload)
	if err != nil {
		return err
	}
	return c.decode(op, body, out)
}

// decode unmarshals a 200 answer; a failure is a non-retryable *Error.
func (c *Client) decode(op string, body []byte, out any) error {
	if len(bytes.TrimSpace(body)) == 0 {
		return &Error{Op: op, HTTPStatus: http.StatusOK, Err: errors.New("decoding response: empty body")}
	}
	if err := json.Unmarshal(body, out); err != nil {
		return &Error{Op: op, HTTPStatus: http.StatusOK, Err: fmt.Errorf("decoding response: %w", c.redactErr(err))}
	}
	return nil
}

// restURL builds the URL of a REST call: base + path, the caller's query,
// apiKey (when set) and envelope=false when required or configured.
func (c *Client) restURL(path string, q url.Values, envelopeRequired bool) *url.URL {
	if q == nil {
		q = url.Values{}
	}
	if c.apiKey != "" {
		q.Set("apiKey", c.apiKey)
	}
	if envelopeRequired || c.envAlways {
		q.Set("envelope", "false")
	}
	u := *c.base
	u.Path = c.base.Path + path
	u.RawQuery = q.Encode()
	return &u
}

// do sends one REST request and returns the body of a 200 answer. Every
// failure is a *Error whose text is free of the API key.
func (c *Client) do(ctx context.Context, op, method, path string, q url.Values, envelopeRequired bool, payload []byte) ([]byte, error) {
	u := c.restURL(path, q, envelopeRequired)
	hdr := http.Header{}
	hdr.Set("Accept", "application/json")
	var body io.Reader
	if payload != nil {
		hdr.Set("Content-Type", "application/json")
		body = bytes.NewReader(payload)
	}
	status, respHdr, respBody, err := c.roundTrip(ctx, op, method, u, hdr, body)
	if err != nil {
		return nil, err
	}
	if status != http.StatusOK {
		return nil, c.statusError(op, status, respHdr, respBody)
	}
	return respBody, nil
}

// errRequestTimeout is the cause of the per-request deadline, to tell it
// apart from the caller's own context.
var errRequestTimeout = errors.New("request timed out")

// roundTrip sends a request and reads the whole answer (up to maxBody). It
// returns a *Error for transport failures; any HTTP status is returned as is.
func (c *Client) roundTrip(ctx context.Context, op, method string, u *url.URL, hdr http.Header, body io.Reader) (int, http.Header, []byte, error) {
	start := time.Now()
	parent := ctx
	var cancel context.CancelFunc
	if c.timeout > 0 {
		ctx, cancel = context.WithTimeoutCause(ctx, c.timeout, errRequestTimeout)
	} else {
		ctx, cancel = context.WithCancel(ctx)
	}
	defer cancel()

	req, err := http.NewRequestWithContext(ctx, method, u.String(), body)
	if err != nil {
		return 0, nil, nil, &Error{Op: op, Err: fmt.Errorf("building request: %w", c.redactErr(err))}
	}
	req.Header = hdr
	req.Header.Set("User-Agent", c.userAgent)

	resp, err := c.http.Do(req)
	if err != nil {
		e := c.transportError(parent, ctx, op, err)
		c.logCall(parent, op, method, u, 0, time.Since(start), e)
		return 0, nil, nil, e
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, c.maxBody+1))
	if err != nil {
		e := c.transportError(parent, ctx, op, fmt.Errorf("reading response body: %w", err))
		e.HTTPStatus = resp.StatusCode
		c.logCall(parent, op, method, u, resp.StatusCode, time.Since(start), e)
		return 0, nil, nil, e
	}
	if int64(len(data)) > c.maxBody {
		e := &Error{Op: op, HTTPStatus: resp.StatusCode, Err: fmt.Errorf("response body larger than %d bytes", c.maxBody)}
		c.logCall(parent, op, method, u, resp.StatusCode, time.Since(start), e)
		return 0, nil, nil, e
	}
	c.logCall(parent, op, method, u, resp.StatusCode, time.Since(start), nil)
	return resp.StatusCode, resp.Header, data, nil
}

// transportError classifies a failure of sending or reading: the caller's
// cancellation (not retryable, errors.Is context.Canceled works), the
// request timeout, or a network failure.
func (c *Client) transportError(parent, reqCtx context.Context, op string, err error) *Error {
	if perr := parent.Err(); perr != nil {
		// The caller gave up: report its context error, not a failure of the service.
		return &Error{Op: op, Err: perr}
	}
	e := &Error{Op: op, Err: c.redactErr(err)}
	var ne net.Error
	switch {
	case context.Cause(reqCtx) == errRequestTimeout:
		e.Timeout = true
		e.Err = fmt.Errorf("no complete answer within %v: %w", c.timeout, context.DeadlineExceeded)
	case errors.As(err, &ne) && ne.Timeout():
		e.Timeout = true
	default:
		e.Network = true
	}
	return e
}

// statusError builds the error of a non-200 answer from its fault body and
// Retry-After header.
func (c *Client) statusError(op string, status int, hdr http.Header, body []byte) *Error {
	e := &Error{Op: op, HTTPStatus: status}
	var f Fault
	if trimmed := bytes.TrimSpace(body); len(trimmed) > 0 && trimmed[0] == '{' &&
		json.Unmarshal(trimmed, &f) == nil && (f.FaultCause != "" || f.Message != "") {
		c.redactFault(&f)
		e.Fault = &f
	} else if len(bytes.TrimSpace(body)) > 0 {
		e.Err = fmt.Errorf("answer: %q", c.snippet(body))
	}
	e.RetryAfter = parseRetryAfter(hdr.Get("Retry-After"), time.Now())
	if e.RetryAfter == 0 && e.Fault != nil && e.Fault.RetrySameLocation != nil &&
		e.Fault.RetrySameLocation.RetryInSeconds != nil && *e.Fault.RetrySameLocation.RetryInSeconds > 0 {
		// Capped like the header, so that a huge value cannot overflow
		// into a negative or centuries-long wait.
		e.RetryAfter = time.Duration(min(*e.Fault.RetrySameLocation.RetryInSeconds, maxRetryAfterSeconds)) * time.Second
	}
	return e
}

// maxRetryAfterSeconds caps a server's Retry-After (one year).
const maxRetryAfterSeconds = 365 * 24 * 3600

// parseRetryAfter reads a Retry-After header: delay seconds or an HTTP
// date. It returns 0 when absent, invalid or in the past.
func parseRetryAfter(v string, now time.Time) time.Duration {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0
	}
	if n, err := strconv.ParseInt(v, 10, 64); err == nil {
		if n <= 0 {
			return 0
		}
		n = min(n, maxRetryAfterSeconds)
		return time.Duration(n) * time.Second
	}
	if t, err := http.ParseTime(v); err == nil {
		if d := t.Sub(now); d > 0 {
			// t.Sub saturates far in the future; cap like the seconds form.
			return min(d, maxRetryAfterSeconds*time.Second)
		}
	}
	return 0
}

// snippet returns the start of a body for an error message, redacted. It
// redacts before cutting, so that a key straddling the cut cannot leave a
// piece of itself behind.
func (c *Client) snippet(body []byte) string {
	const max = 200
	s := c.redact(strings.TrimSpace(string(body)))
	if len(s) > max {
		s = s[:max] + "…"
	}
	return s
}

// logCall writes one debug line about a call, without the key.
func (c *Client) logCall(ctx context.Context, op, method string, u *url.URL, status int, d time.Duration, err error) {
	if c.log == nil || !c.log.Enabled(ctx, slog.LevelDebug) {
		return
	}
	attrs := []slog.Attr{
		slog.String("op", op),
		slog.String("method", method),
		slog.String("url", c.redact(u.String())),
		slog.Int("status", status),
		slog.Duration("elapsed", d),
	}
	if err != nil {
		attrs = append(attrs, slog.String("error", c.redact(err.Error())))
	}
	c.log.LogAttrs(ctx, slog.LevelDebug, "nameapi call", attrs...)
}
