package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/namepipe/namepipe/nameapi"
)

// nameShape is one way lists write a person's given name and surname. The
// gender tests of each culture's names (Chinese, Japanese, Thai, South
// Asian, ...) hold every shape to the answer of the two fields.
type nameShape struct {
	name  string
	input func(given, surname string) *nameapi.InputWithPerson
}

// twoFields is the person as a given-name field and a surname field.
func twoFields(given, surname string) *nameapi.InputWithPerson {
	return &nameapi.InputWithPerson{InputPerson: nameapi.NewNaturalPerson(
		nameapi.Field(nameapi.FieldGivenname, given), nameapi.Field(nameapi.FieldSurname, surname))}
}

// The shapes of a full-name field the tests use, by how they write the
// name.
var (
	shapeTwoFields    = nameShape{"two fields", twoFields}
	shapeGivenSurname = nameShape{"Given Surname", func(g, s string) *nameapi.InputWithPerson { return fullname(g + " " + s) }}
	shapeSurnameGiven = nameShape{"Surname Given", func(g, s string) *nameapi.InputWithPerson { return fullname(s + " " + g) }}
	shapeSurnameComma = nameShape{"Surname, Given", func(g, s string) *nameapi.InputWithPerson { return fullname(s + ", " + g) }}
	shapeUpper        = nameShape{"GIVEN SURNAME", func(g, s string) *nameapi.InputWithPerson { return fullname(strings.ToUpper(g + " " + s)) }}
	shapeLower        = nameShape{"given surname", func(g, s string) *nameapi.InputWithPerson { return fullname(strings.ToLower(g + " " + s)) }}
	shapeUpperFirst   = nameShape{"SURNAME GIVEN", func(g, s string) *nameapi.InputWithPerson { return fullname(strings.ToUpper(s + " " + g)) }}
	shapeUpperSurname = nameShape{"SURNAME Given", func(g, s string) *nameapi.InputWithPerson { return fullname(strings.ToUpper(s) + " " + g) }}
	shapeUpperComma   = nameShape{"SURNAME, GIVEN", func(g, s string) *nameapi.InputWithPerson { return fullname(strings.ToUpper(s + ", " + g)) }}
)

// givenOnly is the person as a given-name field alone.
func givenOnly(given string) *nameapi.InputWithPerson {
	return &nameapi.InputWithPerson{InputPerson: nameapi.NewNaturalPerson(nameapi.Field(nameapi.FieldGivenname, given))}
}

// givenFirstShapes are the shapes of a culture that writes the given
// name first: two fields, one field in title case, capitals and lower
// case, with and without "Surname, Given".
var givenFirstShapes = []nameShape{shapeTwoFields, shapeGivenSurname, shapeSurnameComma, shapeUpper, shapeUpperComma, shapeLower}

// genderOf is e's gender of in; an error fails t.
func genderOf(t testing.TB, e *Engine, in *nameapi.InputWithPerson) string {
	t.Helper()
	g, err := e.GenderizePerson(context.Background(), in)
	if err != nil {
		t.Fatal(err)
	}
	return g.Gender
}

// shapeFloor is what one shape of held-out names must reach: at least
// right answers, at most wrong ones and at most answers unlike the two
// fields'.
type shapeFloor struct{ right, wrong, differ int }

// shapeTally counts one shape's answers over held-out names.
type shapeTally struct{ n, right, wrong, differ int }

// add counts the answer got for a name whose sex is want and whose two
// fields' answer is ref ("" when got is the two fields' own answer). It
// reports whether got is unlike ref.
func (s *shapeTally) add(got, want, ref string) bool {
	s.n++
	switch got {
	case want:
		s.right++
	case nameapi.GenderMale, nameapi.GenderFemale:
		s.wrong++
	}
	if ref != "" && got != ref {
		s.differ++
		return true
	}
	return false
}

// check logs the tally of the shape called name and fails t when it
// misses f.
func (s shapeTally) check(t *testing.T, name string, f shapeFloor) {
	t.Helper()
	t.Logf("%-26s %d names: right %d, wrong %d, unclassified %d; differ from two fields %d", name, s.n, s.right, s.wrong, s.n-s.right-s.wrong, s.differ)
	if s.right < f.right || s.wrong > f.wrong || s.differ > f.differ {
		t.Errorf("%s: right %d, wrong %d, unlike two fields %d of %d: want at least %d right, at most %d wrong and %d unlike",
			name, s.right, s.wrong, s.differ, s.n, f.right, f.wrong, f.differ)
	}
}

// sexGender is the gender answer for a held-out name's sex.
func sexGender(male bool) string {
	if male {
		return nameapi.GenderMale
	}
	return nameapi.GenderFemale
}
