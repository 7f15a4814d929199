package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"github.com/namepipe/namepipe/engine"
	"github.com/namepipe/namepipe/readers"
	"github.com/namepipe/namepipe/record"
	"github.com/namepipe/namepipe/server"
)

// TestShippedConfigsOnSampleData runs the README's main job and the other
// shipped local configs on the shipped sample data, through the real
// readers, engine and writers: every input row comes out, in order, with
// its input columns unchanged, and rows with a name or an email get
// results.
func TestShippedConfigsOnSampleData(t *testing.T) {
	t.Chdir(filepath.Join("..", "..")) // configs name paths relative to the repo root
	tests := []struct {
		config, input, ext string
		// nameCol: a row with text here must get a value in resultCol.
		nameCol, resultCol string
		// emailResult must be filled for rows with an email (or "" to skip).
		emailResult string
	}{
		{"configs/example.yaml", "sample-data/customers.csv", ".csv", "full_name", "np_person_type", "np_disposable_email"},
		{"configs/parquet.yaml", "sample-data/customers.parquet", ".parquet", "surname", "np_gender", "np_disposable_email"},
	}
	for _, tc := range tests {
		t.Run(tc.config, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out"+tc.ext)
			var stdout, stderr bytes.Buffer
			code := realMain(context.Background(), []string{"run", "--config", tc.config, "--output", out, "--quiet"}, &stdout, &stderr)
			if code != exitOK {
				t.Fatalf("exit %d; stderr:\n%s", code, stderr.String())
			}
			in, inSchema := readAll(t, tc.input)
			got, outSchema := readAll(t, out)
			if len(got) != len(in) || len(in) < 300 {
				t.Fatalf("%d rows out, %d in (want equal, at least 300)", len(got), len(in))
			}
			for i, f := range inSchema.Fields {
				if o := outSchema.Fields[i]; o.Name != f.Name || o.Type != f.Type {
					t.Fatalf("output column %d is %s %v, input has %s %v", i, o.Name, o.Type, f.Name, f.Type)
				}
			}
			nameIdx, resIdx := inSchema.Index(tc.nameCol), outSchema.Index(tc.resultCol)
			emailIdx, emailRes := inSchema.Index("email"), outSchema.Index(tc.emailResult)
			errIdx := outSchema.Index("np_error")
			if nameIdx < 0 || resIdx < 0 || emailIdx < 0 || emailRes < 0 || errIdx < 0 {
				t.Fatalf("missing columns in %v", outSchema.Names())
			}
			var withErrors int
			for r := range in {
				for c := range inSchema.Fields {
					want, have := record.Format(in[r].Values[c], inSchema.Fields[c].Type), record.Format(got[r].Values[c], outSchema.Fields[c].Type)
					if want != have {
						t.Fatalf("row %d column %s changed: %q → %q", r, inSchema.Fields[c].Name, want, have)
					}
				}
				if text(in[r], nameIdx) != "" && text(got[r], resIdx) == "" {
					t.Errorf("row %d has %s %q but no %s", r, tc.nameCol, text(in[r], nameIdx), tc.resultCol)
				}
				if text(in[r], emailIdx) != "" && text(got[r], emailRes) == "" {
					t.Errorf("row %d has email %q but no %s", r, text(in[r], emailIdx), tc.emailResult)
				}
				if e := text(got[r], errIdx); e != "" {
					withErrors++
					// The only problems in the sample are its impossible dates.
					if !strings.Contains(e, "1985-02-31") {
						t.Errorf("row %d: unexpected error %q", r, e)
					}
				}
			}
			if tc.ext == ".csv" && withErrors == 0 {
				t.Error("the sample's impossible birth dates were not flagged")
			}
		})
	}
}

func readAll(t *testing.T, path string) ([]record.Record, record.Schema) {
	t.Helper()
	ctx := context.Background()
	r, err := readers.Open(ctx, path, readers.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	var all []record.Record
	batch := make([]record.Record, 64)
	for {
		n, err := r.Read(ctx, batch)
		for _, rec := range batch[:n] {
			rec.Values = append([]record.Value(nil), rec.Values...)
			all = append(all, rec)
		}
		if errors.Is(err, io.EOF) {
			return all, r.Schema()
		}
		if err != nil {
			t.Fatal(err)
		}
	}
}

func text(rec record.Record, i int) string {
	if i >= len(rec.Values) {
		return ""
	}
	return strings.TrimSpace(record.Format(rec.Values[i], record.String))
}

// TestPingLocalServeWithoutKey: `ping --base-url` against a local serve
// needs no API key (the key is optional on ping), and reports the round trip.
func TestPingLocalServeWithoutKey(t *testing.T) {
	eng, err := engine.New()
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(server.New(eng, server.Options{}).Handler())
	defer ts.Close()
	t.Setenv("NAMEAPI_KEY", "")
	var stdout, stderr bytes.Buffer
	code := realMain(context.Background(), []string{"ping", "--base-url", ts.URL + "/rest/v5.3", "--count", "2"}, &stdout, &stderr)
	if code != exitOK || strings.Count(stdout.String(), "pong from "+ts.URL+"/rest/v5.3 in ") != 2 {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout.String(), stderr.String())
	}
	// A server that requires a key refuses the keyless ping: exit 1, clear error.
	locked := httptest.NewServer(server.New(eng, server.Options{APIKeys: []string{"k-123"}}).Handler())
	defer locked.Close()
	stdout.Reset()
	stderr.Reset()
	if code := realMain(context.Background(), []string{"ping", "--base-url", locked.URL + "/rest/v5.3"}, &stdout, &stderr); code != exitFailed || !strings.Contains(stderr.String(), "401") {
		t.Errorf("locked server: exit %d, stderr %q", code, stderr.String())
	}
}
