package engine

import (
	"testing"

	"github.com/namepipe/namepipe/nameapi"
)

// TestGenderBySurnameLanguage holds the class of given names the lists
// give both sexes across languages, decided by the language the surname
// tells, in every shape a list writes a name. The examples are pairs of
// the held-out set's tune half (testdata/surname-lang-holdout.tsv, from
// the per-locale lists): each given name is NEUTRAL alone.
func TestGenderBySurnameLanguage(t *testing.T) {
	t.Parallel()
	e := realEngine(t)
	cases := []struct {
		given, surname, want string
		surnameFirst         bool // the culture writes the surname first (Hungarian)
	}{
		{"Andrea", "Cecere", nameapi.GenderMale, false},      // Italian
		{"Andrea", "Sivertsen", nameapi.GenderFemale, false}, // Norwegian
		{"Janne", "Lappalainen", nameapi.GenderMale, false},  // Finnish
		{"Mateja", "Dolinšek", nameapi.GenderFemale, false},  // Slovene
		{"Adelin", "Covaci", nameapi.GenderMale, false},      // Romanian
		{"Iben", "Frandsen", nameapi.GenderFemale, false},    // Danish
		{"Alexis", "Santillán", nameapi.GenderMale, false},   // Spanish
		{"Alexis", "McLeod", nameapi.GenderFemale, false},    // English
		{"Vivien", "Fehér", nameapi.GenderFemale, true},      // Hungarian
		{"Soma", "Szilágyi", nameapi.GenderMale, true},       // Hungarian
	}
	for _, c := range cases {
		t.Run(c.given+" "+c.surname, func(t *testing.T) {
			if g := genderOf(t, e, givenOnly(c.given)); g != nameapi.GenderNeutral {
				t.Fatalf("%s alone: %s, want NEUTRAL (not of this class)", c.given, g)
			}
			shapes := givenFirstShapes
			if c.surnameFirst {
				shapes = append(shapes[:len(shapes):len(shapes)], shapeSurnameGiven)
			}
			for _, sh := range shapes {
				if g := genderOf(t, e, sh.input(c.given, c.surname)); g != c.want {
					t.Errorf("%s: %s, want %s", sh.name, g, c.want)
				}
			}
		})
	}
	// A place or language the input gives comes first: the surname's
	// language never overrides it ("Andrea Cecere" in Germany is a woman,
	// as the German data says).
	in := twoFields("Andrea", "Cecere")
	in.Context = &nameapi.Context{Place: "DE"}
	if g := genderOf(t, e, in); g != nameapi.GenderFemale {
		t.Errorf("Andrea Cecere in DE: %s, want FEMALE", g)
	}
	// A surname of many languages ("Martin") tells none.
	if g := genderOf(t, e, twoFields("Andrea", "Martin")); g != nameapi.GenderNeutral {
		t.Errorf("Andrea Martin: %s, want NEUTRAL", g)
	}
}
