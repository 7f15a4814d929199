package main

import (
	"bytes"
	"context"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"github.com/namepipe/namepipe/bench/internal/pairscore"
	"github.com/namepipe/namepipe/engine"
)

// TestDedupeOnGeneratedPeople runs dedupe with the local engine on
// generated people with planted duplicates and checks pairwise precision,
// recall and F1, overall and per kind of corruption.
func TestDedupeOnGeneratedPeople(t *testing.T) {
	rows := generate(10_000, 0.3, 42)
	m := pairscore.Evaluate(runOn(t, rows))
	var out strings.Builder
	pairscore.Print(&out, m)
	t.Logf("pairwise metrics, 10,000 rows:\n%s", out.String())
	if f1 := m["all"].F1(); f1 < 0.95 {
		t.Errorf("F1 %.4f, want at least 0.95", f1)
	}
	for _, k := range Kinds {
		if f1 := m[k].F1(); f1 < 0.9 {
			t.Errorf("%s: F1 %.4f, want at least 0.9", k, f1)
		}
	}
}

// TestDedupeOnHardPeople is the same on the -hard set (every field
// missing with probability 0.35, each duplicate changed two ways). About
// a fifth of its true pairs have nothing but the name left on both
// rows, and with this generator's few names a name alone cannot tell a
// duplicate from a namesake, so recall stays near 0.72; the floors keep
// precision high and what is found from falling.
func TestDedupeOnHardPeople(t *testing.T) {
	rows := harden(generate(10_000, 0.3, 42), 42)
	m := pairscore.Evaluate(runOn(t, rows))
	var out strings.Builder
	pairscore.Print(&out, m)
	t.Logf("pairwise metrics, -hard, 10,000 rows:\n%s", out.String())
	if a := m["all"]; a.Precision() < 0.99 || a.Recall() < 0.70 || a.F1() < 0.82 {
		t.Errorf("precision %.4f recall %.4f F1 %.4f, want at least 0.99, 0.70, 0.82", a.Precision(), a.Recall(), a.F1())
	}
}

func TestGenerateIsDeterministic(t *testing.T) {
	t.Parallel()
	var a, b bytes.Buffer
	if err := writeCSV(&a, generate(500, 0.3, 9)); err != nil {
		t.Fatal(err)
	}
	if err := writeCSV(&b, generate(500, 0.3, 9)); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("two runs with one seed differ")
	}
	kinds := map[string]bool{}
	for _, r := range generate(2000, 0.3, 9) {
		kinds[r.kind] = true
	}
	for _, k := range Kinds {
		if !kinds[k] {
			t.Errorf("no %s duplicate in 2,000 rows", k)
		}
	}
}

// runOn writes rows to a CSV file, runs dedupe on it with the local
// engine and bench/configs/dedupe.yaml, and returns each row's truth and
// cluster.
func runOn(t *testing.T, rows []row) []pairscore.Row {
	t.Helper()
	eng, err := engine.New()
	if err != nil {
		t.Fatal(err)
	}
	write := func(w io.Writer) error { return writeCSV(w, rows) }
	found, err := pairscore.ClustersOfCSV(context.Background(), t.TempDir(), write, filepath.Join("..", "configs", "dedupe.yaml"), eng)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]pairscore.Row, len(rows))
	for i, r := range rows {
		out[i] = pairscore.Row{Truth: r.entity, Kind: r.kind, Found: found[i]}
	}
	return out
}
