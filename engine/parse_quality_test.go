package engine

import (
	"context"
	"slices"
	"testing"

	"github.com/namepipe/namepipe/engine/genderize"
	"github.com/namepipe/namepipe/nameapi"
)

// realEngine is an Engine over the embedded data, without the parse memo
// (so that each case is parsed afresh).
func realEngine(t testing.TB) *Engine {
	t.Helper()
	e, err := New(WithParseMemo(0))
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// TestParseConfidenceCalibration checks that plain "Given Surname" names
// whose words the data knows in that role get a high confidence (accented
// spellings, regional given names, particles, Gaelic surnames), while two
// words that are both common given names stay ambiguous, with the other
// order as an alternative match.
func TestParseConfidenceCalibration(t *testing.T) {
	e := realEngine(t)
	tests := []struct {
		in      string
		want    string
		minConf float64 // best match's confidence at least
		maxConf float64 // and at most (1 = no limit)
		alt     bool    // an alternative reading is offered
	}{
		{"Lucía Sánchez", "GIVENNAME=Lucía|SURNAME=Sánchez", 0.85, 1, false},
		{"María García", "GIVENNAME=María|SURNAME=García", 0.85, 1, false},
		{"Daniel McDonald", "GIVENNAME=Daniel|SURNAME=McDonald", 0.85, 1, false},
		{"Jürgen Hoffmann", "GIVENNAME=Jürgen|SURNAME=Hoffmann", 0.85, 1, false},
		{"Maaike de Vries", "GIVENNAME=Maaike|SURNAME=de Vries", 0.85, 1, false},
		{"Matteo De Luca", "GIVENNAME=Matteo|SURNAME=De Luca", 0.85, 1, false},
		{"Peter O'Neill", "GIVENNAME=Peter|SURNAME=O'Neill", 0.85, 1, false},
		{"Petra Müller", "GIVENNAME=Petra|SURNAME=Müller", 0.85, 1, false},
		{"Müller Petra", "SURNAME=Müller|GIVENNAME=Petra", 0.85, 1, false},
		// Capitalised particles that are also given names.
		{"Giovanni Della Rovere", "GIVENNAME=Giovanni|SURNAME=Della Rovere", 0.85, 1, false},
		{"Mohammed Al Farsi", "GIVENNAME=Mohammed|SURNAME=Al Farsi", 0.85, 1, false},
		{"Al Pacino", "GIVENNAME=Al|SURNAME=Pacino", 0.5, 1, false},
		// Genuinely ambiguous: both words are common given names; the
		// usual order wins, with the other as an alternative.
		{"Thomas Paul", "GIVENNAME=Thomas|SURNAME=Paul", 0.5, 0.85, true},
		{"Sarah Connor", "GIVENNAME=Sarah|SURNAME=Connor", 0.3, 0.85, true},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			r, err := e.ParsePersonName(context.Background(), fullname(tt.in))
			if err != nil {
				t.Fatal(err)
			}
			checkMatchInvariants(t, r)
			best := r.Best()
			if got := termsString(best.ParsedPerson); got != tt.want {
				t.Errorf("terms = %s, want %s", got, tt.want)
			}
			if best.Confidence < tt.minConf || best.Confidence > tt.maxConf {
				t.Errorf("confidence = %.3f, want in [%.2f, %.2f]", best.Confidence, tt.minConf, tt.maxConf)
			}
			if got := len(r.Matches) > 1; got != tt.alt {
				t.Errorf("alternative match offered = %v, want %v (%d matches)", got, tt.alt, len(r.Matches))
			}
		})
	}
}

// TestParseRepairsDisguisedTyping checks that spaced and stuttered typing
// is read as the name meant, with a dispute and a lower confidence, and
// that initials and ordinary names are left alone.
func TestParseRepairsDisguisedTyping(t *testing.T) {
	e := realEngine(t)
	tests := []struct {
		in      string
		want    string
		dispute string // "" = no dispute expected
		maxConf float64
	}{
		{"P e t e r  M ü l l e r", "GIVENNAME=Peter|SURNAME=Müller", nameapi.DisputeSyntax, 0.8},
		{"P e t e r M ü l l e r", "GIVENNAME=Peter|SURNAME=Müller", nameapi.DisputeSyntax, 0.8},
		{"J o h n Smith", "GIVENNAME=John|SURNAME=Smith", nameapi.DisputeSyntax, 0.8},
		{"Joooohn Smiiith", "GIVENNAME=John|SURNAME=Smith", nameapi.DisputeSpelling, 0.85},
		{"Annnna Schmidt", "GIVENNAME=Anna|SURNAME=Schmidt", nameapi.DisputeSpelling, 0.85},
		{"Aaaaron Baker", "GIVENNAME=Aaron|SURNAME=Baker", nameapi.DisputeSpelling, 0.85},
		{"J R R Tolkien", "GIVENNAMEINITIAL=J|GIVENNAMEINITIAL=R|GIVENNAMEINITIAL=R|SURNAME=Tolkien", "", 1},
		{"Peter Müller", "GIVENNAME=Peter|SURNAME=Müller", "", 1},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			r, err := e.ParsePersonName(context.Background(), fullname(tt.in))
			if err != nil {
				t.Fatal(err)
			}
			checkMatchInvariants(t, r)
			best := r.Best()
			if got := termsString(best.ParsedPerson); got != tt.want {
				t.Errorf("terms = %s, want %s", got, tt.want)
			}
			var types []string
			for _, d := range best.ParserDisputes {
				types = append(types, d.DisputeType)
			}
			if has := slices.Contains(types, tt.dispute); tt.dispute != "" && !has {
				t.Errorf("disputes = %v, want %s", types, tt.dispute)
			}
			if tt.dispute == "" && len(types) > 0 {
				t.Errorf("disputes = %v, want none", types)
			}
			if best.Confidence > tt.maxConf {
				t.Errorf("confidence = %.3f, want at most %.2f", best.Confidence, tt.maxConf)
			}
		})
	}
}

// TestFakePersonGenderConfidence checks that placeholder, fictional and
// joke names get no confident gender, in the parser and the genderizer,
// while real people with the same given names keep theirs.
func TestFakePersonGenderConfidence(t *testing.T) {
	e := realEngine(t)
	tests := []struct {
		in   string
		fake bool
	}{
		{"Santa Claus", true},
		{"Mickey Mouse", true},
		{"John Doe", true},
		{"Max Mustermann", true},
		{"Homer Simpson", true},
		{"Santa Montefiore", false}, // a real Italian given name
		{"John Smith", false},
		{"Max Weber", false},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			r, err := e.ParsePersonName(context.Background(), fullname(tt.in))
			if err != nil {
				t.Fatal(err)
			}
			for i, m := range r.Matches {
				g := m.ParsedPerson.Gender
				if g == nil {
					t.Fatalf("match %d: no gender", i)
				}
				if tt.fake && g.Confidence > genderize.FakeConfidence {
					t.Errorf("match %d: parser gender %s confidence %.2f, want at most %.2f", i, g.Gender, g.Confidence, genderize.FakeConfidence)
				}
				if !tt.fake && i == 0 && g.Confidence < 0.6 {
					t.Errorf("parser gender %s confidence %.2f, want a confident gender", g.Gender, g.Confidence)
				}
			}
			g, err := e.GenderizePerson(context.Background(), fullname(tt.in))
			if err != nil {
				t.Fatal(err)
			}
			if tt.fake && g.Confidence > genderize.FakeConfidence {
				t.Errorf("genderizer %s confidence %.2f, want at most %.2f", g.Gender, g.Confidence, genderize.FakeConfidence)
			}
			if !tt.fake && g.Confidence < 0.6 {
				t.Errorf("genderizer %s confidence %.2f, want a confident gender", g.Gender, g.Confidence)
			}
		})
	}
}

// TestParseCoupleConfidence checks the confidence of several people in
// one field: well-known given names sharing a known surname are fairly
// sure; an unknown word as one of the people is less so.
func TestParseCoupleConfidence(t *testing.T) {
	e := realEngine(t)
	tests := []struct {
		in       string
		min, max float64
	}{
		{"Peter and Daniela Meyer", 0.75, 0.9},
		{"Peter Meyer and Daniela Schulz", 0.75, 0.9},
		{"Xqzt and Daniela Meyer", 0.5, 0.7},
		{"Mr. & Mrs. J. Smith", 0.5, 0.7},
	}
	for _, tt := range tests {
		r, err := e.ParsePersonName(context.Background(), fullname(tt.in))
		if err != nil {
			t.Fatal(err)
		}
		best := r.Best()
		if best.ParsedPerson.PersonType != nameapi.PersonTypeMultiple || len(best.ParsedPerson.People) != 2 {
			t.Errorf("%s: %s with %d people, want MULTIPLE with 2", tt.in, best.ParsedPerson.PersonType, len(best.ParsedPerson.People))
		}
		if best.Confidence < tt.min || best.Confidence > tt.max {
			t.Errorf("%s: confidence %.3f, want in [%.2f, %.2f]", tt.in, best.Confidence, tt.min, tt.max)
		}
		if g := best.ParsedPerson.Gender; g == nil || g.Gender != nameapi.GenderIndeterminable {
			t.Errorf("%s: group gender %+v, want INDETERMINABLE", tt.in, g)
		}
	}
}

// TestGenderSalutationVersusPlace checks that a salutation contradicting
// the place's answer for a name borne by both sexes across countries is
// believed, while a contradiction of a one-sex name stays a conflict.
func TestGenderSalutationVersusPlace(t *testing.T) {
	e := realEngine(t)
	tests := []struct{ in, place, want string }{
		{"Herr Andrea Conti", "DE", nameapi.GenderMale},
		{"Frau Andrea Conti", "DE", nameapi.GenderFemale},
		{"Signora Andrea Conti", "IT", nameapi.GenderFemale},
		{"Herr Petra Müller", "DE", nameapi.GenderConflict},
		{"Mrs. John Smith", "US", nameapi.GenderConflict},
	}
	for _, tt := range tests {
		in := fullname(tt.in)
		in.Context = &nameapi.Context{Place: tt.place}
		g, err := e.GenderizePerson(context.Background(), in)
		if err != nil {
			t.Fatal(err)
		}
		if g.Gender != tt.want {
			t.Errorf("%s (%s): %s %.2f, want %s", tt.in, tt.place, g.Gender, g.Confidence, tt.want)
		}
	}
}

// TestGenderAccentedSpellings checks that names written with diacritics
// get the confidence of their better-backed unaccented spelling when
// both agree on the sex.
func TestGenderAccentedSpellings(t *testing.T) {
	e := realEngine(t)
	tests := []struct {
		in, want string
		minConf  float64
	}{
		{"Lucía Sánchez", nameapi.GenderFemale, 0.85},
		{"María García", nameapi.GenderFemale, 0.85},
		{"Jürgen Hoffmann", nameapi.GenderMale, 0.85},
		{"René Dupont", nameapi.GenderMale, 0.85},
		{"Renée Dupont", nameapi.GenderFemale, 0.8},
	}
	for _, tt := range tests {
		g, err := e.GenderizePerson(context.Background(), fullname(tt.in))
		if err != nil {
			t.Fatal(err)
		}
		if g.Gender != tt.want || g.Confidence < tt.minConf {
			t.Errorf("%s: %s %.2f, want %s with confidence ≥ %.2f", tt.in, g.Gender, g.Confidence, tt.want, tt.minConf)
		}
	}
}

// TestParseRepairsStructuredFields checks the repair of spaced and
// stuttered typing in separate given name and surname fields.
func TestParseRepairsStructuredFields(t *testing.T) {
	e := realEngine(t)
	tests := []struct {
		given, surname, want, dispute string
	}{
		{"P e t e r", "M ü l l e r", "GIVENNAME=Peter|SURNAME=Müller", nameapi.DisputeSyntax},
		{"Joooohn", "Smith", "GIVENNAME=John|SURNAME=Smith", nameapi.DisputeSpelling},
		{"Peter", "Müller", "GIVENNAME=Peter|SURNAME=Müller", ""},
	}
	for _, tt := range tests {
		in := &nameapi.InputWithPerson{InputPerson: nameapi.NewNaturalPerson(
			nameapi.Field(nameapi.FieldGivenname, tt.given), nameapi.Field(nameapi.FieldSurname, tt.surname))}
		r, err := e.ParsePersonName(context.Background(), in)
		if err != nil {
			t.Fatal(err)
		}
		best := r.Best()
		if got := termsString(best.ParsedPerson); got != tt.want {
			t.Errorf("%s | %s: terms = %s, want %s", tt.given, tt.surname, got, tt.want)
		}
		has := false
		for _, d := range best.ParserDisputes {
			has = has || d.DisputeType == tt.dispute
		}
		if tt.dispute != "" && (!has || best.Confidence > 0.85) {
			t.Errorf("%s | %s: disputes %+v confidence %.2f, want %s and lower confidence", tt.given, tt.surname, best.ParserDisputes, best.Confidence, tt.dispute)
		}
		if tt.dispute == "" && len(best.ParserDisputes) > 0 {
			t.Errorf("%s | %s: disputes %+v, want none", tt.given, tt.surname, best.ParserDisputes)
		}
	}
}
