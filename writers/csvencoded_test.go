package writers

import (
	"context"
	"math"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"testing"

	"github.com/namepipe/namepipe/record"
)

// TestEncodedCellsAsWritten holds EncodeCells to Write: a row whose run of
// cells was encoded ahead by EncodeCells is written byte for byte as the
// same row written cell by cell, for every delimiter, line ending and
// formula escaping, over values that need quoting, escaping or
// formatting, with the values under a run left nil. EncodeCells runs
// on other goroutines while Write runs (the pipeline's workers encode as
// the writer writes), which the race detector checks.
func TestEncodedCellsAsWritten(t *testing.T) {
	t.Parallel()
	schema := record.Schema{Fields: []record.Field{
		{Name: "in", Type: record.String},
		{Name: "s", Type: record.String},
		{Name: "f", Type: record.Double},
		{Name: "esc", Type: record.String},
		{Name: "i", Type: record.Int64},
		{Name: "last", Type: record.String},
	}}
	values := []record.Value{nil, "", "x", "Ángel", "=1+2", "-x", "@a", " lead", "a,b", "a;b", "a§b", `q"q`,
		"line\nbreak", "cr\r", "\r", `\.`, "\u00a0nb", 0.95, 1e21, math.Copysign(0, -1), int64(-3), int64(42)}
	rnd := rand.New(rand.NewPCG(1, 2))
	var rows [][]record.Value
	for range 500 {
		row := make([]record.Value, len(schema.Fields))
		for j, f := range schema.Fields {
			for row[j] == nil && rnd.IntN(8) > 0 {
				row[j] = values[rnd.IntN(len(values))]
				if !fits(f.Type, row[j]) {
					row[j] = nil
				}
			}
		}
		rows = append(rows, row)
	}
	runs := []struct{ col, n int }{{1, 3}, {2, 4}, {1, 1}, {5, 1}, {4, 2}}
	for _, delim := range []rune{',', ';', '§'} {
		for _, crlf := range []bool{false, true} {
			opts := CSVOptions{Delimiter: delim, CRLF: crlf, NoHeader: true, Escape: []bool{false, false, false, true, false, true}}
			plain := writeRows(t, schema, opts, rows, nil)
			encoded := writeRows(t, schema, opts, rows, func(w CellEncoder, i int, row []record.Value) (int, int, record.Value) {
				r := runs[i%len(runs)]
				v, ok := w.EncodeCells(r.col, row[r.col:r.col+r.n])
				if !ok {
					t.Errorf("EncodeCells(%d, %d cells) refused", r.col, r.n)
				}
				return r.col, r.n, v
			})
			if plain != encoded {
				t.Errorf("delimiter %q, CRLF %v: encoded ahead\n%q\ncell by cell\n%q", delim, crlf, firstDiff(encoded, plain), firstDiff(plain, encoded))
			}
		}
	}
	one, err := CreateCSV(filepath.Join(t.TempDir(), "one.csv"), strSchema("a"), CSVOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer one.Abort()
	if _, ok := one.(CellEncoder).EncodeCells(0, []record.Value{""}); ok {
		t.Error("EncodeCells encoded the cell of a one-column schema")
	}
	if _, ok := one.(CellEncoder).EncodeCells(0, []record.Value{"a", "b"}); ok {
		t.Error("EncodeCells encoded cells beyond the schema")
	}
}

// writeRows writes rows with a CSV writer of schema and opts and returns
// the file; with encode, each row carries the value it returns for its n
// cells from col, encoded by other goroutines while the writer writes.
func writeRows(t *testing.T, schema record.Schema, opts CSVOptions, rows [][]record.Value,
	encode func(w CellEncoder, i int, row []record.Value) (col, n int, v record.Value)) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "out.csv")
	w, err := CreateCSV(path, schema, opts)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Abort()
	recs := make([]record.Record, len(rows))
	for i, row := range rows {
		recs[i] = record.Record{Index: int64(i), Values: row}
	}
	// Batches of rows, each encoded on its own goroutine, all at once,
	// and written in order as soon as encoded.
	const batch = 50
	var done []chan struct{}
	for from := 0; from < len(recs); from += batch {
		ch := make(chan struct{})
		done = append(done, ch)
		go func() {
			defer close(ch)
			for i := from; encode != nil && i < min(from+batch, len(recs)); i++ {
				col, n, v := encode(w.(CellEncoder), i, rows[i])
				// Write does not read the values under a run.
				recs[i].Values = slices.Clone(rows[i])
				clear(recs[i].Values[col : col+n])
				recs[i].Values[col] = v
			}
		}()
	}
	for k, ch := range done {
		<-ch
		if err := w.Write(context.Background(), recs[k*batch:min((k+1)*batch, len(recs))]); err != nil {
			t.Fatal(err)
		}
	}
	return string(commitAndRead(t, w, path))
}

// fits reports whether v is a value of a column of type t.
func fits(t record.Type, v record.Value) bool {
	switch v.(type) {
	case string:
		return t == record.String
	case float64:
		return t == record.Double
	case int64:
		return t == record.Int64
	}
	return false
}

// firstDiff returns a of its first difference with b on.
func firstDiff(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	return a[max(i-20, 0):min(i+60, len(a))]
}
