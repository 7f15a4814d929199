package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/namepipe/namepipe/beam/enrich"
	"github.com/namepipe/namepipe/engine"
	"github.com/namepipe/namepipe/pipeline"
	"github.com/namepipe/namepipe/readers"
	"github.com/namepipe/namepipe/record"
	"github.com/namepipe/namepipe/server"
	"github.com/namepipe/namepipe/writers"
)

// root is the main module's directory.
const root = "../../.."

var (
	toolsOnce sync.Once
	toolsDir  string
	toolsErr  error
)

// tools builds namepipe and bench/gen from the main module once per test
// binary and returns the directory holding them.
func tools(t *testing.T) string {
	t.Helper()
	toolsOnce.Do(func() {
		toolsDir, toolsErr = os.MkdirTemp("", "namepipe-beam-tools-")
		if toolsErr != nil {
			return
		}
		for _, pkg := range []string{"./cmd/namepipe", "./bench/gen"} {
			cmd := exec.Command("go", "-C", root, "build", "-o", filepath.Join(toolsDir, filepath.Base(pkg)), pkg)
			if out, err := cmd.CombinedOutput(); err != nil {
				toolsErr = fmt.Errorf("go build %s: %v\n%s", pkg, err, out)
				return
			}
		}
	})
	if toolsErr != nil {
		t.Fatal(toolsErr)
	}
	return toolsDir
}

func run(t *testing.T, name string, args ...string) {
	t.Helper()
	out, err := exec.Command(name, args...).CombinedOutput()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", filepath.Base(name), strings.Join(args, " "), err, out)
	}
}

// equivCase is one comparison of namepipe-beam run with namepipe run.
type equivCase struct {
	name  string
	files []string // made by bench/gen, seeds 1, 2, …
	input string   // the input as given: a directory or a glob
	rows  int      // per file
	// args are more flags of both commands; beamArgs of namepipe-beam's.
	args, beamArgs []string
}

// TestRunMatchesNamepipeRun runs namepipe-beam run on prism over several
// shards and namepipe run over each shard, and compares every row (keyed
// by its source file and row), the CSV bytes and the summary's counts.
func TestRunMatchesNamepipeRun(t *testing.T) {
	config, err := filepath.Abs(filepath.Join(root, "bench/configs/local.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []equivCase{
		{name: "csv directory", files: []string{"a.csv", "b.csv", "c.csv"}, input: "in", rows: 1200},
		{name: "parquet glob", files: []string{"p1.parquet", "p2.parquet"}, input: "in/*.parquet", rows: 1500},
		{name: "mixed directory", files: []string{"a.csv", "b.jsonl", "c.parquet"}, input: "in", rows: 800},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := checkSameAsNamepipe(t, config, tc)
			if res.Job.Workers != 1 || res.Job.RatePerWorker != 0 {
				t.Errorf("summary job = %+v, want 1 worker, no rate", res.Job)
			}
		})
	}
}

// TestRunRemoteEngine runs both commands against the engine served over
// REST on loopback: the workers read the API key from their environment,
// each gets its share of the rate, and the key is in no output.
func TestRunRemoteEngine(t *testing.T) {
	const key = "k-beam-test-7f3a"
	eng, err := engine.New(engine.WithClock(func() time.Time { return time.Date(2026, 11, 24, 0, 0, 0, 0, time.UTC) }))
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(server.New(eng, server.Options{APIKeys: []string{key}}).Handler())
	defer ts.Close()
	t.Setenv("NP_BEAM_TEST_KEY", key)
	local, err := os.ReadFile(filepath.Join(root, "bench/configs/local.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	remote := strings.Replace(string(local), "engine:\n  kind: local\n",
		"engine:\n  kind: nameapi\n  baseURL: "+ts.URL+"/rest/v5.3/\n  apiKeyEnv: NP_BEAM_TEST_KEY\n", 1)
	if remote == string(local) {
		t.Fatal("bench/configs/local.yaml has no engine section to replace")
	}
	config := filepath.Join(t.TempDir(), "remote.yaml")
	if err := os.WriteFile(config, []byte(remote), 0o644); err != nil {
		t.Fatal(err)
	}
	res := checkSameAsNamepipe(t, config, equivCase{
		files: []string{"a.csv", "b.csv"}, input: "in/*.csv", rows: 500,
		args: []string{"--rate", "20000"}, beamArgs: []string{"--workers", "4"},
	})
	if res.Job.Workers != 4 || res.Job.RatePerWorker != 5000 {
		t.Errorf("summary job = %+v, want 4 workers at 5000 requests/s each", res.Job)
	}
	if res.Calls == 0 {
		t.Error("no calls to the service")
	}
	err = filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		if err == nil && bytes.Contains(data, []byte(key)) {
			t.Errorf("%s holds the API key", path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

// checkSameAsNamepipe makes tc's files in a new working directory, runs
// namepipe run on each and namepipe-beam run on all of them (prism), and
// compares rows, CSV bytes and the summary's counts. It returns
// namepipe-beam's summary.
func checkSameAsNamepipe(t *testing.T, config string, tc equivCase) enrich.Result {
	t.Helper()
	bin := tools(t)
	t.Setenv("NAMEPIPE_TODAY", "2026-11-24")
	t.Chdir(t.TempDir())
	for _, d := range []string{"in", "want", "got"} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	var wantSums []pipeline.Summary
	for i, f := range tc.files {
		in := filepath.Join("in", f)
		if filepath.Ext(f) == ".jsonl" {
			// bench/gen writes CSV and Parquet: JSON Lines are its CSV
			// through namepipe's writer.
			csv := filepath.Join(t.TempDir(), "gen.csv")
			run(t, filepath.Join(bin, "gen"), "-n", strconv.Itoa(tc.rows), "-seed", strconv.Itoa(i+1), "-o", csv)
			toJSONL(t, csv, in)
		} else {
			run(t, filepath.Join(bin, "gen"), "-n", strconv.Itoa(tc.rows), "-seed", strconv.Itoa(i+1), "-o", in)
		}
		sum := filepath.Join("want", f+".json")
		run(t, filepath.Join(bin, "namepipe"), append([]string{"run", "--config", config, "--input", in,
			"--output", filepath.Join("want", f), "--summary", sum, "--quiet", "--no-cache"}, tc.args...)...)
		wantSums = append(wantSums, readSummary(t, sum).Summary)
	}

	var stderr bytes.Buffer
	args := append([]string{"run", "--config", config, "--runner", "prism",
		"--input", tc.input, "--output", "got/out.x", "--summary", "got/summary.json", "--quiet"}, tc.args...)
	if code := realMain(context.Background(), append(args, tc.beamArgs...), io.Discard, &stderr); code != exitOK {
		t.Fatalf("namepipe-beam run: exit %d\n%s", code, stderr.String())
	}

	got := map[string][]string{} // source file + row → cells
	var gotHeader []string
	for i, f := range tc.files {
		shard := filepath.Join("got", fmt.Sprintf("out-%05d-of-%05d%s", i, len(tc.files), filepath.Ext(f)))
		header, rows := readAll(t, shard)
		gotHeader = header
		for _, r := range rows {
			key := r[len(r)-2] + "#" + r[len(r)-1]
			if _, dup := got[key]; dup {
				t.Fatalf("%s: row %s twice", shard, key)
			}
			got[key] = r[:len(r)-2]
		}
		if filepath.Ext(f) == ".csv" {
			sameCSVBytes(t, filepath.Join("want", f), shard, filepath.Join("in", f))
		}
	}
	var wantHeader []string
	n := 0
	for _, f := range tc.files {
		header, rows := readAll(t, filepath.Join("want", f))
		wantHeader = header
		for i, r := range rows {
			n++
			key := filepath.Join("in", f) + "#" + strconv.Itoa(i+1)
			if g, ok := got[key]; !ok {
				t.Errorf("row %s missing from namepipe-beam's output", key)
			} else if !reflect.DeepEqual(g, r) {
				t.Errorf("row %s:\n got %q\nwant %q", key, g, r)
			}
		}
	}
	if want := append(wantHeader, "np_source_file", "np_source_row"); !reflect.DeepEqual(gotHeader, want) {
		t.Errorf("header:\n got %q\nwant %q", gotHeader, want)
	}
	if n != len(tc.files)*tc.rows || len(got) != n {
		t.Errorf("rows: namepipe-beam wrote %d, namepipe %d, want %d", len(got), n, len(tc.files)*tc.rows)
	}

	res := readSummary(t, filepath.Join("got", "summary.json"))
	if g, w := counts(res.Summary), sumCounts(wantSums); !reflect.DeepEqual(g, w) {
		t.Errorf("summary counts:\n got %+v\nwant %+v", g, w)
	}
	if res.Job.Files != len(tc.files) || res.Job.Runner != "prism" {
		t.Errorf("summary job = %+v", res.Job)
	}
	return res
}

// toJSONL writes the CSV file src as JSON Lines to dst.
func toJSONL(t *testing.T, src, dst string) {
	t.Helper()
	ctx := context.Background()
	rd, err := readers.Open(ctx, src, readers.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer rd.Close()
	w, err := writers.Create(dst, rd.Schema(), writers.Options{Format: record.FormatJSONL})
	if err != nil {
		t.Fatal(err)
	}
	buf := make([]record.Record, 256)
	for {
		n, err := rd.Read(ctx, buf)
		if werr := w.Write(ctx, buf[:n]); werr != nil {
			t.Fatal(werr)
		}
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Commit(); err != nil {
		t.Fatal(err)
	}
}

// readAll reads a file with namepipe's readers: its header and every row's
// cells as text.
func readAll(t *testing.T, path string) ([]string, [][]string) {
	t.Helper()
	ctx := context.Background()
	rd, err := readers.Open(ctx, path, readers.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer rd.Close()
	schema := rd.Schema()
	var rows [][]string
	buf := make([]record.Record, 256)
	for {
		n, err := rd.Read(ctx, buf)
		for _, r := range buf[:n] {
			cells := make([]string, len(r.Values))
			for i, v := range r.Values {
				cells[i] = record.Format(v, schema.Fields[i].Type)
			}
			rows = append(rows, cells)
		}
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	return schema.Names(), rows
}

// sameCSVBytes checks that the shard is namepipe's output byte for byte
// once each line's source cells are taken off.
func sameCSVBytes(t *testing.T, want, got, source string) {
	t.Helper()
	w, err := os.ReadFile(want)
	if err != nil {
		t.Fatal(err)
	}
	g, err := os.ReadFile(got)
	if err != nil {
		t.Fatal(err)
	}
	g = bytes.Replace(g, []byte(",np_source_file,np_source_row"), nil, 1)
	g = regexp.MustCompile(","+regexp.QuoteMeta(source)+`,\d+(\r?\n|$)`).ReplaceAll(g, []byte("$1"))
	if !bytes.Equal(g, w) {
		t.Errorf("%s differs from namepipe's %s beyond the source columns", got, want)
	}
}

func readSummary(t *testing.T, path string) enrich.Result {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var r enrich.Result
	if err := json.Unmarshal(data, &r); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return r
}

// resultCounts are the counts of a summary that do not depend on how the
// rows were split (requests and memo hits do).
type resultCounts struct {
	RowsIn, RowsOut, RowsWithErrors int64
	ReaderProblem, Build            int64
	ByOp, Gender, Disposable        map[string]int64
	Risk                            []int64
}

func counts(s pipeline.Summary) resultCounts {
	c := resultCounts{RowsIn: s.RowsIn, RowsOut: s.RowsOut, RowsWithErrors: s.RowsWithErrors,
		ReaderProblem: s.Errors.ReaderProblem, Build: s.Errors.Build,
		ByOp: s.Errors.ByOp, Gender: s.Gender, Disposable: s.Disposable}
	for _, b := range s.RiskScores {
		c.Risk = append(c.Risk, b.Count)
	}
	return c
}

func sumCounts(sums []pipeline.Summary) resultCounts {
	var c resultCounts
	add := func(dst *map[string]int64, src map[string]int64) {
		if *dst == nil {
			*dst = map[string]int64{}
		}
		keys := make([]string, 0, len(src))
		for k := range src {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			(*dst)[k] += src[k]
		}
	}
	for _, s := range sums {
		x := counts(s)
		c.RowsIn += x.RowsIn
		c.RowsOut += x.RowsOut
		c.RowsWithErrors += x.RowsWithErrors
		c.ReaderProblem += x.ReaderProblem
		c.Build += x.Build
		add(&c.ByOp, x.ByOp)
		add(&c.Gender, x.Gender)
		add(&c.Disposable, x.Disposable)
		if c.Risk == nil {
			c.Risk = make([]int64, len(x.Risk))
		}
		for i, n := range x.Risk {
			c.Risk[i] += n
		}
	}
	return c
}
