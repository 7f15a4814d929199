package engine

import (
	"context"
	"errors"
	"testing"

	"github.com/namepipe/namepipe/nameapi"
)

func TestDetectDisposableEmail(t *testing.T) {
	e := newTestEngine(t)
	tests := map[string]string{
		"blahblah@10minutemail.com": nameapi.DisposableYes,
		"x@mailinator.com":          nameapi.DisposableYes,
		"x@foo.mailinator.com":      nameapi.DisposableYes,
		"X@MAILINATOR.COM":          nameapi.DisposableYes,
		"someone@amazon.com":        nameapi.DisposableNo,
		"john.doe@gmail.com":        nameapi.DisposableNo,
		"not an email":              nameapi.DisposableUnknown,
		"":                          nameapi.DisposableUnknown,
		"john@10minutemail":         nameapi.DisposableUnknown,
	}
	for in, want := range tests {
		r, err := e.DetectDisposableEmail(context.Background(), in)
		if err != nil {
			t.Fatalf("%q: %v", in, err)
		}
		if r.Disposable != want {
			t.Errorf("DetectDisposableEmail(%q) = %s, want %s", in, r.Disposable, want)
		}
	}
}

// TestDisposableSharedResults checks that with WithReadOnlyResults the
// disposable check allocates nothing (it hands out shared results with the
// same answers), and that without it every call has a result of its own.
// Not parallel: testing.AllocsPerRun.
func TestDisposableSharedResults(t *testing.T) {
	ctx := context.Background()
	addrs := []string{"x@mailinator.com", "John.Smith@gmail.com", "not an email"}
	for _, readOnly := range []bool{false, true} {
		opts := []Option{WithParseMemo(0)}
		if readOnly {
			opts = append(opts, WithReadOnlyResults())
		}
		e, err := New(opts...)
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range addrs {
			r1, err1 := e.DetectDisposableEmail(ctx, a)
			r2, err2 := e.DetectDisposableEmail(ctx, a)
			if err1 != nil || err2 != nil {
				t.Fatalf("%q: %v, %v", a, err1, err2)
			}
			if want := e.email.DetectDisposable(a).Disposable; r1.Disposable != want || r2.Disposable != want {
				t.Errorf("readOnly %v: %q is %s and %s, want %s", readOnly, a, r1.Disposable, r2.Disposable, want)
			}
			if (r1 == r2) != readOnly {
				t.Errorf("readOnly %v: %q: shared result %v", readOnly, a, r1 == r2)
			}
		}
		allocs := testing.AllocsPerRun(100, func() {
			for _, a := range addrs {
				if _, err := e.DetectDisposableEmail(ctx, a); err != nil {
					t.Fatal(err)
				}
			}
		})
		if readOnly && allocs != 0 {
			t.Errorf("readOnly: %v allocations per run, want 0", allocs)
		}
	}
}

func TestClassifyEmailDomain(t *testing.T) {
	e := newTestEngine(t)
	tests := map[string]string{
		"x@10minutemail.com": nameapi.DomainDisposable,
		"x@gmail.com":        nameapi.DomainFreemail,
		"x@yahoo.co.uk":      nameapi.DomainFreemail,
		"x@t-online.de":      nameapi.DomainISP,
		"x@comcast.net":      nameapi.DomainISP,
		"x@google.com":       nameapi.DomainOrganization,
		"x@acme-gmbh.de":     nameapi.DomainOrganization,
		"gmail.com":          nameapi.DomainFreemail,
	}
	for in, want := range tests {
		r, err := e.ClassifyEmailDomain(context.Background(), in)
		if err != nil {
			t.Fatalf("%q: %v", in, err)
		}
		if r.DomainType != want {
			t.Errorf("ClassifyEmailDomain(%q) = %s, want %s", in, r.DomainType, want)
		}
	}
	// Invalid input, as the interface lists for classify: the SOAP
	// InvalidInputWebServiceException.
	for _, in := range []string{"", "  ", "x@@gmail.com", "nonsense", "a@b", "@gmail.com"} {
		r, err := e.ClassifyEmailDomain(context.Background(), in)
		var ne *nameapi.Error
		if !errors.As(err, &ne) || !ne.InvalidInput() || ne.Retryable() {
			t.Errorf("ClassifyEmailDomain(%q) = %+v, %v; want invalid input", in, r, err)
		}
	}
}

func BenchmarkDetectDisposableEmail(b *testing.B) {
	e := newTestEngine(b)
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := e.DetectDisposableEmail(ctx, "John.Smith@mail.example.co.uk"); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkClassifyEmailDomain(b *testing.B) {
	e := newTestEngine(b)
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := e.ClassifyEmailDomain(ctx, "john.smith@gmail.com"); err != nil {
			b.Fatal(err)
		}
	}
}
