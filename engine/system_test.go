package engine

import (
	"context"
	"errors"
	"net/http"
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
		status     int
		cause      string
		blame      string
		retrySame  string // "" = absent
		retryable  bool
		invalidArg bool
	}{
		{nameapi.ExceptionInvalidInput, 400, nameapi.FaultBadRequest, nameapi.BlameClient, nameapi.RetryNo, false, false},
		{nameapi.ExceptionAccessDeniedNoSuchAccount, 401, nameapi.FaultAccessDenied, nameapi.BlameClient, nameapi.RetryNo, false, false},
		{nameapi.ExceptionInternalServerError, 500, nameapi.FaultInternalServerError, nameapi.BlameServer, "", true, false},
		{nameapi.ExceptionAccessDeniedRequestLimitExceeded, 400, nameapi.FaultBadRequest, nameapi.BlameClient, nameapi.RetryNo, false, true},
		{nameapi.ExceptionAccessDeniedTooManyConcurrentRequests, 400, nameapi.FaultBadRequest, nameapi.BlameClient, nameapi.RetryNo, false, true},
		{"NoSuchType", 400, nameapi.FaultBadRequest, nameapi.BlameClient, nameapi.RetryNo, false, true},
	}
	for _, tt := range tests {
		t.Run(tt.typ, func(t *testing.T) {
			err := e.ThrowException(ctx, tt.typ, 100)
			var ae *nameapi.Error
			if !errors.As(err, &ae) {
				t.Fatalf("err = %v, want *nameapi.Error", err)
			}
			f := ae.Fault
			if ae.HTTPStatus != tt.status || f == nil || f.FaultCause != tt.cause || f.Blame != tt.blame || f.Message == "" {
				t.Fatalf("got status %d fault %+v", ae.HTTPStatus, f)
			}
			if f.HTTPStatusCode != tt.status || f.HTTPStatusMeaning != http.StatusText(tt.status) {
				t.Errorf("fault status %d %q", f.HTTPStatusCode, f.HTTPStatusMeaning)
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
			if ae.InvalidInput() != (tt.status == 400) {
				t.Errorf("InvalidInput = %v", ae.InvalidInput())
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
					if !errors.As(err, &ae) || ae.HTTPStatus != 500 {
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
