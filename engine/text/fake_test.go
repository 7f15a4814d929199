package text

import (
	"math/bits"
	"strings"
	"testing"
)

// TestAppendFoldedWords checks the allocation-free fold against FoldSpace.
func TestAppendFoldedWords(t *testing.T) {
	t.Parallel()
	for _, s := range []string{"Santa Claus", "MAX Mustermann", "Jürgen", "Ærø Straße", "O'Neill", "Jean-Luc", "Ørsted", "İlker"} {
		var buf [128]byte
		got, ok := appendFoldedWords(buf[:0], s)
		if !ok || string(got) != FoldSpace(s) {
			t.Errorf("appendFoldedWords(%q) = %q, %v; want %q", s, got, ok, FoldSpace(s))
		}
	}
	for _, s := range []string{"", " a", "a ", "a  b", "J. Doe", "Doe, John", "a\tb"} {
		var buf [128]byte
		if _, ok := appendFoldedWords(buf[:0], s); ok {
			t.Errorf("appendFoldedWords(%q) ok, want fallback", s)
		}
	}
}

// TestFakeFirstFilter checks that the filter of FakeFirst passes every
// key in any case (it may only drop words that are no key), and that it
// drops most other words.
func TestFakeFirstFilter(t *testing.T) {
	t.Parallel()
	l := Lists()
	for k := range l.FakeFirst {
		for _, w := range []string{k, strings.ToUpper(k), strings.ToUpper(k[:1]) + k[1:], k[:len(k)-1] + strings.ToUpper(k[len(k)-1:])} {
			if !l.mayBeFakeFirst(w) {
				t.Errorf("mayBeFakeFirst(%q) = false for a key of FakeFirst", w)
			}
		}
	}
	set := 0
	for _, x := range l.fakeFirstBits {
		set += bits.OnesCount64(x)
	}
	if set > fakeFirstBits/10 {
		t.Errorf("%d of %d bits set: the filter drops few words", set, fakeFirstBits)
	}
}
