package engine

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/namepipe/namepipe/nameapi"
)

// TestGenderHoldout genderizes a hand-labelled set of full names from
// many cultures that is independent of the engine's sources (see
// testdata/gender-holdout.tsv), with the row's country as Context.place,
// and reports the accuracy per culture. Covered names are those the
// engine answers with anything but UNKNOWN.
func TestGenderHoldout(t *testing.T) {
	e := realEngine(t)
	type score struct{ ok, covered, n int }
	byCulture := map[string]*score{}
	var all score
	for _, r := range readEval(t, "gender-holdout.tsv") {
		if len(r) != 4 {
			t.Fatalf("gender-holdout.tsv: want 4 columns, got %q", r)
		}
		name, place, want, culture := r[0], r[1], strings.Split(r[2], "|"), r[3]
		in := fullname(name)
		in.Context = &nameapi.Context{Place: place}
		g, err := e.GenderizePerson(context.Background(), in)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		sc := byCulture[culture]
		if sc == nil {
			sc = &score{}
			byCulture[culture] = sc
		}
		sc.n++
		all.n++
		if g.Gender == nameapi.GenderUnknown {
			t.Logf("not covered: %s (%s)", name, place)
			continue
		}
		sc.covered++
		all.covered++
		if slices.Contains(want, g.Gender) {
			sc.ok++
			all.ok++
		} else {
			t.Logf("miss: %-24s %s → %s %.2f, want %s", name, place, g.Gender, g.Confidence, r[2])
		}
	}
	pct := func(s *score) string {
		return fmt.Sprintf("%3d/%3d correct of covered (%5.1f %%), coverage %3d/%3d", s.ok, s.covered, 100*float64(s.ok)/float64(max(s.covered, 1)), s.covered, s.n)
	}
	cultures := make([]string, 0, len(byCulture))
	for c := range byCulture {
		cultures = append(cultures, c)
	}
	sort.Strings(cultures)
	for _, c := range cultures {
		t.Logf("  %-3s %s", c, pct(byCulture[c]))
	}
	t.Logf("  all %s", pct(&all))
	if acc := float64(all.ok) / float64(all.covered); acc < 0.9 {
		t.Errorf("hold-out gender accuracy %.1f %% < 90 %%", 100*acc)
	}
	if cov := float64(all.covered) / float64(all.n); cov < 0.85 {
		t.Errorf("hold-out coverage %.1f %% < 85 %%", 100*cov)
	}
}
