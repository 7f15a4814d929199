package server

import (
	"context"
	"errors"
	"fmt"
	"math"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/namepipe/namepipe/nameapi"
)

const personBody = `{"inputPerson":{"type":"NaturalInputPerson","personName":{"nameFields":[{"string":"Petra Müller","fieldType":"FULLNAME"}]}}}`

func TestRESTEndpoints(t *testing.T) {
	t.Parallel()
	fake := newFake()
	// nil lists that must go out as [].
	fake.parser.Matches = append(fake.parser.Matches, nameapi.ParsedPersonMatch{
		ParsedPerson: &nameapi.ParsedPerson{PersonType: nameapi.PersonTypeMultiple, PersonRole: nameapi.RoleGroup,
			People: []nameapi.ParsedPerson{{PersonType: nameapi.PersonTypeNatural, PersonRole: nameapi.RolePrimary,
				OutputPersonName: &nameapi.OutputPersonName{}}}},
		Likeliness: 0.2, Confidence: 0.1,
	})
	_, ts := startServer(t, fake, Options{})
	base := ts.URL + "/rest/v5.3"

	tests := []struct {
		name, method, path, body string
		status                   int
		ctype                    string
		want                     string // JSON (compared as values) or text
		wantOp                   string
	}{
		{"ping", "GET", "/system/ping", "", 200, "text/plain; charset=utf-8", "pong", "ping"},
		{"ping with key and envelope=false", "GET", "/system/ping?apiKey=x&envelope=false", "", 200, "text/plain; charset=utf-8", "pong", "ping"},
		{"parser", "POST", "/parser/personnameparser", personBody, 200, "application/json",
			`{"matches":[{"parsedPerson":{"personType":"NATURAL","personRole":"PRIMARY","gender":{"gender":"FEMALE","confidence":0.9},"outputPersonName":{"terms":[{"string":"Petra","termType":"GIVENNAME"}]}},"parserDisputes":[],"likeliness":0.8,"confidence":0.7},` +
				`{"parsedPerson":{"personType":"MULTIPLE","personRole":"GROUP","people":[{"personType":"NATURAL","personRole":"PRIMARY","outputPersonName":{"terms":[]}}]},"parserDisputes":[],"likeliness":0.2,"confidence":0.1}]}`, "parse"},
		{"genderizer", "POST", "/genderizer/persongenderizer", personBody, 200, "application/json", `{"gender":"MALE","confidence":0.95}`, "genderize"},
		{"risk detector", "POST", "/riskdetector/person", personBody, 200, "application/json", `{"score":-0.5,"risks":[]}`, "risk"},
		{"matcher", "POST", "/matcher/personmatcher", `{"inputPerson1":{"type":"NaturalInputPerson"},"inputPerson2":{"type":"NaturalInputPerson"}}`, 200, "application/json",
			`{"matchType":"EQUAL","personMatchComposition":"FULL","points":1,"confidence":0.9,"personNameMatcherResult":{"matchType":"EQUAL"},"genderMatcherResult":{"matchType":"EQUAL","confidence":1},"ageMatcherResult":{"matchType":"NOT_APPLICABLE"}}`, "match"},
		{"formatter", "POST", "/formatter/personnameformatter", personBody, 200, "application/json", `{"formatted":"Petra Müller","unknown":false}`, "format"},
		{"disposable", "GET", "/email/disposableemailaddressdetector?emailAddress=a%40b.com", "", 200, "application/json", `{"disposable":"YES"}`, "disposable"},
		{"email name GET", "GET", "/email/emailnameparser?emailAddress=john%40x.org", "", 200, "application/json",
			`{"resultType":"PERSON_NAME","nameMatches":[{"givenNames":[{"name":"john","nameType":"NAME"}],"surnames":[],"confidence":0.9}]}`, "emailname"},
		{"email name POST", "POST", "/email/emailnameparser?apiKey=k&envelope=false", `{"emailAddress":"john@x.org"}`, 200, "application/json",
			`{"resultType":"PERSON_NAME","nameMatches":[{"givenNames":[{"name":"john","nameType":"NAME"}],"surnames":[],"confidence":0.9}]}`, "emailname"},
		{"domain classifier", "GET", "/email/emaildomaintypeclassifier?emailAddress=a%40gmail.com", "", 200, "application/json", `{"domainType":"FREEMAIL"}`, "classify"},
		{"exception thrower OK", "GET", "/development/exceptionthrower?exceptionType=InvalidInput&exceptionChance=0&envelope=false", "", 200, "text/plain; charset=utf-8", "OK", "throw"},
		{"envelope", "POST", "/genderizer/persongenderizer?envelope=true", personBody, 200, "application/json", `{"result":{"gender":"MALE","confidence":0.95}}`, "genderize"},
		{"envelope ping", "GET", "/system/ping?envelope=true", "", 200, "application/json", `{"result":"pong"}`, "ping"},
		{"trailing slash", "GET", "/system/ping/", "", 200, "text/plain; charset=utf-8", "pong", "ping"},
		{"empty optional body", "POST", "/parser/personnameparser", "", 200, "application/json", "", "parse"},
		{"HEAD ping", "HEAD", "/system/ping", "", 200, "text/plain; charset=utf-8", "", "ping"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			before := fake.callCount()
			r := do(t, tc.method, base+tc.path, tc.body)
			if r.status != tc.status {
				t.Fatalf("status = %d, want %d; body %s", r.status, tc.status, r.body)
			}
			if ct := r.header.Get("Content-Type"); ct != tc.ctype {
				t.Errorf("Content-Type = %q, want %q", ct, tc.ctype)
			}
			switch {
			case tc.want == "":
			case strings.HasPrefix(tc.ctype, "application/json"):
				if !jsonEqual(t, r.body, tc.want) {
					t.Errorf("body =\n%s\nwant\n%s", r.body, tc.want)
				}
			default:
				if r.body != tc.want {
					t.Errorf("body = %q, want %q", r.body, tc.want)
				}
			}
			fake.mu.Lock()
			last := fake.calls[len(fake.calls)-1]
			fake.mu.Unlock()
			if fake.callCount() != before+1 || last != tc.wantOp {
				t.Errorf("service op = %q (calls %d→%d), want %q once", last, before, fake.callCount(), tc.wantOp)
			}
		})
	}
	// Query parameters reach the service.
	do(t, "GET", base+"/email/disposableemailaddressdetector?emailAddress=x%2By%40mailinator.com", "")
	if fake.lastEmail != "x+y@mailinator.com" {
		t.Errorf("emailAddress reached the service as %q", fake.lastEmail)
	}
	do(t, "GET", base+"/development/exceptionthrower?exceptionType=InternalServerError&exceptionChance=42", "")
	if fake.lastThrow != "InternalServerError" || fake.lastChance != 42 {
		t.Errorf("thrower got %q %d", fake.lastThrow, fake.lastChance)
	}
}

func TestNormalizeDoesNotModifyBackendResult(t *testing.T) {
	t.Parallel()
	fake := newFake()
	fake.risk = &nameapi.RiskDetectorResult{}
	fake.parser = &nameapi.PersonNameParserResult{Matches: []nameapi.ParsedPersonMatch{{ParsedPerson: &nameapi.ParsedPerson{
		PersonType: "NATURAL", PersonRole: "PRIMARY", OutputPersonName: &nameapi.OutputPersonName{}}}}}
	fake.emailName = &nameapi.EmailNameParserResult{ResultType: nameapi.EmailResultNotAName}
	_, ts := startServer(t, fake, Options{})
	for _, tc := range []struct{ method, path, body, want string }{
		{"POST", "/riskdetector/person", personBody, `{"score":0,"risks":[]}`},
		{"POST", "/parser/personnameparser", personBody, `{"matches":[{"parsedPerson":{"personType":"NATURAL","personRole":"PRIMARY","outputPersonName":{"terms":[]}},"parserDisputes":[],"likeliness":0,"confidence":0}]}`},
		{"GET", "/email/emailnameparser?emailAddress=info%40x.org", "", `{"resultType":"NOT_A_NAME","nameMatches":[]}`},
	} {
		r := do(t, tc.method, ts.URL+"/rest/v5.3"+tc.path, tc.body)
		if r.status != 200 || !jsonEqual(t, r.body, tc.want) {
			t.Errorf("%s: %d %s, want %s", tc.path, r.status, r.body, tc.want)
		}
	}
	if fake.risk.Risks != nil || fake.parser.Matches[0].ParserDisputes != nil ||
		fake.parser.Matches[0].ParsedPerson.OutputPersonName.Terms != nil || fake.emailName.NameMatches != nil {
		t.Error("the server modified the backend's result")
	}
	// An empty parse result also gets [].
	fake.parser = &nameapi.PersonNameParserResult{}
	r := do(t, "POST", ts.URL+"/rest/v5.3/parser/personnameparser", personBody)
	if !jsonEqual(t, r.body, `{"matches":[]}`) {
		t.Errorf("empty parse = %s", r.body)
	}
}

func TestDecodeLenientInput(t *testing.T) {
	t.Parallel()
	fake := newFake()
	_, ts := startServer(t, fake, Options{})
	// What the PHP client sends: explicit nulls everywhere, ageInfo, and
	// fields this server does not know.
	body := `{"context":{"priority":"REALTIME","place":null,"textCase":null,"writingSystems":null,"properties":[]},
	"inputPerson":{"type":"NaturalInputPerson","personName":{"nameFields":[{"string":"Petra","fieldType":"GIVENNAME"},{"string":"Müller","fieldType":"SURNAME"}]},
	"gender":null,"maritalStatus":null,"nationalities":null,"nativeLanguages":null,"religion":null,"correspondenceLanguage":null,
	"emailAddresses":null,"telNumbers":null,"addresses":null,"ageInfo":{"type":"BirthDate","year":1980,"month":2,"day":29},"futureField":{"x":[1,2]}},
	"somethingNew":true}`
	r := do(t, "POST", ts.URL+"/rest/v5.3/genderizer/persongenderizer", body)
	if r.status != 200 {
		t.Fatalf("status %d: %s", r.status, r.body)
	}
	in := fake.lastPerson
	if in == nil || in.InputPerson == nil || in.Context == nil {
		t.Fatalf("input not decoded: %+v", in)
	}
	p := in.InputPerson
	if p.Type != nameapi.TypeNaturalInputPerson || len(p.PersonName.NameFields) != 2 || p.PersonName.NameFields[1].String != "Müller" {
		t.Errorf("person = %+v", p)
	}
	if p.Age == nil || p.Age.Type != nameapi.TypeBirthDate || p.Age.Year != 1980 || p.Age.Day != 29 {
		t.Errorf("ageInfo not read as age: %+v", p.Age)
	}
	if p.Gender != "" || p.Nationalities != nil || p.Addresses != nil || in.Context.Priority != nameapi.PriorityRealtime {
		t.Errorf("nulls not read as absent: %+v %+v", p, in.Context)
	}
	// A null inputPerson and a null body are accepted too.
	for _, b := range []string{`{"inputPerson":null,"context":null}`, `null`} {
		if r := do(t, "POST", ts.URL+"/rest/v5.3/parser/personnameparser", b); r.status != 200 {
			t.Errorf("body %s: status %d %s", b, r.status, r.body)
		}
	}
}

func TestBadRequests(t *testing.T) {
	t.Parallel()
	fake := newFake()
	_, ts := startServer(t, fake, Options{MaxBodyBytes: 1024})
	base := ts.URL + "/rest/v5.3"
	tests := []struct {
		name, method, path, body string
		status                   int
		cause, msgPart           string
	}{
		{"syntax error", "POST", "/parser/personnameparser", `{"inputPerson": {`, 400, "BadRequest", "Malformed JSON"},
		{"invalid character", "POST", "/genderizer/persongenderizer", `{"inputPerson": x}`, 400, "BadRequest", "at byte"},
		{"trailing garbage", "POST", "/riskdetector/person", `{} {}`, 400, "BadRequest", "Malformed JSON"},
		{"wrong type", "POST", "/parser/personnameparser", `{"inputPerson":{"type":"NaturalInputPerson","personName":"Petra"}}`, 400, "BadRequest", "personName"},
		{"array body", "POST", "/matcher/personmatcher", `[1,2]`, 400, "BadRequest", "array"},
		{"required body missing", "POST", "/email/emailnameparser", "", 400, "BadRequest", "required"},
		{"too large", "POST", "/formatter/personnameformatter", `{"x":"` + strings.Repeat("a", 2000) + `"}`, 413, "BadRequest", "larger than 1024"},
		{"bad envelope", "GET", "/system/ping?envelope=maybe", "", 400, "BadRequest", "envelope"},
		{"thrower without type", "GET", "/development/exceptionthrower?exceptionChance=10", "", 400, "BadRequest", "exceptionType"},
		{"thrower without chance", "GET", "/development/exceptionthrower?exceptionType=InvalidInput", "", 400, "BadRequest", "exceptionChance is required"},
		{"thrower non-numeric chance", "GET", "/development/exceptionthrower?exceptionType=InvalidInput&exceptionChance=ten", "", 400, "BadRequest", "integer"},
		{"thrower chance out of range", "GET", "/development/exceptionthrower?exceptionType=InvalidInput&exceptionChance=101", "", 400, "BadRequest", "0 to 100"},
		{"unknown path", "GET", "/parser/nothing", "", 404, "BadRequest", "No such resource"},
		{"wrong method GET on POST", "GET", "/parser/personnameparser", "", 405, "BadRequest", "not allowed"},
		{"wrong method POST on GET", "POST", "/system/ping", "{}", 405, "BadRequest", "not allowed"},
		{"wrong method DELETE", "DELETE", "/email/emailnameparser", "", 405, "BadRequest", "not allowed"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			before := fake.callCount()
			r := do(t, tc.method, base+tc.path, tc.body)
			if r.status != tc.status {
				t.Fatalf("status = %d, want %d: %s", r.status, tc.status, r.body)
			}
			f := decodeFault(t, r)
			if f.FaultCause != tc.cause || f.Blame != nameapi.BlameClient || !strings.Contains(f.Message, tc.msgPart) {
				t.Errorf("fault = %+v, want cause %s blame CLIENT message containing %q", f, tc.cause, tc.msgPart)
			}
			if f.RetrySameLocation == nil || f.RetrySameLocation.RetryType != nameapi.RetryNo {
				t.Errorf("retrySameLocation = %+v, want NO", f.RetrySameLocation)
			}
			if fake.callCount() != before {
				t.Errorf("the service was called for a refused request")
			}
			if r.status == 405 {
				allow := r.header.Get("Allow")
				if allow == "" || strings.Contains(allow, tc.method) {
					t.Errorf("Allow = %q", allow)
				}
			}
		})
	}
	// The limit holds for a body without Content-Length (chunked) too.
	req, _ := http.NewRequest("POST", base+"/parser/personnameparser", strings.NewReader(strings.Repeat(" ", 5000)+"{}"))
	req.Header.Set("Content-Type", "application/json")
	req.ContentLength = -1
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusRequestEntityTooLarge {
		t.Errorf("chunked oversized body: status %d", resp.StatusCode)
	}
	// OPTIONS names the methods.
	r := do(t, "OPTIONS", base+"/email/emailnameparser", "")
	if r.status != http.StatusNoContent || r.header.Get("Allow") != "GET, HEAD, POST, OPTIONS" {
		t.Errorf("OPTIONS: %d Allow %q", r.status, r.header.Get("Allow"))
	}
}

func TestServiceErrors(t *testing.T) {
	t.Parallel()
	retryIn := 7
	tests := []struct {
		name       string
		err        error
		status     int
		cause      string
		blame      string
		retryAfter string
		noLeak     string
	}{
		{"invalid input", nameapi.NewInvalidInputError("parse", "the name is empty"), 400, nameapi.FaultBadRequest, nameapi.BlameClient, "", ""},
		{"wrapped invalid input", fmt.Errorf("engine: %w", nameapi.NewInvalidInputError("parse", "bad")), 400, nameapi.FaultBadRequest, nameapi.BlameClient, "", ""},
		{"engine invalid input (kind)", fmt.Errorf("engine: %w", nameapi.NewInputError("parse", "bad")), 400, nameapi.FaultBadRequest, nameapi.BlameClient, "", ""},
		{"engine access denied (kind)", &nameapi.Error{Kind: nameapi.KindAccessDenied, Fault: &nameapi.Fault{Message: "No such account"}}, 401, nameapi.FaultAccessDenied, nameapi.BlameClient, "", ""},
		{"engine internal (kind)", &nameapi.Error{Kind: nameapi.KindInternal, Fault: &nameapi.Fault{Message: "thrown"}}, 500, nameapi.FaultInternalServerError, nameapi.BlameServer, "", ""},
		{"kind without fault", &nameapi.Error{Kind: nameapi.KindInvalidInput, Err: errors.New("bad")}, 400, nameapi.FaultBadRequest, nameapi.BlameClient, "", ""},
		{"fault with retry-after", &nameapi.Error{HTTPStatus: 429, RetryAfter: 3 * time.Second, Fault: &nameapi.Fault{FaultCause: nameapi.FaultTooManyRequests, Blame: nameapi.BlameClient, Message: "slow down",
			RetrySameLocation: &nameapi.RetryInfo{RetryType: nameapi.RetryLater, RetryInSeconds: &retryIn}}}, 429, nameapi.FaultTooManyRequests, nameapi.BlameClient, "3", ""},
		{"access denied fault without status", &nameapi.Error{Fault: &nameapi.Fault{FaultCause: nameapi.FaultAccessDenied, Blame: nameapi.BlameClient, Message: "No such account"}}, 401, nameapi.FaultAccessDenied, nameapi.BlameClient, "", ""},
		{"status without fault", &nameapi.Error{HTTPStatus: 403, Err: errors.New("forbidden")}, 403, nameapi.FaultAccessDenied, nameapi.BlameClient, "", ""},
		{"backend timeout", &nameapi.Error{Timeout: true, Err: context.DeadlineExceeded}, 504, nameapi.FaultInternalServerError, nameapi.BlameServer, "", ""},
		{"backend network", &nameapi.Error{Network: true, Err: errors.New("connection reset")}, 502, nameapi.FaultInternalServerError, nameapi.BlameServer, "", ""},
		{"plain error", errors.New("db password hunter2 wrong"), 500, nameapi.FaultInternalServerError, nameapi.BlameServer, "", "hunter2"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fake := newFake()
			fake.err = tc.err
			log, logs := testLogger()
			_, ts := startServer(t, fake, Options{Logger: log})
			for _, c := range []struct{ method, path, body string }{
				{"POST", "/parser/personnameparser", personBody},
				{"GET", "/system/ping", ""},
				{"GET", "/development/exceptionthrower?exceptionType=X&exceptionChance=100", ""},
			} {
				r := do(t, c.method, ts.URL+"/rest/v5.3"+c.path, c.body)
				if r.status != tc.status {
					t.Fatalf("%s: status %d, want %d: %s", c.path, r.status, tc.status, r.body)
				}
				f := decodeFault(t, r)
				if f.FaultCause != tc.cause || f.Blame != tc.blame {
					t.Errorf("%s: fault %+v", c.path, f)
				}
				if got := r.header.Get("Retry-After"); got != tc.retryAfter {
					t.Errorf("Retry-After = %q, want %q", got, tc.retryAfter)
				}
				if tc.noLeak != "" {
					if strings.Contains(r.body, tc.noLeak) {
						t.Errorf("internal error text leaked to the client: %s", r.body)
					}
					if f.IncidentID == "" || !strings.Contains(logs.String(), f.IncidentID) || !strings.Contains(logs.String(), tc.noLeak) {
						t.Errorf("incident %q not logged with the error: %s", f.IncidentID, logs.String())
					}
				}
			}
		})
	}
	// A nil result without error is an internal error, not a null body.
	fake := newFake()
	fake.gender = nil
	_, ts := startServer(t, fake, Options{})
	if r := do(t, "POST", ts.URL+"/rest/v5.3/genderizer/persongenderizer", personBody); r.status != 500 {
		t.Errorf("nil result: %d %s", r.status, r.body)
	}
	// A result JSON cannot carry (NaN) gives a 500 fault, not a broken body.
	fake.risk = &nameapi.RiskDetectorResult{Score: math.NaN()}
	r := do(t, "POST", ts.URL+"/rest/v5.3/riskdetector/person", personBody)
	if r.status != 500 {
		t.Fatalf("NaN result: %d %s", r.status, r.body)
	}
	if f := decodeFault(t, r); f.FaultCause != nameapi.FaultInternalServerError {
		t.Errorf("NaN result fault %+v", f)
	}
}

func TestPanicRecovered(t *testing.T) {
	t.Parallel()
	fake := newFake()
	fake.hook = func(_ context.Context, op string) {
		if op == "parse" {
			panic("boom in parser")
		}
	}
	log, logs := testLogger()
	s, ts := startServer(t, fake, Options{Logger: log})
	for i := 0; i < 3; i++ {
		r := do(t, "POST", ts.URL+"/rest/v5.3/parser/personnameparser", personBody)
		if r.status != 500 {
			t.Fatalf("status %d: %s", r.status, r.body)
		}
		f := decodeFault(t, r)
		if f.FaultCause != nameapi.FaultInternalServerError || f.Blame != nameapi.BlameServer || strings.Contains(r.body, "boom") {
			t.Errorf("fault = %s", r.body)
		}
		// The server keeps serving.
		if r := do(t, "GET", ts.URL+"/rest/v5.3/system/ping", ""); r.status != 200 || r.body != "pong" {
			t.Fatalf("after panic: %d %s", r.status, r.body)
		}
	}
	if got := s.Stats().Panics; got != 3 {
		t.Errorf("Stats.Panics = %d", got)
	}
	if !strings.Contains(logs.String(), "boom in parser") {
		t.Errorf("panic not logged")
	}
}

func TestHealthz(t *testing.T) {
	t.Parallel()
	fake := newFake()
	_, ts := startServer(t, fake, Options{APIKeys: []string{"k"}, ErrorRate: 1})
	if r := do(t, "GET", ts.URL+"/healthz", ""); r.status != 200 || r.body != "ok" {
		t.Errorf("healthz: %d %s", r.status, r.body)
	}
	if r := do(t, "POST", ts.URL+"/healthz", ""); r.status != 405 {
		t.Errorf("POST healthz: %d", r.status)
	}
	if fake.callCount() != 0 {
		t.Error("healthz called the service")
	}
}

func TestCustomPrefix(t *testing.T) {
	t.Parallel()
	_, ts := startServer(t, newFake(), Options{Prefix: "/api/v9/"})
	if r := do(t, "GET", ts.URL+"/api/v9/system/ping", ""); r.status != 200 {
		t.Errorf("custom prefix: %d", r.status)
	}
	if r := do(t, "GET", ts.URL+"/rest/v5.3/system/ping", ""); r.status != 404 {
		t.Errorf("default prefix still served: %d", r.status)
	}
}
