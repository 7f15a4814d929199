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
	write := func(name, text string) string { return writeText(t, dir, name, text) }
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
	for _, kind := range []string{"full run", "chained"} {
		t.Run(kind, func(t *testing.T) {
			dir := filepath.Join(dir, strings.ReplaceAll(kind, " ", "_"))
			if err := os.Mkdir(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			indexRefused(t, dir, kind == "chained", cfg, noIDs, blockOn, window, noPhone, lines, first, second)
		})
	}
}

// indexRefused is TestIndexRefused with the index of the first 99 rows
// saved by a full run over them, or chained: by an incremental run over
// the last 49 of them through the index of a full run over the first 50.
func indexRefused(t *testing.T, dir string, chained bool, cfg, noIDs, blockOn, window, noPhone string, lines []string, first, second string) {
	write := func(name, text string) string { return writeText(t, dir, name, text) }
	prevOut, index := filepath.Join(dir, "first.out.csv"), filepath.Join(dir, "first.index")
	var stdout, stderr bytes.Buffer
	args := []string{"dedupe", "--config", cfg, "--input", first, "--output", prevOut, "--save-index", index, "--quiet"}
	if chained {
		day1, day1Out, day1Index := write("day1.csv", strings.Join(lines[:51], "")), filepath.Join(dir, "day1.out.csv"), filepath.Join(dir, "day1.index")
		if code := realMain(context.Background(), []string{"dedupe", "--config", cfg, "--input", day1, "--output", day1Out, "--save-index", day1Index, "--quiet"}, &stdout, &stderr); code != exitOK {
			t.Fatalf("exit %d: %s", code, stderr.String())
		}
		day2 := write("day2.csv", lines[0]+strings.Join(lines[51:100], ""))
		args = []string{"dedupe", "--config", cfg, "--input", day2, "--previous", day1Out, "--index", day1Index, "--output", prevOut, "--save-index", index, "--quiet"}
	}
	if code := realMain(context.Background(), args, &stdout, &stderr); code != exitOK {
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
	// edited (a letter of the first row, the same size), one row more.
	at := bytes.IndexByte(prev, '\n') + 1 + bytes.IndexAny(prev[bytes.IndexByte(prev, '\n')+1:], "aeiou")
	changed := bytes.Clone(prev)
	changed[at] = 'x'
	edited := write("edited.out.csv", string(changed))
	longer := write("longer.out.csv", string(prev)+strings.TrimRight(lines[100], "\n")+",,,,,\n")
	// An index of another build: its features' fingerprint differs.
	at = bytes.Index(idx, []byte(`"probe":"`)) + len(`"probe":"`)
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
		{"save with previous", []string{"--config", cfg, "--input", second, "--previous", prevOut, "--save-index", filepath.Join(dir, "x.index")}, "--save-index with --previous needs --index"},
		{"save over the previous output", []string{"--config", cfg, "--input", second, "--previous", prevOut, "--index", index, "--save-index", prevOut}, "is the input or another output"},
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
	// The index itself still serves the output it was saved with, and
	// saves the next index in a chain, which serves the next run.
	next, nextOut := filepath.Join(dir, "next.index"), filepath.Join(dir, "ok.out.csv")
	half := strings.SplitAfterN(readText(t, second), "\n", 100)
	secondA, secondB := write("second-a.csv", strings.Join(half[:99], "")), write("second-b.csv", half[0]+half[99])
	for _, args := range [][]string{
		{"--input", secondA, "--previous", prevOut, "--index", index, "--output", nextOut, "--save-index", next},
		{"--input", secondB, "--previous", nextOut, "--index", next, "--output", filepath.Join(dir, "last.out.csv")},
	} {
		if code := realMain(context.Background(), append([]string{"dedupe", "--config", cfg, "--quiet"}, args...), &stdout, &stderr); code != exitOK {
			t.Fatalf("%v: exit %d: %s", args, code, stderr.String())
		}
	}
}

// writeText writes text to the file name in dir and returns its path.
func writeText(t *testing.T, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func readText(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestSaveIndexInPlace: --save-index given the path of --index replaces
// the index only when the run succeeds, in one rename: a run that fails
// after reading the index leaves it byte for byte, and a run that
// succeeds leaves the same index as one saved elsewhere, which serves the
// next day's run.
func TestSaveIndexInPlace(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string { return writeText(t, dir, name, text) }
	cfg := write("c.yaml", fmt.Sprintf(incrementalConfig, samplePerson))
	lines := strings.SplitAfter(readText(t, filepath.Join("..", "..", "sample-data", "customers.csv")), "\n")
	day1 := write("day1.csv", strings.Join(lines[:101], ""))
	day2 := write("day2.csv", lines[0]+strings.Join(lines[101:201], ""))
	day3 := write("day3.csv", lines[0]+strings.Join(lines[201:], ""))
	run := func(want int, args ...string) {
		t.Helper()
		var stdout, stderr bytes.Buffer
		args = append([]string{"dedupe", "--config", cfg, "--quiet"}, args...)
		if code := realMain(context.Background(), args, &stdout, &stderr); code != want {
			t.Fatalf("%v: exit %d, want %d: %s", args, code, want, stderr.String())
		}
	}
	index, out1 := filepath.Join(dir, "day.index"), filepath.Join(dir, "day1.out.csv")
	run(exitOK, "--input", day1, "--output", out1, "--save-index", index)
	before := readText(t, index)

	// Fails once the rows are read (they are in the previous output):
	// the index is untouched and no temporary file is left beside it.
	run(exitInput, "--input", day1, "--previous", out1, "--index", index, "--save-index", index, "--output", filepath.Join(dir, "bad.out.csv"))
	if readText(t, index) != before {
		t.Fatal("a failed run changed the index it was to replace")
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".*.tmp-*")); len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}

	// Succeeds: the same index as one saved to another path.
	elsewhere := filepath.Join(dir, "elsewhere.index")
	run(exitOK, "--input", day2, "--previous", out1, "--index", index, "--save-index", elsewhere, "--output", filepath.Join(dir, "day2.elsewhere.csv"))
	out2 := filepath.Join(dir, "day2.out.csv")
	run(exitOK, "--input", day2, "--previous", out1, "--index", index, "--save-index", index, "--output", out2)
	after := readText(t, index)
	if after == before {
		t.Fatal("the index was not replaced")
	}
	if after != readText(t, elsewhere) {
		t.Error("the index saved in place differs from the one saved elsewhere")
	}
	// The replaced index serves day 3 against day 2's output.
	run(exitOK, "--input", day3, "--previous", out2, "--index", index, "--output", filepath.Join(dir, "day3.out.csv"))
}
