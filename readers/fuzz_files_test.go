package readers

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzCompressedAndXLSX opens arbitrary bytes as a .csv.gz, a .jsonl and
// an .xlsx: no panic, every error names the file, and a readable input
// reads to its end or to an error naming the file.
func FuzzCompressedAndXLSX(f *testing.F) {
	f.Add(gzipBytes(f, manyRows(3)))
	f.Add(zstdBytes(f, []byte("{\"a\":1}\n{\"a\":2}\n")))
	f.Add(gzipBytes(f, manyRows(3))[:20])
	f.Add([]byte("PK\x03\x04garbage"))
	f.Add([]byte("a,b\n1,2\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		dir := t.TempDir()
		for _, name := range []string{"in.csv.gz", "in.jsonl", "in.xlsx"} {
			p := filepath.Join(dir, name)
			if err := os.WriteFile(p, data, 0o644); err != nil {
				t.Fatal(err)
			}
			r, err := Open(context.Background(), p, Options{})
			if err != nil {
				if !strings.HasPrefix(err.Error(), p) {
					t.Fatalf("open error does not name the file: %v", err)
				}
				continue
			}
			_, err = readAll(t, r)
			r.Close()
			if err != nil && !strings.Contains(err.Error(), p) {
				t.Fatalf("read error does not name the file: %v", err)
			}
		}
	})
}
