package server_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"

	"github.com/namepipe/namepipe/engine"
	"github.com/namepipe/namepipe/server"
)

// FuzzRESTQuery sends arbitrary raw query strings, and arbitrary email
// addresses as a well-formed emailAddress parameter, to the GET endpoints
// of a server of the real offline engine: no panic, and the answer is a
// result (200) or a client error (400) with a JSON body (the exception
// thrower may also answer the errors it is asked to throw).
func FuzzRESTQuery(f *testing.F) {
	for _, seed := range [][2]string{
		{"emailAddress=petra.mueller%40example.com", "petra.mueller@example.com"},
		{"emailAddress=a%40mailinator.com&envelope=true", "a@mailinator.com"},
		{"emailAddress=%zz&envelope=maybe", "@"},
		{"emailAddress=&emailAddress=x%40y.z", "x@@y"},
		{"exceptionType=InternalServerError&exceptionChance=100", "\u202eevil@例え.jp"},
		{"exceptionType=InvalidInput&exceptionChance=-1", "a\x00b@c.d"},
		{";;;&&&==%", "\xff\xfe@\xff.com"},
	} {
		f.Add(seed[0], seed[1])
	}
	eng, err := engine.New(engine.WithSeed(1))
	if err != nil {
		f.Fatal(err)
	}
	h := server.New(eng, server.Options{}).Handler()
	paths := []string{"/rest/v5.3/email/disposableemailaddressdetector", "/rest/v5.3/email/emailnameparser", "/rest/v5.3/email/emaildomaintypeclassifier", "/rest/v5.3/system/ping"}
	f.Fuzz(func(t *testing.T, rawQuery, email string) {
		for _, q := range []string{rawQuery, url.Values{"emailAddress": {email}}.Encode()} {
			for _, p := range paths {
				req := httptest.NewRequest(http.MethodGet, p, nil)
				req.URL.RawQuery = q
				rec := httptest.NewRecorder()
				h.ServeHTTP(rec, req)
				if rec.Code != 200 && rec.Code != 400 {
					t.Fatalf("%s?%s: status %d: %s", p, q, rec.Code, rec.Body)
				}
				if p != "/rest/v5.3/system/ping" && !json.Valid(rec.Body.Bytes()) {
					t.Fatalf("%s?%s: answer is not JSON: %s", p, q, rec.Body)
				}
			}
			req := httptest.NewRequest(http.MethodGet, "/rest/v5.3/development/exceptionthrower", nil)
			req.URL.RawQuery = q
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			switch rec.Code {
			case 200:
			case 400, 401, 403, 429, 500:
				if !json.Valid(rec.Body.Bytes()) {
					t.Fatalf("exceptionthrower?%s: fault is not JSON: %s", q, rec.Body)
				}
			default:
				t.Fatalf("exceptionthrower?%s: status %d", q, rec.Code)
			}
		}
	})
}
