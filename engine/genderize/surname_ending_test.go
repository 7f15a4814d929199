package genderize

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"github.com/namepipe/namepipe/engine/dict"
	"github.com/namepipe/namepipe/nameapi"
)

// TestSurnameEndingHoldout measures what the surname endings add to the
// genderizer, on surnames no list holds: the pairs of
// testdata/surname-ending-holdout.tsv (engine/internal/gen) have a
// surname of the half held out of the endings' learning, and per setting
// of the endings the language its ending tells. A pair whose given name
// is NEUTRAL alone is genderized with that language as the surname's
// (byLanguage, as bySurnameLanguage does). The setting was chosen on part
// tune; the index's setting (the first column) is held to floors on part
// test.
func TestSurnameEndingHoldout(t *testing.T) {
	d, err := dict.Default()
	if err != nil {
		t.Fatal(err)
	}
	e := New(d)
	f, err := os.Open("../testdata/surname-ending-holdout.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var settings []string
	type key struct {
		setting    int
		share      float64
		part, kind string
	}
	type score struct{ right, wrong, none int }
	by := map[key]*score{}
	// The vote bar of listed surnames' languages, and of endings'.
	shares := []float64{surnameLangShare, surnameEndingShare}
	alone := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		l := sc.Text()
		if strings.HasPrefix(l, "#") {
			_, s, _ := strings.Cut(l, "(share/least surnames/ending lengths: ")
			s, _, _ = strings.Cut(s, ")")
			settings = strings.Split(s, ", ")
			continue
		}
		c := strings.Split(l, "\t")
		if len(c) != 7+len(settings) {
			t.Fatalf("want %d columns, got %q", 7+len(settings), l)
		}
		g, ok := alone[c[0]]
		if !ok {
			g = e.ForNames([]string{c[0]}, "", nil, nil).Gender
			alone[c[0]] = g
		}
		if g != nameapi.GenderNeutral {
			continue
		}
		for i := range settings {
			for _, share := range shares {
				k := key{i, share, c[6], c[3]}
				s := by[k]
				if s == nil {
					s = &score{}
					by[k] = s
				}
				lg := c[7+i]
				if lg == "-" {
					s.none++
					continue
				}
				r, ok := e.byLanguage([]string{c[0]}, lg, share, []string{""})
				switch {
				case !ok:
					s.none++
				case r.Gender == c[2]:
					s.right++
				default:
					s.wrong++
				}
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	for i, name := range settings {
		for _, share := range shares {
			for _, part := range []string{"tune", "test"} {
				for _, kind := range []string{"same", "migrant"} {
					s := by[key{i, share, part, kind}]
					if s == nil {
						s = &score{}
					}
					t.Logf("endings %s, vote share %.2f, %s %s: right %d, wrong %d, none %d (precision %.3f)", name, share, part, kind, s.right, s.wrong, s.none,
						float64(s.right)/float64(max(1, s.right+s.wrong)))
				}
			}
		}
	}
	// Floors at the index's setting and bar, part test (measured: 40
	// right, 1 wrong of the same culture's pairs).
	if s := by[key{0, surnameEndingShare, "test", "same"}]; s == nil || s.right < 40 || s.wrong > 1 {
		t.Errorf("index's endings, test same: %+v, want at least 40 right and at most 1 wrong", s)
	}
}

// TestSurnameEndingDutch measures the surname endings on surnames from
// outside the index's sources: ruby-faker's Dutch surnames
// (testdata/surname-nl-ruby.tsv, engine/internal/gen). Those no list
// holds reach an ending; each is paired with every Dutch given name of
// surname-lang-holdout.tsv that is NEUTRAL alone, with its Dutch sex
// (bySurnameLanguage, as two fields give them). The endings misread many
// Dutch surnames (-nen Finnish, -om Swedish), which the vote bar of a
// language only an ending tells (surnameEndingShare) keeps from
// answering: with main's endings (95 %/20) at the listed surnames' bar
// the pairs were 198 right, 166 wrong.
func TestSurnameEndingDutch(t *testing.T) {
	d, err := dict.Default()
	if err != nil {
		t.Fatal(err)
	}
	e := New(d)
	sur := readLines(t, "../testdata/surname-nl-ruby.tsv")
	given := map[string]string{}
	for _, l := range readLines(t, "../testdata/surname-lang-holdout.tsv") {
		c := strings.Split(l, "\t")
		if len(c) == 7 && c[4] == "nl" && c[3] == "same" && e.ForNames([]string{c[0]}, "", nil, nil).Gender == nameapi.GenderNeutral {
			given[c[0]] = c[2]
		}
	}
	langs := map[string]int{}
	right, wrong := 0, 0
	for _, s := range sur {
		lg, byEnding, ok := d.SurnameLanguageBy(s)
		if !ok || !byEnding {
			continue
		}
		langs[lg]++
		for g, sex := range given {
			r, ok := e.bySurnameLanguage([]string{g}, s, []string{""})
			switch {
			case !ok:
			case r.Gender == sex:
				right++
			default:
				wrong++
			}
		}
	}
	t.Logf("%d Dutch surnames, %d told a language by their ending (%v); with %d Dutch given names NEUTRAL alone: right %d, wrong %d",
		len(sur), sumValues(langs), langs, len(given), right, wrong)
	if right < 409 || wrong > 0 {
		t.Errorf("right %d, wrong %d; want at least 409 right and no wrong", right, wrong)
	}
}

// readLines returns a file's lines but comments and empty ones.
func readLines(t *testing.T, path string) []string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for l := range strings.Lines(string(b)) {
		if l = strings.TrimRight(l, "\n"); l != "" && l[0] != '#' {
			out = append(out, l)
		}
	}
	return out
}

// sumValues returns the sum of a map's values.
func sumValues(m map[string]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}
