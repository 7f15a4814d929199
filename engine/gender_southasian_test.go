package engine

import (
	"testing"

	"github.com/namepipe/namepipe/engine/dict"
	"github.com/namepipe/namepipe/nameapi"
)

// TestGenderSouthAsianShapes genderizes South Asian given names that no
// name list holds, which the model of South Asian endings judges
// (genderize/southasian.go; the names are of its own lists, the
// Devanagari ones read by their Latin key), behind a South Asian surname,
// in the shapes lists write them: two fields, given name first, surname
// first where the culture writes so (Telugu and Tamil names: "Reddy
// Keshavalal"), "Surname, Given", capitals. Every shape gives the answer.
// Surname first, the parser must know the surname as one: "Naidu Candani"
// is read given name first (Naidu is only in the South Asian model's
// surnames, not in the surname data the parser reads). The same given names behind a
// surname of other languages answer only in a South Asian context.
func TestGenderSouthAsianShapes(t *testing.T) {
	t.Parallel()
	e := realEngine(t)
	d, err := dict.Default()
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		given, surname, want string
		surnameFirst         bool // also written surname first
	}{
		{"Keshavalal", "Reddy", nameapi.GenderMale, true},
		{"Pulakit", "Chatterjee", nameapi.GenderMale, false},
		{"Ashiss", "Shrestha", nameapi.GenderMale, false},
		{"Bimala", "Shrestha", nameapi.GenderFemale, false},
		{"Sajala", "Iyengar", nameapi.GenderFemale, true},
		{"Mayushi", "Agarwal", nameapi.GenderFemale, false},
		{"Candani", "Naidu", nameapi.GenderFemale, false},
	}
	gender := func(in *nameapi.InputWithPerson) string { return genderOf(t, e, in) }
	shapes := []struct {
		nameShape
		surnameFirst bool
	}{
		{shapeTwoFields, false},
		{shapeGivenSurname, false},
		{shapeSurnameComma, false},
		{shapeUpper, false},
		{shapeUpperComma, false},
		{shapeSurnameGiven, true},
		{shapeUpperFirst, true},
	}
	for _, c := range cases {
		if _, _, ok := d.GenderVotes(c.given, ""); ok {
			t.Fatalf("%s: listed; want a name only the model knows", c.given)
		}
		if !d.IsSouthAsianSurname(c.surname) {
			t.Fatalf("%s: want a South Asian surname", c.surname)
		}
		for _, sh := range shapes {
			if sh.surnameFirst && !c.surnameFirst {
				continue
			}
			if g := gender(sh.input(c.given, c.surname)); g != c.want {
				t.Errorf("%s (%s %s): %s, want %s", sh.name, c.given, c.surname, g, c.want)
			}
		}
		// Behind a surname of other languages the model does not answer,
		// unless the context is South Asian.
		if g := gender(twoFields(c.given, "Miller")); g == c.want {
			t.Errorf("%s Miller: %s, want no answer of the South Asian model", c.given, g)
		}
		for _, place := range []string{"IN", "India", "NP", "LK"} {
			in := twoFields(c.given, "Miller")
			in.Context = &nameapi.Context{Place: place}
			if g := gender(in); g != c.want {
				t.Errorf("%s Miller in %s: %s, want %s", c.given, place, g, c.want)
			}
		}
	}
}
