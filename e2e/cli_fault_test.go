package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/namepipe/namepipe/server"
)

// faultOps are the operations of the fault runs.
var faultOps = []string{"parse", "genderize", "risk", "disposable"}

// TestRunUnderFaults runs `namepipe run` against serve on loopback with
// injected faults. Whatever the fault: the run completes (exit 0) or stops
// cleanly at the failure threshold (exit 1, message), every input row is
// in the output in order with its input columns unchanged, each row's
// results equal a fault-free run's or its error column is filled, the
// number of requests never exceeds rows × ops × attempts, and the planted
// key is nowhere in stdout, stderr, the summary or the output.
func TestRunUnderFaults(t *testing.T) {
	const rows, retries = 40, 2
	const attempts = retries + 1
	dir := t.TempDir()
	in := genRows(rows, 42)
	inPath := filepath.Join(dir, "in.csv")
	writeCSV(t, inPath, inputHeader, in)
	inHash := fileHash(t, inPath)

	cfgFor := func(s *served, name string, timeout time.Duration, maxFailures int) (cfg, out, summary string) {
		out = filepath.Join(dir, name+".out.csv")
		summary = filepath.Join(dir, name+".summary.json")
		c := runConfig{input: inPath, output: out, baseURL: s.baseURL(), ops: faultOps, concurrency: 16, retries: retries,
			timeout: timeout, maxFailures: maxFailures}
		return c.write(t, dir, name+".yaml"), out, summary
	}

	clean := startServe(t, server.Options{APIKeys: []string{plantedKey}})
	cfg, out, sum := cfgFor(clean, "clean", 5*time.Second, 0)
	res := runNP(t, dir, "run", "--config", cfg, "--quiet", "--summary", sum)
	if res.code != 0 {
		t.Fatalf("fault-free run: exit %d\n%s", res.code, res.stderr)
	}
	want := checkRowsKept(t, inputHeader, in, readCSV(t, out))
	for i, r := range want {
		if r[len(r)-1] != "" {
			t.Fatalf("fault-free run: row %d has error %q", i, r[len(r)-1])
		}
	}

	tests := []struct {
		name        string
		opts        server.Options
		timeout     time.Duration
		maxFailures int
		// stops: the run must stop at the failure threshold (exit 1).
		stops bool
	}{
		{name: "500 at 20%", opts: server.Options{ErrorRate: 0.2, ErrorStatus: 500}},
		{name: "503 at 20%", opts: server.Options{ErrorRate: 0.2, ErrorStatus: 503, RetryAfter: time.Millisecond}},
		{name: "429 at 20%", opts: server.Options{ErrorRate: 0.2, ErrorStatus: 429, RetryAfter: time.Millisecond}},
		{name: "dropped connections at 20%", opts: server.Options{DropRate: 0.2}},
		{name: "latency spikes past the timeout", opts: server.Options{LatencyJitter: 400 * time.Millisecond}, timeout: 150 * time.Millisecond},
		{name: "500 at 100%, no threshold", opts: server.Options{ErrorRate: 1, ErrorStatus: 500}, maxFailures: -1},
		{name: "503 at 100%, threshold", opts: server.Options{ErrorRate: 1, ErrorStatus: 503, RetryAfter: time.Millisecond}, maxFailures: 10, stops: true},
		{name: "429 at 100%, threshold", opts: server.Options{ErrorRate: 1, ErrorStatus: 429, RetryAfter: time.Millisecond}, maxFailures: 10, stops: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tc.opts.APIKeys = []string{plantedKey}
			tc.opts.Seed = 5
			s := startServe(t, tc.opts)
			timeout := tc.timeout
			if timeout == 0 {
				timeout = 5 * time.Second
			}
			name := strings.NewReplacer(" ", "_", "%", "pc", ",", "").Replace(tc.name)
			cfg, out, sum := cfgFor(s, name, timeout, tc.maxFailures)
			res := runNP(t, dir, "run", "--config", cfg, "--quiet", "--summary", sum)
			st := s.srv.Stats()
			t.Logf("exit %d in %v; server %+v", res.code, res.elapsed.Round(time.Millisecond), st)
			if tc.stops {
				if res.code != 1 {
					t.Fatalf("exit %d, want 1 (stopped at the failure threshold)\n%s", res.code, res.stderr)
				}
				if !strings.Contains(res.stderr, "service appears down") || !strings.Contains(res.stderr, "rerun") {
					t.Errorf("stderr does not say why it stopped and how to go on:\n%s", res.stderr)
				}
			} else if res.code != 0 {
				t.Fatalf("exit %d, want 0\n%s", res.code, res.stderr)
			}
			if fileHash(t, inPath) != inHash {
				t.Fatal("the input changed")
			}
			// Attempts: requests that reached the operation, were failed by
			// injection or limited; one ping at start at most.
			limit := uint64(rows*len(faultOps)*attempts + 1)
			if st.Requests > limit {
				t.Errorf("%d requests > rows × ops × attempts = %d", st.Requests, limit)
			}
			for _, text := range []string{res.stdout, res.stderr, readFile(t, sum), readFile(t, out), s.logs.String()} {
				assertNoKey(t, "run output", text, plantedKey)
			}
			if tc.stops {
				// A stopped run commits nothing: no partial file under the
				// final name. Nothing is lost either: the same command
				// against a healthy service writes every row.
				if _, err := os.Stat(out); err == nil {
					t.Fatalf("a stopped run left %s", out)
				}
				c := runConfig{input: inPath, output: out, baseURL: clean.baseURL(), ops: faultOps, concurrency: 16, retries: retries, timeout: timeout}
				res := runNP(t, dir, "run", "--config", c.write(t, dir, name+".rerun.yaml"), "--quiet")
				if res.code != 0 {
					t.Fatalf("rerun against a healthy service: exit %d\n%s", res.code, res.stderr)
				}
			}
			got := checkRowsKept(t, inputHeader, in, readCSV(t, out))
			errRows := 0
			for i, r := range got {
				errCol := r[len(r)-1]
				if errCol != "" {
					errRows++
					continue
				}
				if !slices.Equal(r, want[i]) {
					t.Errorf("row %d: result differs from the fault-free run and has no error:\n got %q\nwant %q", i, r, want[i])
				}
			}
			if tc.stops && errRows != 0 {
				t.Errorf("rerun against a healthy service: %d rows with an error", errRows)
			}
			if tc.opts.ErrorRate == 1 && !tc.stops && errRows != rows {
				t.Errorf("%d of %d rows have an error with every call failing", errRows, rows)
			}
			t.Logf("rows in %d = rows out %d, %d with error", rows, len(got), errRows)
			var summary map[string]any
			if err := json.Unmarshal([]byte(readFile(t, sum)), &summary); err != nil {
				t.Errorf("summary JSON: %v", err)
			}
		})
	}
}

// readFile returns a file's content, "" when it does not exist.
func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	return string(b)
}
