package dedupe

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// sampleConfig maps sample-data/customers.csv (as configs/example.yaml
// does) and compares names locally.
const sampleConfig = `
input: {path: in.csv}
output: {path: out.csv}
person:
  type: {column: company, legal: ["*"]}
  fullName: full_name
  email: email
  phone: phone
  birthDate: {column: birth_date, layout: "2006-01-02"}
  address: {street: street, postalCode: postal_code, locality: city, country: country}
  gender: gender
operations: [parse]
dedupe: {names: local, idColumn: id%s}
`

// dupgenConfig maps bench/dupgen's people.
const dupgenConfig = `
input: {path: in.csv}
output: {path: out.csv}
person:
  givenName: given_name
  surname: surname
  email: email
  phone: phone
  birthDate: birth_date
  address: {street: street, postalCode: postal_code, locality: city}
operations: [parse]
dedupe: {names: local, idColumn: id%s}
`

// runConfig runs dedupe on data (CSV) with config text cfg.
func runConfig(t *testing.T, cfg, data string, o Options) (*Result, error) {
	t.Helper()
	c := parseConfig(t, cfg)
	rd, plan := openCSV(t, c, data)
	o.Input, o.Plan, o.Settings, o.InputName = rd, plan, c.Dedupe, "in.csv"
	if o.USample == 0 {
		o.USample = 50_000
	}
	return Run(context.Background(), o)
}

var (
	dupgenOnce sync.Once
	dupgenData string
	dupgenErr  error
)

// dupgen10k returns 10,000 rows of bench/dupgen's generated people (seed
// 7), made once per test binary.
func dupgen10k(t *testing.T) string {
	t.Helper()
	dupgenOnce.Do(func() {
		out := filepath.Join(os.TempDir(), fmt.Sprintf("dedupe-test-dupgen-%d.csv", os.Getpid()))
		defer os.Remove(out)
		cmd := exec.Command("go", "run", "../bench/dupgen", "-n", "10000", "-seed", "7", "-o", out)
		if b, err := cmd.CombinedOutput(); err != nil {
			dupgenErr = fmt.Errorf("%v: %s", err, b)
			return
		}
		b, err := os.ReadFile(out)
		dupgenData, dupgenErr = string(b), err
	})
	if dupgenErr != nil {
		t.Fatal(dupgenErr)
	}
	return dupgenData
}

func readSample(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("../sample-data/customers.csv")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// shuffled returns the CSV data with its data rows in a random order.
func shuffled(data string, seed uint64) string {
	lines := strings.Split(strings.TrimSuffix(data, "\n"), "\n")
	rows := lines[1:]
	r := rand.New(rand.NewPCG(seed, 9))
	r.Shuffle(len(rows), func(i, j int) { rows[i], rows[j] = rows[j], rows[i] })
	return lines[0] + "\n" + strings.Join(rows, "\n") + "\n"
}

// byID is a run's outcome keyed by row ID: cluster ID, size, best match
// and score, and the pairs file's lines keyed by their two IDs.
func byID(t *testing.T, res *Result) (rows map[string]string, pairs map[string]string) {
	t.Helper()
	rows = map[string]string{}
	for i := range res.NumRows() {
		v := res.Values(i)
		rows[res.RowID(int32(i))] = fmt.Sprint(v[:4])
	}
	pairs = map[string]string{}
	for _, p := range res.PairRows() {
		a, b := p.RowA, p.RowB
		if a > b {
			a, b = b, a
		}
		pairs[a+","+b] = fmt.Sprintf("%v %v %v %s %s %s %s %s", p.Score, p.MatchWeight, p.Linked, p.Name, p.BirthDate, p.Email, p.Phone, p.Address)
	}
	return rows, pairs
}

// TestShuffledRowsSameClusters: the same rows in another order give the
// same clusters, cluster IDs, best matches, scores and pairs, by ID.
func TestShuffledRowsSameClusters(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name, cfg, data, from string
	}{
		{"sample data", sampleConfig, readSample(t), ""},
		{"sample data, largest id", sampleConfig, readSample(t), ", clusterIdFrom: largest_id"},
		{"10k generated rows", dupgenConfig, dupgen10k(t), ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			cfg := fmt.Sprintf(c.cfg, c.from)
			base, err := runConfig(t, cfg, c.data, Options{})
			if err != nil {
				t.Fatal(err)
			}
			wantRows, wantPairs := byID(t, base)
			clustered := 0
			for i := range base.NumRows() {
				if base.Row(i).Cluster >= 0 {
					clustered++
				}
			}
			if clustered < 10 {
				t.Fatalf("only %d rows clustered: the test would show little", clustered)
			}
			for seed := uint64(1); seed <= 2; seed++ {
				res, err := runConfig(t, cfg, shuffled(c.data, seed), Options{})
				if err != nil {
					t.Fatal(err)
				}
				rows, pairs := byID(t, res)
				diff := 0
				for id, want := range wantRows {
					if got := rows[id]; got != want && diff < 5 {
						diff++
						t.Errorf("shuffle %d: row %s: got %s, want %s", seed, id, got, want)
					}
				}
				if len(pairs) != len(wantPairs) {
					t.Errorf("shuffle %d: %d pairs, want %d", seed, len(pairs), len(wantPairs))
				}
				for k, want := range wantPairs {
					if got := pairs[k]; got != want && diff < 10 {
						diff++
						t.Errorf("shuffle %d: pair %s: got %q, want %q", seed, k, got, want)
					}
				}
			}
			// The cluster ID is the smallest (largest) member ID.
			members := map[string][]int64{}
			for i := range base.NumRows() {
				if base.Row(i).Cluster >= 0 {
					id := fmt.Sprint(base.Values(i)[0])
					n, _ := strconv.ParseInt(base.RowID(int32(i)), 10, 64)
					members[id] = append(members[id], n)
				}
			}
			for id, ms := range members {
				want := ms[0]
				for _, m := range ms {
					if strings.Contains(c.from, "largest") == (m > want) {
						want = m
					}
				}
				if id != strconv.FormatInt(want, 10) {
					t.Errorf("cluster %s has members %v", id, ms)
				}
			}
		})
	}
}

func TestIDColumnErrors(t *testing.T) {
	t.Parallel()
	const head = "id,given_name,surname,email,phone,birth_date,street,postal_code,city\n"
	row := func(id, name string) string { return id + "," + name + ",Smith,,,,,,\n" }
	for _, c := range []struct{ name, cfg, data, want string }{
		{"duplicate", dupgenConfig, head + row("A1", "Ann") + row("B2", "Bob") + row("A1", "Cy"),
			`in.csv: row 3: column "id" (dedupe.idColumn): the ID "A1" is also the ID of row 1`},
		{"empty", dupgenConfig, head + row("A1", "Ann") + row(" ", "Bob"),
			`in.csv: row 2 (line 3): column "id" (dedupe.idColumn): the ID is empty`},
		{"same number", dupgenConfig, head + row("7", "Ann") + row("007", "Bob"),
			`in.csv: row 2: column "id" (dedupe.idColumn): the ID "007" is the number of the ID "7" of row 1`},
		{"no column", strings.Replace(dupgenConfig, "idColumn: id", "idColumn: customer", 1), head + row("1", "Ann"),
			`in.csv: dedupe.idColumn: no column "customer" in the input`},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := runConfig(t, fmt.Sprintf(c.cfg, ""), c.data, Options{})
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v, want %q", err, c.want)
			}
		})
	}
}

// TestTermsAddUp: in the pairs file of the sample data and of 10k
// generated rows, every pair's w_ columns add up to its match_weight
// within 0.001, and an asked pair's terms are those of its line.
func TestTermsAddUp(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ name, cfg, data string }{
		{"sample data", sampleConfig, readSample(t)},
		{"10k generated rows", dupgenConfig, dupgen10k(t)},
	} {
		t.Run(c.name, func(t *testing.T) {
			base, err := runConfig(t, fmt.Sprintf(c.cfg, ""), c.data, Options{})
			if err != nil {
				t.Fatal(err)
			}
			var buf bytes.Buffer
			if err := base.WritePairs(&buf); err != nil {
				t.Fatal(err)
			}
			recs, err := csv.NewReader(&buf).ReadAll()
			if err != nil {
				t.Fatal(err)
			}
			head := recs[0]
			col := map[string]int{}
			for i, h := range head {
				col[h] = i
			}
			tf := 0
			for _, r := range recs[1:] {
				sum := 0.0
				for _, name := range TermNames() {
					x, err := strconv.ParseFloat(r[col[name]], 64)
					if err != nil {
						t.Fatalf("%s: %v", name, err)
					}
					if strings.HasPrefix(name, "w_tf_") && x != 0 {
						tf++
					}
					sum += x
				}
				w, _ := strconv.ParseFloat(r[col["match_weight"]], 64)
				if math.Abs(sum-w) > 0.001 {
					t.Errorf("pair %s,%s: terms add up to %.4f, match_weight %.4f", r[0], r[1], sum, w)
				}
				// missing and the neutral level weigh nothing
				for _, f := range []string{"email", "phone", "birth_date"} {
					if (r[col[f]] == "missing" || r[col[f]] == "name_other_domain") && r[col["w_"+f]] != "0" {
						t.Errorf("pair %s,%s: %s %s with weight %s", r[0], r[1], f, r[col[f]], r[col["w_"+f]])
					}
				}
			}
			if len(recs) < 20 || tf == 0 {
				t.Fatalf("%d pairs, %d term-frequency terms: too few to show anything", len(recs)-1, tf)
			}
			// --explain-pair: the terms of an asked pair are its line's.
			p := recs[1]
			asked, err := runConfig(t, fmt.Sprintf(c.cfg, ""), c.data, Options{ExplainPairs: []ExplainPair{{A: p[0], B: p[1]}}})
			if err != nil {
				t.Fatal(err)
			}
			e := asked.Explained[0].Pair
			if got, want := round4(e.Weight), p[col["match_weight"]]; strconv.FormatFloat(got, 'f', -1, 64) != want {
				t.Errorf("asked pair %s,%s: weight %v, pairs file %s", p[0], p[1], got, want)
			}
			terms := asked.Model.Terms(&e)
			if math.Abs(terms.Sum()-e.Weight) > 1e-6 {
				t.Errorf("asked pair: terms %v add up to %v, weight %v", terms, terms.Sum(), e.Weight)
			}
			var out bytes.Buffer
			if err := asked.Model.WriteTerms(&out, p[0], p[1], &e); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(out.String(), "prior") || !strings.Contains(out.String(), fmt.Sprintf("%+8.3f", e.Weight)) {
				t.Errorf("explanation:\n%s", out.String())
			}
		})
	}
}

// TestWarnings: a model that cannot be learned says so.
func TestWarnings(t *testing.T) {
	t.Parallel()
	head := "id,given_name,surname,email,phone,birth_date,street,postal_code,city\n"
	var same strings.Builder
	same.WriteString(head)
	for i := range 3000 {
		fmt.Fprintf(&same, "%d,John,Smith,john@example.com,+1 555 0100,1980-01-02,Main Street 1,12345,Springfield\n", i+1)
	}
	for _, c := range []struct{ name, data, want string }{
		{"one value everywhere", same.String(), "the weights cannot be learned"},
		{"too few pairs", head + "1,Ann,Abel,,,,,,\n2,Bob,Brandt,,,,,,\n3,Ann,Abel,,,,,,\n", "too few to learn the weights"},
		{"fine", dupgen10k(t), ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			res, err := runConfig(t, fmt.Sprintf(dupgenConfig, ""), c.data, Options{})
			if err != nil {
				t.Fatal(err)
			}
			got := strings.Join(res.Summary.Warnings, "\n")
			if c.want == "" && got != "" || !strings.Contains(got, c.want) {
				t.Errorf("warnings %q, want %q", got, c.want)
			}
		})
	}
}

// TestNameAloneDoesNotLink: a pair whose only agreeing field is the name
// while another field disagrees is not linked, whatever its score; a
// name with the other fields missing may be. Nor is one whose only
// agreeing field besides the name is one namesakes share while two
// disagree.
func TestNameAloneDoesNotLink(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		v    Vector
		want bool
	}{
		{Vector{FieldName: NameEqual, FieldAddress: Different}, false},
		{Vector{FieldName: NameEqual, FieldAddress: Different, FieldEmail: EmailNameOtherDomain}, false},
		{Vector{FieldName: NameEqual}, true},
		{Vector{FieldName: NameEqual, FieldEmail: EmailNameOtherDomain}, true},
		{Vector{FieldName: NameEqual, FieldAddress: Different, FieldBirth: BirthTypo}, true},
		{Vector{FieldName: NameSimilar, FieldPhone: Equal}, true},
		{Vector{FieldName: NameDifferent, FieldPhone: Equal, FieldEmail: Equal}, true},
		// One field namesakes share agreeing against two disagreeing
		// ones (Outweighed); a birth date or an equal email (not made
		// of the name: those are close) is not such a field.
		{Vector{FieldName: NameEqual, FieldEmail: Close, FieldBirth: BirthDifferent, FieldAddress: Different}, false},
		{Vector{FieldName: NameEqual, FieldAddress: Equal, FieldBirth: BirthDifferent, FieldEmail: Different, FieldPhone: Different}, false},
		{Vector{FieldName: NameEqual, FieldPhone: Equal, FieldBirth: BirthDifferent, FieldAddress: Different}, false},
		{Vector{FieldName: NameEqual, FieldBirth: BirthEqual, FieldEmail: Different, FieldAddress: Different}, true},
		{Vector{FieldName: NameEqual, FieldBirth: BirthTypo, FieldEmail: Different, FieldAddress: Different}, true},
		{Vector{FieldName: NameEqual, FieldEmail: Close, FieldAddress: Different}, true},
		{Vector{FieldName: NameEqual, FieldEmail: Equal, FieldPhone: Different, FieldAddress: Different}, true},
		{Vector{FieldName: NameEqual, FieldEmail: Equal, FieldPhone: Equal, FieldBirth: BirthDifferent, FieldAddress: Different}, true},
	} {
		if got := Links(c.v.Pattern()); got != c.want {
			t.Errorf("%s: Links %v, want %v", Reason(c.v.Pattern()), got, c.want)
		}
	}
}

// TestModelLinksWeakFields: an extra field whose agreement weighs little
// (a gender: m/u of its equal level under 4) counts neither way in
// Model.Links, so name=equal gender=equal address=different does not
// link where name=equal ssn=equal address=different does.
func TestModelLinksWeakFields(t *testing.T) {
	t.Parallel()
	var m Model
	for f := Field(0); f < maxFields; f++ {
		m.M[f] = make([]float64, f.Levels())
		m.U[f] = make([]float64, f.Levels())
		for l := range m.M[f] {
			m.M[f][l], m.U[f][l] = 0.5, 0.5
		}
	}
	const gender, ssn = numFields, numFields + 1
	m.M[gender][Equal], m.U[gender][Equal] = 0.95, 0.5
	m.M[ssn][Equal], m.U[ssn][Equal] = 0.8, 0.0001
	for _, c := range []struct {
		v            Vector
		plain, model bool
	}{
		{Vector{FieldName: NameEqual, FieldAddress: Different, gender: Equal}, true, false},
		{Vector{FieldName: NameEqual, FieldAddress: Different, ssn: Equal}, true, true},
		{Vector{FieldName: NameEqual, gender: Equal}, true, true},
		{Vector{FieldName: NameEqual, gender: Different, FieldBirth: BirthEqual}, true, true},
		// a weak field's disagreement does not outweigh either
		{Vector{FieldName: NameEqual, FieldPhone: Equal, FieldAddress: Different, gender: Different}, false, true},
	} {
		p := c.v.Pattern()
		if got := Links(p); got != c.plain {
			t.Errorf("%v: Links %v, want %v", c.v, got, c.plain)
		}
		if got := m.Links(p); got != c.model {
			t.Errorf("%v: Model.Links %v, want %v", c.v, got, c.model)
		}
	}
}
