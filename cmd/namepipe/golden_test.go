package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// updateGolden rewrites the golden outputs instead of comparing with them:
//
//	go test ./cmd/namepipe -run TestGolden -update-golden
//
// Only do that for a change that is meant to change results, and say so in
// the commit message.
var updateGolden = flag.Bool("update-golden", false, "rewrite testdata/golden from this build's output")

// goldenCase is one run whose output must stay byte-identical.
type goldenCase struct {
	name   string
	cmd    string   // the command; "" is run
	args   []string // flags besides --output and --quiet
	ext    string   // output extension
	golden string   // file under testdata/golden: the output itself, or its SHA-256 when hash is set
	hash   bool     // keep only the SHA-256 (large outputs)
	gen    int      // rows of bench/gen input to generate first (0 = none); passed as --input
}

// TestGolden runs the shipped configs on the sample data, and the
// benchmark config on generated rows, and compares the output files byte
// for byte with the outputs committed under testdata/golden. Any change of
// a result, a column, a format detail or the row order fails it.
func TestGolden(t *testing.T) {
	t.Chdir(filepath.Join("..", ".."))
	// Age checks depend on today's date: pin it so the files stay valid.
	t.Setenv(todayEnv, "2026-11-24")
	cases := []goldenCase{
		{name: "sample-csv", args: []string{"--config", "configs/example.yaml"}, ext: ".csv", golden: "customers.enriched.csv"},
		{name: "sample-parquet", args: []string{"--config", "configs/parquet.yaml"}, ext: ".parquet", golden: "customers.enriched.parquet"},
		{name: "sample-jsonl", args: []string{"--config", "configs/example.yaml"}, ext: ".jsonl", golden: "customers.enriched.jsonl"},
		{name: "sample-dedupe", cmd: "dedupe", args: []string{"--config", "configs/example.yaml"}, ext: ".csv", golden: "customers.dedupe.csv"},
		{name: "bench-csv", args: []string{"--config", "bench/configs/local.yaml", "--no-cache"}, ext: ".csv", golden: "bench-20k.enriched.csv.sha256", hash: true, gen: 20_000},
		{name: "bench-parquet", args: []string{"--config", "bench/configs/local.yaml", "--no-cache"}, ext: ".parquet", golden: "bench-20k.enriched.parquet.sha256", hash: true, gen: 20_000},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			cmd := tc.cmd
			if cmd == "" {
				cmd = "run"
			}
			args := append([]string{cmd}, tc.args...)
			if tc.gen > 0 {
				in := filepath.Join(dir, "in"+tc.ext)
				cmd := exec.Command("go", "run", "./bench/gen", "-n", itoa(tc.gen), "-o", in)
				if out, err := cmd.CombinedOutput(); err != nil {
					t.Fatalf("bench/gen: %v\n%s", err, out)
				}
				args = append(args, "--input", in)
			}
			out := filepath.Join(dir, "out"+tc.ext)
			args = append(args, "--output", out, "--quiet")
			var stdout, stderr bytes.Buffer
			if code := realMain(context.Background(), args, &stdout, &stderr); code != exitOK {
				t.Fatalf("exit %d; stderr:\n%s", code, stderr.String())
			}
			got, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			if tc.hash {
				sum := sha256.Sum256(got)
				got = []byte(hex.EncodeToString(sum[:]) + "\n")
			}
			path := filepath.Join("testdata", "golden", tc.golden)
			if *updateGolden {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (generate with -update-golden)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("output differs from %s (%d bytes, want %d)%s", path, len(got), len(want), firstDiff(got, want, tc.hash))
			}
		})
	}
}

func itoa(n int) string {
	var b [20]byte
	i := len(b)
	for {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
		if n == 0 {
			return string(b[i:])
		}
	}
}

// firstDiff describes the first differing line of two text outputs.
func firstDiff(got, want []byte, hashed bool) string {
	if hashed || bytes.IndexByte(want, 0) >= 0 {
		return ""
	}
	g, w := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
	for i := 0; i < len(g) && i < len(w); i++ {
		if g[i] != w[i] {
			return "\nfirst difference at line " + itoa(i+1) + ":\n got: " + g[i] + "\nwant: " + w[i]
		}
	}
	return "\none output is a prefix of the other"
}
