package enrich

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/core/runtime"

	"github.com/namepipe/namepipe/pipeline"
	"github.com/namepipe/namepipe/readers"
	"github.com/namepipe/namepipe/record"
)

// TestRegistered checks that the DoFns, the combiner and the element types
// are registered at init time, as a worker started by Flink or Dataflow
// (which does not construct the pipeline) needs to find them by name.
// Nothing in this package's tests constructs a pipeline, so only init's
// registrations are seen.
func TestRegistered(t *testing.T) {
	t.Parallel()
	for _, v := range []any{enrichFn{}, summaryFn{}, writeSummaryFn{}, Shard{}, partial{}} {
		typ := reflect.TypeOf(v)
		key, ok := runtime.TypeKey(typ)
		if !ok {
			t.Fatalf("%v has no type key", typ)
		}
		if got, ok := runtime.LookupType(key); !ok || got != typ {
			t.Errorf("%v is not registered (register it in init)", typ)
		}
	}
}

func TestShardPaths(t *testing.T) {
	t.Parallel()
	got := ShardPaths([]string{"in/a.csv", "in/b.parquet", "gs://b/c.jsonl"}, "out/x.enriched.csv")
	want := []Shard{
		{"in/a.csv", "out/x.enriched-00000-of-00003.csv"},
		{"in/b.parquet", "out/x.enriched-00001-of-00003.parquet"},
		{"gs://b/c.jsonl", "out/x.enriched-00002-of-00003.jsonl"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("ShardPaths = %v, want %v", got, want)
	}
}

func TestListInputs(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, f := range []string{"b.csv", "a.parquet", "c.jsonl", ".hidden.csv", "notes.md", "sub/d.csv"} {
		p := filepath.Join(dir, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	j := func(names ...string) []string {
		for i, n := range names {
			names[i] = filepath.Join(dir, n)
		}
		return names
	}
	for _, tc := range []struct {
		in      string
		want    []string
		wantErr string
	}{
		{dir, j("a.parquet", "b.csv", "c.jsonl"), ""},
		{filepath.Join(dir, "*.csv"), j("b.csv"), ""},
		{filepath.Join(dir, "*"), j("a.parquet", "b.csv", "c.jsonl", "notes.md"), ""},
		{filepath.Join(dir, "b.csv"), j("b.csv"), ""},
		{filepath.Join(dir, "*.tsv"), nil, "no files"},
		{filepath.Join(dir, "missing.csv"), nil, "no files"},
	} {
		got, err := ListInputs(context.Background(), tc.in)
		if tc.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("ListInputs(%s) error = %v, want %q", tc.in, err, tc.wantErr)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("ListInputs(%s) = %v, %v; want %v", tc.in, got, err, tc.want)
		}
	}
}

func TestSourceSchema(t *testing.T) {
	t.Parallel()
	out := record.Schema{Fields: []record.Field{{Name: "id"}, {Name: "np_error"}}}
	got, err := SourceSchema(out, "np_")
	if err != nil {
		t.Fatal(err)
	}
	if names := got.Names(); !reflect.DeepEqual(names, []string{"id", "np_error", "np_source_file", "np_source_row"}) {
		t.Errorf("names = %v", names)
	}
	if got.Fields[3].Type != record.Int64 {
		t.Errorf("np_source_row is %v, want int64", got.Fields[3].Type)
	}
	clash := record.Schema{Fields: []record.Field{{Name: "np_source_row"}}}
	if _, err := SourceSchema(clash, "np_"); err == nil || !strings.Contains(err.Error(), "output.prefix") {
		t.Errorf("a clashing column: err = %v", err)
	}
}

func TestMergeAndFinish(t *testing.T) {
	t.Parallel()
	bins := func(counts ...int64) []pipeline.Bin {
		b := make([]pipeline.Bin, len(counts))
		for i, n := range counts {
			b[i] = pipeline.Bin{From: float64(i), To: float64(i + 1), Count: n}
		}
		return b
	}
	a := partial{Files: 1, Start: 100, End: 2_000_000_100, Summary: pipeline.Summary{
		RowsIn: 10, RowsOut: 10, RowsWithErrors: 1, Requests: 30, MaxAttempts: 1,
		Errors:     pipeline.ErrorCounts{Build: 1, ByOp: map[string]int64{"parse": 0}},
		Gender:     map[string]int64{"MALE": 6, "FEMALE": 4},
		Disposable: map[string]int64{"YES": 1, "NO": 9},
		RiskScores: bins(7, 3),
		Input:      &readers.Stats{Malformed: map[string]int64{"bare_quote": 1}, Notes: []string{"CRLF"}},
	}}
	b := partial{Files: 2, Start: 200, End: 1_000, Summary: pipeline.Summary{
		RowsIn: 5, RowsOut: 5, Requests: 12, MaxAttempts: 3,
		Errors:     pipeline.ErrorCounts{ByOp: map[string]int64{"parse": 2}},
		Gender:     map[string]int64{"MALE": 5},
		Disposable: map[string]int64{"YES": 4, "NO": 1},
		RiskScores: bins(1, 4),
		Input:      &readers.Stats{Malformed: map[string]int64{"bare_quote": 2}, Notes: []string{"CRLF"}},
		Stopped:    "service down",
	}}
	var fn summaryFn
	got := finish(fn.MergeAccumulators(fn.MergeAccumulators(fn.CreateAccumulator(), a), b), Info{Files: 3})
	s := got.Summary
	if s.RowsIn != 15 || s.RowsOut != 15 || s.RowsWithErrors != 1 || s.Requests != 42 || s.MaxAttempts != 3 || s.Errors.Build != 1 {
		t.Errorf("counters: %+v", s)
	}
	for name, pair := range map[string][2]map[string]int64{
		"by_op":      {s.Errors.ByOp, {"parse": 2}},
		"gender":     {s.Gender, {"MALE": 11, "FEMALE": 4}},
		"disposable": {s.Disposable, {"YES": 5, "NO": 10}},
		"malformed":  {s.Input.Malformed, {"bare_quote": 3}},
	} {
		if !reflect.DeepEqual(pair[0], pair[1]) {
			t.Errorf("%s = %v, want %v", name, pair[0], pair[1])
		}
	}
	if !reflect.DeepEqual(s.RiskScores, bins(8, 7)) {
		t.Errorf("risk scores = %v", s.RiskScores)
	}
	if s.ElapsedSec != 2 || s.RowsPerSec != 7.5 || s.DisposableShare != 1.0/3 {
		t.Errorf("elapsed %v s, %v rows/s, disposable share %v; want 2, 7.5, 1/3", s.ElapsedSec, s.RowsPerSec, s.DisposableShare)
	}
	if s.Stopped != "service down" || len(s.Input.Notes) != 1 || got.Job.Files != 3 {
		t.Errorf("stopped %q, notes %v, job %+v", s.Stopped, s.Input.Notes, got.Job)
	}
}
