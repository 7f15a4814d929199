// Package duckdbtest runs DuckDB for the tests that check another tool
// reads namepipe's outputs: node runs testdata/duckdb/interop.mjs with
// the @duckdb/node-api that testdata/duckdb/package.json pins (`npm ci
// --prefix testdata/duckdb` installs it; CI does). Only test files
// import it (internal/arch's testOnly).
package duckdbtest

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Need returns when node and @duckdb/node-api are installed in dir (the
// testdata/duckdb folder, as the test sees it). When they are not, the
// test fails under CI (CI set) and is skipped with a message otherwise,
// so that a missing install never passes silently in CI.
func Need(t testing.TB, dir string) {
	t.Helper()
	_, nodeErr := exec.LookPath("node")
	_, pkgErr := os.Stat(filepath.Join(dir, "node_modules", "@duckdb", "node-api", "package.json"))
	if nodeErr == nil && pkgErr == nil {
		return
	}
	msg := "DuckDB interop needs node and @duckdb/node-api: run `npm ci --prefix testdata/duckdb`"
	if os.Getenv("CI") != "" {
		t.Fatalf("%s (CI is set, so this is a failure): node: %v, package: %v", msg, nodeErr, pkgErr)
	}
	t.Skip(msg)
}

// Run runs `node interop.mjs args…` in dir and returns its standard
// output; the test fails if it fails or takes over two minutes.
func Run(t testing.TB, dir string, args ...string) []byte {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "node", append([]string{"interop.mjs"}, args...)...)
	cmd.Dir = dir
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node interop.mjs %v: %v\n%s", args, err, stderr.String())
	}
	return out
}

// Table is a table as interop.mjs prints it: its columns with DuckDB's
// types, and its rows, each value as text (nil for NULL).
type Table struct {
	Columns []struct{ Name, Type string }
	Rows    [][]*string
}

// Read runs interop.mjs's command cmd (read: as DuckDB reads the file by
// its extension; csv: its CSV reader's type detection) on file and
// returns the table DuckDB read.
func Read(t testing.TB, dir, cmd, file string) Table {
	t.Helper()
	abs, err := filepath.Abs(file)
	if err != nil {
		t.Fatal(err)
	}
	var tab Table
	if err := json.Unmarshal(Run(t, dir, cmd, abs), &tab); err != nil {
		t.Fatal(err)
	}
	return tab
}
