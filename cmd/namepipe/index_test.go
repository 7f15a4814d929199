package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestIndexRefused: an index that does not belong to the run (another
// or changed previous output, another config, another build's features,
// not an index at all) and the flags an index does not go with are
// errors that name the file, before any output is written.
func TestIndexRefused(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	conf := fmt.Sprintf(incrementalConfig, samplePerson)
	cfg := write("c.yaml", conf)
	noIDs := write("noids.yaml", strings.Replace(conf, ", idColumn: id", "", 1))
	blockOn := write("blockon.yaml", strings.Replace(conf, "idColumn: id", "idColumn: id, blockOn: [city]", 1))
	window := write("window.yaml", strings.Replace(conf, "idColumn: id", "idColumn: id, window: 6", 1))
	noPhone := write("nophone.yaml", strings.Replace(conf, "  phone: phone\n", "", 1))
	data, err := os.ReadFile(filepath.Join("..", "..", "sample-data", "customers.csv"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(data), "\n")
	first := write("first.csv", strings.Join(lines[:100], ""))
	second := write("second.csv", lines[0]+strings.Join(lines[100:], ""))
	prevOut, index := filepath.Join(dir, "first.out.csv"), filepath.Join(dir, "first.index")
	var stdout, stderr bytes.Buffer
	if code := realMain(context.Background(), []string{"dedupe", "--config", cfg, "--input", first, "--output", prevOut, "--save-index", index, "--quiet"}, &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	prev, err := os.ReadFile(prevOut)
	if err != nil {
		t.Fatal(err)
	}
	idx, err := os.ReadFile(index)
	if err != nil {
		t.Fatal(err)
	}
	// The previous output changed after the index was saved: one cell
	// edited (the same size), one row more.
	edited := write("edited.out.csv", strings.Replace(string(prev), "Berlin", "Bremen", 1))
	longer := write("longer.out.csv", string(prev)+strings.TrimRight(lines[100], "\n")+",,,,,\n")
	if string(prev) == readText(t, edited) {
		t.Fatal("the sample has no Berlin to edit")
	}
	// An index of another build: its features' fingerprint differs.
	at := bytes.Index(idx, []byte(`"probe":"`)) + len(`"probe":"`)
	other := bytes.Clone(idx)
	other[at] ^= 1
	otherBuild := write("other-build.index", string(other))
	cut := write("cut.index", string(idx[:len(idx)/2]))

	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"previous edited", []string{"--config", cfg, "--input", second, "--previous", edited, "--index", index}, "saved with another output than --previous " + edited},
		{"previous longer", []string{"--config", cfg, "--input", second, "--previous", longer, "--index", index}, "--index " + index + ": saved with another output"},
		{"other blocking rules", []string{"--config", blockOn, "--input", second, "--previous", prevOut, "--index", index}, "--index " + index + ": saved with another config"},
		{"other window", []string{"--config", window, "--input", second, "--previous", prevOut, "--index", index}, "saved with another config"},
		{"other person mapping", []string{"--config", noPhone, "--input", second, "--previous", prevOut, "--index", index}, "saved with another config"},
		{"other build", []string{"--config", cfg, "--input", second, "--previous", prevOut, "--index", otherBuild}, "--index " + otherBuild + ": saved by a namepipe that makes other features"},
		{"not an index", []string{"--config", cfg, "--input", second, "--previous", prevOut, "--index", first}, "--index " + first + ": not an index"},
		{"index cut short", []string{"--config", cfg, "--input", second, "--previous", prevOut, "--index", cut}, "--index " + cut + ": not an index"},
		{"no index file", []string{"--config", cfg, "--input", second, "--previous", prevOut, "--index", filepath.Join(dir, "none.index")}, "--index: open"},
		{"index without previous", []string{"--config", cfg, "--input", second, "--index", index}, "--index needs --previous"},
		{"rows not new", []string{"--config", cfg, "--input", first, "--previous", prevOut, "--index", index}, `the ID "1" is in the previous output`},
		{"save without idColumn", []string{"--config", noIDs, "--input", first, "--save-index", filepath.Join(dir, "x.index")}, "--save-index needs dedupe.idColumn"},
		{"save with previous", []string{"--config", cfg, "--input", second, "--previous", prevOut, "--save-index", filepath.Join(dir, "x.index")}, "--save-index is for a run over all rows"},
		{"save over the input", []string{"--config", cfg, "--input", first, "--save-index", first}, "is the input or another output"},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := filepath.Join(dir, strings.ReplaceAll(c.name, " ", "_")+".out.csv")
			var stdout, stderr bytes.Buffer
			code := realMain(context.Background(), append([]string{"dedupe", "--quiet", "--output", out}, c.args...), &stdout, &stderr)
			want := exitUsage
			if c.name == "rows not new" {
				want = exitInput // the input's rows are wrong, found once they are read
			}
			if code != want || !strings.Contains(stderr.String(), c.want) {
				t.Errorf("exit %d, stderr %q, want exit %d and %q", code, stderr.String(), want, c.want)
			}
			if _, err := os.Stat(out); err == nil {
				t.Error("the output was written")
			}
			if _, err := os.Stat(filepath.Join(dir, "x.index")); err == nil {
				t.Error("an index was written")
			}
		})
	}
	// The index itself still serves the output it was saved with.
	if code := realMain(context.Background(), []string{"dedupe", "--config", cfg, "--input", second, "--previous", prevOut, "--index", index,
		"--output", filepath.Join(dir, "ok.out.csv"), "--quiet"}, &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
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
