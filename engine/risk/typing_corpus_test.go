package risk

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/namepipe/namepipe/engine/internal/corpus"
	"github.com/namepipe/namepipe/engine/text"
)

// TestTypingRealWords holds the typing checks alone (no name data behind
// them: as for a name the data does not know) to the words of the test
// corpus's real names: each script's share of words called random typing
// stays under its floor (a fixed sample under -short or the race
// detector).
func TestTypingRealWords(t *testing.T) {
	names, err := corpus.Load("../testdata")
	if err != nil {
		t.Fatal(err)
	}
	if testing.Short() || raceEnabled {
		names = corpus.Sample(names, 8000) // every script keeps its share
	}
	l := text.Lists()
	type tally struct {
		n, bad int
		ex     []string
		seen   map[string]bool
	}
	by := map[string]*tally{}
	for i := range names {
		n := &names[i]
		tl := by[n.Script]
		if tl == nil {
			tl = &tally{seen: map[string]bool{}}
			by[n.Script] = tl
		}
		for w := range strings.SplitSeq(text.FoldSpace(n.Full()), " ") {
			if w == "" || tl.seen[w] {
				continue
			}
			tl.seen[w] = true
			tl.n++
			if why := randomTyping(w, l); why != "" {
				tl.bad++
				if len(tl.ex) < 8 {
					tl.ex = append(tl.ex, fmt.Sprintf("%q (%s)", w, why))
				}
			}
		}
	}
	scripts := make([]string, 0, len(by))
	for s := range by {
		scripts = append(scripts, s)
	}
	slices.Sort(scripts)
	for _, s := range scripts {
		tl := by[s]
		share := float64(tl.bad) / float64(tl.n)
		t.Logf("%-10s %5d of %6d distinct words (%.2f %%) look like random typing: %s", s, tl.bad, tl.n, 100*share, strings.Join(tl.ex, ", "))
		if share > 0.01 {
			t.Errorf("%s: %.2f %% of real name words look like random typing, want at most 1 %%", s, 100*share)
		}
	}
}
