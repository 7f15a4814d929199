package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/namepipe/namepipe/dedupe"
)

// TestDedupeMatchesNamepipeDedupe runs namepipe dedupe and namepipe-beam
// dedupe (prism) on the same data and wants the same output: the same
// clusters, match rows, scores and reasons in every row, byte for byte
// once the source columns are taken off; the same summary counts; and the
// same --pairs file, byte for byte.
// The sample data has planted duplicates (rows 301–308); the generated
// people, split into two files, are de-duplicated as one (rows numbered
// over the files in order), as namepipe dedupe does their concatenation.
func TestDedupeMatchesNamepipeDedupe(t *testing.T) {
	bin := tools(t)
	abs := func(p string) string {
		a, err := filepath.Abs(filepath.Join(root, p))
		if err != nil {
			t.Fatal(err)
		}
		return a
	}
	for _, tc := range []struct {
		name, config, data string
		parts              int
	}{
		{"sample", "configs/example.yaml", "sample-data/customers.csv", 1},
		{"dupgen in two files", "bench/configs/dedupe.yaml", "beam/dedupeflow/testdata/dupgen-3000.csv", 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			in := abs(tc.data)
			run(t, filepath.Join(bin, "namepipe"), "dedupe", "--config", abs(tc.config), "--input", in,
				"--output", filepath.Join(dir, "want.csv"), "--summary", filepath.Join(dir, "want.json"),
				"--pairs", filepath.Join(dir, "want.pairs.csv"), "--quiet")
			input := in
			parts := []string{in}
			if tc.parts > 1 {
				input = filepath.Join(dir, "in")
				parts = splitCSV(t, in, input, tc.parts)
			}
			var stderr bytes.Buffer
			code := realMain(context.Background(), []string{"dedupe", "--config", abs(tc.config), "--runner", "prism",
				"--input", input, "--output", filepath.Join(dir, "got.csv"), "--summary", filepath.Join(dir, "got.json"),
				"--pairs", filepath.Join(dir, "got.pairs.csv"), "--quiet"}, io.Discard, &stderr)
			if code != exitOK {
				t.Fatalf("namepipe-beam dedupe: exit %d\n%s", code, stderr.String())
			}
			header, want := readAll(t, filepath.Join(dir, "want.csv"))
			var got [][]string
			for i, p := range parts {
				shard := filepath.Join(dir, fmt.Sprintf("got-%05d-of-%05d.csv", i, len(parts)))
				if len(parts) == 1 {
					sameCSVBytes(t, filepath.Join(dir, "want.csv"), shard, p)
				}
				_, rows := readAll(t, shard)
				for j, r := range rows {
					n := len(r) - 2
					if r[n] != p || r[n+1] != strconv.Itoa(j+1) {
						t.Fatalf("%s row %d: source %q, row %q", shard, j+1, r[n], r[n+1])
					}
					got = append(got, r[:n])
				}
			}
			if len(got) != len(want) {
				t.Fatalf("namepipe-beam wrote %d rows, namepipe %d", len(got), len(want))
			}
			for i := range want {
				if !slices.Equal(got[i], want[i]) {
					t.Errorf("row %d:\nbeam     %q\nnamepipe %q", i+1, got[i], want[i])
				}
			}
			id := slices.Index(header, "np_cluster_id")
			clustered := 0
			for _, r := range want {
				if r[id] != "" {
					clustered++
				}
			}
			if clustered < 16 {
				t.Errorf("only %d rows clustered: the data's planted duplicates were not found", clustered)
			}
			sameDedupeCounts(t, filepath.Join(dir, "want.json"), filepath.Join(dir, "got.json"))
			// the pairs file byte for byte
			wantPairs, gotPairs := readText(t, filepath.Join(dir, "want.pairs.csv")), readText(t, filepath.Join(dir, "got.pairs.csv"))
			if strings.Count(wantPairs, "\n") < 10 {
				t.Fatalf("namepipe dedupe --pairs wrote %d lines: too few to compare", strings.Count(wantPairs, "\n"))
			}
			if gotPairs != wantPairs {
				t.Errorf("--pairs files differ:\nbeam     %.600s\nnamepipe %.600s", gotPairs, wantPairs)
			}
		})
	}
}

// splitCSV writes the rows of a CSV file with a header into n files of
// dir (each with the header) and returns their paths in order.
func splitCSV(t *testing.T, in, dir string, n int) []string {
	t.Helper()
	data, err := os.ReadFile(in)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(strings.TrimSuffix(string(data), "\n"), "\n")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	rows := lines[1:]
	var paths []string
	for i := range n {
		p := filepath.Join(dir, fmt.Sprintf("part%d.csv", i))
		part := lines[0] + strings.Join(rows[len(rows)*i/n:len(rows)*(i+1)/n], "")
		if !strings.HasSuffix(part, "\n") {
			part += "\n"
		}
		if err := os.WriteFile(p, []byte(part), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	return paths
}

// sameDedupeCounts compares two dedupe summaries, but for the times, the
// temporary disk and the person matcher's counts (its memo is per worker).
func sameDedupeCounts(t *testing.T, want, got string) {
	t.Helper()
	read := func(p string) string {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		var s dedupe.Summary
		if err := json.Unmarshal(data, &s); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		s.ElapsedSec, s.MatchCalls, s.MatcherMemoHits, s.NamesNotSent, s.NamesComparedLocally = 0, 0, 0, 0, 0
		s.Stages, s.TempDiskBytes = nil, 0
		out, _ := json.Marshal(s)
		return string(out)
	}
	if w, g := read(want), read(got); w != g {
		t.Errorf("summary\nbeam     %s\nnamepipe %s", g, w)
	}
}

// TestDedupeColumnsChecked: a dedupe.compare or dedupe.blockOn column
// that is not in the input is refused before any work (exit 2), at its
// line of the config, as namepipe dedupe refuses it.
func TestDedupeColumnsChecked(t *testing.T) {
	in, err := filepath.Abs(filepath.Join(root, "sample-data/customers.csv"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ name, dedupe, want string }{
		{"compare", "{compare: [{column: citty, kind: text}]}", `c.yaml:5: dedupe.compare[0].column: column "citty" is not in the input (did you mean "city"?)`},
		{"blockOn", "{blockOn: [postcode]}", `c.yaml:5: dedupe.blockOn[0]: column "postcode" is not in the input`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			cfg := filepath.Join(dir, "c.yaml")
			yaml := "input: {path: " + in + "}\noutput: {path: " + filepath.Join(dir, "out.csv") + "}\nperson: {fullName: full_name, email: email}\noperations: [parse]\ndedupe: " + tc.dedupe + "\n"
			if err := os.WriteFile(cfg, []byte(yaml), 0o644); err != nil {
				t.Fatal(err)
			}
			var stderr bytes.Buffer
			code := realMain(context.Background(), []string{"dedupe", "--config", cfg, "--runner", "prism", "--quiet"}, io.Discard, &stderr)
			if code != exitUsage || !strings.Contains(stderr.String(), tc.want) {
				t.Fatalf("exit %d, want %d with %q; stderr:\n%s", code, exitUsage, tc.want, stderr.String())
			}
			if _, err := os.Stat(filepath.Join(dir, "out-00000-of-00001.csv")); err == nil {
				t.Error("an output was written")
			}
		})
	}
}

// TestDedupeIDErrors: with dedupe.idColumn, a repeated ID (also across
// input files), an empty one or a missing column fails the job with
// namepipe dedupe's message naming the file and row, and no output is
// written.
func TestDedupeIDErrors(t *testing.T) {
	const head = "id,full_name,email\n"
	for _, tc := range []struct {
		name  string
		files []string
		code  int
		want  string
	}{
		{"repeated across files", []string{head + "A1,Ann Lee,a@x.org\nB2,Bob Ray,b@x.org\n", head + "C3,Cy Dunn,c@x.org\nB2,Bo Ray,\n"}, exitFailed,
			`b.csv: row 2: column "id" (dedupe.idColumn): the ID "B2" is also the ID of row 2 of `},
		{"empty", []string{head + "A1,Ann Lee,a@x.org\n,Bob Ray,b@x.org\n"}, exitFailed,
			`a.csv: row 2 (line 3): column "id" (dedupe.idColumn): the ID is empty`},
		{"same number", []string{head + "7,Ann Lee,a@x.org\n007,Bob Ray,b@x.org\n"}, exitFailed,
			`a.csv: row 2: column "id" (dedupe.idColumn): the ID "007" is the number of the ID "7" of row 1`},
		{"no column", []string{"key,full_name,email\n1,Ann Lee,a@x.org\n"}, exitUsage, `dedupe.idColumn: no column "id" in the input`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			in := filepath.Join(dir, "in")
			if err := os.Mkdir(in, 0o755); err != nil {
				t.Fatal(err)
			}
			for i, data := range tc.files {
				if err := os.WriteFile(filepath.Join(in, string(rune('a'+i))+".csv"), []byte(data), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			cfg := filepath.Join(dir, "c.yaml")
			yaml := "input: {path: " + in + ", format: csv}\noutput: {path: " + filepath.Join(dir, "out.csv") + "}\nperson: {fullName: full_name, email: email}\noperations: [parse]\ndedupe: {idColumn: id}\n"
			if err := os.WriteFile(cfg, []byte(yaml), 0o644); err != nil {
				t.Fatal(err)
			}
			var stderr bytes.Buffer
			code := realMain(context.Background(), []string{"dedupe", "--config", cfg, "--runner", "prism", "--quiet"}, io.Discard, &stderr)
			if code != tc.code || !strings.Contains(stderr.String(), tc.want) {
				t.Fatalf("exit %d, want %d with %q; stderr:\n%s", code, tc.code, tc.want, stderr.String())
			}
			if m, _ := filepath.Glob(filepath.Join(dir, "out*")); len(m) > 0 {
				t.Errorf("outputs written: %q", m)
			}
		})
	}
}

func readText(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
