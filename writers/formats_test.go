package writers

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/namepipe/namepipe/readers"
	"github.com/namepipe/namepipe/record"
)

const crossCSV = "name,email,phone,note\n" +
	"\"Smith, John\",john@example.com,+49 30 123,\"multi\nline\"\n" +
	"José Müller,,=1+2,\"quote \"\"x\"\"\"\n" +
	"李小龍,li@example.cn,,😀\n"

// TestCrossFormat converts CSV to every format and back to CSV through
// Open/Create, and checks the final CSV equals the input.
func TestCrossFormat(t *testing.T) {
	ctx := context.Background()
	for _, mid := range []string{"mid.parquet", "mid.jsonl", "mid.tsv", "mid.csv", "mid.ndjson", "mid.csv.gz", "mid.jsonl.zst", "mid.tsv.gz"} {
		t.Run(mid, func(t *testing.T) {
			dir := t.TempDir()
			in := filepath.Join(dir, "in.csv")
			os.WriteFile(in, []byte(crossCSV), 0o644)
			convert := func(from, to string) {
				r, err := readers.Open(ctx, from, readers.Options{})
				if err != nil {
					t.Fatal(err)
				}
				defer r.Close()
				w, err := Create(to, r.Schema(), Options{FileOptions: FileOptions{Protect: []string{from}}})
				if err != nil {
					t.Fatal(err)
				}
				var recs []record.Record
				for {
					buf := make([]record.Record, 2)
					n, err := r.Read(ctx, buf)
					recs = append(recs, buf[:n]...)
					if err != nil {
						break
					}
				}
				if err := w.Write(ctx, recs); err != nil {
					t.Fatal(err)
				}
				if err := w.Commit(); err != nil {
					t.Fatal(err)
				}
			}
			m := filepath.Join(dir, mid)
			out := filepath.Join(dir, "out.csv")
			convert(in, m)
			convert(m, out)
			got, _ := os.ReadFile(out)
			if string(got) != crossCSV {
				t.Errorf("CSV → %s → CSV\n got: %q\nwant: %q", mid, got, crossCSV)
			}
		})
	}
}

func TestFormatErrors(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	p := filepath.Join(dir, "data.doc")
	os.WriteFile(p, []byte("x"), 0o644)
	if _, err := readers.Open(ctx, p, readers.Options{}); err == nil || !strings.Contains(err.Error(), `cannot tell the input format from the extension ".doc"`) {
		t.Errorf("Open: %v", err)
	}
	if _, err := readers.Open(ctx, p, readers.Options{Format: "xml"}); err == nil || !strings.Contains(err.Error(), `unknown input format "xml"`) {
		t.Errorf("Open: %v", err)
	}
	if _, err := Create(filepath.Join(dir, "o.doc"), strSchema("a"), Options{}); err == nil || !strings.Contains(err.Error(), `cannot tell the output format`) {
		t.Errorf("Create: %v", err)
	}
	if _, err := Create(filepath.Join(dir, "o.xlsx"), strSchema("a"), Options{}); err == nil || !strings.Contains(err.Error(), `does not write them`) {
		t.Errorf("Create xlsx: %v", err)
	}
	if _, err := Create(filepath.Join(dir, "o.parquet.gz"), strSchema("a"), Options{}); err == nil || !strings.Contains(err.Error(), `compresses its own pages`) {
		t.Errorf("Create parquet.gz: %v", err)
	}
	if _, err := readers.Open(ctx, "-", readers.Options{Format: "parquet"}); err == nil || !strings.Contains(err.Error(), "cannot be read from standard input") {
		t.Errorf("Open stdin parquet: %v", err)
	}
}
