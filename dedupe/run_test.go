package dedupe

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/namepipe/namepipe/mapping"
	"github.com/namepipe/namepipe/nameapi"
	"github.com/namepipe/namepipe/readers"
)

const testConfig = `
input: {path: in.csv}
output: {path: out.csv}
person:
  fullName: name
  email: email
  phone: phone
  birthDate: dob
  address: {street: street, locality: city}
operations: [parse]
dedupe: {names: local}
`

// people has three planted duplicates (rows 1/2, 3/4, 5/6) among
// distinct people, a namesake of row 1 with other data (row 7) and a row
// with nothing to compare (row 8).
const people = `name,email,phone,dob,street,city
Noah Watson,noah.watson@gmail.com,+44 20 7946 0958,1985-03-12,High Street 5,London
"Watson, Noah",noah.watson@gmail.com,,1985-12-03,High Street 5,London
Isabella Cooper,isabella.cooper@web.de,+49 30 1234567,1990-07-01,Hauptstraße 1,Berlin
Isabella Cooper,isabela.cooper@web.de,+49 30 1234567,1990-07-01,,
Mohammed Owen,m.owen@outlook.com,+1 217 555 0101,1977-01-20,Main Street 9,Springfield
Muhammad Owen,,+1 217 555 0101,1977-01-20,Main Street 9,Springfield
Noah Watson,nwatson77@yahoo.com,+44 161 496 0000,1962-09-30,Station Road 2,Manchester
,,,,,
`

func writeFile(t *testing.T, dir, name, data string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// parseConfig parses config text (testConfig and its variants).
func parseConfig(t testing.TB, text string) *mapping.Config {
	t.Helper()
	cfg, err := mapping.Parse([]byte(text), "test.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

// openCSV writes data (CSV) to a new file and opens it with cfg's plan;
// the reader is closed when the test ends.
func openCSV(t testing.TB, cfg *mapping.Config, data string) (readers.Reader, *mapping.Plan) {
	t.Helper()
	p := filepath.Join(t.TempDir(), "in.csv")
	if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	rd, err := readers.Open(context.Background(), p, readers.Options{Format: "csv"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { rd.Close() })
	plan, err := mapping.NewPlan(cfg, rd.Schema())
	if err != nil {
		t.Fatal(err)
	}
	return rd, plan
}

// moreRows adds n distinct invented people so that EM has a population.
func moreRows(n int) string {
	var b strings.Builder
	given := []string{"Anna", "Ben", "Clara", "David", "Eva", "Felix", "Greta", "Hugo", "Ida", "Jonas", "Kira", "Leon"}
	sur := []string{"Abel", "Brandt", "Conrad", "Dietz", "Engel", "Frank", "Graf", "Horn", "Imhof", "Jung", "Kraus", "Lorenz", "Maurer"}
	for i := range n {
		g, s := given[i%len(given)], sur[(i/len(given))%len(sur)]
		b.WriteString(g + " " + s + "," + strings.ToLower(g+"."+s) + itoa(i) + "@example.org,+49 40 " + itoa(1000000+i*7919%8999999) +
			",19" + itoa(40+i%60) + "-0" + itoa(1+i%9) + "-1" + itoa(i%9) + ",Weg " + itoa(i) + ",Hamburg\n")
	}
	return b.String()
}

func itoa(i int) string { return strconv.Itoa(i) }

func runOn(t *testing.T, in, ref string, matcher nameapi.PersonMatcher, budget int64) *Result {
	t.Helper()
	cfg := parseConfig(t, testConfig)
	o := Options{Matcher: matcher, MaxMatchCalls: budget, Settings: cfg.Dedupe, USample: 20_000}
	o.Input, o.Plan = openCSV(t, cfg, in)
	if ref != "" {
		o.Reference, o.RefPlan = openCSV(t, cfg, ref)
	}
	res, err := Run(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func TestRunFindsPlantedDuplicates(t *testing.T) {
	t.Parallel()
	res := runOn(t, people+moreRows(400), "", nil, 0)
	same := func(a, b int) bool {
		return res.Row(a).Cluster >= 0 && res.Row(a).Cluster == res.Row(b).Cluster
	}
	for _, p := range [][2]int{{0, 1}, {2, 3}, {4, 5}} {
		if !same(p[0], p[1]) {
			t.Errorf("rows %d and %d are not clustered: %+v %+v", p[0]+1, p[1]+1, res.Row(p[0]), res.Row(p[1]))
		}
	}
	if same(0, 6) {
		t.Errorf("namesakes rows 1 and 7 were clustered")
	}
	if r := res.Row(7); !r.NothingComparable || r.Cluster >= 0 || r.Size != 1 {
		t.Errorf("empty row 8: %+v, want a singleton with nothing to compare", r)
	}
	for i := 8; i < res.NumRows(); i++ {
		if res.Row(i).Cluster >= 0 {
			t.Errorf("distinct row %d clustered with row %d", i+1, res.Row(i).Cluster+1)
		}
	}
	if r := res.Row(1); r.Match != 0 || !strings.Contains(Reason(r.Pattern), "birth_date=day_month_swapped") {
		t.Errorf("row 2: best match row %d, reason %q", r.Match+1, Reason(r.Pattern))
	}
	s := res.Summary
	if s.Rows != 408 || s.PairsCompared == 0 || s.RowsNothingComparable != 1 || s.Clusters["2"] != 3 {
		t.Errorf("summary %+v", s)
	}
	var buf bytes.Buffer
	if err := res.WritePairs(&buf); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(buf.String(), "row_a,row_b,score,match_weight,linked,name,birth_date,email,phone,address,name_a,name_b,w_prior,w_name,w_birth_date,w_email,w_phone,w_address,w_tf_name,w_tf_birth_date,w_tf_email,w_tf_phone,w_tf_address\n1,2,") {
		t.Errorf("pairs file starts %q", buf.String()[:min(200, buf.Len())])
	}
}

func TestRunLinksAgainstReference(t *testing.T) {
	t.Parallel()
	ref := people + moreRows(300)
	in := "name,email,phone,dob,street,city\n" +
		"Isabella Cooper,isabella.cooper@web.de,+49 30 1234567,1990-07-01,Hauptstraße 1,Berlin\n" +
		"Zoe Unknown,zoe@nowhere.test,+33 1 99 99 99 99,2001-01-01,Rue 1,Paris\n"
	res := runOn(t, in, ref, nil, 0)
	if res.NumRows() != 2 {
		t.Fatalf("%d result rows, want 2 (the input only)", res.NumRows())
	}
	if r := res.Row(0); r.Cluster != 2 && r.Cluster != 3 || r.Match != r.Cluster || r.Size != 2 {
		t.Errorf("row 1: %+v; want linked to reference row 3 or 4 (cluster and best match), cluster size 2", r)
	}
	if r := res.Row(1); r.Cluster >= 0 {
		t.Errorf("row 2 linked to reference row %d, want none", r.Cluster+1)
	}
	if res.Summary.ReferenceRows != 308 {
		t.Errorf("reference rows %d", res.Summary.ReferenceRows)
	}
}

// countingMatcher says EQUAL for every pair and counts its calls.
type countingMatcher struct{ calls atomic.Int64 }

func (m *countingMatcher) MatchPersons(ctx context.Context, in *nameapi.InputWithTwoPeople) (*nameapi.PersonMatcherResult, error) {
	m.calls.Add(1)
	return &nameapi.PersonMatcherResult{MatchType: nameapi.MatchEqual}, nil
}

func TestRunBudgetsMatcherCalls(t *testing.T) {
	t.Parallel()
	for _, budget := range []int64{0, 3, -1} {
		m := &countingMatcher{}
		res := runOn(t, people+moreRows(100), "", m, budget)
		calls := m.calls.Load()
		if budget >= 0 && calls > budget {
			t.Errorf("budget %d: %d calls", budget, calls)
		}
		if budget < 0 && calls == 0 {
			t.Errorf("unlimited budget: no calls")
		}
		if res.Summary.MatchCalls != calls {
			t.Errorf("budget %d: summary says %d calls, matcher got %d", budget, res.Summary.MatchCalls, calls)
		}
	}
}

// TestRunCountsPairsPerRow: k copies of one person share every block,
// so each pair of them is compared once and each copy k-1 times; capped
// (blocks of more than 6, windows of 3), every rule's block compares
// each copy with its 3 neighbours on either side, 30 pairs of which a
// middle copy is in 6, so the largest count is a fifth of the pairs.
// The population around them shares none of their keys.
func TestRunCountsPairsPerRow(t *testing.T) {
	t.Parallel()
	const k = 12
	copies := strings.Repeat("Zygmunt Quarles,zq@example.net,+48 22 555 0199,1931-11-29,Ulica Zlota 44,Gdansk\n", k)
	for _, tc := range []struct {
		name, config string
		max          func(pairs int64) int64
	}{
		{"uncapped", testConfig, func(int64) int64 { return k - 1 }},
		{"capped", strings.Replace(testConfig, "dedupe: {names: local}", "dedupe: {names: local, maxBlockSize: 6, window: 3}", 1),
			func(pairs int64) int64 { return pairs / 5 }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			cfg := parseConfig(t, tc.config)
			run := func(data string) Summary {
				rd, plan := openCSV(t, cfg, data)
				res, err := Run(context.Background(), Options{Input: rd, Plan: plan, Settings: cfg.Dedupe, USample: 20_000})
				if err != nil {
					t.Fatal(err)
				}
				return res.Summary
			}
			alone := run(people + moreRows(300))
			with := run(people + copies + moreRows(300))
			pairs := with.PairsCompared - alone.PairsCompared
			if tc.name == "uncapped" && pairs != k*(k-1)/2 {
				t.Fatalf("the copies added %d pairs compared, want %d", pairs, k*(k-1)/2)
			}
			want := tc.max(pairs)
			if alone.MaxPairsPerRow >= want {
				t.Fatalf("the population alone has a row with %d pairs (copies: %d): the case tests little", alone.MaxPairsPerRow, want)
			}
			if with.MaxPairsPerRow != want {
				t.Errorf("MaxPairsPerRow %d, want %d (%d pairs among the copies)", with.MaxPairsPerRow, want, pairs)
			}
		})
	}
}
