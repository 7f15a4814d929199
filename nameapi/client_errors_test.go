package nameapi

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"
)

func asError(err error, e **Error) bool { return errors.As(err, e) }

// Fault bodies of the exception thrower, as docs/protocol.md describes them.
const (
	faultInvalidInput = `{"faultCause":"BadRequest","blame":"CLIENT","message":"Invalid input: the exception thrower was asked to throw.","applicationErrorCode":"1100","incidentId":"inc-400","retrySameLocation":{"retryType":"NO"},"retryOtherLocations":{"retryType":"NO"},"httpStatusCode":400,"httpStatusMeaning":"Bad Request"}`
	faultNoAccount    = `{"faultCause":"AccessDenied","blame":"CLIENT","message":"No such account: >>>` + testKey + `<<<!","applicationErrorCode":"1201","incidentId":"inc-401","retrySameLocation":{"retryType":"NO"},"retryOtherLocations":{"retryType":"NO","retryInSeconds":30},"httpStatusCode":401,"httpStatusMeaning":"Unauthorized"}`
	faultForbidden    = `{"faultCause":"AccessDenied","blame":"CLIENT","message":"Access denied for apiKey=` + testKey + `.","retrySameLocation":{"retryType":"NO"},"httpStatusCode":403,"httpStatusMeaning":"Forbidden"}`
	faultInternal     = `{"faultCause":"InternalServerError","blame":"SERVER","message":"Internal server error.","incidentId":"inc-500","httpStatusCode":500,"httpStatusMeaning":"Internal Server Error"}`
	faultTooMany      = `{"faultCause":"TooManyRequests","blame":"CLIENT","message":"Too many concurrent requests."}`
)

// keyFree fails the test when s holds the test key in any spelling.
func keyFree(t *testing.T, where, s string) {
	t.Helper()
	for _, f := range []string{testKey, url.QueryEscape(testKey), url.PathEscape(testKey), "S3CR3T"} {
		if strings.Contains(s, f) {
			t.Errorf("%s leaks the API key (%q): %s", where, f, s)
		}
	}
}

// handlerServer starts a loopback server with h.
func handlerServer(t *testing.T, h http.HandlerFunc) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv
}

func TestErrorMapping(t *testing.T) {
	t.Parallel()
	date := time.Now().Add(90 * time.Second).UTC().Format(http.TimeFormat)
	tests := []struct {
		name       string
		status     int
		header     map[string]string
		body       string
		wantCause  string
		retryable  bool
		invalid    bool
		retryAfter [2]time.Duration // inclusive range
	}{
		{name: "400 invalid input", status: 400, body: faultInvalidInput, wantCause: FaultBadRequest, invalid: true},
		{name: "401 no such account", status: 401, body: faultNoAccount, wantCause: FaultAccessDenied},
		{name: "403 forbidden", status: 403, body: faultForbidden, wantCause: FaultAccessDenied},
		{name: "500 internal", status: 500, body: faultInternal, wantCause: FaultInternalServerError, retryable: true},
		{name: "429 Retry-After seconds", status: 429, header: map[string]string{"Retry-After": "7"}, body: faultTooMany,
			wantCause: FaultTooManyRequests, retryable: true, retryAfter: [2]time.Duration{7 * time.Second, 7 * time.Second}},
		{name: "429 Retry-After HTTP date", status: 429, header: map[string]string{"Retry-After": date}, body: faultTooMany,
			wantCause: FaultTooManyRequests, retryable: true, retryAfter: [2]time.Duration{80 * time.Second, 91 * time.Second}},
		{name: "429 without body", status: 429, header: map[string]string{"Retry-After": "2"}, retryable: true,
			retryAfter: [2]time.Duration{2 * time.Second, 2 * time.Second}},
		{name: "400 but server says retry now", status: 400,
			body:      `{"faultCause":"BadRequest","blame":"SERVER","message":"try again","retrySameLocation":{"retryType":"NOW"}}`,
			wantCause: FaultBadRequest, retryable: true, invalid: true},
		{name: "503 says NO", status: 503,
			body:      `{"faultCause":"InternalServerError","blame":"SERVER","message":"down for good","retrySameLocation":{"retryType":"NO"}}`,
			wantCause: FaultInternalServerError},
		{name: "503 retryInSeconds without header", status: 503,
			body:      `{"faultCause":"InternalServerError","blame":"SERVER","message":"maintenance","retrySameLocation":{"retryType":"LATER","retryInSeconds":30}}`,
			wantCause: FaultInternalServerError, retryable: true, retryAfter: [2]time.Duration{30 * time.Second, 30 * time.Second}},
		{name: "502 HTML from a proxy", status: 502, body: "<html>Bad Gateway</html>", retryable: true},
		{name: "404 unknown path", status: 404, body: "Not Found"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := handlerServer(t, func(w http.ResponseWriter, r *http.Request) {
				for k, v := range tt.header {
					w.Header().Set(k, v)
				}
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(tt.status)
				_, _ = w.Write([]byte(tt.body))
			})
			c := newTestClient(t, srv.URL, ClientConfig{})
			err := c.ThrowException(context.Background(), ExceptionInvalidInput, 100)
			var e *Error
			if !asError(err, &e) {
				t.Fatalf("err = %T %v, want *Error", err, err)
			}
			if e.HTTPStatus != tt.status || e.Op != "development/exceptionthrower" {
				t.Errorf("status/op = %d %q", e.HTTPStatus, e.Op)
			}
			if tt.wantCause != "" {
				if e.Fault == nil || e.Fault.FaultCause != tt.wantCause || e.Fault.Message == "" || e.Fault.Blame == "" {
					t.Fatalf("fault = %+v, want cause %s", e.Fault, tt.wantCause)
				}
			} else if e.Fault != nil {
				t.Errorf("fault = %+v, want none", e.Fault)
			}
			if e.Retryable() != tt.retryable || IsRetryable(err) != tt.retryable {
				t.Errorf("Retryable = %v, want %v", e.Retryable(), tt.retryable)
			}
			if e.InvalidInput() != tt.invalid {
				t.Errorf("InvalidInput = %v, want %v", e.InvalidInput(), tt.invalid)
			}
			if e.RetryAfter < tt.retryAfter[0] || e.RetryAfter > tt.retryAfter[1] {
				t.Errorf("RetryAfter = %v, want in %v", e.RetryAfter, tt.retryAfter)
			}
			if e.Timeout || e.Network {
				t.Errorf("Timeout/Network set on an HTTP answer: %+v", e)
			}
			if !strings.Contains(err.Error(), fmt.Sprintf("HTTP %d", tt.status)) {
				t.Errorf("message lacks the status: %v", err)
			}
			keyFree(t, "error", err.Error())
			keyFree(t, "fault", fmt.Sprintf("%+v", *e))
		})
	}
}

func TestTimeout(t *testing.T) {
	t.Parallel()
	srv := handlerServer(t, func(w http.ResponseWriter, r *http.Request) {
		hang(r)
	})
	c := newTestClient(t, srv.URL, ClientConfig{Timeout: 50 * time.Millisecond})
	_, err := c.ParsePersonName(context.Background(), parserInput())
	var e *Error
	if !asError(err, &e) {
		t.Fatalf("err = %v", err)
	}
	if !e.Timeout || e.Network || e.HTTPStatus != 0 || !e.Retryable() {
		t.Errorf("err = %+v, want a retryable timeout", e)
	}
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("errors.Is(DeadlineExceeded) = false for %v", err)
	}
	if errors.Is(err, context.Canceled) {
		t.Errorf("a timeout must not look like the caller's cancellation")
	}
	keyFree(t, "timeout error", err.Error())
}

func TestTimeoutMidBody(t *testing.T) {
	t.Parallel()
	srv := handlerServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Length", "1000")
		w.WriteHeader(http.StatusOK)
		_, _ = w.Write([]byte(`{"matches":[`))
		w.(http.Flusher).Flush()
		hang(r)
	})
	c := newTestClient(t, srv.URL, ClientConfig{Timeout: 50 * time.Millisecond})
	_, err := c.ParsePersonName(context.Background(), parserInput())
	var e *Error
	if !asError(err, &e) || !e.Timeout || !e.Retryable() {
		t.Fatalf("err = %v, want a retryable timeout", err)
	}
	keyFree(t, "timeout error", err.Error())
}

func TestCallerCancellation(t *testing.T) {
	t.Parallel()
	arrived := make(chan struct{})
	srv := handlerServer(t, func(w http.ResponseWriter, r *http.Request) {
		close(arrived)
		hang(r)
	})
	c := newTestClient(t, srv.URL, ClientConfig{Timeout: time.Minute})
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		<-arrived
		cancel()
	}()
	_, err := c.GenderizePerson(ctx, parserInput())
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	var e *Error
	if !asError(err, &e) || e.Retryable() || IsRetryable(err) || e.Timeout || e.Network {
		t.Errorf("cancellation must be a non-retryable *Error: %+v", e)
	}
	keyFree(t, "cancel error", err.Error())
}

// hang blocks until the client goes away. It reads the request body
// first: only then does the server watch the connection and cancel the
// request's context when the client closes it.
func hang(r *http.Request) {
	_, _ = io.Copy(io.Discard, r.Body)
	<-r.Context().Done()
}

// hijacker answers by writing raw bytes on the connection and closing it.
func hijacker(t *testing.T, raw string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		conn, buf, err := w.(http.Hijacker).Hijack()
		if err != nil {
			t.Errorf("hijack: %v", err)
			return
		}
		if raw != "" {
			_, _ = buf.WriteString(raw)
			_ = buf.Flush()
		}
		_ = conn.Close()
	}
}

func TestConnectionFailures(t *testing.T) {
	t.Parallel()
	closed := httptest.NewServer(http.NotFoundHandler())
	closedURL := closed.URL
	closed.Close()
	tests := []struct {
		name string
		base string
		h    http.HandlerFunc
	}{
		{name: "closed before answering", h: hijacker(t, "")},
		{name: "closed mid-body", h: hijacker(t, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{\"matches\":[")},
		{name: "closed mid-headers", h: hijacker(t, "HTTP/1.1 200 OK\r\nContent-Ty")},
		{name: "connection refused", base: closedURL},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			base := tt.base
			if base == "" {
				base = handlerServer(t, tt.h).URL
			}
			c := newTestClient(t, base, ClientConfig{Timeout: 5 * time.Second})
			_, err := c.ParsePersonName(context.Background(), parserInput())
			var e *Error
			if !asError(err, &e) {
				t.Fatalf("err = %v", err)
			}
			if !e.Network || e.Timeout || !e.Retryable() {
				t.Errorf("err = %+v (%v), want a retryable network error", e, err)
			}
			keyFree(t, "network error", err.Error())
		})
	}
}

func TestBadAnswers(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, body, want string
		max              int64
	}{
		{name: "invalid JSON", body: `{"matches": [ {`, want: "decoding response"},
		{name: "wrong JSON type", body: `{"matches": "many"}`, want: "decoding response"},
		{name: "empty body", body: ``, want: "empty body"},
		{name: "too large", body: `{"matches": []}` + strings.Repeat(" ", 200), max: 64, want: "larger than 64 bytes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := newRecorder(t, http.StatusOK, "application/json", []byte(tt.body))
			c := newTestClient(t, rec.srv.URL, ClientConfig{MaxResponseBytes: tt.max})
			_, err := c.ParsePersonName(context.Background(), parserInput())
			var e *Error
			if !asError(err, &e) || e.Retryable() || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("err = %v, want a non-retryable error containing %q", err, tt.want)
			}
			keyFree(t, "decode error", err.Error())
		})
	}
	for _, body := range []string{"pang", `{"pong":true}`} {
		rec := newRecorder(t, http.StatusOK, "text/plain", []byte(body))
		c := newTestClient(t, rec.srv.URL, ClientConfig{})
		if err := c.Ping(context.Background()); err == nil || IsRetryable(err) {
			t.Errorf("ping answered %q: err = %v, want a non-retryable error", body, err)
		}
		if err := c.ThrowException(context.Background(), ExceptionInvalidInput, 0); err == nil {
			t.Errorf("thrower answered %q: want an error", body)
		}
	}
}

// TestAPIKeyNeverLeaks plants the key in every error path (including a
// server that echoes it) and in the debug log, and fails if it appears.
func TestAPIKeyNeverLeaks(t *testing.T) {
	t.Parallel()
	var logBuf bytes.Buffer
	logger := slog.New(slog.NewTextHandler(&logBuf, &slog.HandlerOptions{Level: slog.LevelDebug}))
	echo := func(status int) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(status)
			// Echo the whole URL and the key, as a careless server might.
			fmt.Fprintf(w, `{"faultCause":"AccessDenied","blame":"CLIENT","message":"bad key %s in %s","incidentId":"%s"}`,
				r.URL.Query().Get("apiKey"), r.URL.String(), testKey)
		}
	}
	closed := httptest.NewServer(http.NotFoundHandler())
	closedURL := closed.URL
	closed.Close()
	servers := map[string]string{
		"echo 401":  handlerServer(t, echo(401)).URL,
		"echo 500":  handlerServer(t, echo(500)).URL,
		"text echo": handlerServer(t, func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(502); fmt.Fprint(w, r.URL.String()) }).URL,
		"hang":      handlerServer(t, func(w http.ResponseWriter, r *http.Request) { hang(r) }).URL,
		"hijack":    handlerServer(t, hijacker(t, "")).URL,
		"bad json":  handlerServer(t, func(w http.ResponseWriter, r *http.Request) { fmt.Fprintf(w, `{"gender": %s}`, testKey) }).URL,
		"soap echo": handlerServer(t, func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(500)
			fmt.Fprintf(w, `<soapenv:Envelope xmlns:soapenv="%s"><soapenv:Body><soapenv:Fault><faultcode>soapenv:Client</faultcode><faultstring>key %s</faultstring><detail><AccessDeniedWebServiceException><message>no account %s</message></AccessDeniedWebServiceException></detail></soapenv:Fault></soapenv:Body></soapenv:Envelope>`,
				SOAPEnvNS, testKey, r.URL.String())
		}).URL,
		"refused": closedURL,
	}
	for name, base := range servers {
		c := newTestClient(t, base, ClientConfig{Timeout: 100 * time.Millisecond, Logger: logger})
		ctx := context.Background()
		var errs []error
		errs = append(errs, c.Ping(ctx))
		_, err := c.GenderizePerson(ctx, parserInput())
		errs = append(errs, err)
		_, err = c.DetectDisposableEmail(ctx, "a@b.c")
		errs = append(errs, err)
		errs = append(errs, c.ThrowException(ctx, ExceptionAccessDeniedNoSuchAccount, 100))
		_, err = c.ClassifyEmailDomain(ctx, "a@b.c")
		errs = append(errs, err)
		errs = append(errs, c.PingSOAP(ctx))
		cctx, cancel := context.WithCancel(ctx)
		cancel()
		_, err = c.ParsePersonName(cctx, parserInput())
		errs = append(errs, err)
		for i, err := range errs {
			if err == nil {
				t.Errorf("%s/%d: want an error", name, i)
				continue
			}
			keyFree(t, name+" error", err.Error())
			keyFree(t, name+" error %+v", fmt.Sprintf("%+v", err))
			for u := errors.Unwrap(err); u != nil; u = errors.Unwrap(u) {
				keyFree(t, name+" wrapped error", u.Error())
			}
			var e *Error
			if asError(err, &e) && e.Fault != nil {
				keyFree(t, name+" fault", fmt.Sprintf("%+v", *e.Fault))
			}
		}
	}
	if !strings.Contains(logBuf.String(), "apiKey=REDACTED") {
		t.Errorf("debug log lacks the calls: %s", logBuf.String())
	}
	keyFree(t, "debug log", logBuf.String())
}

func TestParseRetryAfter(t *testing.T) {
	t.Parallel()
	now := time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)
	tests := []struct {
		in   string
		want time.Duration
	}{
		{"", 0}, {"0", 0}, {"-5", 0}, {"120", 2 * time.Minute}, {" 3 ", 3 * time.Second}, {"soon", 0},
		{now.Add(45 * time.Second).Format(http.TimeFormat), 45 * time.Second},
		{now.Add(-time.Hour).Format(http.TimeFormat), 0},
		{"99999999999", 365 * 24 * time.Hour},
	}
	for _, tt := range tests {
		if got := parseRetryAfter(tt.in, now); got != tt.want {
			t.Errorf("parseRetryAfter(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}
