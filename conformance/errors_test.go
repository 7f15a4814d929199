package conformance

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/namepipe/namepipe/nameapi"
	"github.com/namepipe/namepipe/server"
)

// asError unwraps a *nameapi.Error or fails.
func asError(t *testing.T, err error) *nameapi.Error {
	t.Helper()
	var e *nameapi.Error
	if !errors.As(err, &e) {
		t.Fatalf("err = %v (%T), want a *nameapi.Error", err, err)
	}
	return e
}

// TestExceptionThrowerThroughServe: each exceptionType at chance 100 reaches
// the client as the right typed error; chance 0 is "OK" (see the golden
// inputs test).
func TestExceptionThrowerThroughServe(t *testing.T) {
	s := newStack(t, server.Options{}, "")
	ctx := context.Background()
	tests := []struct {
		typ       string
		status    int
		cause     string
		blame     string
		retrySame string // "" = absent
		retryable bool
	}{
		{nameapi.ExceptionInvalidInput, 400, nameapi.FaultBadRequest, nameapi.BlameClient, nameapi.RetryNo, false},
		{nameapi.ExceptionAccessDeniedNoSuchAccount, 401, nameapi.FaultAccessDenied, nameapi.BlameClient, nameapi.RetryNo, false},
		{nameapi.ExceptionInternalServerError, 500, nameapi.FaultInternalServerError, nameapi.BlameServer, "", true},
		// Named but disabled, and unknown: invalid input.
		{nameapi.ExceptionAccessDeniedRequestLimitExceeded, 400, nameapi.FaultBadRequest, nameapi.BlameClient, nameapi.RetryNo, false},
		{nameapi.ExceptionAccessDeniedTooManyConcurrentRequests, 400, nameapi.FaultBadRequest, nameapi.BlameClient, nameapi.RetryNo, false},
		{"NoSuchException", 400, nameapi.FaultBadRequest, nameapi.BlameClient, nameapi.RetryNo, false},
		{"", 400, nameapi.FaultBadRequest, nameapi.BlameClient, nameapi.RetryNo, false},
	}
	for _, tt := range tests {
		t.Run(tt.typ, func(t *testing.T) {
			err := s.client.ThrowException(ctx, tt.typ, 100)
			if err == nil {
				t.Fatal("no error at chance 100")
			}
			e := asError(t, err)
			if e.HTTPStatus != tt.status || e.Fault == nil {
				t.Fatalf("status %d fault %+v, want %d with a fault", e.HTTPStatus, e.Fault, tt.status)
			}
			f := e.Fault
			if f.FaultCause != tt.cause || f.Blame != tt.blame || f.Message == "" {
				t.Errorf("fault %+v, want cause %s blame %s", f, tt.cause, tt.blame)
			}
			switch {
			case tt.retrySame == "" && f.RetrySameLocation != nil:
				t.Errorf("retrySameLocation %+v, want absent", f.RetrySameLocation)
			case tt.retrySame != "" && (f.RetrySameLocation == nil || f.RetrySameLocation.RetryType != tt.retrySame):
				t.Errorf("retrySameLocation %+v, want %s", f.RetrySameLocation, tt.retrySame)
			}
			if f.HTTPStatusCode != tt.status || f.HTTPStatusMeaning != http.StatusText(tt.status) {
				t.Errorf("fault status %d %q", f.HTTPStatusCode, f.HTTPStatusMeaning)
			}
			if e.Retryable() != tt.retryable || nameapi.IsRetryable(err) != tt.retryable {
				t.Errorf("Retryable() = %v, want %v", e.Retryable(), tt.retryable)
			}
			if ex := s.cap.last(t); ex.contentType != "application/json" {
				t.Errorf("fault Content-Type %q", ex.contentType)
			}
		})
	}
}

// TestInvalidInputThroughServe: input the engine cannot accept is a 400
// BadRequest that must not be retried.
func TestInvalidInputThroughServe(t *testing.T) {
	s := newStack(t, server.Options{}, "")
	ctx := context.Background()
	named := func(age *nameapi.AgeInfo) *nameapi.InputPerson {
		p := nameapi.NewNaturalPerson(full("Petra Müller"))
		p.Age = age
		return p
	}
	tests := []struct {
		name string
		call func() error
	}{
		{"parser without person", func() error { _, err := s.client.ParsePersonName(ctx, &nameapi.InputWithPerson{}); return err }},
		{"genderizer without person", func() error { _, err := s.client.GenderizePerson(ctx, &nameapi.InputWithPerson{}); return err }},
		{"risk without person", func() error { _, err := s.client.DetectRisk(ctx, &nameapi.InputWithPerson{}); return err }},
		{"matcher without people", func() error { _, err := s.client.MatchPersons(ctx, &nameapi.InputWithTwoPeople{}); return err }},
		{"matcher with one person", func() error {
			_, err := s.client.MatchPersons(ctx, &nameapi.InputWithTwoPeople{InputPerson1: named(nil)})
			return err
		}},
		{"matcher month 13", func() error {
			_, err := s.client.MatchPersons(ctx, &nameapi.InputWithTwoPeople{InputPerson1: named(nameapi.NewBirthDate(1980, 13, 1)), InputPerson2: named(nil)})
			return err
		}},
		{"matcher 31 February", func() error {
			_, err := s.client.MatchPersons(ctx, &nameapi.InputWithTwoPeople{InputPerson1: named(nil), InputPerson2: named(nameapi.NewBirthDate(1985, 2, 31))})
			return err
		}},
		{"matcher day 32", func() error {
			_, err := s.client.MatchPersons(ctx, &nameapi.InputWithTwoPeople{InputPerson1: named(nameapi.NewBirthDate(1985, 1, 32)), InputPerson2: named(nameapi.NewBirthYear(1985))})
			return err
		}},
		{"email name parser without address", func() error {
			_, err := s.client.ParseEmailName(ctx, &nameapi.InputWithEmail{})
			return err
		}},
		{"REST classify, malformed address", func() error {
			// The extra REST path of serve, through the raw transport.
			st, body := s.rawGet(t, "/email/emaildomaintypeclassifier", "emailAddress=x%40%40gmail.com")
			if st != 400 || !strings.Contains(body, `"faultCause":"BadRequest"`) {
				return errors.New("REST classify of x@@gmail.com: " + body)
			}
			return &nameapi.Error{HTTPStatus: st, Fault: &nameapi.Fault{FaultCause: nameapi.FaultBadRequest, RetrySameLocation: &nameapi.RetryInfo{RetryType: nameapi.RetryNo}}}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.call()
			if err == nil {
				t.Fatal("no error")
			}
			e := asError(t, err)
			if e.HTTPStatus != 400 || e.Fault == nil || e.Fault.FaultCause != nameapi.FaultBadRequest || !e.InvalidInput() || e.Retryable() {
				t.Errorf("err = %v (fault %+v), want a non-retryable 400 BadRequest", err, e.Fault)
			}
		})
	}
}

// TestFormatterWithoutPerson: the formatter's person is optional in the
// interface; without one the engine answers formatted "" and unknown true,
// a valid answer rather than an error.
func TestFormatterWithoutPerson(t *testing.T) {
	s := newStack(t, server.Options{}, "")
	r, err := s.client.FormatPersonName(context.Background(), &nameapi.PersonNameFormatterInput{})
	if err != nil {
		t.Fatal(err)
	}
	s.checkRaw(t, opFormat)
	if r.Formatted != "" || !r.Unknown {
		t.Errorf("got %+v, want unknown", r)
	}
}

func (s *stack) rawGet(t *testing.T, path, query string) (int, string) {
	t.Helper()
	resp, err := s.ts.Client().Get(s.ts.URL + server.DefaultPrefix + path + "?" + query)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, string(b)
}

// TestAPIKeyThroughServe: with keys configured, the right key works on every
// interface, a wrong or missing key is a non-retryable 401 (or the SOAP
// access-denied fault), and no error text carries the key.
func TestAPIKeyThroughServe(t *testing.T) {
	const good = "g00d-K3y+/=&%"
	const wrong = "wr0ng-K3y+/=&%"
	opts := server.Options{APIKeys: []string{"other-key", good}}
	ctx := context.Background()
	in := person(full("Petra Müller"))

	ok := newStack(t, opts, good)
	if err := ok.client.Ping(ctx); err != nil {
		t.Fatalf("ping with the right key: %v", err)
	}
	if _, err := ok.client.ParsePersonName(ctx, in); err != nil {
		t.Fatalf("parse with the right key: %v", err)
	}
	if _, err := ok.client.ClassifyEmailDomain(ctx, "x@gmail.com"); err != nil {
		t.Fatalf("SOAP classify with the right key: %v", err)
	}
	if err := ok.client.PingSOAP(ctx); err != nil {
		t.Fatalf("SOAP ping with the right key: %v", err)
	}

	for _, key := range []string{wrong, ""} {
		bad := newStackFor(t, sharedEngine(t), opts, key)
		errs := map[string]error{}
		errs["ping"] = bad.client.Ping(ctx)
		_, errs["parse"] = bad.client.ParsePersonName(ctx, in)
		_, errs["disposable"] = bad.client.DetectDisposableEmail(ctx, "x@gmail.com")
		_, errs["email GET"] = bad.client.ParseEmailNameGET(ctx, "john.doe@gmail.com")
		errs["thrower"] = bad.client.ThrowException(ctx, nameapi.ExceptionInternalServerError, 0)
		for name, err := range errs {
			if err == nil {
				t.Errorf("key %q: %s succeeded", key, name)
				continue
			}
			e := asError(t, err)
			if e.HTTPStatus != 401 || e.Fault == nil || e.Fault.FaultCause != nameapi.FaultAccessDenied || e.Retryable() {
				t.Errorf("key %q: %s: %v (fault %+v), want a non-retryable 401 AccessDenied", key, name, err, e.Fault)
			}
			checkNoKey(t, err, good, wrong)
		}
		for name, err := range map[string]error{"classify": func() error { _, err := bad.client.ClassifyEmailDomain(ctx, "x@gmail.com"); return err }(), "ping": bad.client.PingSOAP(ctx)} {
			if err == nil {
				t.Errorf("key %q: SOAP %s succeeded", key, name)
				continue
			}
			e := asError(t, err)
			if e.SOAPFault != nameapi.SOAPFaultAccessDenied || e.Retryable() {
				t.Errorf("key %q: SOAP %s: %v, want the non-retryable access-denied fault", key, name, err)
			}
			checkNoKey(t, err, good, wrong)
		}
		for _, ex := range bad.cap.log {
			if strings.Contains(string(ex.body), good) || strings.Contains(string(ex.body), wrong) {
				t.Errorf("answer of %s carries a key: %s", ex.path, ex.body)
			}
		}
	}
}

func checkNoKey(t *testing.T, err error, keys ...string) {
	t.Helper()
	e := asError(t, err)
	texts := []string{err.Error(), e.Error()}
	if e.Fault != nil {
		texts = append(texts, e.Fault.Message)
	}
	for _, txt := range texts {
		for _, k := range keys {
			for _, form := range []string{k, strings.NewReplacer("+", "%2B", "/", "%2F", "=", "%3D", "&", "%26", "%", "%25").Replace(k)} {
				if strings.Contains(txt, form) {
					t.Errorf("error text carries the key: %s", txt)
				}
			}
		}
	}
}

// TestSOAPThroughServe: classify and ping over SOAP with the real client,
// faults as typed errors, and both WSDL documents.
func TestSOAPThroughServe(t *testing.T) {
	s := newStack(t, server.Options{}, "")
	ctx := context.Background()
	for addr, want := range map[string]string{
		"blahblah@10minutemail.com": nameapi.DomainDisposable,
		"john.doe@gmail.com":        nameapi.DomainFreemail,
		"someone@google.com":        nameapi.DomainOrganization,
		"petra<&>@gmail.com":        "", // XML-escaped on the way; not a valid address
	} {
		r, err := s.client.ClassifyEmailDomain(ctx, addr)
		if want == "" {
			e := asError(t, err)
			if e.SOAPFault != nameapi.SOAPFaultInvalidInput || !e.InvalidInput() || e.Retryable() {
				t.Errorf("classify %q: %v, want the InvalidInput fault", addr, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("classify %q: %v", addr, err)
			continue
		}
		if r.DomainType != want {
			t.Errorf("classify %q = %s, want %s", addr, r.DomainType, want)
		}
	}
	for _, addr := range []string{"", "not-an-email", "x@@gmail.com", "a@b"} {
		_, err := s.client.ClassifyEmailDomain(ctx, addr)
		if err == nil {
			t.Errorf("classify %q succeeded, want the InvalidInput fault", addr)
			continue
		}
		e := asError(t, err)
		if e.SOAPFault != nameapi.SOAPFaultInvalidInput || e.Fault == nil || e.Fault.FaultCause != nameapi.FaultBadRequest ||
			e.Fault.Blame != nameapi.BlameClient || !e.InvalidInput() || e.Retryable() {
			t.Errorf("classify %q: %v (fault %+v), want the non-retryable InvalidInput fault", addr, err, e.Fault)
		}
	}
	if err := s.client.PingSOAP(ctx); err != nil {
		t.Errorf("SOAP ping: %v", err)
	}
	for path, want := range map[string]string{
		nameapi.SOAPClassifierPath: nameapi.ClassifierWSDL(s.ts.URL + nameapi.SOAPClassifierPath),
		nameapi.SOAPPingerPath:     nameapi.PingerWSDL(s.ts.URL + nameapi.SOAPPingerPath),
	} {
		resp, err := s.ts.Client().Get(s.ts.URL + path + "?wsdl")
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
		if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/xml") {
			t.Errorf("%s?wsdl: %d %s", path, resp.StatusCode, resp.Header.Get("Content-Type"))
		}
		// serve publishes the WSDL the client package describes, with its
		// own address.
		if string(b) != want {
			t.Errorf("%s?wsdl differs from nameapi's WSDL:\n%s", path, b)
		}
	}
}
