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
