package risk

import (
	"os"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/namepipe/namepipe/engine/text"
)

// TestNameWordShapes holds the reject before the look-up of a name word
// in text.Lists().NameWords to the look-up: every listed word passes it,
// and it turns away most words of the parser's evaluation names (else it
// costs without saving).
func TestNameWordShapes(t *testing.T) {
	t.Parallel()
	l := text.Lists()
	shapes := nameWordShapes()
	for w := range l.NameWords {
		if w != "" && !shapes.mayHoldWord(w) {
			t.Errorf("mayHold(%q) = false for a listed word", w)
		}
	}
	data, err := os.ReadFile("../testdata/names_eval.tsv")
	if err != nil {
		t.Fatal(err)
	}
	words, rejected := 0, 0
	for line := range strings.SplitSeq(string(data), "\n") {
		full, _, _ := strings.Cut(line, "\t")
		for w := range strings.SplitSeq(text.FoldSpace(full), " ") {
			if w == "" {
				continue
			}
			words++
			if !shapes.mayHoldWord(w) {
				rejected++
				if _, ok := l.NameWords[w]; ok {
					t.Errorf("mayHold(%q) = false for a listed word", w)
				}
			}
		}
	}
	t.Logf("%d of %d words turned away without a look-up", rejected, words)
	if words == 0 || rejected*2 < words {
		t.Errorf("only %d of %d words turned away without a look-up", rejected, words)
	}
}

// TestCutBlank holds a loop over cutBlank to the non-empty words of
// strings.Split, which the name checks read.
func TestCutBlank(t *testing.T) {
	t.Parallel()
	for _, s := range []string{"", " ", "  ", "anna", "anna maria", " anna  maria ", "a b c", "müller hans", "x "} {
		var got []string
		for rest := s; rest != ""; {
			var w string
			if w, rest = cutBlank(rest); w != "" {
				got = append(got, w)
			}
		}
		var want []string
		for _, w := range strings.Split(s, " ") {
			if w != "" {
				want = append(want, w)
			}
		}
		if strings.Join(got, "|") != strings.Join(want, "|") || len(got) != len(want) {
			t.Errorf("cutBlank words of %q = %q; want %q", s, got, want)
		}
	}
}

// TestPlainEnd holds padded's fast path to isFill: a byte plainEnd takes
// is a whole rune that is no filler.
func TestPlainEnd(t *testing.T) {
	t.Parallel()
	for c := range 256 {
		if plainEnd(byte(c)) && (c >= utf8.RuneSelf || isFill(rune(c))) {
			t.Errorf("plainEnd(%q) = true for filler", rune(c))
		}
	}
}
