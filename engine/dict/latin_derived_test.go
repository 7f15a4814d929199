package dict

import (
	"flag"
	"fmt"
	"maps"
	"os"
	"slices"
	"strings"
	"testing"
)

// TestDerivedPrecision holds the derived-form model to the data it is
// learned from: every listed Latin-script name of a clear sex is guessed
// from the other listed names (never from itself), and the guesses must
// be right at least 98 % of the time over at least 5 % of the names.
func TestDerivedPrecision(t *testing.T) {
	t.Parallel()
	d, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	var clear, covered, right int
	for name, sp := range d.givenNames() {
		if sp.n == 0 || !latinLetters(name) || len(name) < derivedStemMin+2 {
			continue
		}
		sv := d.modelSexVotes(sp)
		share := sv.m / (sv.m + sv.f)
		if sv.m+sv.f == 0 || (share < derivedClear && share > 1-derivedClear) {
			continue
		}
		clear++
		p, ok := d.derivedFrom(name)
		if !ok {
			continue
		}
		covered++
		if (p >= 0.5) == (share >= 0.5) {
			right++
		}
	}
	prec, cov := float64(right)/float64(max(covered, 1)), float64(covered)/float64(max(clear, 1))
	t.Logf("derived forms: %d of %d clear-sex names guessed (%.1f %%), %.2f %% right", covered, clear, 100*cov, 100*prec)
	if prec < 0.98 || cov < 0.05 {
		t.Errorf("precision %.3f (want >= 0.98), coverage %.3f (want >= 0.05)", prec, cov)
	}
}

// TestDerivedForms: pet forms and spellings the data does not list take
// the sex of the listed name they are made from.
func TestDerivedForms(t *testing.T) {
	t.Parallel()
	d, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name string
		male bool
	}{
		{"kristynka", false}, {"marienka", false},
	} {
		p, ok := d.DerivedMaleProportion(tt.name)
		if !ok || (p >= 0.5) != tt.male {
			t.Errorf("DerivedMaleProportion(%q) = %.2f, %v; want male=%v", tt.name, p, ok, tt.male)
		}
	}
	if _, ok := d.DerivedMaleProportion("maria"); ok {
		t.Error("a listed name answered by the derived-form model")
	}
	// A trade shown only by one sex's names passes on only that sex:
	// "-ah" → "-ise" (women's names) does not make Eliise a man's name
	// from Eliah.
	for _, rule := range d.derivedTrades()["ise"] {
		if rule == "ah" || rule == "ah:m" {
			t.Errorf("trade ah → ise passes on men's sex: %v", d.derivedTrades()["ise"])
		}
	}
	if p, ok := d.DerivedMaleProportion("eliise"); ok && p >= 0.5 {
		t.Errorf("DerivedMaleProportion(eliise) = %.2f, want no answer or female", p)
	}
}

var updateDerived = flag.Bool("update-derived", false, "rewrite data/derived-trades.txt from the name data")

// TestDerivedTradesFile: the trades the run time reads are those the
// name data teaches (rewrite with -update-derived after the data changes).
func TestDerivedTradesFile(t *testing.T) {
	d, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	rules := d.learnDerived()
	var b strings.Builder
	b.WriteString("# Trades of name endings that keep the sex, learned from given.tsv.zst by\n# learnDerived (engine/dict/latin_derived.go): derived ending TAB endings\n# of the listed names it comes from, best-backed first; \":m\" or \":f\": the\n# trade passes on only that sex. Generated: go test\n# ./engine/dict -run TestDerivedTradesFile -update-derived\n")
	for _, to := range slices.Sorted(maps.Keys(rules)) {
		fmt.Fprintf(&b, "%s\t%s\n", to, strings.Join(rules[to], ","))
	}
	if *updateDerived {
		if err := os.WriteFile(derivedFile, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	got, err := os.ReadFile(derivedFile)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != b.String() {
		t.Errorf("%s is stale: rewrite it with go test ./engine/dict -run TestDerivedTradesFile -update-derived", derivedFile)
	}
}

// BenchmarkDerivedTrades measures learning the trades.
func BenchmarkDerivedTrades(b *testing.B) {
	d, err := Default()
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		d.learnDerived()
	}
}
