package e2e

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/csv"
	"encoding/hex"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// binary is the namepipe binary built once by TestMain.
var binary string

// TestMain builds the binary from this tree, or uses $NAMEPIPE_BIN when
// set (to test a build made elsewhere).
func TestMain(m *testing.M) {
	if b := os.Getenv("NAMEPIPE_BIN"); b != "" {
		binary = b
		os.Exit(m.Run())
	}
	dir, err := os.MkdirTemp("", "namepipe-e2e-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	binary = filepath.Join(dir, "namepipe")
	build := exec.Command("go", "build", "-o", binary, "./cmd/namepipe")
	build.Dir = ".."
	build.Stdout, build.Stderr = os.Stdout, os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "e2e: building namepipe:", err)
		os.RemoveAll(dir)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// keyEnv is the variable that carries the planted key to namepipe.
const keyEnv = "NP_E2E_API_KEY"

// result of one namepipe process.
type result struct {
	code           int
	stdout, stderr string
	elapsed        time.Duration
}

// runNP runs the binary with args in dir, with the planted key in the
// environment, and waits for it (with a generous deadline so that a hang
// fails the test instead of stalling it).
func runNP(t *testing.T, dir string, args ...string) result {
	t.Helper()
	return runNPWithin(t, dir, 60*time.Second, nil, args...)
}

// runNPWithin runs the binary with args in dir, with the planted key and
// env in the environment, and waits for it at most deadline.
func runNPWithin(t *testing.T, dir string, deadline time.Duration, env []string, args ...string) result {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), deadline)
	defer cancel()
	cmd := exec.CommandContext(ctx, binary, args...)
	cmd.Dir = dir
	cmd.Env = append(append(os.Environ(), keyEnv+"="+plantedKey), env...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	start := time.Now()
	err := cmd.Run()
	res := result{stdout: out.String(), stderr: errb.String(), elapsed: time.Since(start)}
	var ee *exec.ExitError
	switch {
	case err == nil:
	case errors.As(err, &ee) && ctx.Err() == nil:
		res.code = ee.ExitCode()
	default:
		t.Fatalf("namepipe %s: %v (hang?)\nstderr:\n%s", strings.Join(args, " "), err, res.stderr)
	}
	return res
}

// Sample values of the generated input.
var (
	givenNames = []string{"Petra", "John", "María", "Ahmed", "Li", "Anna", "Olaf", "Fatima", "Jean-Luc", "Zoë", "Kenji", "Ngozi", "Lars", "Sofia", "Mehmet", "Aleksandra"}
	surnames   = []string{"Müller", "Smith", "García", "Al-Hassan", "Wei", "Schmidt", "Hansen", "Khan", "Picard", "Dubois", "Tanaka", "Okafor", "Berg", "Rossi", "Yılmaz", "Nowak"}
	domains    = []string{"example.com", "gmail.com", "mailinator.com", "web.de", "acme.org", "guerrillamail.com"}
	countries  = []string{"DE", "US", "ES", "FR", "JP", "NG", "NO", "IT", "TR", "PL"}
)

// inputHeader is the header of generated inputs.
var inputHeader = []string{"id", "full_name", "email", "birth_date", "country", "notes"}

// genRows returns n distinct, realistic rows (deterministic for a seed).
func genRows(n int, seed uint64) [][]string {
	rng := rand.New(rand.NewPCG(seed, seed+1))
	rows := make([][]string, n)
	for i := range rows {
		g, s := givenNames[rng.IntN(len(givenNames))], surnames[rng.IntN(len(surnames))]
		name := g + " " + s
		if i%7 == 3 {
			name = s + ", " + g
		}
		email := fmt.Sprintf("%s.%s%d@%s", strings.ToLower(g), strings.ToLower(s), i, domains[rng.IntN(len(domains))])
		date := fmt.Sprintf("%d-%02d-%02d", 1940+rng.IntN(65), 1+rng.IntN(12), 1+rng.IntN(28))
		notes := ""
		if i%5 == 0 {
			notes = "call \"after\" 5pm,\nsecond line"
		}
		rows[i] = []string{fmt.Sprint(i + 1), name, email, date, countries[rng.IntN(len(countries))], notes}
	}
	return rows
}

// writeCSV writes header and rows to path.
func writeCSV(t *testing.T, path string, header []string, rows [][]string) {
	t.Helper()
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	w.Write(header)
	w.WriteAll(rows)
	if err := w.Error(); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// readCSV reads a whole CSV file (header first).
func readCSV(t *testing.T, path string) [][]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := csv.NewReader(f)
	r.FieldsPerRecord = -1
	all, err := r.ReadAll()
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return all
}

// fileHash returns the SHA-256 of a file ("" when it does not exist).
func fileHash(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return ""
	}
	if err != nil {
		t.Fatal(err)
	}
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

// runConfig are the parts of a generated config that tests vary.
type runConfig struct {
	input, output string
	baseURL       string // "" = the local engine
	ops           []string
	concurrency   int
	retries       int
	timeout       time.Duration
	maxFailures   int // run.maxConsecutiveFailures; 0 = the default, -1 = 0 (never stop)
	cache         string
	extra         string // appended verbatim
}

// yaml renders the config.
func (c runConfig) yaml() string {
	var b strings.Builder
	fmt.Fprintf(&b, "input:\n  path: %q\noutput:\n  path: %q\n", c.input, c.output)
	if c.baseURL != "" {
		fmt.Fprintf(&b, "engine:\n  kind: nameapi\n  baseURL: %q\n  apiKeyEnv: %s\n", c.baseURL, keyEnv)
	} else {
		b.WriteString("engine:\n  kind: local\n")
	}
	if c.timeout > 0 {
		fmt.Fprintf(&b, "  timeout: %s\n", c.timeout)
	}
	b.WriteString("run:\n")
	if c.concurrency > 0 {
		fmt.Fprintf(&b, "  concurrency: %d\n", c.concurrency)
	}
	fmt.Fprintf(&b, "  retries: %d\n", c.retries)
	if c.maxFailures != 0 {
		fmt.Fprintf(&b, "  maxConsecutiveFailures: %d\n", max(c.maxFailures, 0))
	}
	if c.cache != "" {
		fmt.Fprintf(&b, "  cache: %q\n", c.cache)
	}
	b.WriteString("person:\n  fullName: full_name\n  email: email\n  birthDate: birth_date\ncontext:\n  placeColumn: country\noperations:\n")
	for _, op := range c.ops {
		fmt.Fprintf(&b, "  - %s\n", op)
	}
	b.WriteString(c.extra)
	return b.String()
}

// write writes the config to dir/name and returns its path.
func (c runConfig) write(t *testing.T, dir, name string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(c.yaml()), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// checkRowsKept checks that out has the input's header and rows, in
// order, with input columns unchanged, plus result columns; it returns
// the output's data rows.
func checkRowsKept(t *testing.T, header []string, in [][]string, out [][]string) [][]string {
	t.Helper()
	if len(out) == 0 {
		t.Fatal("output is empty")
	}
	if got := out[0][:min(len(header), len(out[0]))]; !slices.Equal(got, header) {
		t.Fatalf("output header starts %q, want %q", got, header)
	}
	data := out[1:]
	if len(data) != len(in) {
		t.Fatalf("rows in %d ≠ rows out %d", len(in), len(data))
	}
	for i, row := range data {
		if len(row) != len(out[0]) {
			t.Fatalf("output row %d has %d fields, header %d", i, len(row), len(out[0]))
		}
		if !slices.Equal(row[:len(header)], in[i]) {
			t.Fatalf("row %d input columns changed:\n got %q\nwant %q", i, row[:len(header)], in[i])
		}
	}
	return data
}
