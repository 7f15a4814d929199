package conformance

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/namepipe/namepipe/nameapi"
	"github.com/namepipe/namepipe/server"
)

// The official PHP client sends every absent property as an explicit null
// and (in an older version) the age as "ageInfo". phpPerson is a person in
// that style.
func phpPerson(name, fieldType, ageInfo string) string {
	return `{
		"type": "NaturalInputPerson",
		"personName": {"nameFields": [{"string": "` + name + `", "fieldType": "` + fieldType + `"}]},
		"gender": null, "maritalStatus": null, "nationalities": null, "nativeLanguages": null,
		"religion": null, "correspondenceLanguage": null,
		"emailAddresses": null, "telNumbers": null, "addresses": null,
		"age": null, "ageInfo": ` + ageInfo + `
	}`
}

const phpContext = `{"priority": "REALTIME", "place": null, "language": null, "writingSystems": null, "textCase": null, "properties": null}`

// TestPHPClientNullsThroughServe: requests in the PHP client's style answer
// 200 with a valid result, and the ageInfo alias is read.
func TestPHPClientNullsThroughServe(t *testing.T) {
	s := newStack(t, server.Options{}, "")
	birth := `{"type": "BirthDate", "year": 1900, "month": 1, "day": 1}`
	petra := phpPerson("Petra Müller", "FULLNAME", birth)
	withAddr := strings.Replace(petra, `"addresses": null`, `"addresses": [{"type": "UseForAllAddressRelation", "address": {"type": "StructuredAddress",
		"streetInfo": {"type": "StructuredStreetInfo", "streetName": "Hauptstraße", "houseNumber": null, "building": null, "staircase": null, "floor": null, "apartment": null},
		"pobox": null, "placeInfo": {"type": "StructuredPlaceInfo", "locality": "Berlin", "postalCode": null, "neighborhood": null, "region": null, "country": null}}, "usage": null}]`, 1)
	withContacts := strings.Replace(strings.Replace(petra, `"emailAddresses": null`, `"emailAddresses": [{"type": "EmailAddressImpl", "emailAddress": "petra@mailinator.com"}]`, 1),
		`"telNumbers": null`, `"telNumbers": [{"type": "SimpleTelNumber", "fullNumber": "0000000"}]`, 1)

	tests := []struct {
		name  string
		path  string
		query string
		body  string
		op    op
		check func(t *testing.T, raw []byte)
	}{
		{"parser", nameapi.PathPersonNameParser, "", `{"context": ` + phpContext + `, "inputPerson": ` + withAddr + `}`, opParse,
			func(t *testing.T, raw []byte) {
				var r nameapi.PersonNameParserResult
				decode(t, raw, &r)
				if pp := r.Best().ParsedPerson; !hasAll(terms(pp), "GIVENNAME=Petra", "SURNAME=Müller") {
					t.Errorf("terms %v", terms(pp))
				}
			}},
		{"genderizer", nameapi.PathPersonGenderizer, "", `{"context": ` + phpContext + `, "inputPerson": ` + petra + `}`, opGenderize,
			func(t *testing.T, raw []byte) {
				var r nameapi.GenderizerResult
				decode(t, raw, &r)
				if r.Gender != nameapi.GenderFemale {
					t.Errorf("gender %+v", r)
				}
			}},
		{"risk detector reads ageInfo", nameapi.PathRiskDetector, "", `{"context": ` + phpContext + `, "inputPerson": ` + withContacts + `}`, opRisk,
			func(t *testing.T, raw []byte) {
				var r nameapi.RiskDetectorResult
				decode(t, raw, &r)
				items := map[string]bool{}
				for _, k := range r.Risks {
					items[k.DataItem] = true
				}
				// 1900-01-01 comes only from ageInfo.
				if !items[nameapi.DataItemAge] || !items[nameapi.DataItemEmail] || !items[nameapi.DataItemTel] {
					t.Errorf("risks %+v, want AGE (from ageInfo), EMAIL and TEL", r.Risks)
				}
			}},
		{"formatter", nameapi.PathPersonNameFormatter, "", `{"context": ` + phpContext + `, "inputPerson": ` + phpPerson("petra müller", "FULLNAME", "null") + `, "properties": null}`, opFormat,
			func(t *testing.T, raw []byte) {
				var r nameapi.FormatterResult
				decode(t, raw, &r)
				if r.Formatted != "Petra Müller" {
					t.Errorf("formatted %+v", r)
				}
			}},
		{"matcher reads ageInfo", nameapi.PathPersonMatcher, "", `{"context": ` + phpContext + `, "inputPerson1": ` +
			phpPerson("Petra Müller", "FULLNAME", `{"type": "BirthDate", "year": 1980, "month": 5, "day": 17}`) + `, "inputPerson2": ` +
			phpPerson("Petra Mueller", "FULLNAME", `{"type": "BirthYearRange", "yearRange": {"startIncluding": null, "endIncluding": 1979}}`) + `}`, opMatch,
			func(t *testing.T, raw []byte) {
				var r nameapi.PersonMatcherResult
				decode(t, raw, &r)
				// 1980 against "until 1979": the ages were read and differ.
				if r.AgeMatcherResult.MatchType != nameapi.MatchDifferent || r.PersonNameMatcherResult.MatchType != nameapi.MatchEqual {
					t.Errorf("match %+v, want name EQUAL and age DIFFERENT", r)
				}
			}},
		{"email name parser", nameapi.PathEmailNameParser, "envelope=false", `{"context": ` + phpContext + `, "emailAddress": "john.doe@gmail.com"}`, opEmailName,
			func(t *testing.T, raw []byte) {
				var r nameapi.EmailNameParserResult
				decode(t, raw, &r)
				if !emailNameIs(&r, "john", "doe") {
					t.Errorf("got %+v", r)
				}
			}},
		{"context null", nameapi.PathPersonGenderizer, "", `{"context": null, "inputPerson": ` + petra + `}`, opGenderize, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if !json.Valid([]byte(tt.body)) {
				t.Fatalf("test body is not JSON: %s", tt.body)
			}
			status, raw := s.rawPost(t, tt.path, tt.query, tt.body)
			if status != 200 {
				t.Fatalf("status %d: %s", status, raw)
			}
			for _, v := range validate(tt.op, raw) {
				t.Errorf("%s: %s\n%s", tt.op, v, raw)
			}
			if tt.check != nil {
				tt.check(t, raw)
			}
		})
	}
}

func decode(t *testing.T, raw []byte, v any) {
	t.Helper()
	if err := json.Unmarshal(raw, v); err != nil {
		t.Fatalf("decode %s: %v", raw, err)
	}
}
