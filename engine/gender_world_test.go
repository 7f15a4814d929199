package engine

import (
	"context"
	"testing"

	"github.com/namepipe/namepipe/nameapi"
)

// TestGenderWorldNames: given names that only the World Gender-Name
// Dictionary holds (Somali, Nepali, Punjabi, Turkish, Urdu spellings) have
// the sex its countries agree on (engine/internal/gen wgnd.go, language
// dict.WorldLang), and they do not change how the parser orders a name.
func TestGenderWorldNames(t *testing.T) {
	t.Parallel()
	e := realEngine(t)
	tests := []struct{ name, given, want string }{
		{"Abdiwahid Hassan", "Abdiwahid", nameapi.GenderMale},
		{"Jogeshwor Singh", "Jogeshwor", nameapi.GenderMale},
		{"Akashnoor Gill", "Akashnoor", nameapi.GenderMale},
		{"Tansel Yilmaz", "Tansel", nameapi.GenderMale},
		{"Aabish Khan", "Aabish", nameapi.GenderFemale},
		{"Adellah Omondi", "Adellah", nameapi.GenderFemale},
	}
	for _, tt := range tests {
		g, err := e.GenderizePerson(context.Background(), fullname(tt.name))
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if g.Gender != tt.want {
			t.Errorf("%s: %s %.2f, want %s", tt.name, g.Gender, g.Confidence, tt.want)
		}
		if e.lex.IsGivenName(tt.given) {
			t.Errorf("%s: a known given name to the parser, want a look-up-only name", tt.given)
		}
	}
}
