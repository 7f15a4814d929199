package main

import (
	"bytes"
	"context"
	"path/filepath"
	"testing"

	"github.com/namepipe/namepipe/internal/duckdbtest"
)

// duckDir is where testdata/duckdb/package.json pins @duckdb/node-api
// (relative to the repository root, where the test runs).
const duckDir = "testdata/duckdb"

// TestDedupeOutputsInDuckDB checks that DuckDB reads dedupe's output (CSV
// with its own type detection, and Parquet) and the pairs file with the
// intended types. It needs node and @duckdb/node-api (`npm ci --prefix
// testdata/duckdb`): without them it fails under CI and is skipped
// otherwise, as the writers' interop test does.
func TestDedupeOutputsInDuckDB(t *testing.T) {
	t.Chdir(filepath.Join("..", ".."))
	duckdbtest.Need(t, duckDir)
	dir := t.TempDir()
	for _, ext := range []string{".csv", ".parquet"} {
		out, pairs := filepath.Join(dir, "out"+ext), filepath.Join(dir, "pairs.csv")
		var stdout, stderr bytes.Buffer
		if code := realMain(context.Background(), []string{"dedupe", "--config", "configs/example.yaml", "--output", out, "--pairs", pairs, "--quiet"}, &stdout, &stderr); code != exitOK {
			t.Fatalf("dedupe: exit %d: %s", code, stderr.String())
		}
		cmd := "csv"
		if ext == ".parquet" {
			cmd = "read"
		}
		tab := duckTypes(t, cmd, out)
		for col, want := range map[string]string{"np_cluster_id": "BIGINT", "np_cluster_size": "BIGINT", "np_match_row": "BIGINT",
			"np_match_score": "DOUBLE", "np_match_reason": "VARCHAR"} {
			if got := tab.types[col]; got != want {
				t.Errorf("%s output: DuckDB reads %s as %q, want %s", ext, col, got, want)
			}
		}
		if tab.rows != 308 {
			t.Errorf("%s output: DuckDB reads %d rows, want 308", ext, tab.rows)
		}
		p := duckTypes(t, "csv", pairs)
		for col, want := range map[string]string{"row_a": "BIGINT", "row_b": "BIGINT", "score": "DOUBLE", "match_weight": "DOUBLE",
			"linked": "BOOLEAN", "name": "VARCHAR", "birth_date": "VARCHAR", "email": "VARCHAR", "phone": "VARCHAR", "address": "VARCHAR",
			"name_a": "VARCHAR", "name_b": "VARCHAR"} {
			if got := p.types[col]; got != want {
				t.Errorf("pairs file: DuckDB reads %s as %q, want %s", col, got, want)
			}
		}
	}
}

type duckSummary struct {
	types map[string]string
	rows  int
}

func duckTypes(t *testing.T, cmd, file string) duckSummary {
	t.Helper()
	tab := duckdbtest.Read(t, duckDir, cmd, file)
	s := duckSummary{types: map[string]string{}, rows: len(tab.Rows)}
	for _, c := range tab.Columns {
		s.types[c.Name] = c.Type
	}
	return s
}
