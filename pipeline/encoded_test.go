package pipeline

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/namepipe/namepipe/record"
	"github.com/namepipe/namepipe/writers"
)

// encodingWriter is a CSV writer that counts the rows handed to it with
// cells encoded ahead.
type encodingWriter struct {
	writers.Writer
	enc     writers.CellEncoder
	made    sync.Map // the values EncodeCells returned
	encoded atomic.Int64
}

func (w *encodingWriter) EncodeCells(first int, vals []record.Value) (record.Value, bool) {
	v, ok := w.enc.EncodeCells(first, vals)
	if ok {
		w.made.Store(v, true)
	}
	return v, ok
}

func (w *encodingWriter) Write(ctx context.Context, recs []record.Record) error {
	for i := range recs {
		for _, v := range recs[i].Values {
			if _, ok := w.made.Load(v); ok {
				w.encoded.Add(1)
				break
			}
		}
	}
	return w.Writer.Write(ctx, recs)
}

// TestLocalEncodesAhead checks that the local path's memo hands the CSV
// writer its rows' result cells encoded ahead (writers.CellEncoder), and that
// the file is byte for byte the one written cell by cell: with names
// that repeat, need quoting or formula escaping, fail to build, or are
// empty (parse and genderize do not apply).
func TestLocalEncodesAhead(t *testing.T) {
	t.Parallel()
	names := []string{"Ann", `O"Brien`, "Smith, John", "=cmd", "BAD row", "", "  lead", "Łódź"}
	run := func(t *testing.T, encode bool) (string, int64) {
		path := filepath.Join(t.TempDir(), "out.csv")
		p := &fakePlan{ops: []Op{"parse", "genderize", "disposable"}, call: echo}
		schema := p.OutputSchema()
		escape := make([]bool, len(schema.Fields))
		for j := 2; j < len(escape); j++ {
			escape[j] = true
		}
		cw, err := writers.CreateCSV(path, schema, writers.CSVOptions{Escape: escape})
		if err != nil {
			t.Fatal(err)
		}
		var w writers.Writer = struct{ writers.Writer }{cw} // hides EncodeCells
		ew := &encodingWriter{Writer: cw, enc: cw.(writers.CellEncoder)}
		if encode {
			w = ew
		}
		rd := newMemReader(3000, func(i int) string { return names[i%len(names)] })
		o := Options{Reader: rd, Writer: w, Plan: p, Service: inProcessService{}, Concurrency: 3, LogEvery: -1, BatchSize: 64}
		if _, err := Run(context.Background(), o); err != nil {
			t.Fatal(err)
		}
		if err := cw.Commit(); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		return string(b), ew.encoded.Load()
	}
	plain, _ := run(t, false)
	encoded, rows := run(t, true)
	if encoded != plain {
		t.Errorf("output with cells encoded ahead differs:\n%s\ncell by cell:\n%s", head(encoded), head(plain))
	}
	// Every row but the first of each name per worker, and those of the
	// row that does not build, comes from the memo: most rows.
	if rows < 2000 {
		t.Errorf("%d of 3000 rows had cells encoded ahead, want most", rows)
	}
}

// head returns the first lines of s.
func head(s string) string {
	n := 0
	for i := range len(s) {
		if s[i] == '\n' {
			if n++; n == 12 {
				return s[:i]
			}
		}
	}
	return fmt.Sprint(s)
}
