package risk

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/namepipe/namepipe/engine/text"
)

// TestPlainWord checks plainWord against the checks it lets disguiseRisks
// skip, on random words.
func TestPlainWord(t *testing.T) {
	t.Parallel()
	rnd := rand.New(rand.NewPCG(3, 4))
	letters := []string{"a", "b", "A", "B", "x", "Z", "1", "-", "'", "@", "$", "ä", "É"}
	for _, w := range []string{"Peter", "PETER", "peter", "McDonald", "jOhN", "Joooohn", "aaa", "P3ter", "Anne-Marie", "O'Neill"} {
		t.Run(w, func(t *testing.T) { checkPlainWord(t, w) })
	}
	for _, w := range []string{"Peter", "PETER", "peter", "Anna", "Li"} {
		if !plainWord(w) {
			t.Errorf("plainWord(%q) = false, want true", w)
		}
	}
	for range 50000 {
		var b strings.Builder
		for range 1 + rnd.IntN(7) {
			b.WriteString(letters[rnd.IntN(len(letters))])
		}
		checkPlainWord(t, b.String())
	}
}

func checkPlainWord(t *testing.T, w string) {
	t.Helper()
	if plainWord(w) && (stutter(w) || text.OddCase(w) || hasDigit(w) || strings.ContainsAny(w, "@$")) {
		t.Fatalf("plainWord(%q) but stutter %v, oddCase %v, hasDigit %v", w, stutter(w), text.OddCase(w), hasDigit(w))
	}
}

// TestTrimPunct checks trimPunct against strings.Trim with its cut set.
func TestTrimPunct(t *testing.T) {
	t.Parallel()
	for _, f := range []string{"", ".", "Peter", "(Peter)", "\"Hans\",", "..Ä..", "'", "O'Neill", "Dr.", "«Max»", "(.)", ";:x:;"} {
		if got, want := trimPunct(f), strings.Trim(f, ".,;:\"'()"); got != want {
			t.Errorf("trimPunct(%q) = %q, want %q", f, got, want)
		}
	}
}
