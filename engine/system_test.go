package engine

import (
	"context"
	"errors"
	"testing"

	"github.com/namepipe/namepipe/nameapi"
)

func TestPing(t *testing.T) {
	e := newTestEngine(t)
	if err := e.Ping(context.Background()); err != nil {
		t.Fatalf("Ping: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := e.Ping(ctx); !errors.Is(err, context.Canceled) {
		t.Fatalf("Ping on cancelled ctx = %v, want context.Canceled", err)
	}
}

func TestThrowException(t *testing.T) {
	e := newTestEngine(t)
	ctx := context.Background()
	tests := []struct {
		typ        string
		kind       nameapi.Kind
		retrySame  string // "" = absent
		retryable  bool
		invalidArg bool
	}{
		{nameapi.ExceptionInvalidInput, nameapi.KindInvalidInput, nameapi.RetryNo, false, false},
		{nameapi.ExceptionAccessDeniedNoSuchAccount, nameapi.KindAccessDenied, nameapi.RetryNo, false, false},
		{nameapi.ExceptionInternalServerError, nameapi.KindInternal, "", true, false},
		{nameapi.ExceptionAccessDeniedRequestLimitExceeded, nameapi.KindInvalidInput, nameapi.RetryNo, false, true},
		{nameapi.ExceptionAccessDeniedTooManyConcurrentRequests, nameapi.KindInvalidInput, nameapi.RetryNo, false, true},
		{"NoSuchType", nameapi.KindInvalidInput, nameapi.RetryNo, false, true},
	}
	for _, tt := range tests {
		t.Run(tt.typ, func(t *testing.T) {
			err := e.ThrowException(ctx, tt.typ, 100)
			var ae *nameapi.Error
			if !errors.As(err, &ae) {
				t.Fatalf("err = %v, want *nameapi.Error", err)
			}
			f := ae.Fault
			// The engine says what went wrong; the HTTP status, fault
			// cause and blame are the server's (see conformance).
			if ae.Kind != tt.kind || ae.HTTPStatus != 0 || f == nil || f.Message == "" || f.HTTPStatusCode != 0 {
				t.Fatalf("got kind %s, status %d, fault %+v; want kind %s without status", ae.Kind, ae.HTTPStatus, f, tt.kind)
			}
			got := ""
			if f.RetrySameLocation != nil {
				got = f.RetrySameLocation.RetryType
			}
			if got != tt.retrySame {
				t.Errorf("retrySameLocation = %q, want %q", got, tt.retrySame)
			}
			if ae.Retryable() != tt.retryable {
				t.Errorf("Retryable = %v", ae.Retryable())
			}
			if ae.InvalidInput() != (tt.kind == nameapi.KindInvalidInput) || ae.AccessDenied() != (tt.kind == nameapi.KindAccessDenied) {
				t.Errorf("InvalidInput = %v, AccessDenied = %v", ae.InvalidInput(), ae.AccessDenied())
			}
		})
	}
}

func TestThrowExceptionChance(t *testing.T) {
	e := newTestEngine(t)
	ctx := context.Background()
	for _, c := range []int{-1, 101} {
		var ae *nameapi.Error
		if err := e.ThrowException(ctx, nameapi.ExceptionInternalServerError, c); !errors.As(err, &ae) || !ae.InvalidInput() {
			t.Errorf("chance %d: err = %v, want invalid input", c, err)
		}
	}
	if err := e.ThrowException(ctx, nameapi.ExceptionInternalServerError, 0); err != nil {
		t.Errorf("chance 0: %v", err)
	}
	thrown := 0
	for range 1000 {
		if e.ThrowException(ctx, nameapi.ExceptionInternalServerError, 30) != nil {
			thrown++
		}
	}
	if thrown < 220 || thrown > 380 {
		t.Errorf("chance 30 threw %d of 1000 times", thrown)
	}
}

// TestConcurrentUse runs the operations from several goroutines (run with
// -race to check the engine's shared state).
func TestConcurrentUse(t *testing.T) {
	e := newTestEngine(t)
	ctx := context.Background()
	done := make(chan error, 4)
	for range 4 {
		go func() {
			for range 50 {
				if err := e.ThrowException(ctx, nameapi.ExceptionInternalServerError, 50); err != nil {
					var ae *nameapi.Error
					if !errors.As(err, &ae) || ae.Kind != nameapi.KindInternal {
						done <- err
						return
					}
				}
				if _, err := e.DetectDisposableEmail(ctx, "x@mailinator.com"); err != nil {
					done <- err
					return
				}
				if _, err := e.ParseEmailName(ctx, &nameapi.InputWithEmail{EmailAddress: "john.smith@example.com"}); err != nil {
					done <- err
					return
				}
				e.gz.ForNames([]string{"Andrea"}, "", &nameapi.Context{Place: "IT"}, nil)
			}
			done <- nil
		}()
	}
	for range 4 {
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	}
}
