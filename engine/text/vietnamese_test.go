package text

import (
	"strings"
	"testing"
)

func TestIsVietnameseSurname(t *testing.T) {
	t.Parallel()
	tests := map[string]bool{
		"Nguyễn": true, "NGUYỄN": true, "nguyen": true, "Trần": true, "TRƯƠNG": true, "Lê": true,
		"Müller": false, "": false, "Nguyen-Smith": false, "Le ": false,
		strings.Repeat("Nguyễn", 10): false,
	}
	for in, want := range tests {
		if got := IsVietnameseSurname(in); got != want {
			t.Errorf("IsVietnameseSurname(%q) = %v, want %v", in, got, want)
		}
		if got := vietSurnames[strings.ToLower(in)]; got != want {
			t.Errorf("%q: the test's want disagrees with the list", in)
		}
	}
}
