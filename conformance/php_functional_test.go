package conformance

import (
	"context"
	"strings"
	"testing"

	"github.com/namepipe/namepipe/nameapi"
	"github.com/namepipe/namepipe/server"
)

// TestPHPClientFunctionalTests replays the assertions of the official PHP
// client's other functional tests (optimaize/nameapi-client-php,
// tests/functional/*.php, the namespaced Tests\Functional versions:
// PersonNameParserServiceTest 407415bb, PersonNameMatcherServiceTest
// 8ee8ef4c, DisposableEmailAddressDetectorServiceTest 08c52282,
// PingServiceTest) against the engine served over loopback, with the PHP
// client's request shape (every absent property an explicit null). The
// risk detector's tests are TestPHPClientRiskDetectorTests. Facts only:
// inputs and expected answers; the client's code is not copied.
func TestPHPClientFunctionalTests(t *testing.T) {
	s := newStack(t, server.Options{}, "")
	withGender := func(person, gender string) string {
		return strings.Replace(person, `"gender": null`, `"gender": "`+gender+`"`, 1)
	}
	t.Run("PingServiceTest/testPing", func(t *testing.T) {
		if err := s.client.Ping(context.Background()); err != nil {
			t.Errorf("ping: %v", err)
		}
	})
	t.Run("DisposableEmailAddressDetectorServiceTest/testDea", func(t *testing.T) {
		r, err := s.client.DetectDisposableEmail(context.Background(), "abcdefgh@10minutemail.com")
		if err != nil || r.Disposable != nameapi.DisposableYes {
			t.Errorf("got %+v, %v; want YES", r, err)
		}
	})
	t.Run("PersonNameParserServiceTest/testParse", func(t *testing.T) {
		status, raw := s.rawPost(t, nameapi.PathPersonNameParser, "", `{"context": `+phpContext+`, "inputPerson": `+
			withGender(phpPerson("John Doe", "FULLNAME", "null"), nameapi.GenderFemale)+`}`)
		if status != 200 {
			t.Fatalf("status %d: %s", status, raw)
		}
		var r nameapi.PersonNameParserResult
		decode(t, raw, &r)
		m := r.Best()
		if m == nil {
			t.Fatalf("no match: %s", raw)
		}
		pp := m.ParsedPerson
		if pp.PersonType != nameapi.PersonTypeNatural || pp.PersonRole != nameapi.RolePrimary {
			t.Errorf("type %s role %s, want NATURAL PRIMARY", pp.PersonType, pp.PersonRole)
		}
		if pp.AddressingGivenName != "John" || pp.AddressingSurname != "Doe" {
			t.Errorf("addressing %q %q, want John Doe", pp.AddressingGivenName, pp.AddressingSurname)
		}
		if !hasAll(terms(pp), "GIVENNAME=John", "SURNAME=Doe") {
			t.Errorf("terms %v", terms(pp))
		}
		// The stated gender (FEMALE) disputes John: one GENDER dispute.
		if len(m.ParserDisputes) != 1 || m.ParserDisputes[0].DisputeType != nameapi.DisputeGender {
			t.Errorf("disputes %+v, want one GENDER", m.ParserDisputes)
		}
	})
	t.Run("PersonNameParserServiceTest/test_parseTwoPeople", func(t *testing.T) {
		status, raw := s.rawPost(t, nameapi.PathPersonNameParser, "", `{"context": `+phpContext+`, "inputPerson": `+
			phpPerson("Peter und Daniela Meyer", "FULLNAME", "null")+`}`)
		if status != 200 {
			t.Fatalf("status %d: %s", status, raw)
		}
		var r nameapi.PersonNameParserResult
		decode(t, raw, &r)
		pp := r.Best().ParsedPerson
		if pp.PersonType != nameapi.PersonTypeMultiple || len(pp.People) != 2 {
			t.Fatalf("type %s with %d people, want MULTIPLE with 2", pp.PersonType, len(pp.People))
		}
		for i, want := range [][3]string{{"Peter", "Meyer", nameapi.GenderMale}, {"Daniela", "Meyer", nameapi.GenderFemale}} {
			p := pp.People[i]
			g := ""
			if p.Gender != nil {
				g = p.Gender.Gender
			}
			if p.AddressingGivenName != want[0] || p.AddressingSurname != want[1] || g != want[2] {
				t.Errorf("person %d: %q %q %s, want %v", i+1, p.AddressingGivenName, p.AddressingSurname, g, want)
			}
		}
	})
	t.Run("PersonNameMatcherServiceTest/testMatch", func(t *testing.T) {
		status, raw := s.rawPost(t, nameapi.PathPersonMatcher, "", `{"context": `+phpContext+`, "inputPerson1": `+
			withGender(phpPerson("John F. Kennedy", "FULLNAME", "null"), nameapi.GenderMale)+`, "inputPerson2": `+
			withGender(phpPerson("John Fitzgerald Kennedy", "FULLNAME", "null"), nameapi.GenderMale)+`}`)
		if status != 200 {
			t.Fatalf("status %d: %s", status, raw)
		}
		for _, v := range validate(opMatch, raw) {
			t.Errorf("%s\n%s", v, raw)
		}
		var r nameapi.PersonMatcherResult
		decode(t, raw, &r)
		if r.MatchType != nameapi.MatchMatching || r.Points < 0.55 || r.Points > 1 {
			t.Errorf("match %s points %v, want MATCHING 0.55..1", r.MatchType, r.Points)
		}
		if r.PersonNameMatcherResult.MatchType != nameapi.MatchMatching || r.PersonMatchComposition != nameapi.CompositionFull {
			t.Errorf("name %s composition %s, want MATCHING FULL", r.PersonNameMatcherResult.MatchType, r.PersonMatchComposition)
		}
		if r.GenderMatcherResult.MatchType != nameapi.MatchEqual || r.AgeMatcherResult.MatchType != nameapi.MatchNotApplicable {
			t.Errorf("gender %s age %s, want EQUAL NOT_APPLICABLE", r.GenderMatcherResult.MatchType, r.AgeMatcherResult.MatchType)
		}
	})
}
