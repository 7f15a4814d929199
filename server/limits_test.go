package server

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"testing/iotest"
	"time"

	"github.com/namepipe/namepipe/internal/syncbuf"
	"github.com/namepipe/namepipe/nameapi"
)

// send makes one request and reads its answer; unlike do it may run in
// any goroutine.
func send(method, url, contentType, body string) (response, error) {
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, url, rd)
	if err != nil {
		return response{}, err
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return response{}, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return response{status: resp.StatusCode, header: resp.Header, body: string(b)}, err
}

const soapClassifyBody = `<?xml version="1.0" encoding="UTF-8"?><S:Envelope xmlns:S="http://schemas.xmlsoap.org/soap/envelope/"><S:Body><ns2:classify xmlns:ns2="http://nameapi.org/soap/v4.0/email/emaildomaintypeclassifier"><emailAddress>john@gmail.com</emailAddress></ns2:classify></S:Body></S:Envelope>`

// TestContentType: a POST body must be JSON (REST) or XML (SOAP), with or
// without parameters; anything a browser may send across origins without
// a preflight gets 415 with a fault naming what is expected, and the
// service is not called. An empty body needs no type.
func TestContentType(t *testing.T) {
	t.Parallel()
	fake := newFake()
	s, ts := startServer(t, fake, Options{})
	rest := ts.URL + s.Prefix() + nameapi.PathPersonNameParser
	soap := ts.URL + nameapi.SOAPClassifierPath
	tests := []struct {
		name, url, ctype, body string
		want                   int
	}{
		{"json", rest, "application/json", personBody, 200},
		{"json with charset", rest, "application/json; charset=utf-8", personBody, 200},
		{"json upper case", rest, "Application/JSON;Charset=UTF-8", personBody, 200},
		{"vendor +json", rest, "application/vnd.nameapi+json", personBody, 200},
		{"empty body without type", rest, "", "", 200},
		{"no type", rest, "", personBody, 415},
		{"text/plain", rest, "text/plain", personBody, 415},
		{"text/plain with charset", rest, "text/plain;charset=UTF-8", personBody, 415},
		{"form", rest, "application/x-www-form-urlencoded", personBody, 415},
		{"multipart", rest, "multipart/form-data; boundary=x", personBody, 415},
		{"xml to REST", rest, "text/xml", personBody, 415},
		{"malformed type", rest, "application/json; charset", personBody, 415},
		{"soap 1.1", soap, nameapi.SOAPContentType, soapClassifyBody, 200},
		{"soap 1.2", soap, "application/soap+xml; charset=utf-8", soapClassifyBody, 200},
		{"soap as text/plain", soap, "text/plain", soapClassifyBody, 415},
		{"soap as json", soap, "application/json", soapClassifyBody, 415},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			before := fake.callCount()
			r, err := send("POST", tc.url, tc.ctype, tc.body)
			if err != nil {
				t.Fatal(err)
			}
			if r.status != tc.want {
				t.Fatalf("status %d, want %d: %s", r.status, tc.want, r.body)
			}
			if tc.want != 415 {
				return
			}
			if fake.callCount() != before {
				t.Error("the service was called")
			}
			if tc.url == soap {
				if !strings.Contains(r.body, nameapi.SOAPFaultInvalidInput) || !strings.Contains(r.body, "text/xml") {
					t.Errorf("SOAP fault %s", r.body)
				}
				return
			}
			f := decodeFault(t, r)
			if f.Blame != nameapi.BlameClient || !strings.Contains(f.Message, "application/json") {
				t.Errorf("fault %+v", f)
			}
		})
	}
}

// TestNameLimits: a request with more name fields, or more name text, than
// the limits gets 400 with a fault naming the limit, before the service is
// called; both people of the matcher count.
func TestNameLimits(t *testing.T) {
	t.Parallel()
	fake := newFake()
	s, ts := startServer(t, fake, Options{MaxNameFields: 4, MaxNameBytes: 100})
	fields := func(n int, s string) string {
		parts := make([]string, n)
		for i := range parts {
			parts[i] = `{"string":"` + s + `","fieldType":"FULLNAME"}`
		}
		return `{"type":"NaturalInputPerson","personName":{"nameFields":[` + strings.Join(parts, ",") + `]}}`
	}
	tests := []struct {
		name, path, body string
		wantMsg          string // "" = 200
	}{
		{"at the field limit", nameapi.PathPersonNameParser, `{"inputPerson":` + fields(4, "Petra") + `}`, ""},
		{"over the field limit", nameapi.PathPersonNameParser, `{"inputPerson":` + fields(5, "Petra") + `}`, "5 name fields; this server accepts at most 4"},
		{"genderizer", nameapi.PathPersonGenderizer, `{"inputPerson":` + fields(20000, "P") + `}`, "20000 name fields; this server accepts at most 4"},
		{"risk detector", nameapi.PathRiskDetector, `{"inputPerson":` + fields(5, "P") + `}`, "at most 4"},
		{"formatter", nameapi.PathPersonNameFormatter, `{"inputPerson":` + fields(5, "P") + `}`, "at most 4"},
		{"matcher counts both", nameapi.PathPersonMatcher, `{"inputPerson1":` + fields(3, "P") + `,"inputPerson2":` + fields(2, "P") + `}`, "5 name fields"},
		{"matcher within", nameapi.PathPersonMatcher, `{"inputPerson1":` + fields(2, "P") + `,"inputPerson2":` + fields(2, "P") + `}`, ""},
		{"at the text limit", nameapi.PathPersonNameParser, `{"inputPerson":` + fields(1, strings.Repeat("a", 100)) + `}`, ""},
		{"over the text limit", nameapi.PathPersonNameParser, `{"inputPerson":` + fields(1, strings.Repeat("a", 101)) + `}`, "101 bytes of text; this server accepts at most 100"},
		{"text summed", nameapi.PathPersonNameParser, `{"inputPerson":` + fields(3, strings.Repeat("a", 40)) + `}`, "120 bytes"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			before := fake.callCount()
			r, err := send("POST", ts.URL+s.Prefix()+tc.path, "application/json", tc.body)
			if err != nil {
				t.Fatal(err)
			}
			if tc.wantMsg == "" {
				if r.status != 200 {
					t.Errorf("status %d: %s", r.status, r.body)
				}
				return
			}
			if r.status != http.StatusBadRequest {
				t.Fatalf("status %d, want 400: %.200s", r.status, r.body)
			}
			if f := decodeFault(t, r); f.FaultCause != nameapi.FaultBadRequest || !strings.Contains(f.Message, tc.wantMsg) {
				t.Errorf("fault %+v, want a message with %q", f, tc.wantMsg)
			}
			if fake.callCount() != before {
				t.Error("the service was called")
			}
		})
	}
}

// TestInFlightBound: no more than MaxInFlight calls reach the service at
// once; a call that finds no place waits, gets one when a call ends, and
// otherwise is answered 503 with Retry-After once QueueWait passed.
func TestInFlightBound(t *testing.T) {
	t.Parallel()
	fake := newFake()
	var inside, most atomic.Int32
	entered := make(chan struct{}, 16)
	release := make(chan struct{})
	fake.hook = func(ctx context.Context, op string) {
		n := inside.Add(1)
		for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
		}
		entered <- struct{}{}
		<-release
		inside.Add(-1)
	}
	// A queue wait far longer than the test: the queued calls below get
	// their place from the release, not from a timer.
	s, ts := startServer(t, fake, Options{MaxInFlight: 2, QueueWait: time.Hour})
	url := ts.URL + s.Prefix() + nameapi.PathPersonNameParser
	const calls = 5
	results := make(chan response, calls)
	for range calls {
		go func() {
			r, err := send("POST", url, "application/json", personBody)
			if err != nil {
				r.body = err.Error()
			}
			results <- r
		}()
	}
	<-entered
	<-entered
	// Two calls are inside; the others wait. Let them all through.
	close(release)
	for range calls {
		if r := <-results; r.status != 200 {
			t.Errorf("status %d: %s", r.status, r.body)
		}
	}
	if m := most.Load(); m != 2 {
		t.Errorf("%d calls at once in the service, want 2", m)
	}
	if st := s.Stats(); st.Busy != 0 || st.Calls != calls {
		t.Errorf("stats %+v", st)
	}
}

// TestBusyAnswer: when every place is taken for longer than QueueWait, a
// call is answered 503 with Retry-After and a fault saying to retry later,
// its body read so that the connection stays usable, for REST and SOAP.
func TestBusyAnswer(t *testing.T) {
	t.Parallel()
	fake := newFake()
	hold := make(chan struct{})
	entered := make(chan struct{}, 1)
	fake.hook = func(ctx context.Context, op string) {
		if op == "ping" {
			entered <- struct{}{}
			<-hold
		}
	}
	s, ts := startServer(t, fake, Options{MaxInFlight: 1, QueueWait: 10 * time.Millisecond, RetryAfter: 3 * time.Second})
	defer close(hold)
	go func() { _, _ = send("GET", ts.URL+s.Prefix()+nameapi.PathPing, "", "") }()
	<-entered
	r, err := send("POST", ts.URL+s.Prefix()+nameapi.PathPersonNameParser, "application/json", personBody)
	if err != nil {
		t.Fatal(err)
	}
	if r.status != http.StatusServiceUnavailable || r.header.Get("Retry-After") != "3" {
		t.Fatalf("status %d Retry-After %q: %s", r.status, r.header.Get("Retry-After"), r.body)
	}
	f := decodeFault(t, r)
	if f.Blame != nameapi.BlameServer || f.RetrySameLocation == nil || f.RetrySameLocation.RetryType != nameapi.RetryLater ||
		f.RetrySameLocation.RetryInSeconds == nil || *f.RetrySameLocation.RetryInSeconds != 3 || !strings.Contains(f.Message, "busy") {
		t.Errorf("fault %+v", f)
	}
	sr, err := send("POST", ts.URL+nameapi.SOAPClassifierPath, nameapi.SOAPContentType, soapClassifyBody)
	if err != nil {
		t.Fatal(err)
	}
	if sr.status != http.StatusServiceUnavailable || sr.header.Get("Retry-After") != "3" || !strings.Contains(sr.body, nameapi.SOAPFaultInternalServerError) {
		t.Errorf("SOAP: status %d Retry-After %q: %s", sr.status, sr.header.Get("Retry-After"), sr.body)
	}
	if st := s.Stats(); st.Busy != 2 {
		t.Errorf("Stats.Busy = %d, want 2", st.Busy)
	}
	// /healthz is not an operation call and is never refused.
	if h, err := send("GET", ts.URL+"/healthz", "", ""); err != nil || h.status != 200 {
		t.Errorf("healthz while busy: %v %d", err, h.status)
	}
}

// TestShutdownAnswersInFlight: calls still in flight when the graceful
// shutdown nears its deadline are answered 503 with Retry-After before it,
// whether the service ends with its context, ignores it, or the call still
// waits for a place; the access log records the 503 that was sent, and
// Serve returns nil since every client got its answer.
func TestShutdownAnswersInFlight(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		honour bool // the service returns when its context ends
		queued bool // a second call waits for the only place
	}{
		{"service ends with its context", true, false},
		{"service ignores its context", false, false},
		{"call waiting for a place", false, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			fake := newFake()
			entered := make(chan struct{}, 4)
			stuck := make(chan struct{})
			defer close(stuck)
			fake.hook = func(ctx context.Context, op string) {
				entered <- struct{}{}
				if tc.honour {
					<-ctx.Done()
					return
				}
				<-stuck
			}
			var logs syncbuf.Buffer
			ln, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				t.Fatal(err)
			}
			s := New(fake, Options{MaxInFlight: 1, QueueWait: time.Hour, ShutdownTimeout: 3 * time.Second,
				Logger: slog.New(slog.NewTextHandler(&logs, nil))})
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			served := make(chan error, 1)
			go func() { served <- s.Serve(ctx, ln) }()
			url := "http://" + ln.Addr().String() + s.Prefix() + nameapi.PathPersonNameParser
			n := 1
			if tc.queued {
				n = 2
			}
			results := make(chan response, n)
			for range n {
				go func() {
					r, err := send("POST", url, "application/json", personBody)
					if err != nil {
						r.body = err.Error()
					}
					results <- r
				}()
			}
			<-entered
			if tc.queued {
				// The second call holds a place for its body and waits
				// for the one among the calls in flight.
				waitFor(t, func() bool { return len(s.bodies) == 2 })
			}
			cancel()
			for range n {
				r := <-results
				if r.status != http.StatusServiceUnavailable || r.header.Get("Retry-After") == "" {
					t.Fatalf("in-flight call: status %d Retry-After %q: %s", r.status, r.header.Get("Retry-After"), r.body)
				}
				if !strings.Contains(r.body, "shutting down") {
					t.Errorf("fault %s", r.body)
				}
			}
			if err := <-served; err != nil {
				t.Errorf("Serve = %v, want nil: every call was answered", err)
			}
			if got := strings.Count(logs.String(), "status=503"); got != n {
				t.Errorf("access log has %d lines with 503, want %d:\n%s", got, n, logs.String())
			}
			if strings.Contains(logs.String(), "aborted=true") {
				t.Errorf("access log records an aborted request:\n%s", logs.String())
			}
			if st := s.Stats(); st.Cut != uint64(n) {
				t.Errorf("Stats.Cut = %d, want %d", st.Cut, n)
			}
		})
	}
}

// waitFor polls cond (for state another goroutine reaches without telling)
// and fails after a generous bound.
func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatal("condition not reached in 10 s")
		}
		time.Sleep(time.Millisecond)
	}
}

// TestExposedAddress: Serve refuses an address other than loopback when
// no API key is configured, unless AllowExposed is set; loopback (IPv4
// and IPv6) and addresses with keys are served.
func TestExposedAddress(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		addr    string
		opts    Options
		refused bool
	}{
		{"all interfaces, no keys", "0.0.0.0:0", Options{}, true},
		{"all interfaces, any key required", "0.0.0.0:0", Options{RequireKey: true}, true},
		{"all interfaces with keys", "0.0.0.0:0", Options{APIKeys: []string{"k"}}, false},
		{"all interfaces, allowed", "0.0.0.0:0", Options{AllowExposed: true}, false},
		{"loopback", "127.0.0.1:0", Options{}, false},
		{"IPv6 loopback", "[::1]:0", Options{}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ln, err := net.Listen("tcp", tc.addr)
			if err != nil {
				t.Skipf("cannot listen on %s here: %v", tc.addr, err)
			}
			s := New(newFake(), tc.opts)
			ctx, cancel := context.WithCancel(context.Background())
			served := make(chan error, 1)
			go func() { served <- s.Serve(ctx, ln) }()
			if tc.refused {
				err := <-served
				cancel()
				if !errors.Is(err, ErrExposed) {
					t.Fatalf("Serve = %v, want ErrExposed", err)
				}
				if c, err := net.Dial("tcp", ln.Addr().String()); err == nil {
					c.Close()
					t.Error("the refused listener still accepts connections")
				}
				return
			}
			port := ln.Addr().(*net.TCPAddr).Port
			host := "127.0.0.1"
			if strings.HasPrefix(tc.addr, "[") {
				host = "[::1]"
			}
			r, err := send("GET", fmt.Sprintf("http://%s:%d/healthz", host, port), "", "")
			cancel()
			if err != nil || r.status != 200 {
				t.Errorf("healthz: %v %d", err, r.status)
			}
			if err := <-served; err != nil {
				t.Errorf("Serve = %v", err)
			}
		})
	}
}

// TestReadBounded: a body is read into a buffer of its declared size (or,
// of unknown size, one that never grows past limit+1), and a body over the
// limit is cut there with 413, declared or not.
func TestReadBounded(t *testing.T) {
	t.Parallel()
	const limit = 1000
	tests := []struct {
		name     string
		size     int
		declared bool
		tooLarge bool
	}{
		{"declared, small", 10, true, false},
		{"declared, at the limit", limit, true, false},
		{"declared, over the limit", limit + 1, true, true},
		{"unknown, small", 10, false, false},
		{"unknown, at the limit", limit, false, false},
		{"unknown, over the limit", 5 * limit, false, true},
		{"empty", 0, false, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			body := bytes.Repeat([]byte("x"), tc.size)
			declared := int64(-1)
			if tc.declared {
				declared = int64(tc.size)
			}
			counted := &countingReader{r: iotest.HalfReader(bytes.NewReader(body))}
			data, put, err := readBounded(counted, declared, limit)
			defer put()
			var re *requestError
			if tc.tooLarge {
				if !errors.As(err, &re) || re.a.status != http.StatusRequestEntityTooLarge {
					t.Fatalf("err %v, want 413", err)
				}
				if counted.n > limit+1 {
					t.Errorf("read %d bytes of an oversized body, want at most %d", counted.n, limit+1)
				}
				return
			}
			if err != nil || !bytes.Equal(data, body) {
				t.Fatalf("err %v, %d bytes", err, len(data))
			}
			if c := cap(data); c > limit+1 {
				t.Errorf("buffer of %d bytes for a body of %d, limit %d", c, tc.size, limit)
			}
		})
	}
}

type countingReader struct {
	r io.Reader
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

// BenchmarkReadBody compares reading a 1 MB body of declared length with
// io.ReadAll (the server's reader before) and with readBounded: bytes
// allocated per body.
func BenchmarkReadBody(b *testing.B) {
	body := bytes.Repeat([]byte("x"), 1<<20)
	b.Run("ReadAll", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := io.ReadAll(bytes.NewReader(body)); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("readBounded", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			_, put, err := readBounded(bytes.NewReader(body), int64(len(body)), 1<<20)
			if err != nil {
				b.Fatal(err)
			}
			put()
		}
	})
}

// TestExposedAddr: which listen addresses may reach beyond loopback.
func TestExposedAddr(t *testing.T) {
	t.Parallel()
	tests := []struct {
		addr    string
		exposed bool
		err     bool
	}{
		{"127.0.0.1:8080", false, false},
		{"127.1.2.3:8080", false, false},
		{"[::1]:8080", false, false},
		{"localhost:8080", false, false},
		{":8080", true, false},
		{"0.0.0.0:8080", true, false},
		{"[::]:8080", true, false},
		{"192.168.1.10:8080", true, false},
		{"10.0.0.1:0", true, false},
		{"8080", false, true},
	}
	for _, tc := range tests {
		got, err := Exposed(context.Background(), tc.addr)
		if got != tc.exposed || (err != nil) != tc.err {
			t.Errorf("Exposed(%q) = %v, %v; want %v, error %v", tc.addr, got, err, tc.exposed, tc.err)
		}
	}
}

// TestBodyMemory: serving one body of about 1 MB allocates about twice
// its size (the body's buffer and the decoded value), not the several
// copies of a growing read; a SOAP body, whose decoder copies long texts
// several times, is limited to 64 KiB. Not parallel, so that the
// allocation count is this request's.
func TestBodyMemory(t *testing.T) {
	h := New(newFake(), Options{}).Handler()
	long := strings.Repeat("x", 990_000)
	tests := []struct {
		name, path, ctype, body string
		chunked                 bool
	}{
		{"one long value", nameapi.PathRiskDetector, "application/json",
			`{"inputPerson":{"type":"NaturalInputPerson","emailAddresses":[{"type":"EmailAddressImpl","emailAddress":"` + long + `"}]}}`, false},
		{"one long value, length unknown", nameapi.PathRiskDetector, "application/json",
			`{"inputPerson":{"type":"NaturalInputPerson","emailAddresses":[{"type":"EmailAddressImpl","emailAddress":"` + long + `"}]}}`, true},
		{"SOAP", nameapi.SOAPClassifierPath, nameapi.SOAPContentType, strings.Replace(soapClassifyBody, "john@gmail.com", long[:maxSOAPBody-1000], 1), false},
	}
	// A longer SOAP body is refused before it is read.
	big := httptest.NewRequest("POST", nameapi.SOAPClassifierPath, strings.NewReader(strings.Replace(soapClassifyBody, "john@gmail.com", long, 1)))
	big.Header.Set("Content-Type", nameapi.SOAPContentType)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, big)
	if rec.Code != http.StatusRequestEntityTooLarge || !strings.Contains(rec.Body.String(), "65536") {
		t.Errorf("SOAP body of 1 MB: %d %.300s", rec.Code, rec.Body.String())
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			target := tc.path
			if !strings.HasPrefix(target, "/soap/") {
				target = DefaultPrefix + target
			}
			var body io.Reader = strings.NewReader(tc.body)
			if tc.chunked {
				body = io.MultiReader(body) // of unknown length
			}
			req := httptest.NewRequest("POST", target, body)
			req.Header.Set("Content-Type", tc.ctype)
			rec := httptest.NewRecorder()
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			h.ServeHTTP(rec, req)
			runtime.ReadMemStats(&after)
			if rec.Code != 200 {
				t.Fatalf("status %d: %.300s", rec.Code, rec.Body.String())
			}
			alloc := after.TotalAlloc - before.TotalAlloc
			t.Logf("%d bytes allocated for a body of %d", alloc, len(tc.body))
			// The buffer and the decoded value; a body of unknown length
			// grows its buffer by doubling, which allocates up to twice
			// the final buffer in all (about 1.5 times at once).
			factor := uint64(2)
			if tc.chunked {
				factor = 3
			}
			limit := factor*uint64(len(tc.body)) + 256<<10
			if strings.HasPrefix(target, "/soap/") {
				// encoding/xml's copies (more under -race) of a body
				// that cannot be longer than 64 KiB.
				limit = 1 << 20
			}
			if alloc > limit {
				t.Errorf("%d bytes allocated for a body of %d, want at most %d", alloc, len(tc.body), limit)
			}
		})
	}
}
