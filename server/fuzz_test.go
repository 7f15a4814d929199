package server

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/namepipe/namepipe/nameapi"
)

// FuzzRESTBody sends arbitrary bodies to every body-carrying endpoint: the
// answer is always 200, 400 or 413 with a JSON body, never a panic.
func FuzzRESTBody(f *testing.F) {
	for _, seed := range []string{
		personBody, "", "null", "{}", "[]", `{"inputPerson":null}`, `{"inputPerson":{"ageInfo":{"type":"BirthYear","year":"x"}}}`,
		`{"inputPerson1":{"type":"LegalInputPerson"},"inputPerson2":7}`, `{"emailAddress":"a@b"}`, "\x00\xff", `{"a":` + strings.Repeat("[", 1000),
	} {
		f.Add(seed)
	}
	s := New(newFake(), Options{MaxBodyBytes: 64 << 10})
	h := s.Handler()
	paths := []string{"/parser/personnameparser", "/genderizer/persongenderizer", "/riskdetector/person",
		"/matcher/personmatcher", "/formatter/personnameformatter", "/email/emailnameparser"}
	f.Fuzz(func(t *testing.T, body string) {
		for _, p := range paths {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, withType(httptest.NewRequest("POST", "/rest/v5.3"+p, strings.NewReader(body)), "application/json"))
			switch rec.Code {
			case 200, 400, 413:
			default:
				t.Fatalf("%s: status %d for %q", p, rec.Code, body)
			}
			if !json.Valid(rec.Body.Bytes()) {
				t.Fatalf("%s: answer is not JSON: %s", p, rec.Body)
			}
		}
	})
}

// FuzzSOAPBody does the same for the SOAP classify service: a result or a
// SOAP fault, never a panic.
func FuzzSOAPBody(f *testing.F) {
	for _, seed := range []string{soapEnvelope(classifyBody), "", "<a>", soapEnvelope("<ping/>"), "<Envelope><Body><classify><emailAddress>&amp;</emailAddress></classify></Body></Envelope>"} {
		f.Add(seed)
	}
	h := New(newFake(), Options{}).Handler()
	f.Fuzz(func(t *testing.T, body string) {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, withType(httptest.NewRequest("POST", nameapi.SOAPClassifierPath, strings.NewReader(body)), nameapi.SOAPContentType))
		if rec.Code != 200 && rec.Code != 500 {
			t.Fatalf("status %d for %q", rec.Code, body)
		}
		if !strings.Contains(rec.Body.String(), "Envelope") {
			t.Fatalf("answer is not an envelope: %s", rec.Body)
		}
	})
}

// TestConcurrentInjection runs many requests at once with injection on (run
// with -race): every answer is a success or the injected failure.
func TestConcurrentInjection(t *testing.T) {
	t.Parallel()
	fake := newFake()
	s := New(fake, Options{ErrorRate: 0.3, ErrorStatus: 429, LatencyJitter: 1000, RateLimit: 1e9, Seed: 3})
	h := s.Handler()
	var wg sync.WaitGroup
	var mu sync.Mutex
	codes := map[int]int{}
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := 0; j < 50; j++ {
				rec := httptest.NewRecorder()
				h.ServeHTTP(rec, withType(httptest.NewRequest("POST", "/rest/v5.3/riskdetector/person", strings.NewReader(personBody)), "application/json"))
				mu.Lock()
				codes[rec.Code]++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if codes[200]+codes[429] != 400 || codes[429] == 0 || codes[200] == 0 {
		t.Errorf("statuses %v", codes)
	}
	st := s.Stats()
	if st.Requests != 400 || int(st.InjectedErrors) != codes[429] || fake.callCount() != codes[200] {
		t.Errorf("stats %+v, codes %v, service calls %d", st, codes, fake.callCount())
	}
}

// withType sets the Content-Type of a test request.
func withType(r *http.Request, contentType string) *http.Request {
	r.Header.Set("Content-Type", contentType)
	return r
}
