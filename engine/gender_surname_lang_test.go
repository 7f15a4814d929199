package engine

import (
	"flag"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/namepipe/namepipe/nameapi"
)

// surnameLangRows writes TestSurnameLangHoldout's answer per row to a
// file, to compare two builds' answers row by row.
var surnameLangRows = flag.String("surname-lang-rows", "", "TestSurnameLangHoldout: write each row's answer to this file")

// TestSurnameLangHoldout genderizes the held-out pairs of a given name the
// lists give both sexes and a surname (testdata/surname-lang-holdout.tsv,
// written by engine/internal/gen from the per-locale lists) whose given
// name alone is NEUTRAL, as two fields: "same" pairs (the surname of the
// name's own locale) are where the surname's language decides, "migrant"
// pairs (a surname of another language) show what a misleading surname
// costs. The rule's thresholds were chosen on part tune; part test is held
// to floors.
func TestSurnameLangHoldout(t *testing.T) {
	t.Parallel()
	e := realEngine(t)
	gender := func(in *nameapi.InputWithPerson) string { return genderOf(t, e, in) }
	type key struct{ part, kind string }
	by := map[key]*genderScores{}
	var out []string
	alone := map[string]string{}
	for _, r := range readEval(t, "surname-lang-holdout.tsv") {
		if len(r) != 7 {
			t.Fatalf("surname-lang-holdout.tsv: want 7 columns, got %q", r)
		}
		g, ok := alone[r[0]]
		if !ok {
			g = gender(&nameapi.InputWithPerson{InputPerson: nameapi.NewNaturalPerson(nameapi.Field(nameapi.FieldGivenname, r[0]))})
			alone[r[0]] = g
		}
		if g != nameapi.GenderNeutral {
			continue
		}
		got := gender(twoFields(r[0], r[1]))
		k := key{r[6], r[3]}
		s := by[k]
		if s == nil {
			s = &genderScores{}
			by[k] = s
		}
		switch got {
		case r[2]:
			s.right++
		case nameapi.GenderMale, nameapi.GenderFemale:
			s.wrong++
		default:
			s.unclassified++
		}
		out = append(out, strings.Join(append(r[:len(r):len(r)], got), "\t"))
	}
	for _, k := range slices.SortedFunc(func(yield func(key) bool) {
		for k := range by {
			if !yield(k) {
				return
			}
		}
	}, func(a, b key) int { return strings.Compare(a.part+a.kind, b.part+b.kind) }) {
		s := by[k]
		t.Logf("%s %s: right %d, wrong %d, unclassified %d (precision of the answers %.3f)", k.part, k.kind, s.right, s.wrong, s.unclassified,
			float64(s.right)/float64(max(s.right+s.wrong, 1)))
	}
	// Floors at the measured numbers of part test (the answers with the
	// surname's language; before it, the same rows gave 19 right and 13
	// wrong, from surnames that carry their bearer's sex): the new answers
	// were 326 right and 18 wrong (tune: 359 and 17). Migrant pairs are logged: the surname
	// misleads as often as not (new answers 10 right, 14 wrong).
	if s := by[key{"test", "same"}]; s == nil || s.right < 345 || s.wrong > 31 {
		t.Errorf("test same: %+v, want at least 345 right and at most 31 wrong", s)
	}
	if *surnameLangRows != "" {
		if err := os.WriteFile(*surnameLangRows, []byte(strings.Join(out, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
