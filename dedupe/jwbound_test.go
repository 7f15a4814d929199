package dedupe

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/xrash/smetrics"
)

// jwWords are name words drawn from a few letters (so that many pairs
// are close) and from real names, with typos, prefixes and non-ASCII
// bytes.
func jwWords(r *rand.Rand, n int) []string {
	base := []string{"watson", "wattson", "watsno", "noah", "noha", "isabella", "isabela", "cooper", "coper", "mohammed",
		"muhammad", "owen", "oven", "müller", "muller", "mueller", "fernández", "frnández", "margaret", "margaert",
		"jon", "john", "johnathan", "jonathan", "ab", "a", "abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnop"}
	out := append([]string(nil), base...)
	for len(out) < n {
		var b strings.Builder
		for range 1 + r.IntN(10) {
			b.WriteByte("aeinorst"[r.IntN(8)])
		}
		out = append(out, b.String())
	}
	return out
}

// TestJaroWinklerAtLeast: the bounded test answers as smetrics does, for
// every pair of many words and several thresholds, and the bound rules
// out most pairs of unlike words.
func TestJaroWinklerAtLeast(t *testing.T) {
	t.Parallel()
	words := jwWords(rand.New(rand.NewPCG(26, 3)), 400)
	ruled := 0
	for _, a := range words {
		for _, b := range words {
			jw := smetrics.JaroWinkler(a, b, 0.7, 4)
			if a != "" && b != "" && len(a) <= 64 && len(b) <= 64 && jaroWinklerBound(a, b, 4) < jw-1e-12 {
				t.Fatalf("%q, %q: bound %v below JaroWinkler %v", a, b, jaroWinklerBound(a, b, 4), jw)
			}
			for _, min := range []float64{0.5, 0.9, 0.93, 0.99} {
				if got, want := jaroWinklerAtLeast(a, b, 0.7, 4, min), jw >= min; got != want {
					t.Fatalf("%q, %q at %v: %v, JaroWinkler %v", a, b, min, got, jw)
				}
			}
			if jaroWinklerBound(a, b, 4) < 0.93 {
				ruled++
			}
		}
	}
	if ruled < len(words)*len(words)/10 {
		t.Fatalf("the bound rules out %d of %d pairs: it saves little", ruled, len(words)*len(words))
	}
}

// BenchmarkJaroWinklerAtLeast compares smetrics.JaroWinkler with the
// bounded test on pairs of name words (wordRel's threshold).
func BenchmarkJaroWinklerAtLeast(b *testing.B) {
	words := jwWords(rand.New(rand.NewPCG(1, 3)), 200)
	n := 0
	for _, bc := range []struct {
		name string
		f    func(a, b string) bool
	}{
		{"smetrics", func(a, b string) bool { return smetrics.JaroWinkler(a, b, 0.7, 4) >= 0.93 }},
		{"bounded", func(a, b string) bool { return jaroWinklerAtLeast(a, b, 0.7, 4, 0.93) }},
	} {
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				for _, x := range words {
					for _, y := range words {
						if bc.f(x, y) {
							n++
						}
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(words)*len(words)), "ns/pair")
		})
	}
	_ = n
}
