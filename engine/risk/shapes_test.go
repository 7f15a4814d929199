package risk

import (
	"os"
	"strings"
	"testing"

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
