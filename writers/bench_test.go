package writers

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/namepipe/namepipe/readers"
	"github.com/namepipe/namepipe/record"
)

// benchRows is the size of the benchmark files: 1,000,000 rows × 8
// columns, as in the acceptance criteria.
const benchRows = 1_000_000

const benchBatch = 1024

var benchNames = []string{"id", "given_name", "surname", "email", "phone", "street", "city", "birth_date"}

// writeBenchCSV writes the benchmark input CSV.
func writeBenchCSV(b *testing.B, path string, rows int) {
	b.Helper()
	f, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	w := bufio.NewWriterSize(f, 1<<20)
	fmt.Fprintln(w, "id,given_name,surname,email,phone,street,city,birth_date")
	for i := range rows {
		fmt.Fprintf(w, "%d,Given%d,Surname%d,user%d@example.com,+49 30 %07d,Hauptstraße %d,Berlin,19%02d-%02d-%02d\n",
			i, i%5000, i%20000, i, i, i%300, i%100, i%12+1, i%28+1)
	}
	if err := w.Flush(); err != nil {
		b.Fatal(err)
	}
	f.Close()
}

// copyAll streams r into w in batches, as the pipeline does.
func copyAll(b *testing.B, r readers.Reader, w Writer) int {
	b.Helper()
	ctx := context.Background()
	buf := make([]record.Record, benchBatch)
	n := 0
	for {
		k, err := r.Read(ctx, buf)
		if k > 0 {
			if err := w.Write(ctx, buf[:k]); err != nil {
				b.Fatal(err)
			}
			n += k
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			b.Fatal(err)
		}
	}
	if err := w.Commit(); err != nil {
		b.Fatal(err)
	}
	return n
}

// BenchmarkCSVReadWrite copies a 1M-row × 8-column CSV file.
func BenchmarkCSVReadWrite(b *testing.B) {
	in := filepath.Join(b.TempDir(), "in.csv")
	writeBenchCSV(b, in, benchRows)
	benchCopy(b, in)
}

// benchCopy copies in to a file of the same format, b.N times, through
// readers.Open and Create, and reports rows/s.
func benchCopy(b *testing.B, in string) {
	b.Helper()
	out := filepath.Join(filepath.Dir(in), "out"+filepath.Ext(in))
	b.ResetTimer()
	for range b.N {
		r, err := readers.Open(context.Background(), in, readers.Options{})
		if err != nil {
			b.Fatal(err)
		}
		w, err := Create(out, r.Schema(), Options{})
		if err != nil {
			b.Fatal(err)
		}
		if n := copyAll(b, r, w); n != benchRows {
			b.Fatalf("%d rows", n)
		}
		r.Close()
	}
	b.ReportMetric(float64(benchRows*b.N)/b.Elapsed().Seconds(), "rows/s")
}

// benchParquetSchema is typed like a real export.
func benchParquetSchema() record.Schema {
	s := record.Schema{}
	for i, n := range benchNames {
		f := record.Field{Name: n, Type: record.String, Nullable: true}
		switch i {
		case 0:
			f.Type, f.Nullable = record.Int64, false
		case 7:
			f.Type = record.Date
		}
		s.Fields = append(s.Fields, f)
	}
	return s
}

func writeBenchParquet(b *testing.B, path string, rows int) {
	b.Helper()
	r := make([]record.Record, benchBatch)
	w, err := CreateParquet(path, benchParquetSchema(), ParquetOptions{})
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	for start := 0; start < rows; start += benchBatch {
		k := min(benchBatch, rows-start)
		for j := range k {
			i := start + j
			var email record.Value = "user" + strconv.Itoa(i) + "@example.com"
			if i%10 == 0 {
				email = nil
			}
			r[j].Values = []record.Value{int64(i), "Given" + strconv.Itoa(i%5000), "Surname" + strconv.Itoa(i%20000), email,
				"+49 30 " + strconv.Itoa(i), "Hauptstraße " + strconv.Itoa(i%300), "Berlin", dateOf(i)}
		}
		if err := w.Write(ctx, r[:k]); err != nil {
			b.Fatal(err)
		}
	}
	if err := w.Commit(); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkParquetWrite measures the writer alone on 1M rows × 8 columns.
func BenchmarkParquetWrite(b *testing.B) {
	dir := b.TempDir()
	for range b.N {
		writeBenchParquet(b, filepath.Join(dir, "out.parquet"), benchRows)
	}
	b.ReportMetric(float64(benchRows*b.N)/b.Elapsed().Seconds(), "rows/s")
}

// readBenchBatch reads one batch (benchBatch rows) of a generated CSV
// file, as a writer gets it from the pipeline, with its schema.
func readBenchBatch(b *testing.B) ([]record.Record, record.Schema) {
	in := filepath.Join(b.TempDir(), "in.csv")
	writeBenchCSV(b, in, benchBatch)
	r, err := readers.Open(context.Background(), in, readers.Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer r.Close()
	rows := make([]record.Record, benchBatch)
	n, err := r.Read(context.Background(), rows)
	if err != nil && err != io.EOF {
		b.Fatal(err)
	}
	return rows[:n], r.Schema()
}

// appendResults appends results to every row and their columns (r<N>,
// strings but for a float64 result, a double) to schema, as the
// pipeline's result columns follow the input's.
func appendResults(rows []record.Record, schema record.Schema, results []record.Value, nullable bool) record.Schema {
	for i := range rows {
		rows[i].Values = append(rows[i].Values, results...)
	}
	for _, v := range results {
		f := record.Field{Name: fmt.Sprint("r", len(schema.Fields)), Type: record.String, Nullable: nullable}
		if _, ok := v.(float64); ok {
			f.Type = record.Double
		}
		schema.Fields = append(schema.Fields, f)
	}
	return schema
}

// BenchmarkParquetReadWrite copies a 1M-row × 8-column Parquet file.
func BenchmarkParquetReadWrite(b *testing.B) {
	in := filepath.Join(b.TempDir(), "in.parquet")
	writeBenchParquet(b, in, benchRows)
	benchCopy(b, in)
}

func dateOf(i int) record.Value {
	return time.Date(1940+i%60, time.Month(i%12+1), i%28+1, 0, 0, 0, 0, time.UTC)
}

// BenchmarkCSVWriteRowText writes rows read from CSV with result columns
// appended, as a pipeline run does: "cells" writes every input cell on
// its own, "text" the input cells from the row's Text in one piece.
//
// Measured (2 shared cores under load 15, -benchtime 500x -count 4 -cpu 1,
// ns/row): cells 839, 1,598, 838, 527; text 368, 864, 327, 521.
//
// The rows of a Write formatted into one buffer with append (one pass
// over each cell, no bufio call per cell, one type switch per value)
// instead of written cell by cell through a 1 MiB bufio.Writer
// (2026-11-24, 2 cores, load 2, -benchtime 500x -cpu 1, three alternating
// pairs, ns/row): cells 440, 416, 466 before, 322, 336, 323 after; text
// 244, 278, 265 before, 194, 202, 197 after.
//
// "escaped" is "text" with the result columns formula-escaped, as the
// pipeline writes them. A plain cell decided in one pass over its bytes
// with a table of byte classes (plain) and a one-byte delimiter appended
// as a byte, instead of needsFormulaEscape, needsQuotes and a string
// append per cell (2026-11-24, 2 cores, load ~1, -benchtime 2000x -cpu 1,
// three alternating pairs, ns/row): cells 336, 354, 381 before, 254, 263,
// 264 after; text 191, 193, 203 before, 137, 138, 145 after; escaped 200,
// 217, 227 before, 137, 141, 144 after.
func BenchmarkCSVWriteRowText(b *testing.B) {
	rows, schema := readBenchBatch(b)
	inputs := len(schema.Fields)
	schema = appendResults(rows, schema, []record.Value{"Given", "", "Surname", "", "", "", "", "", "", "NATURAL", "MALE", 0.95, "", nil}, false)
	// encoded: escaped, with the first 13 result cells of each row encoded
	// ahead (EncodeCells), as the pipeline's memo hands them.
	for _, mode := range []string{"cells", "text", "escaped", "encoded"} {
		b.Run(mode, func(b *testing.B) {
			b.ReportAllocs()
			o := CSVOptions{}
			if mode != "cells" {
				o.InputDelimiter, o.InputColumns = ',', inputs
			}
			if mode == "escaped" || mode == "encoded" {
				o.Escape = make([]bool, len(schema.Fields))
				for j := inputs; j < len(o.Escape); j++ {
					o.Escape[j] = true
				}
			}
			w, err := CreateCSV(filepath.Join(b.TempDir(), "out.csv"), schema, o)
			if err != nil {
				b.Fatal(err)
			}
			recs := rows
			if mode == "encoded" {
				recs = slices.Clone(rows)
				for i := range recs {
					v, ok := w.(CellEncoder).EncodeCells(inputs, recs[i].Values[inputs:inputs+13])
					if !ok {
						b.Fatal("EncodeCells refused")
					}
					vals := slices.Clone(recs[i].Values)
					clear(vals[inputs : inputs+13])
					vals[inputs] = v
					recs[i].Values = vals
				}
			}
			for b.Loop() {
				if err := w.Write(context.Background(), recs); err != nil {
					b.Fatal(err)
				}
			}
			if err := w.Abort(); err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(rows)), "ns/row")
		})
	}
}

// BenchmarkParquetWriteRows writes rows read from CSV with result columns
// appended, as a pipeline run with Parquet output does.
//
// Measured (2 shared cores under load 14, alternating builds, ns/row):
// with an interface per cell and an array per row 4,589, 5,354, 4,534
// (15,530 allocations per 1,024 rows); the values passed on as they are,
// one array per batch: 4,199, 2,447, 4,256 (1,195).
//
// Rows buffered by column in the tables parquet-go encodes (pqColumns)
// instead of an array of values per row that its MarshalCSV copies into
// new tables at each flush (2026-11-24, 2 cores, load 2–4, -benchtime
// 300x, three alternating pairs, ns/row): 1,462, 1,342, 1,625 before,
// 988, 1,083, 2,413 after; per 1,024 rows 1,672 KB in 1,195 allocations
// before, 826 KB in 143 after.
func BenchmarkParquetWriteRows(b *testing.B) {
	rows, schema := readBenchBatch(b)
	for i := range schema.Fields {
		schema.Fields[i].Nullable = true
	}
	schema = appendResults(rows, schema, []record.Value{"Given", nil, "Surname", nil, nil, nil, nil, nil, nil, "NATURAL", "MALE", 0.95, nil, nil}, true)
	b.ReportAllocs()
	w, err := Create(filepath.Join(b.TempDir(), "out.parquet"), schema, Options{})
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if err := w.Write(context.Background(), rows); err != nil {
			b.Fatal(err)
		}
	}
	if err := w.Abort(); err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(rows)), "ns/row")
}
