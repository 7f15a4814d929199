package engine

import (
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
			if g := genderOf(t, e, givenOnly(c.given)); g != nameapi.GenderNeutral {
				t.Fatalf("%s alone: %s, want NEUTRAL (not of this class)", c.given, g)
			}
			shapes := givenFirstShapes
			for _, sh := range shapes {
				if g := genderOf(t, e, sh.input(c.given, c.surname)); g != c.want {
					t.Errorf("%s: %s, want %s", sh.name, g, c.want)
				}
			}
		})
	}
	// A place the input gives comes first ("Andrea Peverelli" in Germany
	// is a woman, as the German data says).
	in := twoFields("Andrea", "Peverelli")
	in.Context = &nameapi.Context{Place: "DE"}
	if g := genderOf(t, e, in); g != nameapi.GenderFemale {
		t.Errorf("Andrea Peverelli in DE: %s, want FEMALE", g)
	}
}
