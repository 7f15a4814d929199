package engine

import (
	"context"
	"testing"

	"github.com/namepipe/namepipe/nameapi"
)

// TestKoreanVowelSyllable: a Korean given name written as two words whose
// one syllable is a single vowel letter (아 "A", 우 "U", 오 "O") beside a
// Korean surname reads as that surname and given name, in any case and
// either order, and has the name's sex; written with a dot, or without a
// Korean surname and given name around it, a single letter stays an
// initial. The given names are listed Korean names of the engine's data
// (faker's ko, romanized: 아연, 건우, 주아, 우진, 아준, 민아).
func TestKoreanVowelSyllable(t *testing.T) {
	t.Parallel()
	e := realEngine(t)
	tests := []struct{ name, terms, gender string }{
		{"Kim A Yeon", "SURNAME=Kim|GIVENNAME=A|MIDDLENAME=Yeon", nameapi.GenderFemale},
		{"KIM A YEON", "SURNAME=KIM|GIVENNAME=A|MIDDLENAME=YEON", nameapi.GenderFemale},
		{"A Yeon Kim", "GIVENNAME=A|MIDDLENAME=Yeon|SURNAME=Kim", nameapi.GenderFemale},
		{"Park Geon U", "SURNAME=Park|GIVENNAME=Geon|MIDDLENAME=U", nameapi.GenderMale},
		{"Geon U Park", "GIVENNAME=Geon|GIVENNAME=U|SURNAME=Park", nameapi.GenderMale},
		{"Choi Ju A", "SURNAME=Choi|GIVENNAME=Ju|GIVENNAME=A", nameapi.GenderFemale},
		{"U Jin Lee", "GIVENNAME=U|GIVENNAME=Jin|SURNAME=Lee", nameapi.GenderMale},
		{"kang a jun", "SURNAME=kang|GIVENNAME=a|GIVENNAME=jun", nameapi.GenderMale},
		{"Yoon Min A", "SURNAME=Yoon|GIVENNAME=Min|GIVENNAME=A", nameapi.GenderFemale},
		// Initials stay initials.
		{"Kim A. Yeon", "GIVENNAME=Kim|GIVENNAMEINITIAL=A.|SURNAME=Yeon", ""},
		{"John A Smith", "GIVENNAME=John|GIVENNAMEINITIAL=A|SURNAME=Smith", nameapi.GenderMale},
		{"JOHN A SMITH", "GIVENNAME=JOHN|GIVENNAMEINITIAL=A|SURNAME=SMITH", nameapi.GenderMale},
	}
	for _, tt := range tests {
		r, err := e.ParsePersonName(context.Background(), fullname(tt.name))
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if got := termsString(r.Best().ParsedPerson); got != tt.terms {
			t.Errorf("%s: parsed %s, want %s", tt.name, got, tt.terms)
		}
		if tt.gender == "" {
			continue
		}
		g, err := e.GenderizePerson(context.Background(), fullname(tt.name))
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if g.Gender != tt.gender {
			t.Errorf("%s: %s %.2f, want %s", tt.name, g.Gender, g.Confidence, tt.gender)
		}
	}
}
