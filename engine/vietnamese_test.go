package engine

import (
	"context"
	"testing"

	"github.com/namepipe/namepipe/nameapi"
)

// Vietnamese names: surname, middle names, given name; the middle names
// Văn and Thị mark a man and a woman. The Dutch particle "van" is not one.
func TestVietnameseNames(t *testing.T) {
	t.Parallel()
	e := realEngine(t)
	tests := []struct{ in, terms, gender, formatted string }{
		{"Nguyen Van An", "SURNAME=Nguyen|MIDDLENAME=Van|GIVENNAME=An", "MALE", "Nguyen Van An"},
		{"Nguyễn Thị Minh Khai", "SURNAME=Nguyễn|MIDDLENAME=Thị|MIDDLENAME=Minh|GIVENNAME=Khai", "FEMALE", "Nguyễn Thị Minh Khai"},
		{"TRAN THI MAI", "SURNAME=TRAN|MIDDLENAME=THI|GIVENNAME=MAI", "FEMALE", "Tran Thi Mai"},
		{"lê văn hùng", "SURNAME=lê|MIDDLENAME=văn|GIVENNAME=hùng", "MALE", "Lê Văn Hùng"},
		{"Ludwig van Beethoven", "GIVENNAME=Ludwig|SURNAME=van Beethoven", "MALE", "Ludwig van Beethoven"},
		{"Jan Van Dijk", "GIVENNAME=Jan|SURNAME=Van Dijk", "MALE", ""},
	}
	for _, tt := range tests {
		r, err := e.ParsePersonName(context.Background(), worldFull(tt.in))
		if err != nil {
			t.Fatalf("%q: %v", tt.in, err)
		}
		if got := termsString(r.Best().ParsedPerson); got != tt.terms {
			t.Errorf("%q: terms %s, want %s", tt.in, got, tt.terms)
		}
		g, err := e.GenderizePerson(context.Background(), worldFull(tt.in))
		if err != nil {
			t.Fatalf("%q: %v", tt.in, err)
		}
		if g.Gender != tt.gender {
			t.Errorf("%q: gender %s, want %s", tt.in, g.Gender, tt.gender)
		}
		if tt.formatted == "" {
			continue
		}
		f, err := e.FormatPersonName(context.Background(), &nameapi.PersonNameFormatterInput{InputPerson: worldFull(tt.in).InputPerson})
		if err != nil {
			t.Fatalf("%q: %v", tt.in, err)
		}
		if f.Formatted != tt.formatted {
			t.Errorf("%q: formatted %q, want %q", tt.in, f.Formatted, tt.formatted)
		}
	}
}
