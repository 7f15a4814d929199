package engine

import (
	"context"
	"testing"

	"github.com/namepipe/namepipe/nameapi"
)

// Second given names versus middle names: patronymics and American middle
// names are MIDDLENAME, a second given name of other cultures a second
// GIVENNAME; double surnames stay together.
func TestParseSecondGivenNames(t *testing.T) {
	t.Parallel()
	e := realEngine(t)
	tests := []struct {
		in, terms, gender string
	}{
		{"José Maria Fernández de la Torre", "GIVENNAME=José|GIVENNAME=Maria|SURNAME=Fernández|SURNAME=de la Torre", "MALE"},
		{"Maria José García López", "GIVENNAME=Maria|GIVENNAME=José|SURNAME=García|SURNAME=López", "FEMALE"},
		{"Ana Paula da Silva", "GIVENNAME=Ana|GIVENNAME=Paula|SURNAME=da Silva", "FEMALE"},
		{"Ólafur Ragnar Grímsson", "GIVENNAME=Ólafur|GIVENNAME=Ragnar|SURNAME=Grímsson", ""},
		{"Sigríður Anna Jónsdóttir", "GIVENNAME=Sigríður|GIVENNAME=Anna|SURNAME=Jónsdóttir", ""},
		{"Maud Solveig Christina Wikström", "GIVENNAME=Maud|GIVENNAME=Solveig|GIVENNAME=Christina|SURNAME=Wikström", "FEMALE"},
		{"Andreas Nikolaus Lauda", "GIVENNAME=Andreas|GIVENNAME=Nikolaus|SURNAME=Lauda", "MALE"},
		{"Jean-Claude Juncker", "GIVENNAME=Jean-Claude|SURNAME=Juncker", "MALE"},
		{"Jean Martin-Bernard", "GIVENNAME=Jean|SURNAME=Martin-Bernard", "MALE"},
		{"Hans Peter Müller", "GIVENNAME=Hans|GIVENNAME=Peter|SURNAME=Müller", "MALE"},
		{"João Pedro Santos Oliveira", "GIVENNAME=João|GIVENNAME=Pedro|SURNAME=Santos|SURNAME=Oliveira", "MALE"},
		{"José Ortega y Gasset", "GIVENNAME=José|SURNAME=Ortega y Gasset", "MALE"},
		{"Josep Puig i Cadafalch", "GIVENNAME=Josep|SURNAME=Puig i Cadafalch", "MALE"},
		{"Gabriel García Márquez", "GIVENNAME=Gabriel|SURNAME=García|SURNAME=Márquez", "MALE"},
		{"Müller, Hans Peter", "SURNAME=Müller|GIVENNAME=Hans|GIVENNAME=Peter", "MALE"},
		{"Lev Nikolayevich Tolstoy", "GIVENNAME=Lev|MIDDLENAME=Nikolayevich|SURNAME=Tolstoy", "MALE"},
		{"Nikol Georgievna Dimitrova", "GIVENNAME=Nikol|MIDDLENAME=Georgievna|SURNAME=Dimitrova", "FEMALE"},
		{"Pyotr Ilyich Tchaikovsky", "GIVENNAME=Pyotr|MIDDLENAME=Ilyich|SURNAME=Tchaikovsky", "MALE"},
		{"Лев Николаевич Толстой", "GIVENNAME=Лев|MIDDLENAME=Николаевич|SURNAME=Толстой", "MALE"},
		{"Толстой Лев Николаевич", "SURNAME=Толстой|GIVENNAME=Лев|MIDDLENAME=Николаевич", "MALE"},
		{"Hans Ulrich Meier", "GIVENNAME=Hans|GIVENNAME=Ulrich|SURNAME=Meier", "MALE"},
		{"John Fitzgerald Kennedy", "GIVENNAME=John|MIDDLENAME=Fitzgerald|SURNAME=Kennedy", "MALE"},
		{"Sarah Jessica Parker", "GIVENNAME=Sarah|MIDDLENAME=Jessica|SURNAME=Parker", "FEMALE"},
		{"Emily Anne Johnson", "GIVENNAME=Emily|MIDDLENAME=Anne|SURNAME=Johnson", "FEMALE"},
		{"Smith, John Michael", "SURNAME=Smith|GIVENNAME=John|MIDDLENAME=Michael", "MALE"},
	}
	ctx := context.Background()
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			r, err := e.ParsePersonName(ctx, fullname(tt.in))
			if err != nil {
				t.Fatal(err)
			}
			checkMatchInvariants(t, r)
			if got := termsString(r.Best().ParsedPerson); got != tt.terms {
				t.Errorf("terms = %s\n want %s", got, tt.terms)
			}
			if tt.gender == "" {
				return
			}
			g, err := e.GenderizePerson(ctx, fullname(tt.in))
			if err != nil {
				t.Fatal(err)
			}
			if g.Gender != tt.gender {
				t.Errorf("gender = %s, want %s", g.Gender, tt.gender)
			}
		})
	}
}

// The formatter keeps every given name and the double surname in order,
// and the matcher sees a second given name as part of the same person.
func TestSecondGivenNamesFormatAndMatch(t *testing.T) {
	t.Parallel()
	e := realEngine(t)
	ctx := context.Background()
	for in, want := range map[string]string{
		"josé maria fernández de la torre": "José Maria Fernández de la Torre",
		"HANS PETER MÜLLER":                "Hans Peter Müller",
		"lev nikolayevich tolstoy":         "Lev Nikolayevich Tolstoy",
	} {
		f, err := e.FormatPersonName(ctx, &nameapi.PersonNameFormatterInput{InputPerson: fullname(in).InputPerson})
		if err != nil {
			t.Fatal(err)
		}
		if f.Formatted != want {
			t.Errorf("format %q = %q, want %q", in, f.Formatted, want)
		}
	}
	for _, tt := range []struct{ a, b, want string }{
		{"Hans Peter Müller", "Hans Peter Mueller", nameapi.MatchEqual},
		{"Hans Peter Müller", "Hans Müller", nameapi.MatchMatching},
	} {
		r, err := e.MatchPersons(ctx, &nameapi.InputWithTwoPeople{InputPerson1: fullname(tt.a).InputPerson, InputPerson2: fullname(tt.b).InputPerson})
		if err != nil {
			t.Fatal(err)
		}
		if r.MatchType != tt.want {
			t.Errorf("match %q ~ %q = %s, want %s", tt.a, tt.b, r.MatchType, tt.want)
		}
	}
}
