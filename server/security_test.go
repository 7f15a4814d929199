package server

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/namepipe/namepipe/nameapi"
)

func TestAPIKeys(t *testing.T) {
	t.Parallel()
	const alpha, beta = "alpha-secret-key-123", "beta-secret-key-456"
	fake := newFake()
	log, logs := testLogger()
	s, ts := startServer(t, fake, Options{APIKeys: []string{alpha, " " + beta + " "}, Logger: log})
	tests := []struct {
		name, query string
		ok          bool
		msgPart     string
	}{
		{"missing", "", false, "missing"},
		{"empty", "?apiKey=", false, "missing"},
		{"wrong", "?apiKey=wrong-secret-999", false, "No such account"},
		{"prefix of a key", "?apiKey=alpha-secret", false, "No such account"},
		{"key plus a char", "?apiKey=" + alpha + "x", false, "No such account"},
		{"case differs", "?apiKey=ALPHA-SECRET-KEY-123", false, "No such account"},
		{"first key", "?apiKey=" + alpha, true, ""},
		{"second key (trimmed in config)", "?apiKey=" + beta, true, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			before := fake.callCount()
			r := do(t, "POST", ts.URL+"/rest/v5.3/parser/personnameparser"+tc.query, personBody)
			if tc.ok {
				if r.status != 200 || fake.callCount() != before+1 {
					t.Fatalf("status %d: %s", r.status, r.body)
				}
				return
			}
			if r.status != http.StatusUnauthorized {
				t.Fatalf("status %d, want 401: %s", r.status, r.body)
			}
			f := decodeFault(t, r)
			if f.FaultCause != nameapi.FaultAccessDenied || f.Blame != nameapi.BlameClient || !strings.Contains(f.Message, tc.msgPart) {
				t.Errorf("fault %+v", f)
			}
			if fake.callCount() != before {
				t.Error("the service was called without a valid key")
			}
			if strings.Contains(r.body, "secret") {
				t.Errorf("the answer names the key: %s", r.body)
			}
		})
	}
	if got := s.Stats().Unauthorized; got != 6 {
		t.Errorf("Stats.Unauthorized = %d, want 6", got)
	}
	// The keys, right or wrong, never reach the log.
	if l := logs.String(); strings.Contains(l, "secret") || strings.Contains(l, "apiKey") {
		t.Errorf("log holds a key:\n%s", l)
	}
	if !strings.Contains(logs.String(), "path=/rest/v5.3/parser/personnameparser status=401") {
		t.Errorf("access log line missing:\n%s", logs.String())
	}
}

func TestRequireKeyWithoutKeySet(t *testing.T) {
	t.Parallel()
	_, ts := startServer(t, newFake(), Options{RequireKey: true})
	if r := do(t, "GET", ts.URL+"/rest/v5.3/system/ping", ""); r.status != 401 {
		t.Errorf("no key: %d", r.status)
	}
	if r := do(t, "GET", ts.URL+"/rest/v5.3/system/ping?apiKey=anything", ""); r.status != 200 {
		t.Errorf("any key: %d", r.status)
	}
	// Without RequireKey and keys, no key is needed.
	_, ts2 := startServer(t, newFake(), Options{})
	if r := do(t, "GET", ts2.URL+"/rest/v5.3/system/ping", ""); r.status != 200 {
		t.Errorf("open server: %d", r.status)
	}
}

func TestLoadKeys(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	write := func(name, content string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	keys, err := LoadKeys(write("keys", "# namepipe keys\n\n  alpha  \r\nbeta\n   # indented comment\n"))
	if err != nil || !reflect.DeepEqual(keys, []string{"alpha", "beta"}) {
		t.Errorf("LoadKeys = %q, %v", keys, err)
	}
	if _, err := LoadKeys(write("empty", "# nothing\n\n")); err == nil {
		t.Error("a file without keys was accepted")
	}
	if _, err := LoadKeys(filepath.Join(dir, "missing")); err == nil || !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
}

func TestOptionsValidate(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		o    Options
		bad  string
	}{
		{"zero", Options{}, ""},
		{"full", Options{Prefix: "/x", ErrorRate: 0.2, ErrorStatus: 503, DropRate: 0.1, RateLimit: 5, APIKeys: []string{"k"}}, ""},
		{"prefix", Options{Prefix: "rest"}, "prefix"},
		{"error rate", Options{ErrorRate: 1.5}, "error rate"},
		{"drop rate", Options{DropRate: -0.1}, "drop rate"},
		{"status", Options{ErrorStatus: 404}, "error status"},
		{"negative body", Options{MaxBodyBytes: -1}, "body"},
		{"negative timeout", Options{WriteTimeout: -time.Second}, "timeouts"},
		{"empty key", Options{APIKeys: []string{"a", " "}}, "#2 is empty"},
	}
	for _, tc := range tests {
		err := tc.o.Validate()
		if (err == nil) != (tc.bad == "") || (err != nil && !strings.Contains(err.Error(), tc.bad)) {
			t.Errorf("%s: Validate = %v, want error containing %q", tc.name, err, tc.bad)
		}
	}
	// New corrects what Validate rejects.
	s := New(newFake(), Options{ErrorRate: 7, ErrorStatus: 404, Prefix: "rest"})
	if s.opts.ErrorRate != 1 || s.opts.ErrorStatus != 500 || s.Prefix() != DefaultPrefix {
		t.Errorf("New did not correct options: %+v", s.opts)
	}
}

func TestInjectedErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		status     int
		retryAfter string
		cause      string
	}{
		{500, "", nameapi.FaultInternalServerError},
		{503, "2", nameapi.FaultInternalServerError},
		{429, "2", nameapi.FaultTooManyRequests},
	}
	for _, tc := range tests {
		fake := newFake()
		s, ts := startServer(t, fake, Options{ErrorRate: 1, ErrorStatus: tc.status, RetryAfter: 1500 * time.Millisecond})
		for i := 0; i < 20; i++ {
			r := do(t, "POST", ts.URL+"/rest/v5.3/genderizer/persongenderizer", personBody)
			if r.status != tc.status {
				t.Fatalf("%d: status %d", tc.status, r.status)
			}
			f := decodeFault(t, r)
			if f.FaultCause != tc.cause || r.header.Get("Retry-After") != tc.retryAfter {
				t.Fatalf("%d: fault %+v Retry-After %q", tc.status, f, r.header.Get("Retry-After"))
			}
			if tc.status == 500 && f.RetrySameLocation != nil {
				t.Errorf("500 carries retrySameLocation (the service's does not)")
			}
		}
		if fake.callCount() != 0 || s.Stats().InjectedErrors != 20 {
			t.Errorf("%d: service calls %d, injected %d", tc.status, fake.callCount(), s.Stats().InjectedErrors)
		}
	}
	// 0 % fails nothing.
	fake := newFake()
	_, ts := startServer(t, fake, Options{ErrorRate: 0, ErrorStatus: 503})
	for i := 0; i < 50; i++ {
		if r := do(t, "GET", ts.URL+"/rest/v5.3/system/ping", ""); r.status != 200 {
			t.Fatalf("0%%: status %d", r.status)
		}
	}
}

func TestInjectedErrorRateDeterministic(t *testing.T) {
	t.Parallel()
	const n = 500
	outcome := func() []int {
		fake := newFake()
		s := New(fake, Options{ErrorRate: 0.2, ErrorStatus: 503, Seed: 42})
		h := s.Handler()
		var got []int
		for i := 0; i < n; i++ {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest("GET", "/rest/v5.3/system/ping", nil))
			got = append(got, rec.Code)
		}
		if fails := int(s.Stats().InjectedErrors); fails+fake.callCount() != n {
			t.Errorf("injected %d + service calls %d != %d", fails, fake.callCount(), n)
		}
		return got
	}
	a, b := outcome(), outcome()
	if !slices.Equal(a, b) {
		t.Error("the same seed gave different failures")
	}
	fails := 0
	for _, c := range a {
		if c == 503 {
			fails++
		} else if c != 200 {
			t.Fatalf("unexpected status %d", c)
		}
	}
	// 20 % of 500 is 100; the standard deviation is about 9.
	if fails < 70 || fails > 130 {
		t.Errorf("%d of %d calls failed at 20 %%", fails, n)
	}
}

func TestLatencyInjection(t *testing.T) {
	t.Parallel()
	fake := newFake()
	s := New(fake, Options{Latency: 100 * time.Millisecond, LatencyJitter: 50 * time.Millisecond, Seed: 7})
	var waits []time.Duration
	s.wait = func(ctx context.Context, d time.Duration) error {
		waits = append(waits, d)
		return nil
	}
	h := s.Handler()
	for i := 0; i < 20; i++ {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", "/rest/v5.3/system/ping", nil))
		if rec.Code != 200 {
			t.Fatalf("status %d", rec.Code)
		}
	}
	distinct := map[time.Duration]bool{}
	for _, d := range waits {
		if d < 100*time.Millisecond || d > 150*time.Millisecond {
			t.Errorf("latency %v outside [100ms, 150ms]", d)
		}
		distinct[d] = true
	}
	if len(waits) != 20 || len(distinct) < 10 {
		t.Errorf("%d waits, %d distinct", len(waits), len(distinct))
	}
	// No latency for WSDL and health.
	h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", "/healthz", nil))
	h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", nameapi.SOAPPingerPath+"?wsdl", nil))
	if len(waits) != 20 {
		t.Errorf("latency injected on health or WSDL")
	}
}

func TestLatencyEndsWithRequestContext(t *testing.T) {
	t.Parallel()
	fake := newFake()
	s := New(fake, Options{Latency: time.Hour})
	h := s.Handler()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan int)
	go func() {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", "/rest/v5.3/system/ping", nil).WithContext(ctx))
		done <- rec.Code
	}()
	cancel()
	select {
	case code := <-done:
		if code != http.StatusServiceUnavailable {
			t.Errorf("status %d", code)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the latency wait ignored the cancelled request")
	}
	// The latency comes after the work (a waiting call holds no body and
	// no place), so whether the service was called depends on when the
	// cancel came; the wait itself must end.
}

func TestDropConnection(t *testing.T) {
	t.Parallel()
	fake := newFake()
	s, ts := startServer(t, fake, Options{DropRate: 1})
	resp, err := http.Post(ts.URL+"/rest/v5.3/parser/personnameparser", "application/json", strings.NewReader(personBody))
	if err == nil {
		_, err = io.ReadAll(resp.Body)
		resp.Body.Close()
	}
	if err == nil {
		t.Fatal("a dropped answer was read without error")
	}
	if s.Stats().Dropped != 1 {
		t.Errorf("Stats.Dropped = %d", s.Stats().Dropped)
	}
	if r := do(t, "GET", ts.URL+"/healthz", ""); r.status != 200 {
		t.Errorf("server stopped serving after a drop: %d", r.status)
	}
}

func TestRateLimit(t *testing.T) {
	t.Parallel()
	fake := newFake()
	s, ts := startServer(t, fake, Options{RateLimit: 0.5, RateBurst: 2})
	var codes []int
	var last response
	for i := 0; i < 3; i++ {
		last = do(t, "GET", ts.URL+"/rest/v5.3/system/ping", "")
		codes = append(codes, last.status)
	}
	if !slices.Equal(codes, []int{200, 200, 429}) {
		t.Fatalf("statuses %v", codes)
	}
	f := decodeFault(t, last)
	if f.FaultCause != nameapi.FaultTooManyRequests || last.header.Get("Retry-After") != "2" ||
		f.RetrySameLocation == nil || f.RetrySameLocation.RetryType != nameapi.RetryLater {
		t.Errorf("fault %+v Retry-After %q", f, last.header.Get("Retry-After"))
	}
	if s.Stats().RateLimited != 1 || fake.callCount() != 2 {
		t.Errorf("stats %+v, calls %d", s.Stats(), fake.callCount())
	}
}

func TestGracefulShutdown(t *testing.T) {
	t.Parallel()
	fake := newFake()
	started, release := make(chan struct{}), make(chan struct{})
	fake.hook = func(ctx context.Context, op string) {
		close(started)
		<-release
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := New(fake, Options{})
	shutdown := make(chan struct{})
	s.onShutdown = func() { close(shutdown) }
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	served := make(chan error, 1)
	go func() { served <- s.Serve(ctx, ln) }()

	url := "http://" + ln.Addr().String() + "/rest/v5.3/system/ping"
	answered := make(chan response, 1)
	go func() {
		resp, err := http.Get(url)
		if err != nil {
			answered <- response{body: err.Error()}
			return
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		answered <- response{status: resp.StatusCode, body: string(b)}
	}()
	<-started
	cancel()
	<-shutdown
	select {
	case err := <-served:
		t.Fatalf("Serve returned with a request in flight: %v", err)
	default:
	}
	close(release)
	if r := <-answered; r.status != 200 || r.body != "pong" {
		t.Errorf("in-flight request: %d %q", r.status, r.body)
	}
	if err := <-served; err != nil {
		t.Errorf("Serve = %v", err)
	}
	if _, err := http.Get(url); err == nil {
		t.Error("the server still accepts connections after shutdown")
	}
}

func TestListenAndServeBadAddress(t *testing.T) {
	t.Parallel()
	s := New(newFake(), Options{})
	if err := s.ListenAndServe(context.Background(), "256.0.0.1:bad"); err == nil {
		t.Error("a bad address was accepted")
	}
}

func TestRequestTimeout(t *testing.T) {
	t.Parallel()
	fake := newFake()
	sawCancel := make(chan error, 1)
	fake.hook = func(ctx context.Context, op string) {
		<-ctx.Done()
		sawCancel <- ctx.Err()
	}
	fake.err = context.DeadlineExceeded // what a backend returns when its context ends
	_, ts := startServer(t, fake, Options{RequestTimeout: 20 * time.Millisecond})
	r := do(t, "GET", ts.URL+"/rest/v5.3/system/ping", "")
	if r.status != http.StatusServiceUnavailable {
		t.Fatalf("status %d: %s", r.status, r.body)
	}
	if f := decodeFault(t, r); f.Blame != nameapi.BlameServer || f.RetrySameLocation == nil || f.RetrySameLocation.RetryType != nameapi.RetryLater ||
		f.RetrySameLocation.RetryInSeconds == nil || r.header.Get("Retry-After") == "" {
		t.Errorf("fault %+v, Retry-After %q", f, r.header.Get("Retry-After"))
	}
	if err := <-sawCancel; !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("service context ended with %v", err)
	}
}

// TestLatencyEndsWhenPOSTClientGoesAway: over a real connection, the
// injected wait of a POST ends when its client gives up. net/http watches
// the connection only after the body was read, so the server reads it
// before waiting (found by the conformance tests: a POST used to wait out
// the whole latency).
func TestLatencyEndsWhenPOSTClientGoesAway(t *testing.T) {
	t.Parallel()
	s := New(newFake(), Options{Latency: time.Hour})
	waiting := make(chan struct{})
	ended := make(chan error, 1)
	s.wait = func(ctx context.Context, d time.Duration) error {
		close(waiting) // the test makes one request to s
		err := nameapi.Sleep(ctx, d)
		ended <- err
		return err
	}
	ts := httptest.NewServer(s.Handler())
	t.Cleanup(ts.Close)
	// The client gives up once the server waits, not after a fixed time:
	// under load a fixed timeout could end the request before the server
	// got to its wait at all.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, "POST", ts.URL+"/rest/v5.3/parser/personnameparser", strings.NewReader(personBody))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	status := make(chan int, 1)
	go func() {
		resp, err := ts.Client().Do(req)
		if err != nil {
			status <- 0
			return
		}
		resp.Body.Close()
		status <- resp.StatusCode
	}()
	select {
	case <-waiting:
	case <-time.After(10 * time.Second):
		t.Fatal("the server did not start its wait within 10 s")
	}
	cancel()
	if code := <-status; code != 0 {
		t.Fatalf("status %d, want the client's cancel", code)
	}
	select {
	case err := <-ended:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("wait ended with %v, want context.Canceled", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the server still waits 10 s after its client went away")
	}
	// The body was read before the wait, and is still there for the
	// operation when the client stays.
	s2 := New(newFake(), Options{Latency: time.Millisecond})
	ts2 := httptest.NewServer(s2.Handler())
	t.Cleanup(ts2.Close)
	r := do(t, "POST", ts2.URL+"/rest/v5.3/parser/personnameparser", personBody)
	if r.status != 200 {
		t.Fatalf("status %d: %s", r.status, r.body)
	}
	if big := do(t, "POST", ts2.URL+"/rest/v5.3/parser/personnameparser", `{"x":"`+strings.Repeat("a", DefaultMaxBodyBytes)+`"}`); big.status != http.StatusRequestEntityTooLarge {
		t.Errorf("oversized body with latency: %d", big.status)
	}
}
