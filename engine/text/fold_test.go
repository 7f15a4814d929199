package text

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestAppendFoldSpace checks that AppendFoldSpace writes what FoldSpace
// makes of the parts joined with " | ", on random parts with upper case,
// diacritics, white space of every kind, dots, commas, bars and invalid
// UTF-8.
func TestAppendFoldSpace(t *testing.T) {
	t.Parallel()
	rnd := rand.New(rand.NewPCG(1, 2))
	alphabet := []string{"a", "B", "z", "1", " ", "  ", ".", ",", "|", "-", "\t", "\n", "\u00a0", "\u0085", "\u2003",
		"ä", "Ö", "ß", "é", "Ł", "İ", "Σ", "ﬁ", "\xff", "\xe2\x82", "Straße", "Main St.", "123"}
	word := func() string {
		var b strings.Builder
		for range rnd.IntN(8) {
			b.WriteString(alphabet[rnd.IntN(len(alphabet))])
		}
		return b.String()
	}
	for range 20000 {
		var parts []string
		var b []byte
		pending := false
		for j := range rnd.IntN(5) {
			if j > 0 {
				b, pending = AppendFoldSpace(b, pending, " | ")
			}
			s := word()
			b, pending = AppendFoldSpace(b, pending, s)
			if rnd.IntN(2) == 0 {
				t := word()
				b, pending = AppendFoldSpace(b, pending, " ")
				b, pending = AppendFoldSpace(b, pending, t)
				s += " " + t
			}
			parts = append(parts, s)
		}
		if want := FoldSpace(strings.Join(parts, " | ")); string(b) != want {
			t.Fatalf("parts %q: got %q, want %q", parts, b, want)
		}
	}
}
