// Package csvtest reads and writes the small CSV files of tests (the
// outputs of dedupe runs, local and on Beam, and the inputs made from
// them), failing the test on any error. Test support only.
package csvtest

import (
	"encoding/csv"
	"os"
	"testing"
)

// Read returns every record of the CSV file at path, the header first.
func Read(t testing.TB, path string) [][]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if len(recs) == 0 {
		t.Fatalf("%s: no header", path)
	}
	return recs
}

// Write writes header and rows to a CSV file at path.
func Write(t testing.TB, path string, header []string, rows [][]string) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	w := csv.NewWriter(f)
	if err := w.WriteAll(append([][]string{header}, rows...)); err != nil {
		f.Close()
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

// Column returns the index of the column named name in a header, failing
// the test when there is none.
func Column(t testing.TB, header []string, name string) int {
	t.Helper()
	for i, h := range header {
		if h == name {
			return i
		}
	}
	t.Fatalf("no column %q in %q", name, header)
	return -1
}
