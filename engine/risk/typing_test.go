package risk

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/namepipe/namepipe/engine/text"
)

func TestRandomTyping(t *testing.T) {
	t.Parallel()
	l := text.Lists()
	for _, tc := range []struct{ w, want string }{
		{"asdf", "keys next to each other on the keyboard"},
		{"qwertz", "keys next to each other on the keyboard"},
		{"poiuz", "keys next to each other on the keyboard"},
		{"lkjhgf", "keys next to each other on the keyboard"},
		{"hjklö", "keys next to each other on the keyboard"}, // German row with ö
		{"jkjkjk", "a repeated pattern"},
		{"aaa", "a repeated pattern"},
		{"ääää", "a repeated pattern"},
		{"abcabcabc", "a repeated pattern"},
		{"bcdfg", "no vowels"},
		{"xkcd", "no vowels"},
		{"peter", ""},
		{"müller", ""},
		{"sdfa", ""},          // a run of three only
		{"SDFA", "no vowels"}, // rows are lower case; callers fold first
		{"ab", ""},
		{"as1df", ""},
		{"anna", ""},
		{"łódź", ""},
		{"łdźk", "no vowels"},
	} {
		if got := randomTyping(tc.w, l); got != tc.want {
			t.Errorf("randomTyping(%q) = %q, want %q", tc.w, got, tc.want)
		}
	}
}

// TestRandomTypingASCII checks the ASCII fast path against the general one
// on random words with keyboard runs, repeats and words without vowels.
func TestRandomTypingASCII(t *testing.T) {
	t.Parallel()
	l := text.Lists()
	rnd := rand.New(rand.NewPCG(7, 8))
	pieces := []string{"a", "s", "d", "f", "g", "q", "w", "e", "r", "t", "z", "y", "x", "c", "v", "b", "n", "m", "asdf", "qwert", "poiu", "jk", "A", "S", "D", "Q",
		"h", "j", "k", "l", "o", "p", "u", "i", "hjkl", "zxcvb", "mnbv", "ytrewq", "qay", "wsx", "edc", "rfv", "azer", "qsdf", "wxcv"}
	kinds := map[string]bool{}
	for range 100000 {
		var b strings.Builder
		for range 1 + rnd.IntN(5) {
			b.WriteString(pieces[rnd.IntN(len(pieces))])
		}
		w := b.String()
		want := randomTypingRunes(w, l)
		if got := randomTyping(w, l); got != want {
			t.Fatalf("randomTyping(%q) = %q, want %q", w, got, want)
		}
		kinds[want] = true
	}
	if len(kinds) != 4 {
		t.Fatalf("only these answers came up: %v", kinds)
	}
}
