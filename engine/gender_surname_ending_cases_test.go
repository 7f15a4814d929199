package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/namepipe/namepipe/nameapi"
)

// TestGenderBySurnameEnding holds the class of given names the lists give
// both sexes after a surname no list holds, whose ending tells its
// language (dict.SurnameLanguageBy, byEnding), in every shape a list
// writes a name. The surnames are of Debian's ruby-faker 2.21.0 (MIT):
// its nl and lv locales' last names, which the engine's surname lists do
// not hold; the given names are of the surname-lang holdout's tune half,
// NEUTRAL alone. Such a language needs three quarters of the language's
// most votes (surnameEndingShare): "Kato Boonen" (a Dutch surname whose
// "-nen" reads Finnish, where Kato is no listed name) stays NEUTRAL.
func TestGenderBySurnameEnding(t *testing.T) {
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
	cases := []struct{ given, surname, want string }{
		{"Kato", "Augustijn", nameapi.GenderFemale},  // -ijn: Dutch
		{"Kato", "Bergwijn", nameapi.GenderFemale},   // -ijn: Dutch
		{"Andrea", "Peverelli", nameapi.GenderMale},  // -lli: Italian
		{"Andrea", "Ravelli", nameapi.GenderMale},    // -lli: Italian
		{"Andrea", "Bahlmann", nameapi.GenderFemale}, // -lmann: German
		{"Andrea", "Pollmann", nameapi.GenderFemale}, // -lmann: German
		{"Janis", "Ulmanis", nameapi.GenderMale},     // -manis: Latvian
		{"Janis", "Godmanis", nameapi.GenderMale},    // -manis: Latvian
		{"Kato", "Boonen", nameapi.GenderNeutral},    // -nen reads Finnish: no vote
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
			for name, in := range shapes {
				if g := gender(t, in); g != c.want {
					t.Errorf("%s: %s, want %s", name, g, c.want)
				}
			}
		})
	}
	// A place the input gives comes first ("Andrea Peverelli" in Germany
	// is a woman, as the German data says).
	in := person(nameapi.Field(nameapi.FieldGivenname, "Andrea"), nameapi.Field(nameapi.FieldSurname, "Peverelli"))
	in.Context = &nameapi.Context{Place: "DE"}
	if g := gender(t, in); g != nameapi.GenderFemale {
		t.Errorf("Andrea Peverelli in DE: %s, want FEMALE", g)
	}
}
