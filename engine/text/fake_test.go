package text

import "testing"

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
