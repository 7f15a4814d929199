package engine

// The cross-operation invariants: every name of the test corpus
// (engine/internal/corpus: the labelled sets plus names generated from the
// licensed lists, about 76,000 across every script the engine's data
// covers) through every operation, with properties that must hold whatever
// the name. Each property reports its violations per script in `go test
// -v` output and fails when a script's share passes its floor. Under -short
// or the race detector a fixed sample of the corpus is used (every script
// keeps its share), else the whole corpus.
//
// A property lives in its operation's file (invariants_risk_test.go, ...)
// as a Test function that calls holdInvariant.

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/namepipe/namepipe/engine/internal/corpus"
)

// invariantSample is the corpus size under -short or -race.
const invariantSample = 8000

// corpusNames loads the corpus once per test binary.
var corpusNames = sync.OnceValues(func() ([]corpus.Name, error) { return corpus.Load("testdata") })

// invariantEngine is one engine shared by the invariant tests.
var invariantEngine = sync.OnceValues(func() (*Engine, error) { return New() })

// invariantCorpus returns the names the invariants run over.
func invariantCorpus(t *testing.T) []corpus.Name {
	t.Helper()
	names, err := corpusNames()
	if err != nil {
		t.Fatal(err)
	}
	if testing.Short() || raceEnabled {
		return corpus.Sample(names, invariantSample)
	}
	return names
}

// invariant is one property over the corpus.
type invariant struct {
	op, name string
	// check returns whether the property applies to n, and a description
	// of the violation ("" when it holds).
	check func(e *Engine, n *corpus.Name) (applies bool, violation string)
	// floor is the largest share of a script's names that may violate the
	// property (floors overrides it per script).
	floor  float64
	floors map[string]float64
}

// holdInvariant runs inv over the corpus, logs the violations per script
// (the first few of each with their names) and fails when a script's
// share is over its floor.
func holdInvariant(t *testing.T, inv invariant) {
	t.Helper()
	e, err := invariantEngine()
	if err != nil {
		t.Fatal(err)
	}
	names := invariantCorpus(t)
	type tally struct {
		n, bad   int
		examples []string
	}
	by := map[string]*tally{}
	for i := range names {
		n := &names[i]
		applies, why := inv.check(e, n)
		if !applies {
			continue
		}
		tl := by[n.Script]
		if tl == nil {
			tl = &tally{}
			by[n.Script] = tl
		}
		tl.n++
		if why != "" {
			tl.bad++
			if len(tl.examples) < 5 || os.Getenv("INVARIANT_ALL") != "" {
				tl.examples = append(tl.examples, fmt.Sprintf("%q (%s): %s", n.Full(), n.Source, why))
			}
		}
	}
	scripts := make([]string, 0, len(by))
	for s := range by {
		scripts = append(scripts, s)
	}
	slices.Sort(scripts)
	var b strings.Builder
	total, bad := 0, 0
	for _, s := range scripts {
		tl := by[s]
		total += tl.n
		bad += tl.bad
		floor := inv.floor
		if f, ok := inv.floors[s]; ok {
			floor = f
		}
		share := float64(tl.bad) / float64(tl.n)
		mark := ""
		if share > floor {
			mark = " OVER FLOOR"
			t.Errorf("invariant %s / %s: %s: %d of %d names violate it (%.2f %%, floor %.2f %%); e.g. %s",
				inv.op, inv.name, s, tl.bad, tl.n, 100*share, 100*floor, strings.Join(tl.examples, "; "))
		}
		fmt.Fprintf(&b, "\n  %-10s %6d / %6d  %6.2f %%  (floor %.2f %%)%s", s, tl.bad, tl.n, 100*share, 100*floor, mark)
		if tl.bad > 0 && testing.Verbose() {
			for _, x := range tl.examples {
				fmt.Fprintf(&b, "\n      %s", x)
			}
		}
	}
	if total == 0 {
		t.Fatalf("invariant %s / %s applies to no name of the corpus", inv.op, inv.name)
	}
	t.Logf("invariant %s / %s: violations per script (%d of %d names):%s", inv.op, inv.name, bad, total, b.String())
}
