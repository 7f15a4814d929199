package engine

import (
	"context"
	"reflect"
	"testing"
	"unicode/utf8"

	"github.com/namepipe/namepipe/engine/genderize"
	"github.com/namepipe/namepipe/nameapi"
)

// FuzzParseName feeds arbitrary name strings (several people, salutations,
// birth names, professions, conjunction-like words) to the parser, the
// genderizer and the formatter: none may panic, and every parse answers
// what real clients require. The genderizer's answer for each parsed
// person's names, which the parse has just remembered (genderize's
// recent.go), is the answer of a genderizer that remembers nothing.
func FuzzParseName(f *testing.F) {
	for _, s := range []string{
		"Altin dhe Sidorela Hoxha", "Mr. & Mrs. John and Jane Smith", "Burger Hans U. u. Spinner-Burger Barbara",
		"José Ortega y Gasset", "Maria Schmidt, geb. Weber", "Anton Mosimann, Malermeister", "Prof. Dr. Dr. Klaus Weber",
		"Doamna Ana Dumitru și D-l Vasile Dumitru", "y", "a e i", "Herr und", "und Frau", ", geb.", "Mr. & & Mrs.",
		"Лев Николаевич Толстой", "JUAN Y MARIA GARCIA", "Maria José e João Pedro Silva", "née", "Smith, , Jr.",
	} {
		f.Add(s)
	}
	e, err := New(WithSeed(1), WithParseMemo(0))
	if err != nil {
		f.Fatal(err)
	}
	ctx := context.Background()
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) || len(s) > 200 {
			return
		}
		in := fullname(s)
		r, err := e.ParsePersonName(ctx, in)
		if err != nil {
			return // invalid input is an answer too
		}
		if len(r.Matches) == 0 {
			t.Fatalf("%q: no match", s)
		}
		for _, m := range r.Matches {
			pp := m.ParsedPerson
			if pp == nil || pp.PersonType == "" || pp.PersonRole == "" {
				t.Fatalf("%q: parsed person %+v", s, pp)
			}
			if pp.PersonType == nameapi.PersonTypeMultiple && len(pp.People) < 2 {
				t.Fatalf("%q: MULTIPLE with %d people", s, len(pp.People))
			}
			for _, p := range pp.People {
				if p.PersonType == "" || p.PersonRole == "" {
					t.Fatalf("%q: person %+v", s, p)
				}
			}
		}
		for _, m := range r.Matches {
			for _, pp := range append([]nameapi.ParsedPerson{*m.ParsedPerson}, m.ParsedPerson.People...) {
				given, sur, sal := genderInputs(&pp)
				warm := e.gz.ForPerson(given, sur, sal, nil, in.InputPerson)
				if cold := genderize.New(e.lex).ForPerson(given, sur, sal, nil, in.InputPerson); !reflect.DeepEqual(warm, cold) {
					t.Fatalf("%q: %v %q %q: remembered gender %+v, fresh %+v", s, given, sur, sal, warm, cold)
				}
			}
		}
		// The genderizer and the formatter may reject a name as invalid
		// input; they must not panic.
		_, _ = e.GenderizePerson(ctx, in)
		_, _ = e.FormatPersonName(ctx, &nameapi.PersonNameFormatterInput{InputPerson: in.InputPerson})
	})
}

// genderInputs returns what the genderizer reads of a parsed person: its
// given and middle names, first surname and first salutation.
func genderInputs(pp *nameapi.ParsedPerson) (given []string, surname, salutation string) {
	if pp.OutputPersonName == nil {
		return nil, "", ""
	}
	for _, t := range pp.OutputPersonName.Terms {
		switch t.TermType {
		case nameapi.TermGivenname, nameapi.TermMiddlename:
			given = append(given, t.String)
		case nameapi.TermSurname:
			if surname == "" {
				surname = t.String
			}
		case nameapi.TermSalutation:
			if salutation == "" {
				salutation = t.String
			}
		}
	}
	return given, surname, salutation
}
