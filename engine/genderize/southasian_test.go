package genderize

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"github.com/namepipe/namepipe/engine/dict"
)

// saHeld is one name held out of the South Asian model.
type saHeld struct{ name, sex string }

// readSouthAsianHoldout reads ../testdata/south-asian-holdout.tsv: the
// names of each kind (given, other-given, surname, other-surname) in
// part.
func readSouthAsianHoldout(t *testing.T, part string) map[string][]saHeld {
	t.Helper()
	f, err := os.Open("../testdata/south-asian-holdout.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string][]saHeld{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		ln := sc.Text()
		if ln == "" || ln[0] == '#' {
			continue
		}
		r := strings.Split(ln, "\t")
		if len(r) != 4 {
			t.Fatalf("south-asian-holdout.tsv: want 4 columns, got %q", ln)
		}
		if r[2] == part {
			out[r[3]] = append(out[r[3]], saHeld{r[0], r[1]})
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// saCount is the model's answers on held-out names.
type saCount struct{ right, wrong, n int }

// TestSouthAsianHoldout holds the South Asian model to the test half of
// the names held out of it (its constants and thresholds were chosen on
// the tune half, which it logs too):
//   - its answers for the South Asian given names alone (as behind a
//     listed South Asian surname);
//   - and, logged, how many of the other languages' given names held out
//     the model would answer, and how many wrongly, with no check of the
//     person at all.
func TestSouthAsianHoldout(t *testing.T) {
	e := New(dict.MustDefault())
	eval := func(part string) (given, ungated saCount) {
		held := readSouthAsianHoldout(t, part)
		for _, k := range []string{"given", "other-given", "surname", "other-surname"} {
			if len(held[k]) < 150 {
				t.Fatalf("south-asian-holdout.tsv: %d %s names in part %s, want 150 or more", len(held[k]), k, part)
			}
		}
		judge := func(c *saCount, name, sex string, gate bool) {
			c.n++
			if !gate {
				return
			}
			res, ok := e.southAsianAnswer([]string{name})
			switch {
			case !ok:
			case res.Gender == sex:
				c.right++
			default:
				c.wrong++
			}
		}
		for _, h := range held["given"] {
			judge(&given, h.name, h.sex, true)
		}
		for _, h := range held["other-given"] {
			judge(&ungated, h.name, h.sex, true)
		}
		return given, ungated
	}
	for _, part := range []string{"tune", "test"} {
		given, ungated := eval(part)
		t.Logf("%s: South Asian given names %d right, %d wrong of %d; other names without the check %d right, %d wrong of %d", part,
			given.right, given.wrong, given.n, ungated.right, ungated.wrong, ungated.n)
		if part != "test" {
			continue
		}
		// Floors at the measured numbers.
		if given.right < 330 || given.wrong > 20 {
			t.Errorf("given names: %d right, %d wrong; want at least 330 right, at most 20 wrong", given.right, given.wrong)
		}
	}
}
