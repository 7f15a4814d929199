package engine

import (
	"context"
	"strings"
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

// TestKoreanGivenNameInTwoWordsParse parses romanized Korean names whose
// given name is written as two words next to a Korean surname: the second
// syllable is a given or middle name, not the first word of a double
// surname, though the lists hold it as a surname too (지, 은, 원), and the
// surname is the word the syllables leave.
func TestKoreanGivenNameInTwoWordsParse(t *testing.T) {
	t.Parallel()
	e := realEngine(t)
	for _, c := range []struct {
		name, surname, gender string
	}{
		{"Min Ji Kim", "Kim", nameapi.GenderFemale}, // was surname "Ji Kim", NEUTRAL
		{"Go Eun Kim", "Kim", nameapi.GenderFemale}, // was surname "Eun Kim", MALE
		{"Ji Eun Choi", "Choi", nameapi.GenderFemale},
		{"Seong Won Yoon", "Yoon", nameapi.GenderMale},
		// The order: a Korean surname at the end after the syllables of
		// a given name, or at the start before them.
		{"Seo Yeon Kim", "Kim", nameapi.GenderFemale}, // was surname "Seo", NEUTRAL
		{"Park Min Ji", "Park", nameapi.GenderFemale}, // was surname "Ji", MALE
		{"Kim Min Park", "Park", nameapi.GenderNeutral},
		// Surname first: the lists' word for word evidence (Kim an
		// English given name, Won a surname) does not overrule the
		// Korean reading; Jun is no "Jun." (junior), Bin and Da no
		// particles next to a Korean given name's other syllable.
		{"Kim Chae Won", "Kim", nameapi.GenderFemale}, // was surname "Chae Won"
		{"Kim Do Jun", "Kim", nameapi.GenderMale},     // was surname "Do", Jun a qualifier
		{"Da Bin Choi", "Choi", nameapi.GenderFemale}, // was surname "Da Bin Choi"
		{"Ha Bin Kang", "Kang", nameapi.GenderFemale}, // was surname "Bin Kang"
		{"KIM CHAE WON", "KIM", nameapi.GenderFemale},
		// Both orders fit (장, 정 and 은 also start given names; 원, 은
		// and 윤 are surnames too): the commoner surname decides.
		{"Jang Chae Won", "Jang", nameapi.GenderFemale},
		{"Jung Chae Eun", "Jung", nameapi.GenderFemale},
		{"Eun Chae Yoon", "Yoon", nameapi.GenderFemale},
		// No Korean given name before the surname: as before.
		{"Maria Ji Kim", "Ji Kim", nameapi.GenderFemale},
		{"José García López", "García López", nameapi.GenderMale},
		{"Hans Peter Kim", "Kim", nameapi.GenderMale},
	} {
		r, err := e.ParsePersonName(context.Background(), fullname(c.name))
		if err != nil {
			t.Fatal(err)
		}
		var surname []string
		for _, tm := range r.Matches[0].ParsedPerson.OutputPersonName.Terms {
			if tm.TermType == nameapi.TermSurname {
				surname = append(surname, tm.String)
			}
		}
		if got := strings.Join(surname, " "); got != c.surname {
			t.Errorf("%s: surname %q, want %q", c.name, got, c.surname)
		}
		g, err := e.GenderizePerson(context.Background(), fullname(c.name))
		if err != nil {
			t.Fatal(err)
		}
		if g.Gender != c.gender {
			t.Errorf("%s: %s, want %s", c.name, g.Gender, c.gender)
		}
	}
}
