package engine

import (
	"context"
	"fmt"
	"testing"

	"github.com/namepipe/namepipe/nameapi"
)

// genderScores counts a genderizer's answers on a labelled set in the
// terms of Santamaría and Mihaljević's benchmark of name-to-gender
// services: an answer other than MALE or FEMALE (UNKNOWN, NEUTRAL,
// CONFLICT) is unclassified.
type genderScores struct{ right, wrong, unclassified int }

// errorCoded is the share of all names not given their right gender
// (wrong or unclassified).
func (s genderScores) errorCoded() float64 {
	return float64(s.wrong+s.unclassified) / float64(max(s.right+s.wrong+s.unclassified, 1))
}

// misclassified is the share of the classified names given the wrong
// gender (the paper's errorCodedWithoutNA).
func (s genderScores) misclassified() float64 {
	return float64(s.wrong) / float64(max(s.right+s.wrong, 1))
}

// unclassifiedShare is the paper's naCoded.
func (s genderScores) unclassifiedShare() float64 {
	return float64(s.unclassified) / float64(max(s.right+s.wrong+s.unclassified, 1))
}

func (s genderScores) String() string {
	return fmt.Sprintf("n=%d errorCoded %.3f, misclassified %.1f %%, unclassified %.1f %%",
		s.right+s.wrong+s.unclassified, s.errorCoded(), 100*s.misclassified(), 100*s.unclassifiedShare())
}

// TestGenderBenchmark genderizes the held-out benchmark names
// (testdata/gender-benchmark.tsv: published author names whose gender was
// checked by hand, no place given), each as one full-name field, and
// holds errorCoded and misclassified to floors. Per-name misses are
// logged only with -v; the set is for measuring, not for tuning.
func TestGenderBenchmark(t *testing.T) {
	t.Parallel()
	e := realEngine(t)
	by := map[string]*genderScores{}
	var all genderScores
	for _, r := range readEval(t, "gender-benchmark.tsv") {
		if len(r) != 3 {
			t.Fatalf("gender-benchmark.tsv: want 3 columns, got %q", r)
		}
		g, err := e.GenderizePerson(context.Background(), fullname(r[0]))
		if err != nil {
			t.Fatalf("%s: %v", r[0], err)
		}
		s := by[r[2]]
		if s == nil {
			s = &genderScores{}
			by[r[2]] = s
		}
		switch g.Gender {
		case r[1]:
			s.right++
			all.right++
		case nameapi.GenderMale, nameapi.GenderFemale:
			s.wrong++
			all.wrong++
			if testing.Verbose() {
				t.Logf("wrong: %s → %s, want %s", r[0], g.Gender, r[1])
			}
		default:
			s.unclassified++
			all.unclassified++
			if testing.Verbose() {
				t.Logf("unclassified: %s → %s, want %s", r[0], g.Gender, r[1])
			}
		}
	}
	for _, o := range []string{"zbmath", "genderize_r_titles"} {
		t.Logf("  %-20s %s", o, by[o])
	}
	t.Logf("  %-20s %s", "all", all)
	// Floors a little above the measured 0.061 and 0.9 % (the target on
	// the whole published set: 0.12 and 3.5 %).
	const maxErrorCoded, maxMisclassified = 0.07, 0.015
	if all.errorCoded() > maxErrorCoded {
		t.Errorf("errorCoded %.3f > %.3f", all.errorCoded(), maxErrorCoded)
	}
	if all.misclassified() > maxMisclassified {
		t.Errorf("misclassified %.3f > %.3f", all.misclassified(), maxMisclassified)
	}
}
