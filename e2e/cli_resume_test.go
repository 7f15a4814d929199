package e2e

import (
	"bytes"
	"context"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/namepipe/namepipe/server"
)

// TestKillAndResume kills `namepipe run` with SIGKILL at a random point
// (the delay comes from a seeded generator, so a failure reproduces), then
// runs the same command again: the final output equals an uninterrupted
// run's byte for byte, no partial file is left under the final name after
// the kill, and the calls made in total exceed one run's by at most the
// in-flight window (rows × ops; the cache also buffers up to 256 results
// or one second before it commits them).
func TestKillAndResume(t *testing.T) {
	const rows, concurrency = 3000, 8
	// window is the in-flight window (rows between reading and writing),
	// set with --window; each row in it can have one call per op.
	const window = 256
	ops := []string{"parse", "genderize", "disposable"}
	dir := t.TempDir()
	in := genRows(rows, 7)
	inPath := filepath.Join(dir, "in.csv")
	writeCSV(t, inPath, inputHeader, in)
	serveOpts := server.Options{APIKeys: []string{plantedKey}, Latency: 500 * time.Microsecond, LatencyJitter: time.Millisecond, Seed: 3}

	mk := func(s *served, name string) (cfg, out string) {
		out = filepath.Join(dir, name+".csv")
		c := runConfig{input: inPath, output: out, baseURL: s.baseURL(), ops: ops, concurrency: concurrency, retries: 2,
			timeout: 5 * time.Second, cache: filepath.Join(dir, name+".cache.db")}
		return c.write(t, dir, name+".yaml"), out
	}

	// The uninterrupted run.
	ref := startServe(t, serveOpts)
	refCfg, refOut := mk(ref, "ref")
	res := runNP(t, dir, "run", "--config", refCfg, "--quiet", "--window", "256")
	if res.code != 0 {
		t.Fatalf("uninterrupted run: exit %d\n%s", res.code, res.stderr)
	}
	refCalls := ref.srv.Stats().Calls
	want, err := os.ReadFile(refOut)
	if err != nil {
		t.Fatal(err)
	}
	checkRowsKept(t, inputHeader, in, readCSV(t, refOut))
	t.Logf("uninterrupted: %v, %d calls", res.elapsed.Round(time.Millisecond), refCalls)

	rng := rand.New(rand.NewPCG(2024, 11))
	for round := range 2 {
		// Kill somewhere in the first 90 % of an uninterrupted run.
		delay := time.Duration(rng.Int64N(int64(res.elapsed * 9 / 10)))
		s := startServe(t, serveOpts)
		name := "killed" + string(rune('a'+round))
		cfg, out := mk(s, name)
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		cmd := exec.CommandContext(ctx, binary, "run", "--config", cfg, "--quiet", "--window", "256")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), keyEnv+"="+plantedKey)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		exited := make(chan error, 1)
		go func() { exited <- cmd.Wait() }()
		killed := false
		select {
		case err := <-exited:
			// Finished before the delay: still a valid (if uneventful) round.
			t.Logf("round %d: finished before the kill at %v: %v", round, delay, err)
		case <-time.After(delay):
			if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
				t.Fatal(err)
			}
			<-exited
			killed = true
		}
		cancel()
		callsBefore := s.srv.Stats().Calls
		if killed {
			if _, err := os.Stat(out); err == nil {
				t.Errorf("round %d: a file is under the final name after kill -9 at %v", round, delay)
			}
		}
		res2 := runNP(t, dir, "run", "--config", cfg, "--quiet", "--window", "256")
		if res2.code != 0 {
			t.Fatalf("round %d: rerun after kill at %v: exit %d\n%s", round, delay, res2.code, res2.stderr)
		}
		got, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("round %d: output after kill at %v and rerun differs from the uninterrupted run's", round, delay)
			checkRowsKept(t, inputHeader, in, readCSV(t, out))
		}
		total := s.srv.Stats().Calls
		t.Logf("round %d: killed=%v at %v; calls before kill %d, total %d, uninterrupted %d, extra %d (window %d rows × %d ops)",
			round, killed, delay, callsBefore, total, refCalls, int64(total)-int64(refCalls), window, len(ops))
		if bound := refCalls + uint64(window*len(ops)); total > bound {
			t.Errorf("round %d: %d calls in total, more than one run's %d plus the window's %d", round, total, refCalls, window*len(ops))
		}
	}
}
