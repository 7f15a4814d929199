package job_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/namepipe/namepipe/config"
	"github.com/namepipe/namepipe/internal/wiring"
	"github.com/namepipe/namepipe/job"
	"github.com/namepipe/namepipe/mapping"
	"github.com/namepipe/namepipe/readers"
	"github.com/namepipe/namepipe/record"
	"github.com/namepipe/namepipe/writers"
)

// input has a malformed row (a quote inside an unquoted field) between
// two plain ones.
const input = "name,email\nAnna Schmidt,anna@example.org\nBad \"row,x@example.org\nPeter Meier,peter@mailinator.com\n"

// setup writes the input and a config (local engine) into a temp dir;
// extra is appended to the input section.
func setup(t *testing.T, extra string) (*mapping.Config, string) {
	t.Helper()
	dir := t.TempDir()
	in := filepath.Join(dir, "in.csv")
	if err := os.WriteFile(in, []byte(input), 0o600); err != nil {
		t.Fatal(err)
	}
	yaml := "input:\n  path: " + in + "\n" + extra + "output:\n  path: " + filepath.Join(dir, "out.csv") +
		"\nengine:\n  kind: local\nperson:\n  fullName: name\n  email: email\noperations: [parse, disposable]\n"
	cfgPath := filepath.Join(dir, "c.yaml")
	if err := os.WriteFile(cfgPath, []byte(yaml), 0o600); err != nil {
		t.Fatal(err)
	}
	cfg, err := mapping.Load(cfgPath)
	if err != nil {
		t.Fatal(err)
	}
	return cfg, cfgPath
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

func TestOverridesApply(t *testing.T) {
	zero, four, neg := 0, 4, -1.0
	tests := []struct {
		name    string
		o       job.Overrides
		wantErr string
		check   func(*mapping.Config) bool
	}{
		{"paths and format", job.Overrides{Input: "x.parquet", Output: "y.jsonl"}, "", func(c *mapping.Config) bool {
			return c.Input.Path == "x.parquet" && c.Input.Format == record.FormatParquet && c.Output.Format == record.FormatJSONL
		}},
		{"concurrency", job.Overrides{Concurrency: &four}, "", func(c *mapping.Config) bool { return c.Run.Concurrency == 4 }},
		{"concurrency zero", job.Overrides{Concurrency: &zero}, "--concurrency 0: must be at least 1", nil},
		{"negative rate", job.Overrides{Rate: &neg}, "--rate -1: must not be negative", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cfg, _ := setup(t, "")
			err := tc.o.Apply(cfg)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) || job.KindOf(err) != job.Usage {
					t.Fatalf("err %v, want a usage error with %q", err, tc.wantErr)
				}
				return
			}
			if err != nil || !tc.check(cfg) {
				t.Fatalf("err %v, config %+v %+v", err, cfg.Input, cfg.Run)
			}
		})
	}
}

func TestRunCheck(t *testing.T) {
	tests := []struct {
		name    string
		edit    func(r *job.Run)
		wantErr string
	}{
		{"fine", func(r *job.Run) {}, ""},
		{"summary dir", func(r *job.Run) { r.SummaryPath = "/nonexistent/dir/s.json" }, "directory /nonexistent/dir does not exist"},
		{"report dir", func(r *job.Run) { r.Config.Output.Report = "/nonexistent/dir/r.html" }, "directory /nonexistent/dir does not exist"},
		{"report is the output", func(r *job.Run) { r.Config.Output.Report = r.Config.Output.Path }, "is the input or output file"},
		{"cache on and off", func(r *job.Run) { r.Cache = job.CachePolicy{Path: "c.db", Off: true} }, "exclude each other"},
		{"output is the input", func(r *job.Run) { r.Config.Output.Path = r.Config.Input.Path }, "never overwrites its input"},
		{"summary is the input", func(r *job.Run) { r.SummaryPath = r.Config.Input.Path }, "\" is the input: namepipe never overwrites its input"},
		{"summary is the config", func(r *job.Run) { r.SummaryPath = r.ConfigPath }, "is the config file: namepipe never overwrites its input"},
		{"summary is the output", func(r *job.Run) { r.SummaryPath = r.Config.Output.Path }, "is also the output: give each output its own file"},
		{"report is the summary", func(r *job.Run) {
			r.SummaryPath = filepath.Join(filepath.Dir(r.ConfigPath), "x.html")
			r.Config.Output.Report = r.SummaryPath
		}, "is also the --summary"},
		{"rejects are the summary", func(r *job.Run) {
			r.Config.Input.OnMalformed = config.MalformedReject
			r.SummaryPath = r.Config.RejectsPath()
		}, "rejects file"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cfg, path := setup(t, "")
			r := &job.Run{Config: cfg, ConfigPath: path}
			tc.edit(r)
			err := r.Check()
			if tc.wantErr == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) || job.KindOf(err) != job.Usage {
				t.Fatalf("err %v, want a usage error with %q", err, tc.wantErr)
			}
		})
	}
}

// failingCommit is a writer whose Commit fails.
type failingCommit struct{ writers.Writer }

func (failingCommit) Commit() error { return errors.New("disk full") }

func TestRunExecute(t *testing.T) {
	parts := wiring.Parts("test")
	tests := []struct {
		name        string
		extra       string // the input section's extra lines
		edit        func(r *job.Run)
		cancel      bool
		wantKind    job.Kind // when wantErr
		wantErr     string
		wantOutput  bool
		wantRejects bool
	}{
		{name: "keep", wantOutput: true},
		{name: "reject", extra: "  onMalformed: reject\n", wantOutput: true, wantRejects: true},
		{name: "input missing", edit: func(r *job.Run) { r.Config.Input.Path += ".gone" }, wantKind: job.Input, wantErr: "input:"},
		{name: "commit fails", extra: "  onMalformed: reject\n", edit: func(r *job.Run) {
			create := r.Parts.CreateOutput
			r.Parts.CreateOutput = func(ctx context.Context, s *config.Settings, schema record.Schema, n job.OutputColumns, l *readers.CSVLayout) (writers.Writer, error) {
				w, err := create(ctx, s, schema, n, l)
				return failingCommit{w}, err
			}
		}, wantKind: job.Failed, wantErr: "output: disk full"},
		{name: "interrupted", cancel: true, wantKind: job.Interrupted, wantErr: "context canceled"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cfg, path := setup(t, tc.extra)
			sum := filepath.Join(filepath.Dir(path), "summary.json")
			r := &job.Run{Config: cfg, ConfigPath: path, Parts: parts, SummaryPath: sum, Quiet: true, ExplainStop: true}
			if tc.edit != nil {
				tc.edit(r)
			}
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			if tc.cancel {
				cancel()
			}
			out, err := r.Execute(ctx)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) || job.KindOf(err) != tc.wantKind {
					t.Fatalf("err %v (kind %v), want kind %v with %q", err, job.KindOf(err), tc.wantKind, tc.wantErr)
				}
			} else if err != nil {
				t.Fatal(err)
			}
			if got := exists(cfg.Output.Path); got != tc.wantOutput {
				t.Errorf("output exists %v, want %v", got, tc.wantOutput)
			}
			if got := exists(cfg.RejectsPath()); got != tc.wantRejects {
				t.Errorf("rejects file exists %v, want %v", got, tc.wantRejects)
			}
			if !tc.wantOutput {
				return
			}
			data, err := os.ReadFile(cfg.Output.Path)
			if err != nil {
				t.Fatal(err)
			}
			// Every row is in the output, or (the malformed one) in the rejects file.
			wantRows := 3
			if tc.wantRejects {
				wantRows = 2
			}
			if lines := strings.Count(string(data), "\n") - 1; lines != wantRows || out.Summary.RowsOut != int64(wantRows) {
				t.Errorf("%d rows in the output, summary %d, want %d:\n%s", lines, out.Summary.RowsOut, wantRows, data)
			}
			if !exists(sum) {
				t.Error("no summary file")
			}
		})
	}
}
