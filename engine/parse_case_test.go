package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/namepipe/namepipe/nameapi"
)

// TestSingleCaseInputParsesAlike: a name written all in lower case or all
// in upper case is the same name; the parse (up to letter case) and the
// gender must not depend on which. The pipeline's de-duplication key for
// genderize ignores case, so a difference here would hand one spelling the
// other's answer. Before the fix "ben fischer" lost its given name to the
// surname particle "ben".
func TestSingleCaseInputParsesAlike(t *testing.T) {
	e := newTestEngine(t)
	ctx := context.Background()
	names := []string{
		"Ben Fischer", "Al Farsi", "Jan van Dijk", "Maria de la Cruz", "Peter Müller",
		"Dr. Peter Johnson", "Bin Laden", "Van Morrison", "Petra Schulz-Hartmann", "Lucía Sánchez",
	}
	for _, n := range names {
		variants := []string{strings.ToLower(n), strings.ToUpper(n)}
		if strings.Count(n, " ") == 1 && !strings.ContainsAny(n, ".-") && strings.ToLower(n[:1]) != n[:1] {
			variants = append(variants, n) // Title Case like "Ben Fischer" reads the same too
		}
		var wantTerms, wantGender string
		for i, v := range variants {
			in := &nameapi.InputWithPerson{InputPerson: nameapi.NewNaturalPerson(nameapi.Field(nameapi.FieldFullname, v))}
			p, err := e.ParsePersonName(ctx, in)
			if err != nil {
				t.Fatalf("%q: %v", v, err)
			}
			g, err := e.GenderizePerson(ctx, in)
			if err != nil {
				t.Fatalf("%q: %v", v, err)
			}
			var terms []string
			for _, tm := range p.Matches[0].ParsedPerson.OutputPersonName.Terms {
				terms = append(terms, tm.TermType+"="+strings.ToLower(tm.String))
			}
			got := strings.Join(terms, "|")
			if i == 0 {
				wantTerms, wantGender = got, g.Gender
				continue
			}
			if got != wantTerms || g.Gender != wantGender {
				t.Errorf("%q: %s %s; %q: %s %s", variants[0], wantTerms, wantGender, v, got, g.Gender)
			}
		}
	}
}
