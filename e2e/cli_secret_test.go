package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/namepipe/namepipe/server"
)

// TestKeyNeverLeaks plants a distinctive API key in the environment
// variable a config names, runs namepipe against serve with that key, with
// debug logs, progress, a summary and some failing calls, and greps
// everything the run leaves: stdout, stderr, the summary JSON, the output
// file, the cache file, the config, and the server's log. The key must be
// in none of them. A wrong key fails the run without showing either key.
func TestKeyNeverLeaks(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.csv")
	writeCSV(t, in, inputHeader, genRows(60, 4))
	s := startServe(t, server.Options{APIKeys: []string{plantedKey}, ErrorRate: 0.2, ErrorStatus: 500, DropRate: 0.1, Seed: 9})
	out := filepath.Join(dir, "out.csv")
	sum := filepath.Join(dir, "summary.json")
	cache := filepath.Join(dir, "cache.db")
	c := runConfig{input: in, output: out, baseURL: s.baseURL(), ops: []string{"parse", "genderize", "risk", "disposable", "emailname", "classify"},
		concurrency: 4, retries: 1, timeout: 2 * time.Second, maxFailures: -1, cache: cache}
	cfg := c.write(t, dir, "secret.yaml")
	for _, args := range [][]string{
		{"run", "--config", cfg, "--summary", sum, "--log-level", "debug"},
		{"run", "--config", cfg, "--summary", sum, "--log-level", "debug", "--log-format", "json"},
		{"validate", "--config", cfg},
		{"ping", "--config", cfg},
	} {
		res := runNP(t, dir, args...)
		t.Logf("namepipe %s: exit %d", strings.Join(args[:1], " "), res.code)
		if args[0] == "run" && res.code != exitOK {
			t.Errorf("run: exit %d\n%s", res.code, res.stderr)
		}
		assertNoKey(t, args[0]+" stdout", res.stdout, plantedKey)
		assertNoKey(t, args[0]+" stderr", res.stderr, plantedKey)
	}
	for _, p := range []string{sum, out, cache, cfg} {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Errorf("%s: %v", p, err)
			continue
		}
		assertNoKey(t, filepath.Base(p), string(b), plantedKey)
	}
	assertNoKey(t, "server log", s.logs.String(), plantedKey)
	if s.srv.Stats().Calls == 0 {
		t.Fatal("the run made no calls: the key was not used")
	}

	// A key the server refuses: the run stops at the first refusal with
	// exit 1 and a message pointing at the key, leaves no output under the
	// final name, and shows no key anywhere.
	s2 := startServe(t, server.Options{APIKeys: []string{"np-OTHER-5b7d9f1e3a2c4860"}})
	c.baseURL, c.output, c.cache = s2.baseURL(), filepath.Join(dir, "out2.csv"), ""
	cfg2 := c.write(t, dir, "wrongkey.yaml")
	res := runNP(t, dir, "run", "--config", cfg2, "--log-level", "debug")
	if res.code != exitFailed || !strings.Contains(res.stderr, "denied access: check the API key") {
		t.Errorf("refused key: exit %d, want %d with the access-denied message; stderr:\n%s", res.code, exitFailed, res.stderr)
	}
	if _, err := os.Stat(c.output); !os.IsNotExist(err) {
		t.Errorf("output %s exists after an access-denied stop (err %v)", c.output, err)
	}
	for _, k := range []string{plantedKey, "np-OTHER-5b7d9f1e3a2c4860"} {
		assertNoKey(t, "stderr", res.stderr, k)
		assertNoKey(t, "stdout", res.stdout, k)
		assertNoKey(t, "output", readFile(t, c.output), k)
	}
}
