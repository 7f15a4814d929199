package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/klauspost/compress/gzip"
	"github.com/xuri/excelize/v2"
)

// filesEnv is a directory with the sample customers and a config of the
// local engine writing to out.csv.
type filesEnv struct {
	t   *testing.T
	dir string
}

func newFilesEnv(t *testing.T) filesEnv {
	t.Setenv(todayEnv, "2026-01-15")
	dir := t.TempDir()
	src, err := os.ReadFile(filepath.Join("..", "..", "sample-data", "customers.csv"))
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "customers.csv"), src, 0o644)
	return filesEnv{t, dir}
}

func (e filesEnv) p(name string) string { return filepath.Join(e.dir, name) }

// config writes a config reading in and writing out; extra goes under output:.
func (e filesEnv) config(name, in, out, extra string) string {
	cfg := "input: {path: " + e.p(in) + "}\noutput:\n  path: " + e.p(out) + "\n" + extra +
		"person: {fullName: full_name, email: email, birthDate: birth_date}\noperations: [parse, genderize, disposable]\n"
	os.WriteFile(e.p(name), []byte(cfg), 0o644)
	return e.p(name)
}

func (e filesEnv) run(args ...string) (int, string) {
	var stdout, stderr bytes.Buffer
	code := realMain(context.Background(), args, &stdout, &stderr)
	return code, stderr.String()
}

func (e filesEnv) read(name string) []byte {
	b, err := os.ReadFile(e.p(name))
	if err != nil {
		e.t.Fatal(err)
	}
	return b
}

// TestReEnrichment is the nightly run on its own output: without
// onExisting it stops before any work and names the setting; with
// replace the second output equals the first byte for byte (input
// columns unchanged, result columns in place, same values as a fresh
// run), with no column added.
func TestReEnrichment(t *testing.T) {
	e := newFilesEnv(t)
	if code, errs := e.run("run", "--quiet", "--config", e.config("day1.yaml", "customers.csv", "day1.csv", "")); code != exitOK {
		t.Fatalf("day 1: exit %d: %s", code, errs)
	}
	code, errs := e.run("run", "--quiet", "--config", e.config("fail.yaml", "day1.csv", "fail.csv", ""))
	if code != exitUsage || !strings.Contains(errs, "output.onExisting: result column(s) np_") || !strings.Contains(errs, "onExisting: replace") {
		t.Fatalf("re-run without onExisting: exit %d: %s", code, errs)
	}
	if _, err := os.Stat(e.p("fail.csv")); err == nil {
		t.Error("a refused run wrote its output")
	}
	code, errs = e.run("run", "--config", e.config("day2.yaml", "day1.csv", "day2.csv", "  onExisting: replace\n"))
	if code != exitOK || !strings.Contains(errs, " with errors; 18 result columns replaced in place;") {
		t.Fatalf("day 2: exit %d, want the summary line to count the replaced columns: %s", code, errs)
	}
	day1, day2 := e.read("day1.csv"), e.read("day2.csv")
	if !bytes.Equal(day1, day2) {
		t.Errorf("re-enriched output differs from the first run's\nday1 %q\nday2 %q", firstLines(day1, 2), firstLines(day2, 2))
	}
	// The input columns are the original file's, byte for byte.
	orig := strings.Split(string(e.read("customers.csv")), "\n")
	for i, line := range strings.Split(string(day2), "\n") {
		if i < len(orig) && orig[i] != "" && !strings.HasPrefix(line, orig[i]) {
			t.Fatalf("line %d: %q does not start with the input's %q", i+1, line, orig[i])
		}
	}
}

func firstLines(b []byte, n int) string {
	lines := strings.SplitN(string(b), "\n", n+1)
	return strings.Join(lines[:min(n, len(lines))], "\n")
}

// TestGzipRun reads a .csv.gz and writes a .csv.gz: decompressed, the
// output equals the plain run's. A stream cut short stops the run with
// exit 3, the line reached, and no output.
func TestGzipRun(t *testing.T) {
	e := newFilesEnv(t)
	plain := e.read("customers.csv")
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(plain)
	zw.Close()
	os.WriteFile(e.p("in.csv.gz"), gz.Bytes(), 0o644)
	os.WriteFile(e.p("cut.csv.gz"), gz.Bytes()[:gz.Len()*2/3], 0o644)

	if code, errs := e.run("run", "--quiet", "--config", e.config("plain.yaml", "customers.csv", "plain.csv", "")); code != exitOK {
		t.Fatalf("plain: exit %d: %s", code, errs)
	}
	if code, errs := e.run("run", "--quiet", "--config", e.config("gz.yaml", "in.csv.gz", "out.csv.gz", "")); code != exitOK {
		t.Fatalf("gzip: exit %d: %s", code, errs)
	}
	zr, err := gzip.NewReader(bytes.NewReader(e.read("out.csv.gz")))
	if err != nil {
		t.Fatalf("output is not gzip: %v", err)
	}
	got, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, e.read("plain.csv")) {
		t.Errorf("gzip run's output differs from the plain run's")
	}

	code, errs := e.run("run", "--quiet", "--config", e.config("cut.yaml", "cut.csv.gz", "cut-out.csv.gz", ""))
	if code != exitInput || !strings.Contains(errs, e.p("cut.csv.gz")+":") || !strings.Contains(errs, "gzip stream is corrupt or cut short") {
		t.Errorf("cut gzip: exit %d: %s", code, errs)
	}
	if _, err := os.Stat(e.p("cut-out.csv.gz")); err == nil {
		t.Error("a run stopped by a corrupt input committed its output")
	}
}

// TestPositionalArgument: a file given as an argument is the input (as
// --input), never ignored; what cannot be taken exits 2 with a message.
func TestPositionalArgument(t *testing.T) {
	e := newFilesEnv(t)
	os.WriteFile(e.p("day2.csv"), []byte("full_name,email,birth_date\nAnna Schmidt,anna@mailinator.com,1980-04-05\n"), 0o644)
	cfg := e.config("c.yaml", "customers.csv", "out.csv", "")
	if code, errs := e.run("run", "--config", cfg, e.p("day2.csv"), "--quiet"); code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if out := string(e.read("out.csv")); strings.Count(out, "\n") != 2 || !strings.Contains(out, "Anna Schmidt") {
		t.Errorf("the argument was not the input: %q", out)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"run", "--config", cfg, "a.csv", "b.csv"}, "reads one input file; got 2 arguments"},
		{[]string{"run", "--config", cfg, "--input", e.p("customers.csv"), e.p("day2.csv")}, "both --input"},
		{[]string{"serve", "x.csv"}, `unexpected argument "x.csv"`},
		{[]string{"ping", "--config", cfg, "x"}, `unexpected argument "x"`},
		{[]string{"run", "--config", cfg, "--ouput", "o.csv"}, "did you mean --output?"},
	} {
		code, errs := e.run(tc.args...)
		if code != exitUsage || !strings.Contains(errs, tc.want) || strings.Contains(errs, "Usage:") {
			t.Errorf("%v: exit %d, want 2 and one message with %q:\n%s", tc.args, code, tc.want, errs)
		}
	}
}

// TestXLSXRun enriches an Excel workbook made here, with a date cell and
// empty cells: every row is written, the date as ISO.
func TestXLSXRun(t *testing.T) {
	e := newFilesEnv(t)
	f := excelize.NewFile()
	style, _ := f.NewStyle(&excelize.Style{NumFmt: 14})
	f.SetSheetRow("Sheet1", "A1", &[]any{"full_name", "email", "birth_date"})
	f.SetSheetRow("Sheet1", "A2", &[]any{"Anna Schmidt", "anna@mailinator.com", time.Date(1980, 4, 5, 0, 0, 0, 0, time.UTC)})
	f.SetSheetRow("Sheet1", "A3", &[]any{"Peter Müller", nil, nil})
	f.SetCellStyle("Sheet1", "C2", "C2", style)
	if err := f.SaveAs(e.p("contacts.xlsx")); err != nil {
		t.Fatal(err)
	}
	if code, errs := e.run("run", "--quiet", "--config", e.config("x.yaml", "contacts.xlsx", "out.csv", "")); code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	out := strings.Split(strings.TrimSpace(string(e.read("out.csv"))), "\n")
	if len(out) != 3 || !strings.HasPrefix(out[1], "Anna Schmidt,anna@mailinator.com,1980-04-05,") || !strings.HasPrefix(out[2], "Peter Müller,,,") {
		t.Errorf("output %q", out)
	}
}

// TestInterruptedSummaryAgrees interrupts a run with a persistent cache:
// the summary line counts the rows processed as not written (the output
// is discarded), and the message says how many rows' results the cache
// keeps for the rerun, the same number as the summary.
func TestInterruptedSummaryAgrees(t *testing.T) {
	e := newEnv(t, 3000, testConfig)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	e.svc.hook = func(n int64) error {
		if n == 400 {
			cancel()
		}
		return nil
	}
	code, _, stderr := e.run(ctx, "run", "--config", e.config, "--window", "256", "--grace", "1m")
	if code != exitInterrupted {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	m := regexp.MustCompile(`(\d+) rows in, (\d+) processed but not written \(the output was discarded\).*; (\d+) rows have all their results in the cache`).FindStringSubmatch(stderr)
	if m == nil || m[1] != m[2] {
		t.Fatalf("summary line: %s", stderr)
	}
	want := fmt.Sprintf("no output was written; the results of %s of the %s rows read are kept in the cache", m[3], m[1])
	if !strings.Contains(stderr, want) || m[3] == "0" || strings.Contains(stderr, " out, ") {
		t.Errorf("stderr lacks %q:\n%s", want, stderr)
	}
}

// TestUnreadValuesCounted runs and validates a semicolon CRLF file of US
// dates under a day-first layout: the summary (line and JSON) counts the
// values not read per column, and validate says the same of its sample,
// with the line endings and quoting it sniffed; it prints the per-row
// requests only with --rows.
func TestUnreadValuesCounted(t *testing.T) {
	e := newFilesEnv(t)
	os.WriteFile(e.p("us.csv"), []byte("id;name;dob\r\n1;Anna Schmidt;03/14/1985\r\n2;\"Meier; Peter\";02/07/1943\r\n3;Bob Stone;\r\n4;Carl Gray;garbage\r\n"), 0o644)
	cfg := e.p("us.yaml")
	os.WriteFile(cfg, []byte("input: {path: "+e.p("us.csv")+"}\noutput: {path: "+e.p("out.csv")+"}\nperson:\n  fullName: name\n  birthDate: {column: dob, layout: \"02/01/2006\"}\noperations: [parse]\n"), 0o644)

	code, stderr := e.run("run", "--config", cfg, "--summary", e.p("s.json"))
	if code != exitOK || !strings.Contains(stderr, "values not read: dob 2") {
		t.Fatalf("run: exit %d: %s", code, stderr)
	}
	var sum struct {
		Errors struct {
			ByColumn map[string]int64 `json:"by_column"`
		} `json:"errors"`
	}
	if err := json.Unmarshal(e.read("s.json"), &sum); err != nil || len(sum.Errors.ByColumn) != 1 || sum.Errors.ByColumn["dob"] != 2 {
		t.Errorf("summary errors.by_column %v (%v), want dob 2", sum.Errors.ByColumn, err)
	}

	for _, tc := range []struct {
		args     []string
		wantRows bool
	}{{nil, false}, {[]string{"--rows", "2"}, true}} {
		var stdout, stderr bytes.Buffer
		code := realMain(context.Background(), append([]string{"validate", "--config", cfg}, tc.args...), &stdout, &stderr)
		out := stdout.String()
		for _, want := range []string{
			"4 rows sampled", "delimiter ';', byte order mark false, line endings CRLF, quoting minimal, header row",
			"read 1 of 3 values, 2 not", `column "dob": 2 values of the sample cannot be read, such as row 1 (line 2)`, "config OK",
		} {
			if code != exitOK || !strings.Contains(out, want) {
				t.Errorf("validate %v: exit %d, output lacks %q:\n%s%s", tc.args, code, want, out, stderr.String())
			}
		}
		if got := strings.Contains(out, `"string": "Meier; Peter"`); got != tc.wantRows {
			t.Errorf("validate %v: per-row requests printed %v, want %v:\n%s", tc.args, got, tc.wantRows, out)
		}
	}
}

// TestReEnrichmentEscapes re-enriches names that start with = - + @: a
// result column written in place (onExisting: replace) is escaped like
// a result column appended by a fresh run, so the output is the fresh
// run's byte for byte, and input columns stay as they were.
func TestReEnrichmentEscapes(t *testing.T) {
	e := newFilesEnv(t)
	os.WriteFile(e.p("f.csv"), []byte("full_name,email,birth_date\n=Cmd Smith,cmd@example.com,\n-Anna Schmidt,@x@example.com,\n@Peter Meier,peter@example.com,\n+Maria Rossi,maria@example.com,\n"), 0o644)
	if code, errs := e.run("run", "--quiet", "--config", e.config("day1.yaml", "f.csv", "day1.csv", "")); code != exitOK {
		t.Fatalf("day 1: exit %d: %s", code, errs)
	}
	day1 := e.read("day1.csv")
	for _, want := range []string{"\n=Cmd Smith,cmd@example.com,,'=Cmd,", "\n-Anna Schmidt,@x@example.com,,'-Anna,", "\n@Peter Meier,peter@example.com,,'@Peter,"} {
		if !bytes.Contains(day1, []byte(want)) {
			t.Fatalf("day 1 lacks %q (input as is, result escaped):\n%s", want, day1)
		}
	}
	if code, errs := e.run("run", "--quiet", "--config", e.config("day2.yaml", "day1.csv", "day2.csv", "  onExisting: replace\n")); code != exitOK {
		t.Fatalf("day 2: exit %d: %s", code, errs)
	}
	if day2 := e.read("day2.csv"); !bytes.Equal(day1, day2) {
		t.Errorf("re-enriched output differs from the first run's\nday1 %s\nday2 %s", day1, day2)
	}
}
