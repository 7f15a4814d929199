package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/namepipe/namepipe/record"
)

// plantedDuplicates are the sample's planted rows and the rows they copy
// (sample-data/gen: planted).
var plantedDuplicates = map[string]string{"301": "14", "302": "41", "303": "71", "304": "8", "305": "194", "306": "129", "307": "161", "308": "201"}

// TestDedupeSampleData runs `namepipe dedupe` with the local engine on the
// sample data: every row comes back unchanged and in order with the five
// columns, every planted duplicate shares its original's cluster, and the
// pairs file, summary and --explain are written.
func TestDedupeSampleData(t *testing.T) {
	t.Chdir(filepath.Join("..", ".."))
	dir := t.TempDir()
	out, pairs, sum := filepath.Join(dir, "out.csv"), filepath.Join(dir, "pairs.csv"), filepath.Join(dir, "sum.json")
	var stdout, stderr bytes.Buffer
	code := realMain(context.Background(), []string{"dedupe", "--config", "configs/example.yaml", "--output", out,
		"--pairs", pairs, "--summary", sum, "--explain", "--quiet"}, &stdout, &stderr)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	in := readCSV(t, "sample-data/customers.csv")
	got := readCSV(t, out)
	if len(got) != len(in) {
		t.Fatalf("%d output lines, want %d", len(got), len(in))
	}
	wantHead := append(append([]string(nil), in[0]...), "np_cluster_id", "np_cluster_size", "np_match_row", "np_match_score", "np_match_reason")
	if strings.Join(got[0], ",") != strings.Join(wantHead, ",") {
		t.Fatalf("header %q, want %q", got[0], wantHead)
	}
	cluster := map[string]string{}
	for i := 1; i < len(got); i++ {
		if strings.Join(got[i][:len(in[i])], "\x00") != strings.Join(in[i], "\x00") {
			t.Fatalf("line %d: input columns changed: %q, want %q", i+1, got[i][:len(in[i])], in[i])
		}
		cluster[got[i][0]] = got[i][len(in[i])]
	}
	for dup, orig := range plantedDuplicates {
		if cluster[dup] == "" || cluster[dup] != cluster[orig] {
			t.Errorf("planted row %s: cluster %q, its original row %s: %q", dup, cluster[dup], orig, cluster[orig])
		}
	}
	p := readCSV(t, pairs)
	if strings.Join(p[0], ",") != "row_a,row_b,score,match_weight,linked,name,birth_date,email,phone,address,name_a,name_b,w_prior,w_name,w_birth_date,w_email,w_phone,w_address,w_tf_name,w_tf_birth_date,w_tf_email,w_tf_phone,w_tf_address" || len(p) < 9 {
		t.Errorf("pairs file: header %q, %d lines", p[0], len(p))
	}
	var s struct {
		Rows          int              `json:"rows"`
		PairsCompared int              `json:"pairs_compared"`
		Clusters      map[string]int64 `json:"clusters"`
	}
	data, err := os.ReadFile(sum)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatal(err)
	}
	if s.Rows != len(in)-1 || s.PairsCompared == 0 || s.Clusters["2"] == 0 {
		t.Errorf("summary: %s", data)
	}
	if !strings.Contains(stdout.String(), "Fellegi–Sunter weights") || !strings.Contains(stdout.String(), "birth_date   day_month_swapped") {
		t.Errorf("--explain printed:\n%s", stdout.String())
	}
}

// TestDedupeReferenceAndParquet links new rows against the sample as a
// reference file and writes Parquet with typed columns.
func TestDedupeReferenceAndParquet(t *testing.T) {
	t.Chdir(filepath.Join("..", ".."))
	dir := t.TempDir()
	in := filepath.Join(dir, "leads.csv")
	leads := "id,full_name,given_name,surname,company,email,phone,birth_date,country,street,postal_code,city,gender\n" +
		"1,\"Müller, Sabine\",Sabine,Müller,,sabine.mueller@web.de,+49 30 4723271,1996-04-09,DE,Hauptstraße 4,10115,Berlin,F\n" +
		"2,Zoe Newcomer,Zoe,Newcomer,,zoe.newcomer@example.org,+44 20 0000000,2001-02-03,GB,Somewhere 1,SW1,London,F\n"
	if err := os.WriteFile(in, []byte(leads), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "leads.parquet")
	var stdout, stderr bytes.Buffer
	code := realMain(context.Background(), []string{"dedupe", "--config", "configs/example.yaml", "--input", in, "--output", out,
		"--reference", "sample-data/customers.csv", "--quiet"}, &stdout, &stderr)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	recs, schema := readAll(t, out)
	if len(recs) != 2 {
		t.Fatalf("%d rows, want the 2 input rows", len(recs))
	}
	for name, typ := range map[string]record.Type{"np_cluster_id": record.Int64, "np_cluster_size": record.Int64, "np_match_row": record.Int64,
		"np_match_score": record.Double, "np_match_reason": record.String} {
		if i := schema.Index(name); i < 0 || schema.Fields[i].Type != typ {
			t.Errorf("column %s: index %d, want type %s", name, i, typ)
		}
	}
	id, size, match := schema.Index("np_cluster_id"), schema.Index("np_cluster_size"), schema.Index("np_match_row")
	// Sabine Müller is rows 194 and 305 of the sample; the lead links to one.
	if c := recs[0].Values[id]; c != int64(194) && c != int64(305) {
		t.Errorf("lead 1 linked to reference row %v, want 194 or 305", c)
	}
	if recs[0].Values[match] != recs[0].Values[id] {
		t.Errorf("lead 1: best match row %v, cluster %v: want the same reference row", recs[0].Values[match], recs[0].Values[id])
	}
	if recs[0].Values[size] != int64(2) {
		t.Errorf("lead 1 cluster size %v, want 2 (the lead and its reference row)", recs[0].Values[size])
	}
	if recs[1].Values[id] != nil {
		t.Errorf("new person linked to reference row %v", recs[1].Values[id])
	}
}

func TestDedupeUsageErrors(t *testing.T) {
	t.Chdir(filepath.Join("..", ".."))
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"dedupe"}, "--config is required"},
		{[]string{"dedupe", "--config", "configs/example.yaml", "--output", "-"}, "must be a file"},
		{[]string{"dedupe", "--config", "configs/example.yaml", "--output", "sample-data/customers.csv"}, "never overwrites its input"},
		{[]string{"dedupe", "--config", "configs/example.yaml", "--pairs", "/nonexistent/dir/p.csv"}, "does not exist"},
	} {
		var stdout, stderr bytes.Buffer
		if code := realMain(context.Background(), tc.args, &stdout, &stderr); code != exitUsage || !strings.Contains(stderr.String(), tc.want) {
			t.Errorf("%q: exit %d, stderr %q; want exit %d and %q", tc.args, code, stderr.String(), exitUsage, tc.want)
		}
	}
}

// TestDedupeIDsMergeExplain: with dedupe.idColumn the output names rows
// by their IDs, --merge writes one record per cluster (the sample data's
// rows less its duplicates), and --explain-pair prints the terms of a
// planted pair, whose sum is the match weight printed.
func TestDedupeIDsMergeExplain(t *testing.T) {
	t.Chdir(filepath.Join("..", ".."))
	dir := t.TempDir()
	cfgData, err := os.ReadFile("configs/example.yaml")
	if err != nil {
		t.Fatal(err)
	}
	cfgPath := filepath.Join(dir, "c.yaml")
	cfgText := strings.Replace(string(cfgData), "path: sample-data/customers.csv", "path: "+filepath.Join(mustAbs(t, "sample-data"), "customers.csv"), 1) +
		"\ndedupe:\n  idColumn: id\n  merge: {survivor: most_complete, columns: {email: most_frequent}}\n"
	if err := os.WriteFile(cfgPath, []byte(cfgText), 0o644); err != nil {
		t.Fatal(err)
	}
	var dup, orig string
	for dup, orig = range plantedDuplicates {
		break
	}
	out, merged := filepath.Join(dir, "out.csv"), filepath.Join(dir, "merged.csv")
	var stdout, stderr bytes.Buffer
	code := realMain(context.Background(), []string{"dedupe", "--config", cfgPath, "--output", out, "--merge", merged,
		"--explain-pair", orig + "," + dup, "--quiet"}, &stdout, &stderr)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	in := readCSV(t, "sample-data/customers.csv")
	got := readCSV(t, out)
	clusters := map[string]bool{}
	inCluster := 0
	for _, r := range got[1:] {
		if id := r[len(in[0])]; id != "" {
			clusters[id] = true
			inCluster++
		}
	}
	m := readCSV(t, merged)
	if want := len(in) - inCluster + len(clusters); len(m) != want {
		t.Errorf("%d merged lines, want %d (header, singletons, one per cluster)", len(m), want)
	}
	if h := m[0][len(m[0])-3:]; strings.Join(h, ",") != "np_survivor_id,np_member_ids,np_cluster_size" {
		t.Errorf("merged header ends %q", h)
	}
	text := stdout.String()
	if !strings.Contains(text, "pair "+orig+", "+dup) || !strings.Contains(text, "= match weight") {
		t.Errorf("--explain-pair printed %q", text)
	}
}

func mustAbs(t *testing.T, p string) string {
	t.Helper()
	a, err := filepath.Abs(p)
	if err != nil {
		t.Fatal(err)
	}
	return a
}
