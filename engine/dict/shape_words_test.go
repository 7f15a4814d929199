package dict

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// listedWords returns every word and every tab-separated field of the
// embedded data files (data/*) and of the engine's test lists
// (engine/testdata, *.tsv and *.txt), once each: the names the cheap
// rejects of the name tests are held to their full tests on.
func listedWords(t testing.TB) []string {
	t.Helper()
	seen := map[string]bool{}
	var out []string
	addText := func(b []byte) {
		for ln := range strings.Lines(string(b)) {
			ln = strings.TrimRight(ln, "\r\n")
			for _, f := range strings.Split(ln, "\t") {
				for _, w := range append(strings.FieldsFunc(f, func(r rune) bool { return strings.ContainsRune(" ,:|;/()", r) }), f) {
					if w != "" && !seen[w] {
						seen[w] = true
						out = append(out, w)
					}
				}
			}
		}
	}
	entries, err := files.ReadDir("data")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		b, err := readFile("data/" + e.Name())
		if err != nil {
			t.Fatal(err)
		}
		addText(b)
	}
	err = filepath.WalkDir("../testdata", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".tsv") && !strings.HasSuffix(p, ".txt") {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		addText(b)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(out) < 100000 {
		t.Fatalf("listedWords: only %d words", len(out))
	}
	return out
}
