package dedupeflow

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"

	"github.com/namepipe/namepipe/dedupe"
	"github.com/namepipe/namepipe/engine"
	"github.com/namepipe/namepipe/internal/wiring"
	"github.com/namepipe/namepipe/mapping"
	"github.com/namepipe/namepipe/readers"
)

// localDedupe runs dedupe.Run and writes its output as `namepipe dedupe`
// does, with the local engine's person matcher.
func localDedupe(t *testing.T, cfgText []byte, in, ref, out string) *dedupe.Result {
	t.Helper()
	ctx := context.Background()
	cfg, err := mapping.Parse(cfgText, "test.yaml")
	if err != nil {
		t.Fatal(err)
	}
	rd, plan, err := openSource(ctx, cfg, in, false)
	if err != nil {
		t.Fatal(err)
	}
	defer rd.Close()
	e, err := engine.New()
	if err != nil {
		t.Fatal(err)
	}
	o := dedupe.Options{Input: rd, Plan: plan, Matcher: e, MaxMatchCalls: -1, Settings: cfg.Dedupe, USample: testUSample}
	if ref != "" {
		rref, refPlan, err := openSource(ctx, cfg, ref, true)
		if err != nil {
			t.Fatal(err)
		}
		defer rref.Close()
		o.Reference, o.RefPlan = rref, refPlan
	}
	res, err := dedupe.Run(ctx, o)
	if err != nil {
		t.Fatal(err)
	}
	rd2, _, err := openSource(ctx, cfg, in, false)
	if err != nil {
		t.Fatal(err)
	}
	defer rd2.Close()
	schema, err := dedupe.OutputSchemaIDs(rd2.Schema(), cfg.Output.ColumnPrefix(), cfg.Dedupe.IDColumn)
	if err != nil {
		t.Fatal(err)
	}
	var layout *readers.CSVLayout
	if l, ok := readers.LayoutOf(rd2); ok {
		layout = &l
	}
	s := cfg.Settings
	s.Input.Override(in)
	s.Output.Override(out)
	w, err := wiring.CreateOutput(ctx, &s, schema, len(rd2.Schema().Fields), layout)
	if err != nil {
		t.Fatal(err)
	}
	if err := dedupe.WriteOutput(ctx, rd2, w, res, nil); err != nil {
		t.Fatal(err)
	}
	if err := w.Commit(); err != nil {
		t.Fatal(err)
	}
	return res
}

// testUSample is the u sample of the tests (the default's 500,000 random
// pairs take minutes on prism): beyond the pairs compared with names
// (dedupe.UNameSample), so that the others' comparison is checked too
// (with the name words left out of those rows, 10 of dupgen-3000's rows
// differed).
const testUSample = dedupe.UNameSample + 10_000

// beamDedupe runs the pipeline on prism.
func beamDedupe(t *testing.T, o Options) {
	t.Helper()
	p, s := beam.NewPipelineWithRoot()
	if _, err := Build(s, o); err != nil {
		t.Fatal(err)
	}
	runPrism(t, p)
}

// runPrism runs a pipeline on the in-process prism runner.
func runPrism(t *testing.T, p *beam.Pipeline) {
	t.Helper()
	if _, err := prism.Execute(context.Background(), p); err != nil {
		t.Fatalf("prism: %v", err)
	}
}

// partition returns the clusters of an output (rows by np_cluster_id,
// singletons left out) as sorted lists of rows, and its records.
func partition(t *testing.T, path string) (clusters [][]int, recs [][]string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	recs, err = csv.NewReader(bytes.NewReader(data)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	id := slices.Index(recs[0], "np_cluster_id")
	byID := map[string][]int{}
	for i, r := range recs[1:] {
		if r[id] != "" {
			byID[r[id]] = append(byID[r[id]], i+1)
		}
	}
	for _, rows := range byID {
		clusters = append(clusters, rows)
	}
	slices.SortFunc(clusters, func(a, b []int) int { return a[0] - b[0] })
	return clusters, recs
}

func testConfig(in, name string, dedupe ...string) []byte {
	cfg := fmt.Appendf(nil, `
input: {path: %q}
output: {path: /nonexistent/out.csv}
engine: {kind: local}
person:
  %s
  email: email
  phone: phone
  birthDate: birth_date
  address: {street: street, postalCode: postal_code, locality: city}
operations: [parse]
`, in, name)
	if len(dedupe) > 0 {
		cfg = fmt.Appendf(cfg, "dedupe: %s\n", dedupe[0])
	}
	return cfg
}

// TestSameClustersAsLocal: the pipeline on prism gives the clusters of
// `namepipe dedupe` (dedupe.Run), and the same match rows, scores and
// reasons, on the sample data (planted duplicates, rows 301–308) and on
// generated people with planted duplicates. With dedupe.idColumn (IDs in
// another order than the rows: whole numbers, or text) the pipeline is
// given the rows shuffled and split into two files, and still writes
// every row's cells as dedupe.Run does for the rows in their first order,
// cluster IDs and best matches by ID included.
func TestSameClustersAsLocal(t *testing.T) {
	for _, tc := range []struct {
		name, in, person string
		minClusters      int
		// ids relabels the id column (idColumn: id) and shuffles the
		// rows for the pipeline: "number" or "text" IDs.
		ids, dedupe string
	}{
		{name: "sample", in: "../../sample-data/customers.csv", person: "fullName: full_name", minClusters: 8},
		{name: "dupgen", in: "testdata/dupgen-3000.csv", person: "givenName: given_name\n  surname: surname", minClusters: 300},
		{name: "sample, text IDs, largest", in: "../../sample-data/customers.csv", person: "fullName: full_name", minClusters: 8,
			ids: "text", dedupe: "{idColumn: id, clusterIdFrom: largest_id}"},
		{name: "dupgen, number IDs", in: "testdata/dupgen-3000.csv", person: "givenName: given_name\n  surname: surname", minClusters: 300,
			ids: "number", dedupe: "{idColumn: id}"},
		// the config's own columns: compared (and so blocked on) and
		// blocked on alone
		{name: "sample, compare and blockOn", in: "../../sample-data/customers.csv", person: "fullName: full_name", minClusters: 8,
			dedupe: "{compare: [{column: company, kind: exact}, {column: gender, kind: exact}, {column: country, kind: text}], blockOn: [postal_code]}"},
		{name: "dupgen, number IDs, compare and blockOn", in: "testdata/dupgen-3000.csv", person: "givenName: given_name\n  surname: surname", minClusters: 300,
			ids: "number", dedupe: "{idColumn: id, compare: [{column: postal_code, kind: number}, {column: birth_date, kind: date}], blockOn: [city]}"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in, err := filepath.Abs(tc.in)
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			inputs := []string{in}
			if tc.ids != "" {
				in, inputs = relabelAndShuffle(t, in, dir, tc.ids)
			}
			cfg := testConfig(in, tc.person, tc.dedupe)
			res := localDedupe(t, cfg, in, "", filepath.Join(dir, "local.csv"))
			sum := filepath.Join(dir, "summary.json")
			beamDedupe(t, Options{Config: cfg, ConfigName: "test.yaml", Inputs: inputs, Output: filepath.Join(dir, "beam.csv"), Summary: sum,
				Pairs: filepath.Join(dir, "beam.pairs.csv"), USample: testUSample})
			localPairs := writeLocalPairs(t, res, filepath.Join(dir, "local.pairs.csv"))
			if tc.ids != "" {
				sameByID(t, filepath.Join(dir, "local.csv"), dir, len(inputs), tc.minClusters)
				checkSummary(t, sum, &res.Summary)
				samePairsByID(t, localPairs, filepath.Join(dir, "beam.pairs.csv"))
				return
			}
			sameFileBytes(t, localPairs, filepath.Join(dir, "beam.pairs.csv"))
			want, wantRecs := partition(t, filepath.Join(dir, "local.csv"))
			got, gotRecs := partition(t, filepath.Join(dir, "beam-00000-of-00001.csv"))
			if len(want) < tc.minClusters {
				t.Fatalf("local dedupe found %d clusters, the data plants at least %d", len(want), tc.minClusters)
			}
			if !slices.EqualFunc(got, want, slices.Equal) {
				t.Errorf("clusters differ: beam %d, local %d\nbeam  %v\nlocal %v", len(got), len(want), got, want)
			}
			if len(gotRecs) != len(wantRecs) {
				t.Fatalf("beam wrote %d records, local %d", len(gotRecs), len(wantRecs))
			}
			// Every cell the same (the dedupe columns: cluster, size,
			// match row, score, reason), then the source columns.
			for i, g := range gotRecs {
				n := len(g) - 2
				if !slices.Equal(g[:n], wantRecs[i]) {
					t.Errorf("record %d:\nbeam  %q\nlocal %q", i, g[:n], wantRecs[i])
				} else if i > 0 && (g[n] != in || g[n+1] != strconv.Itoa(i)) {
					t.Errorf("record %d: source %q row %q", i, g[n], g[n+1])
				}
			}
			checkSummary(t, sum, &res.Summary)
		})
	}
}

// checkSummary compares the pipeline's summary with dedupe.Run's.
func checkSummary(t *testing.T, path string, want *dedupe.Summary) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	w := *want
	w.Elapsed, w.ElapsedSec = 0, 0
	// The matcher's memo is per worker: its counts differ.
	w.MatchCalls, w.MatcherMemoHits, w.NamesNotSent, w.NamesComparedLocally = 0, 0, 0, 0
	w.Stages, w.TempDiskBytes = nil, 0 // dedupe.Run's own
	wantJSON, err := json.Marshal(w)
	if err != nil {
		t.Fatal(err)
	}
	var got dedupe.Summary
	if err := json.Unmarshal(data, &got); err != nil {
		t.Fatal(err)
	}
	got.MatchCalls, got.MatcherMemoHits, got.NamesNotSent, got.NamesComparedLocally = 0, 0, 0, 0
	gotJSON, _ := json.Marshal(got)
	if !bytes.Equal(gotJSON, wantJSON) {
		t.Errorf("summary\nbeam  %s\nlocal %s", gotJSON, wantJSON)
	}
}

// TestLinkingSameAsLocal: linking new rows against a reference file gives
// dedupe.Run's links (the reference row matched, its cluster's size), also
// with the config's own columns compared.
func TestLinkingSameAsLocal(t *testing.T) {
	for _, tc := range []struct{ name, dedupe string }{
		{"person fields", ""},
		{"compare", "{compare: [{column: postal_code, kind: number}, {column: city, kind: text}]}"},
	} {
		t.Run(tc.name, func(t *testing.T) { linkingSameAsLocal(t, tc.dedupe) })
	}
}

func linkingSameAsLocal(t *testing.T, dedupeKeys string) {
	data, err := os.ReadFile("testdata/dupgen-3000.csv")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(data), "\n")
	dir := t.TempDir()
	ref, in := filepath.Join(dir, "ref.csv"), filepath.Join(dir, "in.csv")
	if err := os.WriteFile(ref, []byte(strings.Join(lines[:1501], "")), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(in, []byte(lines[0]+strings.Join(lines[1501:], "")), 0o644); err != nil {
		t.Fatal(err)
	}
	var keys []string
	if dedupeKeys != "" {
		keys = append(keys, dedupeKeys)
	}
	cfg := testConfig(in, "givenName: given_name\n  surname: surname", keys...)
	res := localDedupe(t, cfg, in, ref, filepath.Join(dir, "local.csv"))
	beamDedupe(t, Options{Config: cfg, ConfigName: "test.yaml", Inputs: []string{in}, References: []string{ref},
		Output: filepath.Join(dir, "beam.csv"), Pairs: filepath.Join(dir, "beam.pairs.csv"), USample: testUSample})
	sameFileBytes(t, writeLocalPairs(t, res, filepath.Join(dir, "local.pairs.csv")), filepath.Join(dir, "beam.pairs.csv"))
	_, want := partition(t, filepath.Join(dir, "local.csv"))
	_, got := partition(t, filepath.Join(dir, "beam-00000-of-00001.csv"))
	if len(got) != len(want) {
		t.Fatalf("beam wrote %d records, local %d", len(got), len(want))
	}
	for i, g := range got {
		if !slices.Equal(g[:len(g)-2], want[i]) {
			t.Errorf("record %d:\nbeam  %q\nlocal %q", i, g[:len(g)-2], want[i])
		}
	}
	if n := res.Summary.Clusters["2"]; n < 50 {
		t.Errorf("local linking found %d links: the halves share too few people for the test", n)
	}
}

// writeLocalPairs writes dedupe.Run's pairs file (namepipe dedupe
// --pairs) to path and returns path.
func writeLocalPairs(t *testing.T, res *dedupe.Result, path string) string {
	t.Helper()
	var b bytes.Buffer
	if err := res.WritePairs(&b); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if len(res.Pairs) < 10 {
		t.Fatalf("dedupe.Run kept %d pairs: too few to compare the pairs files", len(res.Pairs))
	}
	return path
}

// sameFileBytes wants two files byte for byte.
func sameFileBytes(t *testing.T, want, got string) {
	t.Helper()
	w, err := os.ReadFile(want)
	if err != nil {
		t.Fatal(err)
	}
	g, err := os.ReadFile(got)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(w, g) {
		wl, gl := strings.Split(string(w), "\n"), strings.Split(string(g), "\n")
		for i := range min(len(wl), len(gl)) {
			if wl[i] != gl[i] {
				t.Fatalf("%s and %s differ first at line %d (%d and %d lines):\nbeam  %s\nlocal %s", got, want, i+1, len(gl), len(wl), gl[i], wl[i])
			}
		}
		t.Fatalf("%s has %d lines, %s %d", got, len(gl), want, len(wl))
	}
}

// samePairsByID wants the same pairs files of rows given in another
// order: the same lines, each pair's rows (row_a, row_b and their names)
// in ID order, the lines sorted.
func samePairsByID(t *testing.T, want, got string) {
	t.Helper()
	read := func(path string) (header []string, lines []string) {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		recs, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		h := recs[0]
		a, b := slices.Index(h, "row_a"), slices.Index(h, "row_b")
		na, nb := slices.Index(h, "name_a"), slices.Index(h, "name_b")
		for _, r := range recs[1:] {
			x, errX := strconv.Atoi(r[a])
			y, errY := strconv.Atoi(r[b])
			if errX == nil && errY == nil && x > y || (errX != nil || errY != nil) && r[a] > r[b] {
				r[a], r[b], r[na], r[nb] = r[b], r[a], r[nb], r[na]
			}
			lines = append(lines, strings.Join(r, ","))
		}
		slices.Sort(lines)
		return h, lines
	}
	wh, wl := read(want)
	gh, gl := read(got)
	if !slices.Equal(wh, gh) {
		t.Fatalf("pairs header:\nbeam  %q\nlocal %q", gh, wh)
	}
	if len(wl) != len(gl) {
		t.Fatalf("beam wrote %d pairs, local %d", len(gl), len(wl))
	}
	for i := range wl {
		if wl[i] != gl[i] {
			t.Fatalf("pair %d:\nbeam  %s\nlocal %s", i, gl[i], wl[i])
		}
	}
}

// TestPairsFileWithoutPairs: a run that keeps no pair still writes the
// pairs file, its header alone, as dedupe.Run does.
func TestPairsFileWithoutPairs(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.csv")
	data := "given_name,surname,email,phone,birth_date,street,postal_code,city\n" +
		"Ann,Lee,ann@x.org,,1970-01-02,,,\nBob,Ray,bob@y.org,,1980-03-04,,,\nCy,Dunn,cy@z.org,,1990-05-06,,,\n"
	if err := os.WriteFile(in, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg := testConfig(in, "givenName: given_name\n  surname: surname", "{compare: [{column: city, kind: text}]}")
	res := localDedupe(t, cfg, in, "", filepath.Join(dir, "local.csv"))
	if len(res.Pairs) != 0 {
		t.Fatalf("dedupe.Run kept %d pairs of three different people", len(res.Pairs))
	}
	var want bytes.Buffer
	if err := res.WritePairs(&want); err != nil {
		t.Fatal(err)
	}
	got := filepath.Join(dir, "beam.pairs.csv")
	beamDedupe(t, Options{Config: cfg, ConfigName: "test.yaml", Inputs: []string{in}, Output: filepath.Join(dir, "beam.csv"), Pairs: got, USample: testUSample})
	data2, err := os.ReadFile(got)
	if err != nil {
		t.Fatal(err)
	}
	if string(data2) != want.String() || !strings.HasPrefix(want.String(), "row_a,row_b,") {
		t.Errorf("pairs file %q, want %q", data2, want.String())
	}
}
