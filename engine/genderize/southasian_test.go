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
//   - for the South Asian given names paired with held-out South Asian
//     surnames, as if no list held the surname: the ending typicality
//     gate (southAsianLooking) and the answer;
//   - the same for other languages' given names paired with other
//     surnames: the wrong answers a person of another language would get
//     from the gate;
//   - and, logged, how many of those other given names the model would
//     answer, and how many wrongly, with no check of the person at all.
func TestSouthAsianHoldout(t *testing.T) {
	e := New(dict.MustDefault())
	eval := func(part string) (given, pairs, others, ungated saCount) {
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
		for i, h := range held["given"] {
			judge(&given, h.name, h.sex, true)
			s := held["surname"][i%len(held["surname"])].name
			judge(&pairs, h.name, h.sex, e.southAsianLooking([]string{h.name}, s))
		}
		for i, h := range held["other-given"] {
			s := held["other-surname"][i%len(held["other-surname"])].name
			judge(&others, h.name, h.sex, e.southAsianLooking([]string{h.name}, s))
			judge(&ungated, h.name, h.sex, true)
		}
		return given, pairs, others, ungated
	}
	for _, part := range []string{"tune", "test"} {
		given, pairs, others, ungated := eval(part)
		t.Logf("%s: South Asian given names %d right, %d wrong of %d; paired with South Asian surnames %d right, %d wrong of %d; other names paired with other surnames %d right, %d wrong of %d; other names without the check %d right, %d wrong", part,
			given.right, given.wrong, given.n, pairs.right, pairs.wrong, pairs.n, others.right, others.wrong, others.n, ungated.right, ungated.wrong)
		if part != "test" {
			continue
		}
		// Floors at the measured numbers.
		if given.right < 330 || given.wrong > 20 {
			t.Errorf("given names: %d right, %d wrong; want at least 330 right, at most 20 wrong", given.right, given.wrong)
		}
		if pairs.right < 146 || pairs.wrong > 9 {
			t.Errorf("given names with surnames: %d right, %d wrong; want at least 146 right, at most 9 wrong", pairs.right, pairs.wrong)
		}
		if others.wrong > 13 {
			t.Errorf("other names with other surnames: %d wrong, want at most 13", others.wrong)
		}
	}
}
