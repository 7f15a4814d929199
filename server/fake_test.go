package server

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/namepipe/namepipe/internal/syncbuf"
	"github.com/namepipe/namepipe/nameapi"
)

// fakeService is a canned nameapi.Service: every operation calls hook (if
// set) with its name, then returns err when set, else its canned result.
type fakeService struct {
	mu    sync.Mutex
	calls []string
	hook  func(ctx context.Context, op string)
	err   error

	lastPerson  *nameapi.InputWithPerson
	lastTwo     *nameapi.InputWithTwoPeople
	lastFormat  *nameapi.PersonNameFormatterInput
	lastEmail   string
	lastEmailIn *nameapi.InputWithEmail
	lastThrow   string
	lastChance  int

	parser     *nameapi.PersonNameParserResult
	gender     *nameapi.GenderizerResult
	risk       *nameapi.RiskDetectorResult
	disposable *nameapi.DisposableEmailAddressDetectorResult
	emailName  *nameapi.EmailNameParserResult
	formatter  *nameapi.FormatterResult
	matcher    *nameapi.PersonMatcherResult
	classify   *nameapi.EmailDomainTypeClassifierResult
}

func newFake() *fakeService {
	return &fakeService{
		parser: &nameapi.PersonNameParserResult{Matches: []nameapi.ParsedPersonMatch{{
			ParsedPerson: &nameapi.ParsedPerson{
				PersonType: nameapi.PersonTypeNatural, PersonRole: nameapi.RolePrimary,
				Gender:           &nameapi.GenderizerResult{Gender: nameapi.GenderFemale, Confidence: 0.9},
				OutputPersonName: &nameapi.OutputPersonName{Terms: []nameapi.Term{{String: "Petra", TermType: nameapi.TermGivenname}}},
			},
			Likeliness: 0.8, Confidence: 0.7,
		}}},
		gender:     &nameapi.GenderizerResult{Gender: nameapi.GenderMale, Confidence: 0.95},
		risk:       &nameapi.RiskDetectorResult{Score: -0.5},
		disposable: &nameapi.DisposableEmailAddressDetectorResult{Disposable: nameapi.DisposableYes},
		emailName: &nameapi.EmailNameParserResult{ResultType: nameapi.EmailResultPersonName,
			NameMatches: []nameapi.EmailNameParserMatch{{GivenNames: []nameapi.NameFromEmailAddress{{Name: "john", NameType: nameapi.EmailNameTypeName}}, Confidence: 0.9}}},
		formatter: &nameapi.FormatterResult{Formatted: "Petra Müller"},
		matcher: &nameapi.PersonMatcherResult{MatchType: nameapi.MatchEqual, PersonMatchComposition: nameapi.CompositionFull,
			Points: 1, Confidence: 0.9,
			PersonNameMatcherResult: nameapi.PersonNameMatcherResult{MatchType: nameapi.MatchEqual},
			GenderMatcherResult:     nameapi.GenderMatcherResult{MatchType: nameapi.MatchEqual, Confidence: 1},
			AgeMatcherResult:        nameapi.AgeMatcherResult{MatchType: nameapi.MatchNotApplicable}},
		classify: &nameapi.EmailDomainTypeClassifierResult{DomainType: nameapi.DomainFreemail},
	}
}

func (f *fakeService) enter(ctx context.Context, op string) (err error) {
	f.mu.Lock()
	f.calls = append(f.calls, op)
	hook := f.hook
	err = f.err
	f.mu.Unlock()
	if hook != nil {
		hook(ctx, op)
	}
	return err
}

func (f *fakeService) callCount() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.calls)
}

func (f *fakeService) Ping(ctx context.Context) error { return f.enter(ctx, "ping") }

func (f *fakeService) ParsePersonName(ctx context.Context, in *nameapi.InputWithPerson) (*nameapi.PersonNameParserResult, error) {
	f.mu.Lock()
	f.lastPerson = in
	f.mu.Unlock()
	if err := f.enter(ctx, "parse"); err != nil {
		return nil, err
	}
	return f.parser, nil
}

func (f *fakeService) GenderizePerson(ctx context.Context, in *nameapi.InputWithPerson) (*nameapi.GenderizerResult, error) {
	f.mu.Lock()
	f.lastPerson = in
	f.mu.Unlock()
	if err := f.enter(ctx, "genderize"); err != nil {
		return nil, err
	}
	return f.gender, nil
}

func (f *fakeService) DetectRisk(ctx context.Context, in *nameapi.InputWithPerson) (*nameapi.RiskDetectorResult, error) {
	f.mu.Lock()
	f.lastPerson = in
	f.mu.Unlock()
	if err := f.enter(ctx, "risk"); err != nil {
		return nil, err
	}
	return f.risk, nil
}

func (f *fakeService) DetectDisposableEmail(ctx context.Context, addr string) (*nameapi.DisposableEmailAddressDetectorResult, error) {
	f.mu.Lock()
	f.lastEmail = addr
	f.mu.Unlock()
	if err := f.enter(ctx, "disposable"); err != nil {
		return nil, err
	}
	return f.disposable, nil
}

func (f *fakeService) ParseEmailName(ctx context.Context, in *nameapi.InputWithEmail) (*nameapi.EmailNameParserResult, error) {
	f.mu.Lock()
	f.lastEmailIn = in
	f.mu.Unlock()
	if err := f.enter(ctx, "emailname"); err != nil {
		return nil, err
	}
	return f.emailName, nil
}

func (f *fakeService) FormatPersonName(ctx context.Context, in *nameapi.PersonNameFormatterInput) (*nameapi.FormatterResult, error) {
	f.mu.Lock()
	f.lastFormat = in
	f.mu.Unlock()
	if err := f.enter(ctx, "format"); err != nil {
		return nil, err
	}
	return f.formatter, nil
}

func (f *fakeService) MatchPersons(ctx context.Context, in *nameapi.InputWithTwoPeople) (*nameapi.PersonMatcherResult, error) {
	f.mu.Lock()
	f.lastTwo = in
	f.mu.Unlock()
	if err := f.enter(ctx, "match"); err != nil {
		return nil, err
	}
	return f.matcher, nil
}

func (f *fakeService) ClassifyEmailDomain(ctx context.Context, addr string) (*nameapi.EmailDomainTypeClassifierResult, error) {
	f.mu.Lock()
	f.lastEmail = addr
	f.mu.Unlock()
	if err := f.enter(ctx, "classify"); err != nil {
		return nil, err
	}
	return f.classify, nil
}

func (f *fakeService) ThrowException(ctx context.Context, typ string, chance int) error {
	f.mu.Lock()
	f.lastThrow, f.lastChance = typ, chance
	f.mu.Unlock()
	return f.enter(ctx, "throw")
}

var _ nameapi.Service = (*fakeService)(nil)

func testLogger() (*slog.Logger, *syncbuf.Buffer) {
	b := &syncbuf.Buffer{}
	return slog.New(slog.NewTextHandler(b, &slog.HandlerOptions{Level: slog.LevelDebug})), b
}

// startServer serves svc with opts on a loopback test server.
func startServer(t *testing.T, svc nameapi.Service, opts Options) (*Server, *httptest.Server) {
	t.Helper()
	s := New(svc, opts)
	ts := httptest.NewServer(s.Handler())
	t.Cleanup(ts.Close)
	return s, ts
}

// response is a read answer.
type response struct {
	status int
	header http.Header
	body   string
}

func do(t *testing.T, method, url, body string) response {
	t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, url, rd)
	if err != nil {
		t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, url, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("%s %s: read body: %v", method, url, err)
	}
	return response{status: resp.StatusCode, header: resp.Header, body: string(b)}
}

// jsonEqual reports whether two JSON texts hold the same value (null and
// [] differ).
func jsonEqual(t *testing.T, got, want string) bool {
	t.Helper()
	var g, w any
	if err := json.Unmarshal([]byte(got), &g); err != nil {
		t.Errorf("answer is not JSON: %v: %s", err, got)
		return false
	}
	if err := json.Unmarshal([]byte(want), &w); err != nil {
		t.Fatalf("bad expectation: %v: %s", err, want)
	}
	return reflect.DeepEqual(g, w)
}

// decodeFault reads a fault body and checks the fields every fault has.
func decodeFault(t *testing.T, r response) nameapi.Fault {
	t.Helper()
	if ct := r.header.Get("Content-Type"); ct != "application/json" {
		t.Errorf("fault Content-Type = %q", ct)
	}
	var f nameapi.Fault
	if err := json.Unmarshal([]byte(r.body), &f); err != nil {
		t.Fatalf("fault body is not JSON: %v: %s", err, r.body)
	}
	if f.FaultCause == "" || f.Blame == "" || f.Message == "" {
		t.Errorf("fault lacks cause/blame/message: %s", r.body)
	}
	if f.HTTPStatusCode != r.status || f.HTTPStatusMeaning != http.StatusText(r.status) {
		t.Errorf("fault status %d %q, answer %d", f.HTTPStatusCode, f.HTTPStatusMeaning, r.status)
	}
	return f
}
