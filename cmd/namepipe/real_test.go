package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/namepipe/namepipe/engine"
	"github.com/namepipe/namepipe/server"
)

// writeCustomers writes a small CSV input and returns its path.
func writeCustomers(t *testing.T, dir string, n int) string {
	t.Helper()
	given := []string{"Anna", "Peter", "Maria", "John", "Fatima", "Li"}
	sur := []string{"Müller", "Smith", "Rossi", "Nguyen", "O'Brien"}
	var b strings.Builder
	b.WriteString("id,full_name,email,phone\n")
	for i := range n {
		fmt.Fprintf(&b, "%d,%s %s,%s.%d@example.com,+49 30 %07d\n", i, given[i%len(given)], sur[i%len(sur)], strings.ToLower(given[i%len(given)]), i, i)
	}
	path := filepath.Join(dir, "in.csv")
	if err := os.WriteFile(path, []byte(b.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

const realConfig = `input:
  path: IN
output:
  path: OUT
ENGINE
run:
  concurrency: 4
  retries: 4
  maxConsecutiveFailures: 0
person:
  fullName: full_name
  email: email
  phone: phone
operations: [parse, genderize, risk, disposable]
`

func readCSV(t *testing.T, path string) [][]string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// TestRealLocalEngine runs the real CSV reader, local engine and CSV writer.
func TestRealLocalEngine(t *testing.T) {
	dir := t.TempDir()
	in := writeCustomers(t, dir, 60)
	out := filepath.Join(dir, "out.csv")
	cfg := strings.NewReplacer("IN", in, "OUT", out, "ENGINE", "engine:\n  kind: local").Replace(realConfig)
	cfgPath := filepath.Join(dir, "c.yaml")
	if err := os.WriteFile(cfgPath, []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := realMain(context.Background(), []string{"run", "--config", cfgPath, "--quiet"}, &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	inRows, outRows := readCSV(t, in), readCSV(t, out)
	if len(outRows) != len(inRows) {
		t.Fatalf("%d output rows, %d input rows", len(outRows), len(inRows))
	}
	genderCol := -1
	for i, h := range outRows[0] {
		if h == "np_gender" {
			genderCol = i
		}
	}
	if genderCol < 0 {
		t.Fatalf("no np_gender column in %v", outRows[0])
	}
	for i := range inRows {
		for j := range inRows[i] {
			if outRows[i][j] != inRows[i][j] {
				t.Fatalf("row %d column %d changed: %q → %q", i, j, inRows[i][j], outRows[i][j])
			}
		}
		if i > 0 && outRows[i][genderCol] == "" {
			t.Errorf("row %d: no gender", i)
		}
	}
	if _, err := os.Stat(out + ".namepipe-cache"); !os.IsNotExist(err) {
		t.Errorf("the local engine got a cache file by default: %v", err)
	}
}

// TestRealRemoteWithFaults runs against `serve` on loopback with 30 % of
// the calls failing: every row is written, no request exceeds the attempt
// limit, and the rerun pays only for what failed.
func TestRealRemoteWithFaults(t *testing.T) {
	eng, err := engine.New()
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(server.New(eng, server.Options{ErrorRate: 0.3, ErrorStatus: 500, Seed: 3}).Handler())
	defer ts.Close()
	dir := t.TempDir()
	in := writeCustomers(t, dir, 40)
	out := filepath.Join(dir, "out.csv")
	engineCfg := fmt.Sprintf("engine:\n  kind: nameapi\n  baseURL: %s/rest/v5.3/\n  apiKeyEnv: NP_TEST_KEY", ts.URL)
	cfg := strings.NewReplacer("IN", in, "OUT", out, "ENGINE", engineCfg).Replace(realConfig)
	cfgPath := filepath.Join(dir, "c.yaml")
	if err := os.WriteFile(cfgPath, []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
	t.Setenv("NP_TEST_KEY", plantedKey)
	for run := 1; run <= 2; run++ {
		sumPath := filepath.Join(dir, fmt.Sprintf("sum%d.json", run))
		var stdout, stderr bytes.Buffer
		code := realMain(context.Background(), []string{"run", "--config", cfgPath, "--summary", sumPath}, &stdout, &stderr)
		if code != exitOK {
			t.Fatalf("run %d: exit %d: %s", run, code, stderr.String())
		}
		data, err := os.ReadFile(sumPath)
		if err != nil {
			t.Fatal(err)
		}
		var raw map[string]any
		if err := json.Unmarshal(data, &raw); err != nil {
			t.Fatal(err)
		}
		calls, maxAttempts := raw["calls"].(float64), raw["max_attempts"].(float64)
		if raw["rows_in"] != 40.0 || raw["rows_out"] != 40.0 || maxAttempts > 5 {
			t.Errorf("run %d: summary %s", run, data)
		}
		if run == 1 && raw["retries"].(float64) == 0 {
			t.Errorf("run 1 made no retries against a 30%% failing server: %s", data)
		}
		if run == 2 && (raw["cache_hits_persistent"].(float64) == 0 || calls > 20) {
			t.Errorf("run 2 did not re-use the cache: %s", data)
		}
		for name, text := range map[string]string{"stderr": stderr.String(), "summary": string(data)} {
			if strings.Contains(text, plantedKey) {
				t.Errorf("run %d: API key in %s", run, name)
			}
		}
		if rows := readCSV(t, out); len(rows) != 41 {
			t.Errorf("run %d: %d output lines", run, len(rows))
		}
	}
}
