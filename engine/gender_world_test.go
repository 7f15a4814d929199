package engine

import (
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
		wantGender(t, e, tt.name, tt.want)
		if e.lex.IsGivenName(tt.given) {
			t.Errorf("%s: a known given name to the parser, want a look-up-only name", tt.given)
		}
	}
}
