package readers

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/namepipe/namepipe/record"
)

// FuzzCSVReader feeds arbitrary bytes to the CSV reader: it must never
// panic, every row it returns has exactly the schema's width, indexes
// count up from 0, lines never go backwards, and every error names the file.
func FuzzCSVReader(f *testing.F) {
	seeds, _ := filepath.Glob(filepath.Join("testdata", "bad", "*.csv"))
	for _, s := range seeds {
		if b, err := os.ReadFile(s); err == nil {
			f.Add(b, uint8(0))
		}
	}
	f.Add([]byte("a;b\n1;2\n"), uint8(';'))
	f.Add([]byte("a,b\n\"x\ny\",2\n3\n"), uint8(','))
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte, delim uint8) {
		p := filepath.Join(dir, "in.csv")
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		var opts CSVOptions
		if strings.ContainsRune(",;\t|", rune(delim)) {
			opts.Delimiter = rune(delim)
		}
		r, err := OpenCSV(context.Background(), p, opts)
		if err != nil {
			if !strings.HasPrefix(err.Error(), p) {
				t.Fatalf("error does not name the file: %v", err)
			}
			return
		}
		defer r.Close()
		width := len(r.Schema().Fields)
		buf := make([]record.Record, 7)
		var idx, line int64
		for {
			n, err := r.Read(context.Background(), buf)
			for _, rec := range buf[:n] {
				if len(rec.Values) != width || rec.Index != idx || rec.Line < line {
					t.Fatalf("bad record %+v (width %d, index %d, line %d)", rec, width, idx, line)
				}
				idx++
				line = rec.Line
			}
			if err == io.EOF {
				return
			}
			if err != nil {
				if !strings.HasPrefix(err.Error(), p) {
					t.Fatalf("error does not name the file: %v", err)
				}
				return
			}
		}
	})
}
