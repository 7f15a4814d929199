package nameapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"
)

// fuzzKey is a distinctive API key planted in the fuzz targets' clients.
const fuzzKey = "fz-K3y-7f9c2e1ab04d5566"

// decodeTargets returns a fresh value of every type the client decodes
// from the service (results, the fault body) and of every request type the
// server decodes, by name.
func decodeTargets() map[string]func() any {
	return map[string]func() any{
		"PersonNameParserResult":               func() any { return new(PersonNameParserResult) },
		"GenderizerResult":                     func() any { return new(GenderizerResult) },
		"RiskDetectorResult":                   func() any { return new(RiskDetectorResult) },
		"DisposableEmailAddressDetectorResult": func() any { return new(DisposableEmailAddressDetectorResult) },
		"EmailNameParserResult":                func() any { return new(EmailNameParserResult) },
		"EmailDomainTypeClassifierResult":      func() any { return new(EmailDomainTypeClassifierResult) },
		"FormatterResult":                      func() any { return new(FormatterResult) },
		"PersonMatcherResult":                  func() any { return new(PersonMatcherResult) },
		"Fault":                                func() any { return new(Fault) },
		"InputWithPerson":                      func() any { return new(InputWithPerson) },
		"InputWithTwoPeople":                   func() any { return new(InputWithTwoPeople) },
		"InputWithEmail":                       func() any { return new(InputWithEmail) },
		"PersonNameFormatterInput":             func() any { return new(PersonNameFormatterInput) },
	}
}

// FuzzDecodeResults decodes arbitrary JSON into every result type (and the
// fault and request types): no panic, and whenever decoding succeeds,
// encode → decode → encode gives the same bytes (the types are stable
// under a round trip). The client's own decoding of a 200 answer either
// succeeds or returns a non-retryable *Error with status 200 and without
// the API key.
func FuzzDecodeResults(f *testing.F) {
	for _, seed := range []string{
		`{"matches":[{"parsedPerson":{"personType":"NATURAL","personRole":"PRIMARY","gender":{"gender":"MALE","confidence":0.9},"outputPersonName":{"terms":[{"string":"Petra","termType":"GIVENNAME"}]},"people":[{"personType":"NATURAL"}]},"parserDisputes":[],"likeliness":0.9,"confidence":0.8}]}`,
		`{"gender":"FEMALE","maleProportion":0.01,"confidence":0.95}`,
		`{"gender":"UNKNOWN","maleProportion":null,"confidence":0}`,
		`{"score":0.9,"risks":[{"dataItem":"NAME","riskType":"PLACEHOLDER","riskScore":0.9,"reason":"x"}]}`,
		`{"score":0.5,"risks":[{"dataItem":"NAME","riskType":["FakeRiskType","FICTIONAL"],"riskScore":0.5,"reason":""}]}`,
		`{"score":0.5,"risks":[{"riskType":{"value":"PADDING"}},{"riskType":null}]}`,
		`{"disposable":"YES"}`,
		`{"resultType":"PERSON_NAME","nameMatches":[{"givenNames":[{"name":"john","nameType":"NAME"}],"surnames":[],"confidence":0.7}]}`,
		`{"domainType":"FREEMAIL"}`,
		`{"formatted":"Petra Müller","unknown":false}`,
		`{"matchType":"EQUAL","personMatchComposition":"FULL","points":1,"confidence":1,"personNameMatcherResult":{"matchType":"EQUAL"},"genderMatcherResult":{"matchType":"EQUAL","confidence":1,"warnings":["w"]},"ageMatcherResult":{"matchType":"NOT_APPLICABLE"}}`,
		`{"faultCause":"TooManyRequests","blame":"SERVER","message":"slow down","retrySameLocation":{"retryType":"LATER","retryInSeconds":3},"httpStatusCode":429}`,
		`{"context":{"priority":"REALTIME","properties":null},"inputPerson":{"type":"NaturalInputPerson","personName":{"nameFields":[{"string":"Petra Müller","fieldType":"FULLNAME"}]},"ageInfo":{"type":"BirthDate","year":1980,"month":2,"day":31},"nationalities":[],"emailAddresses":[{"type":"EmailAddressImpl","emailAddress":"a@b.c"}]}}`,
		`{"inputPerson1":{"type":"LegalInputPerson","addresses":[{"type":"UseForAllAddressRelation","address":{"type":"StructuredAddress","streetInfo":{"type":"StructuredStreetInfo","streetName":"X"},"placeInfo":{"type":"StructuredPlaceInfo","locality":"Y"}}}]},"inputPerson2":null}`,
		`{"emailAddress":"\u202eevil\u202c@例え.jp"}`,
		`{"inputPerson":{"type":"NaturalInputPerson","age":{"type":"BirthYearRange","yearRange":{"startIncluding":1970}}},"properties":{"dummy":true}}`,
		`null`, `{}`, `[]`, `"x"`, `{"matches":null}`, `{"score":1e308}`, `{"gender":"\ud800"}`, "{\"formatted\":\"\xff\"}",
	} {
		f.Add([]byte(seed))
	}
	targets := decodeTargets()
	c, err := NewClient(ClientConfig{BaseURL: "http://127.0.0.1:1/rest/v5.3", APIKey: fuzzKey})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for name, newT := range targets {
			v1 := newT()
			if json.Unmarshal(data, v1) == nil {
				e1, err := json.Marshal(v1)
				if err != nil {
					t.Fatalf("%s: decoded %q but cannot encode it: %v", name, data, err)
				}
				v2 := newT()
				if err := json.Unmarshal(e1, v2); err != nil {
					t.Fatalf("%s: own encoding %s does not decode: %v", name, e1, err)
				}
				e2, err := json.Marshal(v2)
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				if !bytes.Equal(e1, e2) {
					t.Fatalf("%s: unstable round trip of %q:\n first %s\nsecond %s", name, data, e1, e2)
				}
			}
			err := c.decode("op", data, newT())
			if err == nil {
				continue
			}
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("%s: decode error is %T, want *Error: %v", name, err, err)
			}
			if e.HTTPStatus != http.StatusOK || e.Retryable() {
				t.Fatalf("%s: decode error status %d retryable %v, want 200 and not retryable", name, e.HTTPStatus, e.Retryable())
			}
			if strings.Contains(err.Error(), fuzzKey) {
				t.Fatalf("%s: decode error contains the key: %v", name, err)
			}
		}
	})
}

// FuzzStatusError builds the client's error for an arbitrary non-200
// answer (status, Retry-After header, a body that echoes the API key):
// always a *Error with that status, no panic, never any 8-character piece
// of the key in its text, RetryAfter within 0..1 year, and Retryable true
// for 429 and 5xx unless the fault body says otherwise.
func FuzzStatusError(f *testing.F) {
	f.Add(500, "", []byte(`{"faultCause":"InternalServerError","blame":"SERVER","message":"boom"}`))
	f.Add(429, "7", []byte(`{"faultCause":"TooManyRequests","blame":"SERVER","message":"slow"}`))
	f.Add(503, "Wed, 21 Oct 2015 07:28:00 GMT", []byte(`<html>down</html>`))
	f.Add(401, "", []byte(`{"faultCause":"AccessDenied","blame":"CLIENT","message":"No such account: >>><<<"}`))
	f.Add(590, "", []byte(strings.Repeat("x", 400))) // key at 189, across the 200-byte cut
	f.Add(400, "-1", []byte(`{"faultCause":"BadRequest","message":"bad","retrySameLocation":{"retryType":"NO"}}`))
	f.Add(503, "", []byte(`{"message":"m","retrySameLocation":{"retryType":"LATER","retryInSeconds":99999999999}}`))
	f.Add(524, "", []byte(`GET /rest/v5.3/x?apiKey=&y=1`))
	c, err := NewClient(ClientConfig{BaseURL: "http://127.0.0.1:1/rest/v5.3", APIKey: fuzzKey})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, status int, retryAfter string, body []byte) {
		if status < 100 || status > 999 || status == http.StatusOK {
			return
		}
		// The body echoes the key once at a position the fuzzer picks
		// (from the status); pieces of the key in the rest of the body are
		// the fuzzer's own text, not a leak.
		for i := 0; i+8 <= len(fuzzKey); i++ {
			if bytes.Contains(body, []byte(fuzzKey[i:i+8])) {
				return
			}
		}
		at := status % (len(body) + 1)
		body = append(append(append([]byte(nil), body[:at]...), fuzzKey...), body[at:]...)
		hdr := http.Header{}
		hdr.Set("Retry-After", retryAfter)
		e := c.statusError("op", status, hdr, body)
		if e == nil || e.HTTPStatus != status {
			t.Fatalf("statusError(%d) = %+v", status, e)
		}
		msg := e.Error()
		for i := 0; i+8 <= len(fuzzKey); i++ {
			if strings.Contains(msg, fuzzKey[i:i+8]) {
				t.Fatalf("error text contains a piece of the key (%q): %s", fuzzKey[i:i+8], msg)
			}
		}
		if e.RetryAfter < 0 || e.RetryAfter > maxRetryAfterSeconds*time.Second {
			t.Fatalf("RetryAfter %v outside 0..1 year", e.RetryAfter)
		}
		explicit := e.Fault != nil && e.Fault.RetrySameLocation != nil && e.Fault.RetrySameLocation.RetryType != ""
		if !explicit {
			want := status == http.StatusTooManyRequests || status >= 500
			if e.Retryable() != want {
				t.Fatalf("status %d: Retryable %v, want %v", status, e.Retryable(), want)
			}
		}
	})
}
