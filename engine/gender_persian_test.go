package engine

import (
	"strings"
	"testing"

	"github.com/namepipe/namepipe/engine/dict"
	"github.com/namepipe/namepipe/nameapi"
)

// TestGenderPersianShapes genderizes Persian given names in Latin letters
// that no name list holds, which the skeleton model judges by the
// Persian-script names of its lists (dict/persian.go,
// genderize/persian.go), behind a Persian surname (a listed Persian-script
// surname's skeleton, or a listed given name's with a surname ending:
// "Sadeghi", "Hosseini"), in the shapes lists write them: two fields,
// given name first, "Surname, Given", capitals. Persian names in Latin
// letters are written given name first, so there is no "Surname Given"
// shape. The names are of the model's own lists (Persian script), spelt
// by its table. The same given names behind a surname of other languages
// get no answer.
func TestGenderPersianShapes(t *testing.T) {
	t.Parallel()
	e := realEngine(t)
	d, err := dict.Default()
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct{ given, surname, want string }{
		{"Bozorgmehr", "Mohammadi", nameapi.GenderMale},
		{"Kianoush", "Karimi", nameapi.GenderMale},
		{"Tahmasb", "Ahmadi", nameapi.GenderMale},
		{"Fariborz", "Sadeghi", nameapi.GenderMale},
		{"Shahrnaz", "Hosseini", nameapi.GenderFemale},
		{"Golnar", "Rostami", nameapi.GenderFemale},
		{"Parichehr", "Bahrami", nameapi.GenderFemale},
		{"Roudabeh", "Kazemi", nameapi.GenderFemale},
		{"Tahmineh", "Jafari", nameapi.GenderFemale},
	}
	gender := func(in *nameapi.InputWithPerson) string { return genderOf(t, e, in) }
	shapes := []nameShape{shapeTwoFields, shapeGivenSurname, shapeSurnameComma, shapeUpper, shapeUpperComma,
		{"two fields, capitals", func(g, s string) *nameapi.InputWithPerson { return twoFields(strings.ToUpper(g), strings.ToUpper(s)) }}}
	for _, c := range cases {
		if _, _, ok := d.GenderVotes(c.given, ""); ok {
			t.Fatalf("%s: listed; want a name only the model knows", c.given)
		}
		if !d.IsPersianSurname(c.surname) {
			t.Fatalf("%s: want a Persian surname", c.surname)
		}
		for _, sh := range shapes {
			if g := gender(sh.input(c.given, c.surname)); g != c.want {
				t.Errorf("%s (%s %s): %s, want %s", sh.name, c.given, c.surname, g, c.want)
			}
		}
		// Behind a surname of other languages the model does not answer.
		if g := gender(twoFields(c.given, "Miller")); g == c.want {
			t.Errorf("%s Miller: %s, want no answer of the Persian model", c.given, g)
		}
	}
}
