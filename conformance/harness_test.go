package conformance

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/namepipe/namepipe/engine"
	"github.com/namepipe/namepipe/nameapi"
	"github.com/namepipe/namepipe/server"
)

// exchange is one request of the client and the raw answer it got.
type exchange struct {
	method, path string
	status       int
	contentType  string
	body         []byte
}

// capture is an http.RoundTripper that keeps a copy of every answer body,
// so that tests can validate the raw JSON the server sent while the real
// client decodes it.
type capture struct {
	next http.RoundTripper
	mu   sync.Mutex
	log  []exchange
}

func (c *capture) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := c.next.RoundTrip(req)
	if err != nil {
		return nil, err
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		return nil, err
	}
	resp.Body = io.NopCloser(bytes.NewReader(body))
	c.mu.Lock()
	c.log = append(c.log, exchange{req.Method, req.URL.Path, resp.StatusCode, resp.Header.Get("Content-Type"), body})
	c.mu.Unlock()
	return resp, nil
}

// last returns the latest exchange.
func (c *capture) last(t *testing.T) exchange {
	t.Helper()
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.log) == 0 {
		t.Fatal("no exchange captured")
	}
	return c.log[len(c.log)-1]
}

// stack is the whole chain: real client → loopback HTTP → server → engine.
type stack struct {
	srv    *server.Server
	ts     *httptest.Server
	client *nameapi.Client
	cap    *capture
}

var (
	engOnce sync.Once
	eng     *engine.Engine
	engErr  error
)

// sharedEngine loads the embedded data once for all tests.
func sharedEngine(t testing.TB) *engine.Engine {
	t.Helper()
	engOnce.Do(func() { eng, engErr = engine.New(engine.WithSeed(1)) })
	if engErr != nil {
		t.Fatalf("engine: %v", engErr)
	}
	return eng
}

// newStack serves the engine with opts and returns a client for it that
// sends apiKey (none when empty).
func newStack(t testing.TB, opts server.Options, apiKey string) *stack {
	t.Helper()
	return newStackFor(t, sharedEngine(t), opts, apiKey)
}

func newStackFor(t testing.TB, svc nameapi.Service, opts server.Options, apiKey string) *stack {
	t.Helper()
	srv := server.New(svc, opts)
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(ts.Close)
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.MaxIdleConnsPerHost = 4
	cp := &capture{next: tr}
	c, err := nameapi.NewClient(nameapi.ClientConfig{
		BaseURL:     ts.URL + server.DefaultPrefix,
		SOAPBaseURL: ts.URL,
		APIKey:      apiKey,
		Timeout:     10 * time.Second,
		HTTPClient:  &http.Client{Transport: cp},
	})
	if err != nil {
		t.Fatalf("client: %v", err)
	}
	t.Cleanup(func() { tr.CloseIdleConnections() })
	return &stack{srv: srv, ts: ts, client: c, cap: cp}
}

// rawPost sends body to a REST path of the stack's server without the
// client, for inputs the client would never produce.
func (s *stack) rawPost(t testing.TB, path, query, body string) (int, []byte) {
	t.Helper()
	u := s.ts.URL + server.DefaultPrefix + path
	if query != "" {
		u += "?" + query
	}
	req, err := http.NewRequestWithContext(context.Background(), http.MethodPost, u, bytes.NewReader([]byte(body)))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	resp, err := s.ts.Client().Do(req)
	if err != nil {
		t.Fatalf("POST %s: %v", path, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("POST %s: read: %v", path, err)
	}
	return resp.StatusCode, b
}
