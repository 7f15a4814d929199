package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/namepipe/namepipe/internal/csvtest"
)

// incrementalConfig maps a file with an id column; %s are the person
// mapping lines.
const incrementalConfig = `
input: {path: in.csv}
output: {path: out.csv, prefix: np_}
person:
%s
operations: [parse]
dedupe: {names: local, idColumn: id}
`

const samplePerson = `  type: {column: company, legal: ["*"]}
  fullName: full_name
  email: email
  phone: phone
  birthDate: {column: birth_date, layout: "2006-01-02"}
  address: {street: street, postalCode: postal_code, locality: city, country: country}`

const dupgenPerson = `  givenName: given_name
  surname: surname
  email: email
  phone: phone
  birthDate: birth_date
  address: {street: street, postalCode: postal_code, locality: city}`

// readClusters returns id → np_cluster_id of a dedupe output ("" for a
// row without duplicates).
func readClusters(t *testing.T, path string) map[string]string {
	t.Helper()
	recs := csvtest.Read(t, path)
	id, cluster := csvtest.Column(t, recs[0], "id"), csvtest.Column(t, recs[0], "np_cluster_id")
	out := map[string]string{}
	for _, r := range recs[1:] {
		out[r[id]] = r[cluster]
	}
	return out
}

// partition returns the clusters of two rows or more, each as its sorted
// member IDs joined, sorted.
func partition(cluster map[string]string) []string {
	by := map[string][]string{}
	for id, c := range cluster {
		if c != "" {
			by[c] = append(by[c], id)
		}
	}
	var out []string
	for _, m := range by {
		if len(m) < 2 {
			continue
		}
		sort.Strings(m)
		out = append(out, strings.Join(m, ","))
	}
	sort.Strings(out)
	return out
}

// TestIncrementalSameClusters: the first half of a file, then the second
// half with --previous (the same saved model for all runs), gives the
// clusters of one run over the whole file, once the merge events it
// reports are applied; the previous clusters keep their IDs. Through the
// first run's index (--save-index, --index), the second run writes the
// same output and reports the same merge events, reading fewer rows.
func TestIncrementalSameClusters(t *testing.T) {
	sample, err := os.ReadFile(filepath.Join("..", "..", "sample-data", "customers.csv"))
	if err != nil {
		t.Fatal(err)
	}
	gen := filepath.Join(t.TempDir(), "dupgen.csv")
	if b, err := exec.Command("go", "run", "../../bench/dupgen", "-n", "10000", "-seed", "11", "-o", gen).CombinedOutput(); err != nil {
		t.Fatalf("dupgen: %v: %s", err, b)
	}
	generated, err := os.ReadFile(gen)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, person string
		data         []byte
	}{
		{"sample data", samplePerson, sample},
		{"10k generated rows", dupgenPerson, generated},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			cfg := filepath.Join(dir, "c.yaml")
			if err := os.WriteFile(cfg, []byte(fmt.Sprintf(incrementalConfig, c.person)), 0o644); err != nil {
				t.Fatal(err)
			}
			lines := strings.SplitAfter(strings.TrimRight(string(c.data), "\n")+"\n", "\n")
			head, rows := lines[0], lines[1:len(lines)-1]
			half := len(rows) / 2
			write := func(name string, rows []string) string {
				p := filepath.Join(dir, name)
				if err := os.WriteFile(p, []byte(head+strings.Join(rows, "")), 0o644); err != nil {
					t.Fatal(err)
				}
				return p
			}
			all, first, second := write("all.csv", rows), write("first.csv", rows[:half]), write("second.csv", rows[half:])
			model := filepath.Join(dir, "model.json")
			run := func(args ...string) {
				t.Helper()
				var stdout, stderr bytes.Buffer
				args = append([]string{"dedupe", "--config", cfg, "--quiet"}, args...)
				if code := realMain(context.Background(), args, &stdout, &stderr); code != exitOK {
					t.Fatalf("%v: exit %d: %s", args, code, stderr.String())
				}
			}
			run("--input", all, "--output", filepath.Join(dir, "all.out.csv"), "--save-model", model)
			index := filepath.Join(dir, "first.index")
			run("--input", first, "--output", filepath.Join(dir, "first.out.csv"), "--model", model, "--save-index", index)
			sum := filepath.Join(dir, "s.json")
			run("--input", second, "--previous", filepath.Join(dir, "first.out.csv"), "--output", filepath.Join(dir, "second.out.csv"),
				"--model", model, "--summary", sum)
			// The same through the index, with the model saved in it.
			idxSum := filepath.Join(dir, "s.index.json")
			run("--input", second, "--previous", filepath.Join(dir, "first.out.csv"), "--index", index,
				"--output", filepath.Join(dir, "second.index.out.csv"), "--summary", idxSum)
			sameFile(t, filepath.Join(dir, "second.out.csv"), filepath.Join(dir, "second.index.out.csv"))
			events := func(path string) (string, map[string]any) {
				b, err := os.ReadFile(path)
				if err != nil {
					t.Fatal(err)
				}
				var m map[string]any
				if err := json.Unmarshal(b, &m); err != nil {
					t.Fatal(err)
				}
				e, _ := json.Marshal(m["merge_events"])
				return string(e), m
			}
			full, fullSum := events(sum)
			viaIndex, idxSummary := events(idxSum)
			if full != viaIndex {
				t.Errorf("merge events through the index %s, without %s", viaIndex, full)
			}
			if fullSum["previous_rows"] != idxSummary["previous_rows"] {
				t.Errorf("previous_rows through the index %v, without %v", idxSummary["previous_rows"], fullSum["previous_rows"])
			}
			read, _ := idxSummary["previous_rows_read"].(float64)
			if total, _ := idxSummary["previous_rows"].(float64); read <= 0 || read >= total {
				t.Errorf("through the index, %v of %v previous rows read", read, total)
			}
			t.Logf("through the index: %v of %v previous rows read", read, idxSummary["previous_rows"])

			whole := readClusters(t, filepath.Join(dir, "all.out.csv"))
			old := readClusters(t, filepath.Join(dir, "first.out.csv"))
			inc := readClusters(t, filepath.Join(dir, "second.out.csv"))
			if len(old)+len(inc) != len(whole) {
				t.Fatalf("%d + %d rows, want %d", len(old), len(inc), len(whole))
			}
			var s struct {
				PreviousRows int `json:"previous_rows"`
				MergeEvents  []struct {
					Clusters []string `json:"clusters"`
					Rows     []string `json:"new_rows"`
				} `json:"merge_events"`
			}
			b, err := os.ReadFile(sum)
			if err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(b, &s); err != nil {
				t.Fatal(err)
			}
			if s.PreviousRows != len(old) {
				t.Errorf("previous_rows %d, want %d", s.PreviousRows, len(old))
			}
			// A new row that joined a previous cluster has its ID.
			oldIDs := map[string]bool{}
			for _, c := range old {
				oldIDs[c] = c != ""
			}
			joined := 0
			for _, c := range inc {
				if oldIDs[c] {
					joined++
				}
			}
			if joined == 0 {
				t.Error("no new row joined a previous cluster (kept its ID)")
			}
			// Apply the merge events to the previous rows' clusters.
			into := map[string]string{}
			for _, e := range s.MergeEvents {
				for _, c := range e.Clusters[1:] {
					into[c] = e.Clusters[0]
				}
			}
			combined := map[string]string{}
			for id, c := range old {
				if c == "" {
					c = id // a row without duplicates: its own cluster
				}
				if to, ok := into[c]; ok {
					c = to
				}
				combined[id] = c
			}
			for id, c := range inc {
				combined[id] = c
			}
			got, want := partition(combined), partition(whole)
			if strings.Join(got, " ") != strings.Join(want, " ") {
				gs, ws := map[string]bool{}, map[string]bool{}
				for _, x := range got {
					gs[x] = true
				}
				for _, x := range want {
					ws[x] = true
				}
				var only, missing []string
				for _, x := range got {
					if !ws[x] {
						only = append(only, x)
					}
				}
				for _, x := range want {
					if !gs[x] {
						missing = append(missing, x)
					}
				}
				t.Errorf("%d clusters incrementally, %d at once (%d merge events); only incrementally: %v; only at once: %v",
					len(got), len(want), len(s.MergeEvents), only[:min(len(only), 10)], missing[:min(len(missing), 10)])
			}
			t.Logf("%d clusters, %d new rows joined previous clusters, %d merge events", len(want), joined, len(s.MergeEvents))
		})
	}
}

// sameFile fails the test when two files differ, naming the first line
// that does.
func sameFile(t *testing.T, want, got string) {
	t.Helper()
	a, err := os.ReadFile(want)
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(got)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(a, b) {
		return
	}
	al, bl := strings.Split(string(a), "\n"), strings.Split(string(b), "\n")
	for i := range min(len(al), len(bl)) {
		if al[i] != bl[i] {
			t.Fatalf("%s line %d: %q, %s has %q", got, i+1, bl[i], want, al[i])
		}
	}
	t.Fatalf("%s has %d lines, %s %d", got, len(bl), want, len(al))
}

// TestIncrementalErrors: what --previous and --model refuse, before any
// output is written.
func TestIncrementalErrors(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "c.yaml")
	if err := os.WriteFile(cfg, []byte(fmt.Sprintf(incrementalConfig, samplePerson)), 0o644); err != nil {
		t.Fatal(err)
	}
	noIDs := filepath.Join(dir, "noids.yaml")
	if err := os.WriteFile(noIDs, []byte(strings.Replace(fmt.Sprintf(incrementalConfig, samplePerson), ", idColumn: id", "", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	sample := filepath.Join("..", "..", "sample-data", "customers.csv")
	data, err := os.ReadFile(sample)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(data), "\n")
	first := filepath.Join(dir, "first.csv")
	if err := os.WriteFile(first, []byte(strings.Join(lines[:100], "")), 0o644); err != nil {
		t.Fatal(err)
	}
	prevOut := filepath.Join(dir, "first.out.csv")
	var stdout, stderr bytes.Buffer
	if code := realMain(context.Background(), []string{"dedupe", "--config", cfg, "--input", first, "--output", prevOut, "--quiet"}, &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	badModel := filepath.Join(dir, "bad.json")
	if err := os.WriteFile(badModel, []byte(`{"format": "something else"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"no idColumn", []string{"--config", noIDs, "--input", sample, "--previous", prevOut}, "--previous needs dedupe.idColumn"},
		{"with reference", []string{"--config", cfg, "--input", sample, "--previous", prevOut, "--reference", first}, "cannot be combined"},
		{"not an output", []string{"--config", cfg, "--input", sample, "--previous", first}, `no column "np_cluster_id"`},
		{"rows not new", []string{"--config", cfg, "--input", sample, "--previous", prevOut}, `the ID "1" is in the previous output`},
		{"bad model", []string{"--config", cfg, "--input", sample, "--model", badModel}, `format "something else"`},
		{"no model", []string{"--config", cfg, "--input", sample, "--model", filepath.Join(dir, "none.json")}, "--model"},
	} {
		out := filepath.Join(dir, strings.ReplaceAll(c.name, " ", "_")+".out.csv")
		var stdout, stderr bytes.Buffer
		code := realMain(context.Background(), append([]string{"dedupe", "--quiet", "--output", out}, c.args...), &stdout, &stderr)
		if code == exitOK || !strings.Contains(stderr.String(), c.want) {
			t.Errorf("%s: exit %d, stderr %q, want %q", c.name, code, stderr.String(), c.want)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("%s: the output was written", c.name)
		}
	}
}
