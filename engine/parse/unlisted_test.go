package parse

import (
	"bufio"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/namepipe/namepipe/engine/lexicon"
)

// roleSample is one labelled set's given names and surnames, each in its
// own column as the set writes them.
type roleSample struct {
	name            string
	given, surnames []string
}

// readColumns returns columns gi and si of the rows of a tab-separated
// file under engine/testdata whose column fi (if fi >= 0) is fv.
func readColumns(t *testing.T, path string, gi, si, fi int, fv string) roleSample {
	t.Helper()
	f, err := os.Open("../testdata/" + path)
	if err != nil {
		t.Fatalf("open labelled set: %v", err)
	}
	defer f.Close()
	s := roleSample{name: strings.TrimSuffix(path, ".tsv")}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		l := sc.Text()
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		r := strings.Split(l, "\t")
		if len(r) <= max(gi, si, fi) {
			t.Fatalf("%s: short row %q", path, l)
		}
		if fi >= 0 && r[fi] != fv {
			continue
		}
		s.given = append(s.given, r[gi])
		s.surnames = append(s.surnames, r[si])
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(s.given) == 0 {
		t.Fatalf("%s: no rows", path)
	}
	return s
}

// TestUnlistedWordEvidence measures what a word no list holds says of its
// role. In Latin-script names with their parts in their own columns (the
// US hand-labelled set's dev half, the US legislators, the world set's
// Latin-script groups), it counts the given-name and the surname words
// that no list holds (unknownWord; initials and words
// shaped like a Chinese or Korean given name left out: cjkOrderPrior
// weighs those), and
// holds unlistedEvidence to their log-odds, in the units of the order's
// score (lA, whose probability is the logistic of 1.6 lA).
func TestUnlistedWordEvidence(t *testing.T) {
	p := newTestParser(t)
	samples := []roleSample{
		readColumns(t, "eval/us-labelled.tsv", 1, 3, 6, "dev"),
		readColumns(t, "eval/us-congress.tsv", 0, 2, -1, ""),
	}
	for _, g := range []string{"arabic-latin", "korean-latin", "russian-latin", "south-asian-latin"} {
		samples = append(samples, readColumns(t, "eval/people/"+g+".tsv", 0, 1, -1, ""))
	}
	count := func(parts []string) (n, u int) {
		for _, part := range parts {
			for _, w := range strings.Fields(part) {
				w = strings.Trim(w, ",()\"")
				if w == "-" || len([]rune(w)) < 2 || strings.Contains(w, ".") {
					continue
				}
				lw := lexicon.WordOf(p.lex, w)
				wi := wordInfo{given: lw.Given, surname: lw.Surname}
				wi.tok.Text = w
				if lw.Given == 0 && !lw.Surname && asciiLettersHyphens(w) && cjkGivenShape(w) {
					continue // cjkOrderPrior weighs these
				}
				n++
				if p.unknownWord(&wi, &wordInfo{}, !vietnameseLetters(w)) {
					u++
				}
			}
		}
		return n, u
	}
	var ng, ug, ns, us int
	for _, s := range samples {
		g, gu := count(s.given)
		n, nu := count(s.surnames)
		ng, ug, ns, us = ng+g, ug+gu, ns+n, us+nu
		t.Logf("%-32s unlisted: given names %3d of %3d, surnames %3d of %3d", s.name, gu, g, nu, n)
	}
	// Add-half smoothing of both shares.
	pg := (float64(ug) + 0.5) / (float64(ng) + 1)
	ps := (float64(us) + 0.5) / (float64(ns) + 1)
	measured := math.Log(pg/ps) / 1.6
	t.Logf("all: unlisted given names %d of %d, surnames %d of %d: %.0f %% of unlisted words are surnames; evidence %.2f (unlistedEvidence %.2f)",
		ug, ng, us, ns, 100*ps/(pg+ps), measured, unlistedEvidence)
	if math.Abs(measured-unlistedEvidence) > 0.2 {
		t.Errorf("unlistedEvidence = %.2f, the labelled sets measure %.2f", unlistedEvidence, measured)
	}
}
