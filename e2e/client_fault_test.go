package e2e

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/namepipe/namepipe/internal/syncbuf"
	"github.com/namepipe/namepipe/nameapi"
	"github.com/namepipe/namepipe/server"
)

// plantedKey is a distinctive API key; no error, log or output may hold it.
const plantedKey = "np-PLANTED-9c41e7d2b8f05a36"

// escapedKey needs escaping in a query string, so that its escaped form
// is checked too.
const escapedKey = "np+Esc/Key=7d2b8f05&a36%zz"

// clientOp is one operation of the client, run with fixed input.
type clientOp struct {
	name string
	call func(ctx context.Context, c *nameapi.Client, i int) (any, error)
}

func person(name string) *nameapi.InputWithPerson {
	return &nameapi.InputWithPerson{InputPerson: nameapi.NewNaturalPerson(nameapi.Field(nameapi.FieldFullname, name))}
}

// names gives call i its own input, so that results differ between calls.
var names = []string{"Petra Müller", "John Doe", "Acme GmbH", "asdf asdf", "Li Wei", "María José García", "test test", "Ahmed Al-Hassan"}

func nameOf(i int) string { return names[i%len(names)] }

// allOps is every operation the pipeline can call, REST and SOAP.
var allOps = []clientOp{
	{"parse", func(ctx context.Context, c *nameapi.Client, i int) (any, error) {
		return c.ParsePersonName(ctx, person(nameOf(i)))
	}},
	{"genderize", func(ctx context.Context, c *nameapi.Client, i int) (any, error) {
		return c.GenderizePerson(ctx, person(nameOf(i)))
	}},
	{"risk", func(ctx context.Context, c *nameapi.Client, i int) (any, error) {
		return c.DetectRisk(ctx, person(nameOf(i)))
	}},
	{"disposable", func(ctx context.Context, c *nameapi.Client, i int) (any, error) {
		return c.DetectDisposableEmail(ctx, fmt.Sprintf("user%d@mailinator.com", i))
	}},
	{"emailname", func(ctx context.Context, c *nameapi.Client, i int) (any, error) {
		return c.ParseEmailName(ctx, &nameapi.InputWithEmail{EmailAddress: fmt.Sprintf("petra.mueller%d@example.com", i)})
	}},
	{"format", func(ctx context.Context, c *nameapi.Client, i int) (any, error) {
		return c.FormatPersonName(ctx, &nameapi.PersonNameFormatterInput{InputPerson: person(nameOf(i)).InputPerson})
	}},
	{"match", func(ctx context.Context, c *nameapi.Client, i int) (any, error) {
		return c.MatchPersons(ctx, &nameapi.InputWithTwoPeople{InputPerson1: person(nameOf(i)).InputPerson, InputPerson2: person("Petra Mueller").InputPerson})
	}},
	{"classify (SOAP)", func(ctx context.Context, c *nameapi.Client, i int) (any, error) {
		return c.ClassifyEmailDomain(ctx, fmt.Sprintf("someone%d@gmail.com", i))
	}},
	{"ping", func(ctx context.Context, c *nameapi.Client, i int) (any, error) {
		return nil, c.Ping(ctx)
	}},
}

// newClient returns a client of s with key and a debug log into logs.
func newClient(t *testing.T, s *served, key string, timeout time.Duration, logs *syncbuf.Buffer) *nameapi.Client {
	t.Helper()
	c, err := nameapi.NewClient(nameapi.ClientConfig{BaseURL: s.baseURL(), APIKey: key, Timeout: timeout, MaxConns: 4, Logger: debugLogger(logs)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// asAPIError returns err as a *nameapi.Error or fails the test.
func asAPIError(t *testing.T, what string, err error) *nameapi.Error {
	t.Helper()
	var e *nameapi.Error
	if !errors.As(err, &e) {
		t.Fatalf("%s: error %T %v is not a *nameapi.Error", what, err, err)
	}
	return e
}

// TestClientInjectedErrorsAlways: with every call failing with 500, 503 or
// 429, each operation returns a retryable *nameapi.Error with that status
// (and the Retry-After of 503/429), and the key appears nowhere.
func TestClientInjectedErrorsAlways(t *testing.T) {
	for _, status := range []int{500, 503, 429} {
		t.Run(strconv(status), func(t *testing.T) {
			s := startServe(t, server.Options{APIKeys: []string{plantedKey}, ErrorRate: 1, ErrorStatus: status, RetryAfter: 2 * time.Second, Seed: 1})
			clog := &syncbuf.Buffer{}
			c := newClient(t, s, plantedKey, 5*time.Second, clog)
			for _, op := range allOps {
				_, err := op.call(context.Background(), c, 0)
				if err == nil {
					t.Errorf("%s: no error with every call failing", op.name)
					continue
				}
				e := asAPIError(t, op.name, err)
				if e.HTTPStatus != status || !e.Retryable() {
					t.Errorf("%s: status %d retryable %v, want %d retryable: %v", op.name, e.HTTPStatus, e.Retryable(), status, err)
				}
				wantRA := time.Duration(0)
				if status != 500 {
					wantRA = 2 * time.Second
				}
				if e.RetryAfter != wantRA {
					t.Errorf("%s: RetryAfter %v, want %v", op.name, e.RetryAfter, wantRA)
				}
				assertNoKey(t, op.name+" error", err.Error(), plantedKey)
			}
			if got := s.srv.Stats().InjectedErrors; got != uint64(len(allOps)) {
				t.Errorf("server injected %d errors, want %d", got, len(allOps))
			}
			assertNoKey(t, "client log", clog.String(), plantedKey)
			assertNoKey(t, "server log", s.logs.String(), plantedKey)
		})
	}
}

func strconv(i int) string { return fmt.Sprint(i) }

// canonical is a result as JSON, for comparing results.
func canonical(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestClientInjectedFaultsPartial: with 20 % of calls failing (500, 503,
// 429) or 20 % of connections dropped mid-answer, every call either gives
// exactly the fault-free result or a retryable *nameapi.Error of the
// injected kind; the share of failures matches the server's count.
func TestClientInjectedFaultsPartial(t *testing.T) {
	clean := startServe(t, server.Options{APIKeys: []string{plantedKey}})
	cc := newClient(t, clean, plantedKey, 5*time.Second, &syncbuf.Buffer{})
	const calls = 5 // per operation
	want := map[string]string{}
	for _, op := range allOps {
		for i := range calls {
			res, err := op.call(context.Background(), cc, i)
			if err != nil {
				t.Fatalf("fault-free %s: %v", op.name, err)
			}
			want[fmt.Sprint(op.name, i)] = canonical(t, res)
		}
	}
	tests := []struct {
		name string
		opts server.Options
		// check checks a failed call's error.
		check func(e *nameapi.Error) bool
	}{
		{"500 at 20%", server.Options{ErrorRate: 0.2, ErrorStatus: 500}, func(e *nameapi.Error) bool { return e.HTTPStatus == 500 }},
		{"503 at 20%", server.Options{ErrorRate: 0.2, ErrorStatus: 503}, func(e *nameapi.Error) bool { return e.HTTPStatus == 503 && e.RetryAfter > 0 }},
		{"429 at 20%", server.Options{ErrorRate: 0.2, ErrorStatus: 429}, func(e *nameapi.Error) bool { return e.HTTPStatus == 429 && e.RetryAfter > 0 }},
		{"drop at 20%", server.Options{DropRate: 0.2}, func(e *nameapi.Error) bool { return e.Network && !e.Timeout }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tc.opts.APIKeys = []string{plantedKey}
			tc.opts.Seed = 7
			s := startServe(t, tc.opts)
			clog := &syncbuf.Buffer{}
			c := newClient(t, s, plantedKey, 5*time.Second, clog)
			failed := 0
			for _, op := range allOps {
				for i := range calls {
					res, err := op.call(context.Background(), c, i)
					if err != nil {
						failed++
						e := asAPIError(t, op.name, err)
						if !tc.check(e) || !e.Retryable() {
							t.Errorf("%s #%d: unexpected error (retryable %v): %v", op.name, i, e.Retryable(), err)
						}
						assertNoKey(t, op.name+" error", err.Error(), plantedKey)
						continue
					}
					if got := canonical(t, res); got != want[fmt.Sprint(op.name, i)] {
						t.Errorf("%s #%d: result under faults differs from the fault-free one:\n got %s\nwant %s", op.name, i, got, want[fmt.Sprint(op.name, i)])
					}
				}
			}
			st := s.srv.Stats()
			if injected := int(st.InjectedErrors + st.Dropped); injected != failed {
				t.Errorf("%d calls failed, server injected %d (%+v)", failed, injected, st)
			}
			total := len(allOps) * calls
			if failed == 0 || failed > total/2 {
				t.Errorf("%d of %d calls failed at a 20%% rate", failed, total)
			}
			assertNoKey(t, "client log", clog.String(), plantedKey)
			assertNoKey(t, "server log", s.logs.String(), plantedKey)
		})
	}
}

// TestClientTimeoutNeverHangs: a server slower than the client's timeout
// gives a retryable timeout error as soon as the timeout passes, not when
// the server finally answers; a dead port gives a retryable network error;
// a cancelled caller gets a non-retryable error that is context.Canceled.
// None of these errors or logs holds the key (the transport's own errors
// quote the URL, which carries it).
func TestClientTimeoutNeverHangs(t *testing.T) {
	for _, key := range []string{plantedKey, escapedKey} {
		t.Run("key "+key[:6], func(t *testing.T) {
			t.Parallel()
			// The server notices a client gone only after its latency
			// (it has not read the body yet), so this bounds the test.
			const serverLatency = 1500 * time.Millisecond
			s := startServe(t, server.Options{Latency: serverLatency, APIKeys: []string{key}})
			clog := &syncbuf.Buffer{}
			c := newClient(t, s, key, 100*time.Millisecond, clog)
			for _, op := range allOps {
				start := time.Now()
				_, err := op.call(context.Background(), c, 0)
				elapsed := time.Since(start)
				if err == nil {
					t.Fatalf("%s: answered despite %v latency", op.name, serverLatency)
				}
				if elapsed >= serverLatency {
					t.Errorf("%s: waited %v, the server's whole latency, despite a 100ms timeout", op.name, elapsed)
				}
				e := asAPIError(t, op.name, err)
				if !e.Timeout || !e.Retryable() || !errors.Is(err, context.DeadlineExceeded) {
					t.Errorf("%s: timeout %v retryable %v: %v", op.name, e.Timeout, e.Retryable(), err)
				}
				assertNoKey(t, op.name+" error", err.Error(), key)
				assertNoKey(t, op.name+" error", err.Error(), url.QueryEscape(key))
			}

			// The caller cancels: not retryable, and errors.Is finds it.
			ctx, cancel := context.WithCancel(context.Background())
			go func() { time.AfterFunc(20*time.Millisecond, cancel) }()
			c2 := newClient(t, s, key, 10*time.Second, clog)
			_, err := c2.ParsePersonName(ctx, person("Petra Müller"))
			if err == nil || !errors.Is(err, context.Canceled) || nameapi.IsRetryable(err) {
				t.Errorf("cancelled call: %v (retryable %v)", err, nameapi.IsRetryable(err))
			}

			// Nothing listens on a closed port.
			ln, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				t.Fatal(err)
			}
			dead := ln.Addr().String()
			ln.Close()
			dc, err := nameapi.NewClient(nameapi.ClientConfig{BaseURL: "http://" + dead + "/rest/v5.3", APIKey: key, Timeout: 2 * time.Second, Logger: debugLogger(clog)})
			if err != nil {
				t.Fatal(err)
			}
			for _, op := range allOps {
				_, err := op.call(context.Background(), dc, 0)
				e := asAPIError(t, op.name+" on a closed port", err)
				if !e.Network || !e.Retryable() {
					t.Errorf("%s on a closed port: network %v retryable %v: %v", op.name, e.Network, e.Retryable(), err)
				}
				assertNoKey(t, op.name+" error", err.Error(), key)
				assertNoKey(t, op.name+" error", err.Error(), url.QueryEscape(key))
			}
			assertNoKey(t, "client log", clog.String(), key)
			assertNoKey(t, "client log", clog.String(), url.QueryEscape(key))
			assertNoKey(t, "server log", s.logs.String(), key)
			assertNoKey(t, "server log", s.logs.String(), url.QueryEscape(key))
		})
	}
}

// TestClientWrongKey: a wrong key is refused with 401 AccessDenied, not
// retryable; neither the wrong key nor the right one appears in the error
// or in either log.
func TestClientWrongKey(t *testing.T) {
	const wrongKey = "np-WRONG-0d5e1f7a3c9b2468"
	s := startServe(t, server.Options{APIKeys: []string{plantedKey}})
	clog := &syncbuf.Buffer{}
	c := newClient(t, s, wrongKey, 5*time.Second, clog)
	for _, op := range allOps {
		_, err := op.call(context.Background(), c, 0)
		e := asAPIError(t, op.name, err)
		want := http.StatusUnauthorized
		if e.SOAPFault != "" {
			// SOAP faults travel with status 500.
			want = http.StatusInternalServerError
			if e.SOAPFault != nameapi.SOAPFaultAccessDenied {
				t.Errorf("%s: SOAP fault %s, want %s", op.name, e.SOAPFault, nameapi.SOAPFaultAccessDenied)
			}
		}
		if e.HTTPStatus != want || e.Retryable() {
			t.Errorf("%s: status %d retryable %v: %v", op.name, e.HTTPStatus, e.Retryable(), err)
		}
		assertNoKey(t, op.name+" error", err.Error(), wrongKey)
	}
	if got := s.srv.Stats().Unauthorized; got != uint64(len(allOps)) {
		t.Errorf("server refused %d calls, want %d", got, len(allOps))
	}
	for _, k := range []string{wrongKey, plantedKey} {
		assertNoKey(t, "client log", clog.String(), k)
		assertNoKey(t, "server log", s.logs.String(), k)
	}
	if !strings.Contains(s.logs.String(), "status=401") {
		t.Errorf("server log has no 401 line:\n%s", s.logs.String())
	}
}

// TestClientConcurrentFaultsNoLeakNoHang runs many calls at once against a
// server that fails, drops and delays (some past the timeout): every call
// returns (the test's own deadline would catch a hang) with a result or a
// retryable *nameapi.Error.
func TestClientConcurrentFaultsNoLeakNoHang(t *testing.T) {
	s := startServe(t, server.Options{APIKeys: []string{plantedKey}, ErrorRate: 0.2, ErrorStatus: 503, DropRate: 0.2,
		LatencyJitter: 300 * time.Millisecond, Seed: 11})
	clog := &syncbuf.Buffer{}
	c := newClient(t, s, plantedKey, 200*time.Millisecond, clog)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	type outcome struct {
		ok   bool
		kind string
	}
	results := make(chan outcome)
	const workers, per = 8, 12
	for w := range workers {
		go func() {
			for i := range per {
				op := allOps[(w+i)%len(allOps)]
				_, err := op.call(ctx, c, i)
				if err == nil {
					results <- outcome{ok: true}
					continue
				}
				var e *nameapi.Error
				switch {
				case !errors.As(err, &e) || !e.Retryable():
					results <- outcome{kind: "bad: " + err.Error()}
				case e.Timeout:
					results <- outcome{kind: "timeout"}
				case e.Network:
					results <- outcome{kind: "network"}
				default:
					results <- outcome{kind: strconv(e.HTTPStatus)}
				}
				assertNoKey(t, "error", err.Error(), plantedKey)
			}
		}()
	}
	counts := map[string]int{}
	for range workers * per {
		select {
		case o := <-results:
			if o.ok {
				counts["ok"]++
			} else {
				counts[o.kind]++
			}
		case <-ctx.Done():
			t.Fatalf("calls hang: outcomes so far %v", counts)
		}
	}
	for k := range counts {
		if strings.HasPrefix(k, "bad") {
			t.Errorf("non-retryable or untyped failure: %s", k)
		}
	}
	if counts["ok"] == 0 || counts["timeout"] == 0 || counts["503"] == 0 {
		t.Errorf("outcomes %v: want successes, timeouts and 503s", counts)
	}
	assertNoKey(t, "client log", clog.String(), plantedKey)
	assertNoKey(t, "server log", s.logs.String(), plantedKey)
}
