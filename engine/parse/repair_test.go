package parse

import (
	"testing"
	"unicode"
)

func TestDespace(t *testing.T) {
	tests := []struct{ in, want string }{
		{"P e t e r  M ü l l e r", "Peter Müller"},
		{"P e t e r M ü l l e r", "Peter Müller"},
		{"J o h n Smith", "John Smith"},
		{"A B C D", "ABCD"},
		{"J R R Tolkien", "J R R Tolkien"},
		{"J. R. R. Tolkien", "J. R. R. Tolkien"},
		{"Li Na", "Li Na"},
		{"x", "x"},
	}
	for _, tt := range tests {
		if got, _ := despace(tt.in); got != tt.want {
			t.Errorf("despace(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// hasTripleLetterSlow is hasTripleLetter as first written, every rune
// through unicode's tables.
func hasTripleLetterSlow(s string) bool {
	var prev rune = -1
	run := 0
	for _, r := range s {
		r = unicode.ToLower(r)
		if r == prev && unicode.IsLetter(r) {
			run++
			if run >= 3 {
				return true
			}
			continue
		}
		prev, run = r, 1
	}
	return false
}

func TestHasTripleLetterFast(t *testing.T) {
	t.Parallel()
	for _, s := range []string{"", "aaa", "AaA", "aa", "Joooohn", "111", "...", "kk\u212a", "\u212akk", "ÄÄä", "ääa", "a\xffaa", "\xff\xff\xff", "ßßß", "Aaron", "x-x-x", "LLl", "İii"} {
		if got, want := hasTripleLetter(s), hasTripleLetterSlow(s); got != want {
			t.Errorf("hasTripleLetter(%q) = %v, want %v", s, got, want)
		}
	}
}

func FuzzHasTripleLetter(f *testing.F) {
	for _, s := range []string{"Joooohn", "kk\u212a", "ÄÄä", "a\xffaa"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := hasTripleLetter(s), hasTripleLetterSlow(s); got != want {
			t.Errorf("hasTripleLetter(%q) = %v, want %v", s, got, want)
		}
	})
}

func TestHasTripleLetterEvenPairs(t *testing.T) {
	t.Parallel()
	for _, s := range []string{"xaaa", "aaax", "xAaA", "Aaron", "bbb", "abbb", "abbbc", "kk\u212a", "xkk\u212a", "ab\u212a", "abcdefgh", "aa", "a", "xyzzz", "xyzzzy", "ab\xff"} {
		if got, want := hasTripleLetter(s), hasTripleLetterSlow(s); got != want {
			t.Errorf("hasTripleLetter(%q) = %v, want %v", s, got, want)
		}
	}
}
