package conformance

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/namepipe/namepipe/nameapi"
	"github.com/namepipe/namepipe/server"
)

// TestInjectedFaultsThroughServe: the failures `serve` injects for fault
// tests reach the client as retryable errors with their Retry-After.
func TestInjectedFaultsThroughServe(t *testing.T) {
	ctx := context.Background()
	for _, status := range []int{http.StatusInternalServerError, http.StatusServiceUnavailable, http.StatusTooManyRequests} {
		s := newStack(t, server.Options{ErrorRate: 1, ErrorStatus: status, RetryAfter: 2 * time.Second}, "")
		_, err := s.client.ParsePersonName(ctx, person(full("Petra Müller")))
		if err == nil {
			t.Fatalf("%d: no error", status)
		}
		e := asError(t, err)
		if e.HTTPStatus != status || !e.Retryable() || e.Fault == nil ||
			(e.Fault.RetrySameLocation != nil && e.Fault.RetrySameLocation.RetryType == nameapi.RetryNo) {
			t.Errorf("%d: %v (fault %+v), want a retryable %d", status, err, e.Fault, status)
		}
		if wantRA := status != http.StatusInternalServerError; wantRA != (e.RetryAfter == 2*time.Second) {
			t.Errorf("%d: RetryAfter %v", status, e.RetryAfter)
		}
		_, err = s.client.ClassifyEmailDomain(ctx, "x@gmail.com")
		if e := asError(t, err); !e.Retryable() {
			t.Errorf("%d SOAP: %v, want retryable", status, err)
		}
	}
}

// TestTimeoutThroughServe: an answer later than the client's timeout is a
// retryable timeout error, and the server stops waiting when the client
// gives up (else closing the test server would wait out the latency).
func TestTimeoutThroughServe(t *testing.T) {
	srv := server.New(sharedEngine(t), server.Options{Latency: time.Hour})
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(ts.Close)
	c, err := nameapi.NewClient(nameapi.ClientConfig{BaseURL: ts.URL + server.DefaultPrefix, Timeout: 100 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Close() })
	_, err = c.GenderizePerson(context.Background(), person(full("Petra Müller")))
	if err == nil {
		t.Fatal("no error past the timeout")
	}
	if e := asError(t, err); !e.Timeout || !e.Retryable() {
		t.Errorf("err = %v, want a retryable timeout", err)
	}
}

// TestEnvelopeParameterThroughServe: a client that sends envelope=false on
// every call gets the bare results.
func TestEnvelopeParameterThroughServe(t *testing.T) {
	srv := server.New(sharedEngine(t), server.Options{})
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(ts.Close)
	c, err := nameapi.NewClient(nameapi.ClientConfig{BaseURL: ts.URL + server.DefaultPrefix, EnvelopeOnEveryCall: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Close() })
	ctx := context.Background()
	if err := c.Ping(ctx); err != nil {
		t.Fatal(err)
	}
	r, err := c.DetectDisposableEmail(ctx, "blahblah@10minutemail.com")
	if err != nil || r.Disposable != nameapi.DisposableYes {
		t.Errorf("disposable = %+v, %v", r, err)
	}
	if err := c.ThrowException(ctx, nameapi.ExceptionInvalidInput, 0); err != nil {
		t.Errorf("thrower: %v", err)
	}
}
