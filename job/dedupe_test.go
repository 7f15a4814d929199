package job_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/namepipe/namepipe/internal/wiring"
	"github.com/namepipe/namepipe/job"
)

func TestDedupeExecute(t *testing.T) {
	tests := []struct {
		name     string
		edit     func(d *job.Dedupe)
		wantKind job.Kind
		wantErr  string // "" = success
	}{
		{name: "writes every row", edit: func(d *job.Dedupe) {}},
		{name: "output is the input", edit: func(d *job.Dedupe) { d.Output = d.Config.Input.Path }, wantKind: job.Usage, wantErr: "never overwrites its input"},
		{name: "output to stdout", edit: func(d *job.Dedupe) { d.Output = "-" }, wantKind: job.Usage, wantErr: "must be a file"},
		{name: "pairs over the output", edit: func(d *job.Dedupe) { d.PairsPath = d.Output }, wantKind: job.Usage, wantErr: "--pairs"},
		{name: "summary over the input", edit: func(d *job.Dedupe) { d.SummaryPath = d.Config.Input.Path }, wantKind: job.Usage, wantErr: "is the input: namepipe never overwrites its input"},
		{name: "summary over the config", edit: func(d *job.Dedupe) { d.SummaryPath = d.ConfigPath }, wantKind: job.Usage, wantErr: "is the config file"},
		{name: "pairs over the summary", edit: func(d *job.Dedupe) { d.PairsPath = d.SummaryPath }, wantKind: job.Usage, wantErr: `--pairs file "`},
		{name: "merge over the summary", edit: func(d *job.Dedupe) { d.MergePath = d.SummaryPath }, wantKind: job.Usage, wantErr: "is also the --summary"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cfg, path := setup(t, "")
			dir := filepath.Dir(path)
			d := &job.Dedupe{Config: cfg, ConfigPath: path, Parts: wiring.Parts("test"),
				Output: filepath.Join(dir, "dd.csv"), SummaryPath: filepath.Join(dir, "s.json")}
			tc.edit(d)
			err := d.Check()
			var out *job.DedupeOutcome
			if err == nil {
				out, err = d.Execute(context.Background())
			}
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) || job.KindOf(err) != tc.wantKind {
					t.Fatalf("err %v, want kind %v with %q", err, tc.wantKind, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			data, err := os.ReadFile(d.Output)
			if err != nil {
				t.Fatal(err)
			}
			if lines := strings.Count(string(data), "\n") - 1; lines != 3 || out.Result.Summary.Rows != 3 {
				t.Errorf("%d rows written, %d in the summary, want 3:\n%s", lines, out.Result.Summary.Rows, data)
			}
			if !exists(d.SummaryPath) {
				t.Error("no summary file")
			}
		})
	}
}
