package engine

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/namepipe/namepipe/nameapi"
)

// peerCase is one hand-labelled name of testdata/peers/names.tsv.
type peerCase struct {
	in, given, surname, category string
	batch                        string // "1", or the value of the last "#batch: N" line
}

// legal reports whether the case expects a legal person.
func (c peerCase) legal() bool { return c.given == "-" && c.surname == "-" }

func readPeerCases(t testing.TB) []peerCase {
	t.Helper()
	f, err := os.Open("testdata/peers/names.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []peerCase
	batch := "1"
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if b, ok := strings.CutPrefix(line, "#batch:"); ok {
			batch = strings.TrimSpace(b)
			continue
		}
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		p := strings.Split(line, "\t")
		if len(p) != 4 {
			t.Fatalf("names.tsv:%d: want 4 tab-separated columns, got %d", n, len(p))
		}
		out = append(out, peerCase{p[0], p[1], p[2], p[3], batch})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// peerParse is a peer parser's given name and surname for one input.
type peerParse struct {
	Given   string `json:"given"`
	Surname string `json:"surname"`
	Error   string `json:"error"`
}

// peerFile is testdata/peers/peer-results.json, written by run-peers.mjs.
type peerFile struct {
	Peers   map[string]string `json:"peers"`
	Results []struct {
		Input         string    `json:"input"`
		Humanparser   peerParse `json:"humanparser"`
		ParseFullName peerParse `json:"parse-full-name"`
	} `json:"results"`
}

// normName makes names comparable: lower case, no dots, single spaces.
func normName(s string) string {
	s = strings.ToLower(strings.ReplaceAll(s, ".", ""))
	return strings.Join(strings.Fields(s), " ")
}

func (c peerCase) correct(given, surname string, legal bool) bool {
	if c.legal() {
		return legal
	}
	return !legal && normName(given) == normName(c.given) && normName(surname) == normName(c.surname)
}

// namepipeGivenSurname returns the first person's first given name (or
// its initial) and surname from the best match, and whether it is a
// legal person.
func namepipeGivenSurname(r *nameapi.PersonNameParserResult) (given, surname string, legal bool) {
	best := r.Best()
	if best == nil || best.ParsedPerson == nil {
		return "", "", false
	}
	pp := best.ParsedPerson
	if pp.PersonType == nameapi.PersonTypeLegal {
		return "", "", true
	}
	if len(pp.People) > 0 {
		pp = &pp.People[0]
	}
	if pp.OutputPersonName == nil {
		return "", "", false
	}
	given = pp.OutputPersonName.First(nameapi.TermGivenname)
	if given == "" {
		given = pp.OutputPersonName.First(nameapi.TermGivennameInitial)
	}
	return given, wholeSurname(pp.OutputPersonName), false
}

// TestPeerParseComparison parses a hand-labelled set of names that is not
// derived from the dictionary's sources (orders, titles, particles,
// suffixes, hyphenated and double surnames, initials, nicknames,
// companies, couples) and compares namepipe's given name + surname
// accuracy with the committed results of two peer parsers (see
// testdata/peers/run-peers.mjs). Peers cannot recognise companies, so the
// accuracy on natural persons only is printed as well.
func TestPeerParseComparison(t *testing.T) {
	cases := readPeerCases(t)
	raw, err := os.ReadFile("testdata/peers/peer-results.json")
	if err != nil {
		t.Fatal(err)
	}
	var pf peerFile
	if err := json.Unmarshal(raw, &pf); err != nil {
		t.Fatalf("peer-results.json: %v", err)
	}
	if len(pf.Results) != len(cases) {
		t.Fatalf("peer-results.json has %d results for %d names: rerun run-peers.mjs", len(pf.Results), len(cases))
	}
	e := realEngine(t)

	type score struct{ ok, n int }
	const np, hp, pfn = "namepipe", "humanparser", "parse-full-name"
	systems := []string{np, hp, pfn}
	total := map[string]*score{}
	natural := map[string]*score{}
	byCat := map[string]map[string]*score{}
	byBatch := map[string]map[string]*score{}
	for _, s := range systems {
		total[s], natural[s] = &score{}, &score{}
	}
	for i, c := range cases {
		res := pf.Results[i]
		if res.Input != c.in {
			t.Fatalf("peer-results.json result %d is for %q, names.tsv has %q: rerun run-peers.mjs", i, res.Input, c.in)
		}
		r, err := e.ParsePersonName(context.Background(), fullname(c.in))
		if err != nil {
			t.Fatalf("%s: %v", c.in, err)
		}
		g, s, legal := namepipeGivenSurname(r)
		got := map[string]bool{
			np:  c.correct(g, s, legal),
			hp:  c.correct(res.Humanparser.Given, res.Humanparser.Surname, false),
			pfn: c.correct(res.ParseFullName.Given, res.ParseFullName.Surname, false),
		}
		if !got[np] {
			t.Logf("namepipe miss %-36q got %q %q legal=%v, want %q %q", c.in, g, s, legal, c.given, c.surname)
		}
		if byCat[c.category] == nil {
			byCat[c.category] = map[string]*score{}
			for _, sy := range systems {
				byCat[c.category][sy] = &score{}
			}
		}
		if byBatch[c.batch] == nil {
			byBatch[c.batch] = map[string]*score{}
			for _, sy := range systems {
				byBatch[c.batch][sy] = &score{}
			}
		}
		for _, sy := range systems {
			inc := func(sc *score) {
				sc.n++
				if got[sy] {
					sc.ok++
				}
			}
			inc(total[sy])
			inc(byCat[c.category][sy])
			inc(byBatch[c.batch][sy])
			if !c.legal() {
				inc(natural[sy])
			}
		}
	}
	pct := func(sc *score) string {
		return fmt.Sprintf("%3d/%3d %5.1f %%", sc.ok, sc.n, 100*float64(sc.ok)/float64(sc.n))
	}
	t.Logf("given+surname accuracy on %d hand-labelled names (peers: humanparser %s, parse-full-name %s)", len(cases), pf.Peers[hp], pf.Peers[pfn])
	t.Logf("  %-12s %-18s %-18s %-18s", "", np, hp, pfn)
	t.Logf("  %-12s %-18s %-18s %-18s", "all", pct(total[np]), pct(total[hp]), pct(total[pfn]))
	t.Logf("  %-12s %-18s %-18s %-18s", "natural", pct(natural[np]), pct(natural[hp]), pct(natural[pfn]))
	batches := make([]string, 0, len(byBatch))
	for b := range byBatch {
		batches = append(batches, b)
	}
	sort.Strings(batches)
	for _, b := range batches {
		m := byBatch[b]
		t.Logf("  %-12s %-18s %-18s %-18s", "batch "+b, pct(m[np]), pct(m[hp]), pct(m[pfn]))
	}
	cats := make([]string, 0, len(byCat))
	for c := range byCat {
		cats = append(cats, c)
	}
	sort.Strings(cats)
	for _, c := range cats {
		m := byCat[c]
		t.Logf("  %-12s %-18s %-18s %-18s", c, pct(m[np]), pct(m[hp]), pct(m[pfn]))
	}
	if acc := float64(total[np].ok) / float64(total[np].n); acc < 0.97 {
		t.Errorf("namepipe given+surname accuracy %.1f %% < 97 %%", 100*acc)
	}
}
