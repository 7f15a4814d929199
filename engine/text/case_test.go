package text

import (
	"strings"
	"testing"
)

func TestIsLower(t *testing.T) {
	t.Parallel()
	for _, s := range []string{"", "ben", "Ben", "BEN", "müller", "Müller", "MÜLLER", "o'neill", "de la", "ǅ", "ǆ",
		"ß", "ẞ", "σς", "Σ", "王小明", "\xff", "a\xffb", "\uFFFD", "ben fischer", "İ", "i̇", "x-Y"} {
		if got, want := IsLower(s), strings.ToLower(s) == s; got != want {
			t.Errorf("IsLower(%q) = %v, want %v", s, got, want)
		}
	}
}
