package engine

import (
	"context"
	"strings"
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
	ctx := context.Background()
	gender := func(t *testing.T, in *nameapi.InputWithPerson) string {
		t.Helper()
		g, err := e.GenderizePerson(ctx, in)
		if err != nil {
			t.Fatal(err)
		}
		return g.Gender
	}
	person := func(fields ...nameapi.NameField) *nameapi.InputWithPerson {
		return &nameapi.InputWithPerson{InputPerson: nameapi.NewNaturalPerson(fields...)}
	}
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
			if g := gender(t, person(nameapi.Field(nameapi.FieldGivenname, c.given))); g != nameapi.GenderNeutral {
				t.Fatalf("%s alone: %s, want NEUTRAL (not of this class)", c.given, g)
			}
			shapes := map[string]*nameapi.InputWithPerson{
				"two fields":       person(nameapi.Field(nameapi.FieldGivenname, c.given), nameapi.Field(nameapi.FieldSurname, c.surname)),
				"Given Surname":    fullname(c.given + " " + c.surname),
				"Surname, Given":   fullname(c.surname + ", " + c.given),
				"GIVEN SURNAME":    fullname(strings.ToUpper(c.given + " " + c.surname)),
				"SURNAME, GIVEN":   fullname(strings.ToUpper(c.surname + ", " + c.given)),
				"given surname lc": fullname(strings.ToLower(c.given + " " + c.surname)),
			}
			if c.surnameFirst {
				shapes["Surname Given"] = fullname(c.surname + " " + c.given)
			}
			for name, in := range shapes {
				if g := gender(t, in); g != c.want {
					t.Errorf("%s: %s, want %s", name, g, c.want)
				}
			}
		})
	}
	// A place or language the input gives comes first: the surname's
	// language never overrides it ("Andrea Cecere" in Germany is a woman,
	// as the German data says).
	in := person(nameapi.Field(nameapi.FieldGivenname, "Andrea"), nameapi.Field(nameapi.FieldSurname, "Cecere"))
	in.Context = &nameapi.Context{Place: "DE"}
	if g := gender(t, in); g != nameapi.GenderFemale {
		t.Errorf("Andrea Cecere in DE: %s, want FEMALE", g)
	}
	// A surname of many languages ("Martin") tells none.
	if g := gender(t, person(nameapi.Field(nameapi.FieldGivenname, "Andrea"), nameapi.Field(nameapi.FieldSurname, "Martin"))); g != nameapi.GenderNeutral {
		t.Errorf("Andrea Martin: %s, want NEUTRAL", g)
	}
}
