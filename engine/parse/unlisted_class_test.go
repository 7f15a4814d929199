package parse

import (
	"testing"

	"github.com/namepipe/namepipe/nameapi"
)

// TestUnlistedSurnameAfterWeakGiven holds the class of a two-word
// Latin-script name whose first word is a given name the lists hold only
// weakly and also as a surname, and whose last word no list holds: the
// last word is the surname, in every shape a list writes the name, and
// the given name gives the gender.
func TestUnlistedSurnameAfterWeakGiven(t *testing.T) {
	t.Parallel()
	p := newTestParser(t)
	for _, c := range []struct {
		given, surname, gender string
	}{
		{"Hartwig", "Kretzschmar", nameapi.GenderMale},
		{"Hartwig", "Pfannkuch", nameapi.GenderMale},
		{"Carroll", "Pennington", ""},
		{"Carroll", "Thornbury", ""},
		{"Volker", "Brandstetter", nameapi.GenderMale},
		{"Volker", "Qxrtvelm", nameapi.GenderMale}, // no language's word
	} {
		want := c.given + "=GIVENNAME " + c.surname + "=SURNAME"
		upper := func(s string) string { return string(upperASCII([]byte(s))) }
		for _, sh := range []struct{ shape, in, out string }{
			{"two fields", "GIVENNAME:" + c.given + "|SURNAME:" + c.surname, want},
			{"Given Surname", c.given + " " + c.surname, want},
			{"Surname, Given", c.surname + ", " + c.given, c.surname + "=SURNAME " + c.given + "=GIVENNAME"},
			{"GIVEN SURNAME", upper(c.given) + " " + upper(c.surname), upper(c.given) + "=GIVENNAME " + upper(c.surname) + "=SURNAME"},
			{"given surname", lowerASCII(c.given) + " " + lowerASCII(c.surname), lowerASCII(c.given) + "=GIVENNAME " + lowerASCII(c.surname) + "=SURNAME"},
		} {
			t.Run(sh.shape+"/"+sh.in, func(t *testing.T) {
				r := p.Person(nil, &nameapi.InputPerson{Type: nameapi.TypeNaturalInputPerson,
					PersonName: &nameapi.InputPersonName{NameFields: fieldsOf(sh.in)}})
				m := r.Best()
				if m == nil || m.ParsedPerson == nil {
					t.Fatalf("no match: %+v", r)
				}
				if got := termsText(m.ParsedPerson); got != sh.out {
					t.Errorf("terms\n got %s\nwant %s", got, sh.out)
				}
				if g := m.ParsedPerson.Gender; c.gender != "" && (g == nil || g.Gender != c.gender) {
					t.Errorf("gender %+v, want %s", g, c.gender)
				}
				if m.Likeliness < 0.5 {
					t.Errorf("likeliness %.3f of the best reading", m.Likeliness)
				}
			})
		}
	}
}

// upperASCII writes b's ASCII letters in capitals, in place.
func upperASCII(b []byte) []byte {
	for i, c := range b {
		if 'a' <= c && c <= 'z' {
			b[i] = c - 'a' + 'A'
		}
	}
	return b
}

// lowerASCII returns s with its ASCII letters in lower case.
func lowerASCII(s string) string { return string(appendLower(nil, s)) }
