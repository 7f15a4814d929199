package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/namepipe/namepipe/nameapi"
)

// TestGenderSpelledOutUmlauts: German and Scandinavian given names with
// the umlauts or ø written out as ASCII writes them ("Jürgen" as
// "Juergen"), in any case, have the sex of the name (engine/internal/gen
// addSpelledOut), and read as given names. The names are those of the
// engine's lists (gender-detection-from-name's de, faker's de, da, sv),
// not of an evaluation set.
func TestGenderSpelledOutUmlauts(t *testing.T) {
	t.Parallel()
	e := realEngine(t)
	tests := []struct{ name, given, want string }{
		{"Guenter Schulze", "Guenter", nameapi.GenderMale},
		{"Joerg Hoffmann", "Joerg", nameapi.GenderMale},
		{"Baerbel Wagner", "Baerbel", nameapi.GenderFemale},
		{"Kaethe Krause", "Kaethe", nameapi.GenderFemale},
		{"Doerte Lange", "Doerte", nameapi.GenderFemale},
		{"Soeren Jensen", "Soeren", nameapi.GenderMale},
		{"Goeran Lindqvist", "Goeran", nameapi.GenderMale},
		{"juergen schmitz", "juergen", nameapi.GenderMale},
		{"JOERGEN NIELSEN", "JOERGEN", nameapi.GenderMale},
	}
	for _, tt := range tests {
		g, err := e.GenderizePerson(context.Background(), fullname(tt.name))
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if g.Gender != tt.want {
			t.Errorf("%s: %s %.2f, want %s", tt.name, g.Gender, g.Confidence, tt.want)
		}
		r, err := e.ParsePersonName(context.Background(), fullname(tt.name))
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if got := termsString(r.Best().ParsedPerson); !strings.HasPrefix(got, "GIVENNAME="+tt.given+"|") {
			t.Errorf("%s: parsed %s, want given name %s", tt.name, got, tt.given)
		}
	}
}
