package match

import (
	"strings"
	"sync"
	"testing"

	"github.com/namepipe/namepipe/engine/dict"
	"github.com/namepipe/namepipe/engine/genderize"
	"github.com/namepipe/namepipe/engine/parse"
	"github.com/namepipe/namepipe/nameapi"
)

var testParse = sync.OnceValues(func() (ParseFunc, error) {
	d, err := dict.Default()
	if err != nil {
		return nil, err
	}
	return parse.New(d, genderize.New(d)).Person, nil
})

// person builds a natural person from one FULLNAME, or from fields
// "TYPE:text" separated by "|".
func person(in string) *nameapi.InputPerson {
	p := &nameapi.InputPerson{Type: nameapi.TypeNaturalInputPerson, PersonName: &nameapi.InputPersonName{}}
	if !strings.Contains(in, ":") {
		p.PersonName.NameFields = []nameapi.NameField{nameapi.Field(nameapi.FieldFullname, in)}
		return p
	}
	for _, f := range strings.Split(in, "|") {
		typ, s, _ := strings.Cut(f, ":")
		p.PersonName.NameFields = append(p.PersonName.NameFields, nameapi.Field(typ, s))
	}
	return p
}

// TestPersons holds the matcher's answers, with the engine's parser, for
// each kind of likeness it tells apart: the match type, composition and
// points, and the name and gender comparisons.
func TestPersons(t *testing.T) {
	t.Parallel()
	parseFn, err := testParse()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, a, b                    string
		match, composition, nameMatch string
		gender                        string
		points                        float64
	}{
		{"same", "Petra Müller", "Petra Müller", "EQUAL", "FULL", "EQUAL", "EQUAL", 1},
		{"transliteration ü = ue", "Petra Müller", "Petra Mueller", "EQUAL", "FULL", "EQUAL", "EQUAL", 1},
		{"transliteration ß = ss", "Jürgen Groß", "Juergen Gross", "EQUAL", "FULL", "EQUAL", "EQUAL", 1},
		{"accents", "José García", "Jose Garcia", "EQUAL", "FULL", "EQUAL", "EQUAL", 1},
		{"accents", "François Lefèvre", "Francois Lefevre", "EQUAL", "FULL", "EQUAL", "EQUAL", 1},
		{"case", "Petra Müller", "PETRA MÜLLER", "EQUAL", "FULL", "EQUAL", "EQUAL", 1},
		{"comma form", "Müller, Petra", "Petra Müller", "EQUAL", "FULL", "EQUAL", "EQUAL", 1},
		{"fields", "GIVENNAME:Petra|SURNAME:Müller", "Petra Müller", "EQUAL", "FULL", "EQUAL", "EQUAL", 1},
		{"Han script", "王小明", "王小明", "EQUAL", "FULL", "EQUAL", "EQUAL", 1},
		{"surname first against given first", "MÜLLER Petra", "petra mueller", "MATCHING", "FULL", "MATCHING", "EQUAL", 0.7},
		{"swapped fields", "GIVENNAME:Schmidt|SURNAME:Peter", "Peter Schmidt", "MATCHING", "FULL", "MATCHING", "NOT_APPLICABLE", 0.7},
		{"double surname", "Petra Müller", "Petra Mueller-Meyer", "MATCHING", "PARTIAL", "MATCHING", "EQUAL", 0.7},
		{"middle initial", "Petra K. Müller", "Petra Müller", "MATCHING", "PARTIAL", "MATCHING", "EQUAL", 0.7},
		{"second given name", "Anna Maria Schmidt", "Anna Schmidt", "MATCHING", "PARTIAL", "MATCHING", "EQUAL", 0.7},
		{"given initial", "P. Müller", "Petra Müller", "MATCHING", "FULL", "MATCHING", "NOT_APPLICABLE", 0.7},
		{"nickname", "Bill Clinton", "William Clinton", "MATCHING", "FULL", "MATCHING", "EQUAL", 0.7},
		{"nickname", "Bob Smith", "Robert Smith", "MATCHING", "FULL", "MATCHING", "EQUAL", 0.7},
		{"spelling variant", "Jon Smith", "John Smith", "MATCHING", "FULL", "MATCHING", "EQUAL", 0.7},
		{"particle missing", "Ludwig van Beethoven", "Ludwig Beethoven", "MATCHING", "FULL", "MATCHING", "EQUAL", 0.7},
		{"Cyrillic and Latin", "Иван Иванов", "Ivan Ivanov", "MATCHING", "FULL", "MATCHING", "EQUAL", 0.7},
		{"Hebrew and Latin, vav as a vowel", "Noam Levi", "נועם לֵוִי", "MATCHING", "FULL", "MATCHING", "EQUAL", 0.7},
		{"Armenian initial and Latin given name", "Anahit Hovhannisyan", "Ա. Հովհաննիսյան", "MATCHING", "FULL", "MATCHING", "NOT_APPLICABLE", 0.7},
		{"Greek initial of another letter", "Σ. Παπαδόπουλος", "Αλέξανδρος Παπαδόπουλος", "RELATION", "NOT_APPLICABLE", "PARTIAL", "NOT_APPLICABLE", -0.2},
		{"Serbian Cyrillic and Latin", "Vladimir Veličković", "Владимир Величковић", "MATCHING", "FULL", "MATCHING", "EQUAL", 0.7},
		// สมชาย is a man's name of php-faker's th_TH: both sides are male.
		{"Thai and Latin", "Somchai Tinsulanonda", "สมชาย ติณสูลานนท์", "MATCHING", "FULL", "MATCHING", "EQUAL", 0.7},
		{"name at birth", "Petra Müller geb. Weber", "Petra Weber", "MATCHING", "INTERSECTION", "MATCHING", "EQUAL", 0.7},
		{"typo", "Petra Müller", "Petra Müler", "SIMILAR", "FULL", "SIMILAR", "EQUAL", 0.4},
		{"same surname, other given name", "Peter Meyer", "Maria Meyer", "RELATION", "NOT_APPLICABLE", "PARTIAL", "DIFFERENT", -0.2},
		{"same surname, other given name", "Peter Schmidt", "Paul Schmidt", "RELATION", "NOT_APPLICABLE", "PARTIAL", "EQUAL", -0.2},
		{"Jr and Sr", "John Smith Jr.", "John Smith Sr.", "RELATION", "NOT_APPLICABLE", "EQUAL", "EQUAL", -0.2},
		{"different", "Peter Schmidt", "Anna Becker", "DIFFERENT", "NOT_APPLICABLE", "DIFFERENT", "DIFFERENT", -1},
		{"salutations differ in gender", "Herr Andrea Rossi", "Frau Andrea Rossi", "DIFFERENT", "NOT_APPLICABLE", "EQUAL", "DIFFERENT", -0.6},
	} {
		t.Run(c.name+"/"+c.a+"~"+c.b, func(t *testing.T) {
			r, err := Persons(&nameapi.InputWithTwoPeople{InputPerson1: person(c.a), InputPerson2: person(c.b)}, parseFn)
			if err != nil {
				t.Fatal(err)
			}
			if r.MatchType != c.match || r.PersonMatchComposition != c.composition || r.PersonNameMatcherResult.MatchType != c.nameMatch ||
				r.GenderMatcherResult.MatchType != c.gender || r.Points != c.points {
				t.Errorf("got %s %s name %s gender %s points %v, want %s %s name %s gender %s points %v",
					r.MatchType, r.PersonMatchComposition, r.PersonNameMatcherResult.MatchType, r.GenderMatcherResult.MatchType, r.Points,
					c.match, c.composition, c.nameMatch, c.gender, c.points)
			}
			if r.Confidence <= 0 || r.Confidence > 1 {
				t.Errorf("confidence %v outside (0, 1]", r.Confidence)
			}
			// The comparison is symmetric.
			s, err := Persons(&nameapi.InputWithTwoPeople{InputPerson1: person(c.b), InputPerson2: person(c.a)}, parseFn)
			if err != nil {
				t.Fatal(err)
			}
			if s.MatchType != r.MatchType || s.Points != r.Points {
				t.Errorf("b against a: %s %v, a against b: %s %v", s.MatchType, s.Points, r.MatchType, r.Points)
			}
		})
	}
}

// TestPersonsInvalid checks the inputs the matcher rejects: a missing
// person or name, and an age that does not exist.
func TestPersonsInvalid(t *testing.T) {
	t.Parallel()
	parseFn, err := testParse()
	if err != nil {
		t.Fatal(err)
	}
	aged := func(a *nameapi.AgeInfo) *nameapi.InputPerson { p := person("Petra Müller"); p.Age = a; return p }
	for _, c := range []struct {
		name string
		in   *nameapi.InputWithTwoPeople
		want string
	}{
		{"nil", nil, "required"},
		{"one person", &nameapi.InputWithTwoPeople{InputPerson1: person("Petra Müller")}, "required"},
		{"no name", &nameapi.InputWithTwoPeople{InputPerson1: person("Petra Müller"), InputPerson2: &nameapi.InputPerson{Type: nameapi.TypeNaturalInputPerson}}, "inputPerson2 has no name fields"},
		{"month 13", &nameapi.InputWithTwoPeople{InputPerson1: aged(nameapi.NewBirthDate(1980, 13, 1)), InputPerson2: person("Petra Müller")}, "inputPerson1: month 13 does not exist"},
		{"day 32", &nameapi.InputWithTwoPeople{InputPerson1: person("Petra Müller"), InputPerson2: aged(nameapi.NewBirthDate(1980, 1, 32))}, "inputPerson2: day 32 does not exist"},
		{"31 February", &nameapi.InputWithTwoPeople{InputPerson1: aged(nameapi.NewBirthDate(1980, 2, 31)), InputPerson2: person("Petra Müller")}, "1980-02-31 does not exist"},
		{"29 February 1900", &nameapi.InputWithTwoPeople{InputPerson1: aged(nameapi.NewBirthDate(1900, 2, 29)), InputPerson2: person("Petra Müller")}, "1900-02-29 does not exist"},
		{"month 0 of a year", &nameapi.InputWithTwoPeople{InputPerson1: aged(nameapi.NewBirthYearMonth(1980, 0)), InputPerson2: person("Petra Müller")}, "month 0 does not exist"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Persons(c.in, parseFn)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v, want one with %q", err, c.want)
			}
		})
	}
	if _, err := Persons(&nameapi.InputWithTwoPeople{InputPerson1: aged(nameapi.NewBirthDate(2000, 2, 29)), InputPerson2: person("Petra Müller")}, parseFn); err != nil {
		t.Errorf("29 February 2000 (a leap day): %v", err)
	}
}

// TestCompareAge holds the age comparison: EQUAL for the same data,
// PARTIAL for less precise but compatible data, DIFFERENT when both cannot
// be true, NOT_APPLICABLE when one is missing.
func TestCompareAge(t *testing.T) {
	t.Parallel()
	year := func(y int32) *int32 { return &y }
	rng := func(a, b *int32) *nameapi.AgeInfo {
		return &nameapi.AgeInfo{Type: nameapi.TypeBirthYearRange, YearRange: &nameapi.YearRange{StartIncluding: a, EndIncluding: b}}
	}
	for _, c := range []struct {
		name string
		a, b *nameapi.AgeInfo
		want string
	}{
		{"same date", nameapi.NewBirthDate(1980, 5, 17), nameapi.NewBirthDate(1980, 5, 17), "EQUAL"},
		{"other date", nameapi.NewBirthDate(1980, 5, 17), nameapi.NewBirthDate(1980, 5, 18), "DIFFERENT"},
		{"year of the date", nameapi.NewBirthYear(1980), nameapi.NewBirthDate(1980, 5, 17), "PARTIAL"},
		{"other year", nameapi.NewBirthYear(1981), nameapi.NewBirthDate(1980, 5, 17), "DIFFERENT"},
		{"same year", nameapi.NewBirthYear(1980), nameapi.NewBirthYear(1980), "EQUAL"},
		{"month of the date", nameapi.NewBirthYearMonth(1980, 5), nameapi.NewBirthDate(1980, 5, 17), "PARTIAL"},
		{"other month", nameapi.NewBirthYearMonth(1980, 6), nameapi.NewBirthDate(1980, 5, 17), "DIFFERENT"},
		{"year and its month", nameapi.NewBirthYear(1980), nameapi.NewBirthYearMonth(1980, 6), "PARTIAL"},
		{"range holding the date", rng(year(1975), year(1985)), nameapi.NewBirthDate(1980, 5, 17), "PARTIAL"},
		{"range before the date", rng(year(1960), year(1970)), nameapi.NewBirthDate(1980, 5, 17), "DIFFERENT"},
		{"open range", rng(year(1975), nil), nameapi.NewBirthDate(1980, 5, 17), "PARTIAL"},
		{"same range", rng(year(1975), year(1985)), rng(year(1975), year(1985)), "EQUAL"},
		{"one missing", nil, nameapi.NewBirthDate(1980, 5, 17), "NOT_APPLICABLE"},
		{"both missing", nil, nil, "NOT_APPLICABLE"},
	} {
		if got := compareAge(c.a, c.b); got != c.want {
			t.Errorf("%s: compareAge = %s, want %s", c.name, got, c.want)
		}
		if got := compareAge(c.b, c.a); got != c.want {
			t.Errorf("%s, swapped: compareAge = %s, want %s", c.name, got, c.want)
		}
	}
}

// TestCompareGender holds the gender comparison: known genders compared
// with the lower confidence (EQUAL/DIFFERENT from 0.6 on, POSSIBLY_ below),
// NEUTRAL on one side POSSIBLY_EQUAL, anything else NOT_APPLICABLE.
func TestCompareGender(t *testing.T) {
	t.Parallel()
	g := func(gender string, conf float64) *nameapi.GenderizerResult {
		return &nameapi.GenderizerResult{Gender: gender, Confidence: conf}
	}
	for _, c := range []struct {
		name string
		a, b *nameapi.GenderizerResult
		want string
		conf float64
	}{
		{"same, sure", g("MALE", 0.9), g("MALE", 0.8), "EQUAL", 0.8},
		{"same, unsure", g("FEMALE", 0.9), g("FEMALE", 0.5), "POSSIBLY_EQUAL", 0.5},
		{"other, sure", g("MALE", 0.9), g("FEMALE", 0.7), "DIFFERENT", 0.7},
		{"other, unsure", g("MALE", 0.9), g("FEMALE", 0.55), "POSSIBLY_DIFFERENT", 0.55},
		{"neutral", g("NEUTRAL", 0.5), g("MALE", 0.9), "POSSIBLY_EQUAL", 0.4},
		{"unknown", g("UNKNOWN", 0), g("MALE", 0.9), "NOT_APPLICABLE", 0},
		{"missing", nil, g("MALE", 0.9), "NOT_APPLICABLE", 0},
	} {
		got := compareGender(c.a, c.b)
		if got.MatchType != c.want || got.Confidence != c.conf {
			t.Errorf("%s: compareGender = %s %v, want %s %v", c.name, got.MatchType, got.Confidence, c.want, c.conf)
		}
	}
}
