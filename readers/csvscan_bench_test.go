package readers

import (
	"bufio"
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/namepipe/namepipe/record"
)

// benchCSV is 100,000 rows of customer-like CSV: mostly plain fields, one
// row in ten with a quoted field (a comma, a doubled quote).
func benchCSV() []byte {
	var b bytes.Buffer
	b.WriteString("id,given_name,surname,email,phone,street,city,birth_date\n")
	for i := range 100_000 {
		surname := fmt.Sprintf("Surname%d", i%20000)
		if i%10 == 0 {
			surname = fmt.Sprintf("\"Surname, %d \"\"Jr\"\"\"", i)
		}
		fmt.Fprintf(&b, "%d,Given%d,%s,user%d@example.com,+49 30 %07d,Hauptstraße %d,Berlin,19%02d-%02d-%02d\n",
			i, i%5000, surname, i, i, i%300, i%100, i%12+1, i%28+1)
	}
	return b.Bytes()
}

// BenchmarkScanner compares the scanner, which also keeps each field's
// source text, with encoding/csv on the same input (both strict; every
// field's value taken as a string). Measured 2026-11-24 on the 2-core
// machine of bench/README.md while loaded by other jobs (load 10–17,
// six alternating runs each): scanner 29–68 ms per 100,000 rows,
// encoding/csv 21–54 ms, no clear difference at that noise. End to end,
// bench/copy on 1M rows of bench/gen took 1.40 CPU-s with the scanner and
// the CSV writer of this package against 1.53 with encoding/csv's (eight
// alternating runs).
//
// A line without quotes split by splitPlain, eight bytes at a time, and
// spans written in place (appendSpan), instead of a search for the
// delimiter and one for a quote per field (2026-11-24, 2 cores, load
// ~3.5, -benchtime 30x -cpu 1, three alternating pairs, ms per 100,000
// rows): 20.4, 20.5, 20.7 before, 15.3, 15.5, 17.4 after.
var benchSink string

func BenchmarkScanner(b *testing.B) {
	data := benchCSV()
	b.Run("scanner", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		for range b.N {
			sc := newScanner(bufio.NewReaderSize(bytes.NewReader(data), ioBufSize), []byte{','}, '\n', true)
			for {
				rec, err := sc.next()
				if err == io.EOF {
					break
				} else if err != nil {
					b.Fatal(err)
				}
				for i := range rec.n() {
					benchSink, _ = rec.cell(i)
				}
			}
		}
	})
	b.Run("encoding-csv", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		for range b.N {
			cr := csv.NewReader(bufio.NewReaderSize(bytes.NewReader(data), ioBufSize))
			cr.ReuseRecord = true
			for {
				rec, err := cr.Read()
				if err == io.EOF {
					break
				} else if err != nil {
					b.Fatal(err)
				}
				for _, f := range rec {
					benchSink = f
				}
			}
		}
	})
}

// BenchmarkCSVRead reads benchCSV through OpenCSV in the pipeline's batch
// size: the cost per row of the reader that hands rows to the pipeline.
//
// 2026-11-24, 2 shared cores under load (two alternating pairs): with a
// Raw slice for every row, 512 B and 9.1 allocations per row; with Raw
// carved only for rows that have a cell needing it, 397 B and 9.1
// allocations (time 0.9–1.7 µs per row either way, noise); re-using the
// arrays of dst's Values (as this loop and the pipeline's recycled batches
// allow), 269 B per row. In a 300,000-row parse-only run of the bench
// data (three alternating pairs) the re-use took the run from 6.8 to 6.5
// µs CPU per row.
//
// The scanner's splitPlain, and stringBoxes taking the next header by
// index (no pointer store into the reader per cell, so no write barrier
// while the collector runs) (2026-11-24, 2 cores, load ~3.5, -benchtime
// 30x -cpu 1, three alternating pairs, ns/row): 438, 443, 452 before,
// 349, 358, 362 after; 269 B and 1.1 allocations per row either way.
// Then fill's loop for a row split by splitPlain, without NUL bytes or
// invalid UTF-8 (each cell its text), and a table for the first bytes
// of plainWritesBack (same conditions, ns/row): 347, 361, 368 before,
// 333, 345, 353 after.
func BenchmarkCSVRead(b *testing.B) {
	path := filepath.Join(b.TempDir(), "in.csv")
	if err := os.WriteFile(path, benchCSV(), 0o600); err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	dst := make([]record.Record, 256)
	b.ReportAllocs()
	rows := 0
	for b.Loop() {
		r, err := OpenCSV(ctx, path, CSVOptions{})
		if err != nil {
			b.Fatal(err)
		}
		rows += drain(b, r, dst)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(rows), "ns/row")
}

// drain reads r to its end through dst, closes it and returns the rows
// read: a benchmark's reading loop, keeping nothing.
func drain(b *testing.B, r Reader, dst []record.Record) int {
	ctx := context.Background()
	rows := 0
	for {
		n, err := r.Read(ctx, dst)
		rows += n
		if err == io.EOF {
			break
		}
		if err != nil {
			b.Fatal(err)
		}
	}
	r.Close()
	return rows
}
