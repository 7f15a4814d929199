package dedupe

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// person is a row with one given name and one surname.
func groupPerson(g, s string) Features {
	f := Features{Tokens: []string{g, s}}
	f.Given, f.Surname = f.Tokens[:1:1], f.Tokens[1:]
	return f
}

// TestNameGroups: names drawn from two origin groups (80 % and 20 % of
// the rows, each with its own given names and surnames) make a name of
// the small group about five times commoner than the product of its
// words' shares, and one of the large group 1.25 times; a name whose
// words are drawn independently of each other gets no correction, and
// neither does a name seen once, whose words have no other partners.
func TestNameGroups(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(1, 2))
	word := func(group, side string, i int) string { return fmt.Sprintf("%s%s%03d", group, side, i) }
	var grouped, indep []Features
	for range 20000 {
		g := "a"
		if r.Float64() < 0.2 {
			g = "b"
		}
		grouped = append(grouped, groupPerson(word(g, "g", r.IntN(200)), word(g, "s", r.IntN(300))))
		indep = append(indep, groupPerson(word("c", "g", r.IntN(200)), word("c", "s", r.IntN(300))))
	}
	grouped = append(grouped, groupPerson("lonelygiven", "lonelysurname"))
	bits := func(feats []Features, g, s string) float64 {
		shares := newNameShares(countWords(nil, feats), float64(len(feats)))
		a, b := groupPerson(g, s), groupPerson(g, s)
		withGroups := shares.logU(&a, &b, NameEqual)
		shares.groups = nil
		return float64(withGroups - shares.logU(&a, &b, NameEqual))
	}
	mean := func(feats []Features, group string) float64 {
		sum := 0.0
		for i := range 20 {
			sum += bits(feats, word(group, "g", i), word(group, "s", i))
		}
		return sum / 20
	}
	for _, c := range []struct {
		name     string
		got      float64
		min, max float64
	}{
		{"small group (log2 5 = 2.32)", mean(grouped, "b"), 1.8, 2.5},
		{"large group (log2 1.25 = 0.32)", mean(grouped, "a"), 0.1, 0.6},
		{"independent words", mean(indep, "c"), 0, 0.3},
		{"a name seen once", bits(grouped, "lonelygiven", "lonelysurname"), 0, 0},
	} {
		if c.got < c.min || c.got > c.max {
			t.Errorf("%s: correction %.2f bits, want within [%g, %g]", c.name, c.got, c.min, c.max)
		}
	}
}

// TestNamePairSampleMerges: the bounded sample of name pairs is the same
// whether the counts are made in one part or in many and added.
func TestNamePairSampleMerges(t *testing.T) {
	t.Parallel()
	var feats []Features
	for i := range 3 * maxNamePairs {
		feats = append(feats, groupPerson(fmt.Sprintf("g%d", i%5000), fmt.Sprintf("s%d", i)))
	}
	whole := countWords(nil, feats)
	var parts WordCounts
	for i := 0; i < len(feats); i += 10000 {
		parts = addCounts(parts, countWords(nil, feats[i:min(i+10000, len(feats))]))
	}
	a, b := prunePairs(whole), prunePairs(parts)
	if len(a) != maxNamePairs || len(b) != maxNamePairs {
		t.Fatalf("samples of %d and %d pairs, want %d", len(a), len(b), maxNamePairs)
	}
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("pair %d: %x in one part, %x in many", i, a[i], b[i])
		}
	}
}
