package text

import (
	"math"
	"testing"
)

func TestStringDistances(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		a, b string
		d    int
	}{{"", "", 0}, {"abc", "", 3}, {"muller", "muler", 1}, {"peter", "petre", 1}, {"ca", "abc", 3}, {"kitten", "sitting", 3}} {
		if got := DamerauLevenshtein(tt.a, tt.b); got != tt.d {
			t.Errorf("DL(%q,%q) = %d, want %d", tt.a, tt.b, got, tt.d)
		}
	}
}

// TestJaroWinkler checks the similarity against the published examples
// (Winkler 1990; the values every implementation lists) and its counting
// in runes: a name in another script scores as its letters' pattern does
// in ASCII.
func TestJaroWinkler(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		a, b string
		want float64 // rounded to 3 places
	}{
		{"martha", "marhta", 0.961},
		{"dwayne", "duane", 0.84},
		{"dixon", "dicksonx", 0.813},
		{"jones", "johnson", 0.832},
		{"abc", "xyz", 0},
		{"same", "same", 1},
		{"", "", 1},
		{"", "a", 0},
		{"a", "", 0},
		// The same patterns beyond ASCII: "марта"/"мартха" has the shape
		// of "marta"/"martha", "müller"/"muller" one letter differing.
		{"марта", "мартха", round3(JaroWinkler("marta", "martha"))},
		{"müller", "muller", round3(JaroWinkler("mxller", "muller"))},
		{"ωμέγα", "ωμεγα", round3(JaroWinkler("omxga", "omega"))},
		{"王小明", "王明小", round3(JaroWinkler("abc", "acb"))},
	} {
		got := JaroWinkler(c.a, c.b)
		if round3(got) != c.want {
			t.Errorf("JaroWinkler(%q, %q) = %v, want %v", c.a, c.b, got, c.want)
		}
		if back := JaroWinkler(c.b, c.a); back != got {
			t.Errorf("JaroWinkler(%q, %q) = %v, but %v the other way", c.a, c.b, got, back)
		}
	}
	// More than 256 distinct runes: compared by bytes, still in [0, 1].
	var long []rune
	for r := rune(0x4e00); r < 0x4e00+300; r++ {
		long = append(long, r)
	}
	if jw := JaroWinkler(string(long), string(long[1:])); jw <= 0.9 || jw > 1 {
		t.Errorf("JaroWinkler of 300 distinct runes and 299 of them = %v", jw)
	}
}

func round3(f float64) float64 { return math.Round(f*1000) / 1000 }
