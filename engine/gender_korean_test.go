package engine

import (
	"context"
	"testing"

	"github.com/namepipe/namepipe/nameapi"
)

// TestKoreanGivenNameInTwoWords genderizes romanized Korean names whose
// given name is written as two words, as author lists and forms with a
// middle-name field write them ("Dan Bi Park"): with a Korean surname the
// two syllables are judged as one Korean given name, not each as a name
// of other languages ("Dan" is a man's name in English, 단비 a woman's).
func TestKoreanGivenNameInTwoWords(t *testing.T) {
	t.Parallel()
	e := realEngine(t)
	nat := nameapi.NewNaturalPerson
	f := nameapi.Field
	split := func(given, middle, surname string) *nameapi.InputWithPerson {
		fields := []nameapi.NameField{f(nameapi.FieldGivenname, given), f(nameapi.FieldSurname, surname)}
		if middle != "" {
			fields = append(fields, f(nameapi.FieldMiddlename, middle))
		}
		return &nameapi.InputWithPerson{InputPerson: nat(fields...)}
	}
	for _, c := range []struct {
		name string
		in   *nameapi.InputWithPerson
		want string
	}{
		{"Dan Bi Park", fullname("Dan Bi Park"), nameapi.GenderFemale},     // 단비; word by word: MALE
		{"Ga Ram Lee", fullname("Ga Ram Lee"), nameapi.GenderFemale},       // 가람; word by word: MALE
		{"Seong Hun Park", fullname("Seong Hun Park"), nameapi.GenderMale}, // 성훈; word by word: UNKNOWN
		{"Ro Un Kang", fullname("Ro Un Kang"), nameapi.GenderMale},         // 로운; word by word: UNKNOWN
		{"GIVENNAME Dan Bi, SURNAME Park", split("Dan Bi", "", "Park"), nameapi.GenderFemale},
		{"GIVENNAME Dan, MIDDLENAME Bi, SURNAME Park", split("Dan", "Bi", "Park"), nameapi.GenderFemale},
		// Not Korean surnames, or not two Korean syllables: word by word.
		{"Dan Bi Muller", fullname("Dan Bi Muller"), nameapi.GenderMale},
		{"Hans Peter Kim", fullname("Hans Peter Kim"), nameapi.GenderMale},
		{"Tom Lee", fullname("Tom Lee"), nameapi.GenderMale},
	} {
		g, err := e.GenderizePerson(context.Background(), c.in)
		if err != nil {
			t.Fatal(err)
		}
		if g.Gender != c.want {
			t.Errorf("%s: %s, want %s", c.name, g.Gender, c.want)
		}
	}
}
