package readers

import (
	"bufio"
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/namepipe/namepipe/record"
	"github.com/namepipe/namepipe/writers"
)

// hostileSeeds are inputs of the hostile-input table (configs/README.md)
// and the corners around them.
var hostileSeeds = []string{
	"id,name\n1,\"Anna\r\nLena\"\n",
	"id,name\r\n1,Anna\r\n2,\"B\"\"o\"\"b\"\n",
	"id,name\n1,Peter \"Pete\" Meyer\n2,Bob\n",
	"id,name\n1,\"never closed\n2,Bob\n3,Cy\n",
	"id,name\n1,\"abc\"def\n",
	"id,name\n1, \"Anna\" \n",
	"name\nPetra\n\nJohn\n",
	"id,name\n1,A\n\n2,B\n\n",
	"a,b,c\n1,2\n1,2,3,4\n",
	"a,b,c,\n1,2,3,\n",
	"a,b\n1,2,\n",
	"name\nJos\xe9\n",
	"name,city\nA,Ber\x00lin\n",
	"\xef\xbb\xbfname,city\nA,B\n",
	"\xef\xbb\xbf\xef\xbb\xbf\"name\",\"city\"\n\"A\",\"B\"\n",
	"id,name\r1,Anna\r2,Bob\r",
	"id,name\n1,Anna",
	"id,name\n1,Anna\r",
	"id",
	"id\n",
	"a;b\n\"x;y\";z\n",
	"a\tb\n \tx\n",
	"a|b\n\\.|x\n",
	"a,b\n\"\",\"\"\n",
	"a,b\n\"x\ny\nz\",1\n",
}

// fuzzDelimSet are the delimiters the fuzz targets choose among; 0 sniffs.
var fuzzDelimSet = []rune{0, ',', ';', '\t', '|', '§'}

// FuzzCSVRoundTrip reads arbitrary bytes with the CSV reader (lenient
// mode) and writes the rows back with the CSV writer, as `namepipe run`
// does with its input columns. It never panics; reading the output back
// gives every row's values again; and when the reader met nothing
// malformed and skipped nothing (no blank line, trailing delimiter, sep=
// line or Ctrl-Z), the output is the input byte for byte (plus a final
// line break where the input had none). Malformed rows are not written
// back as they were on purpose: their cells are quoted so that the
// output is valid CSV.
func FuzzCSVRoundTrip(f *testing.F) {
	for _, s := range hostileSeeds {
		for i := range fuzzDelimSet {
			f.Add([]byte(s), uint8(i))
		}
	}
	f.Fuzz(func(t *testing.T, data []byte, delimSel uint8) {
		dir := t.TempDir()
		in := filepath.Join(dir, "in.csv")
		if err := os.WriteFile(in, data, 0o644); err != nil {
			t.Fatal(err)
		}
		r, err := OpenCSV(context.Background(), in, CSVOptions{Delimiter: fuzzDelimSet[int(delimSel)%len(fuzzDelimSet)]})
		if err != nil {
			return
		}
		defer r.Close()
		recs, err := readAllRecs(r)
		if err != nil {
			t.Fatalf("lenient read failed: %v", err)
		}
		layout, _ := LayoutOf(r)
		stats := r.(StatsReader).Stats()
		schema := r.Schema()

		// Written cell by cell, and from the rows' Text where they have
		// one: the same bytes.
		var got []byte
		for _, text := range []bool{false, true} {
			out := filepath.Join(dir, fmt.Sprint("out.", text, ".csv"))
			o := writers.CSVOptions{Delimiter: layout.Delimiter, BOM: layout.BOM, Header: layout.Header, HeaderEnd: layout.HeaderEnd}
			if text {
				o.InputDelimiter, o.InputColumns = layout.Delimiter, len(schema.Fields)
			}
			w, err := writers.CreateCSV(out, schema, o)
			if err != nil {
				t.Fatal(err)
			}
			if err := w.Write(context.Background(), recs); err != nil {
				t.Fatal(err)
			}
			if err := w.Commit(); err != nil {
				t.Fatal(err)
			}
			b, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			if text && !bytes.Equal(b, got) {
				t.Fatalf("written from the rows' text:\n%q\ncell by cell:\n%q", b, got)
			}
			got = b
		}

		// The values come back, whatever the input.
		outDelim := layout.Delimiter
		if outDelim == 0 {
			outDelim = ','
		}
		term := byte('\n')
		if bytes.IndexByte(data, '\n') < 0 && bytes.IndexByte(data, '\r') >= 0 {
			term = '\r'
		}
		sc := newScanner(bufio.NewReader(bytes.NewReader(bytes.TrimPrefix(got, []byte(layout.BOM)))), utf8.AppendRune(nil, outDelim), term, false)
		header, err := sc.next()
		var hvals []string
		if err == nil {
			hvals, _ = header.cells()
		}
		if err != nil || header.issue != nil || !slices.Equal(hvals, schema.Names()) {
			t.Fatalf("output header %+v (%v), want %q\noutput: %q", header, err, schema.Names(), got)
		}
		for i := 0; ; i++ {
			rec, err := sc.next()
			if errors.Is(err, io.EOF) {
				if i != len(recs) {
					t.Fatalf("%d rows read back, %d written\noutput: %q", i, len(recs), got)
				}
				break
			}
			if err != nil || rec.issue != nil || i >= len(recs) {
				t.Fatalf("row %d read back: %+v, %v\noutput: %q", i, rec, err, got)
			}
			want := recs[i].Values
			vals, _ := rec.cells()
			if len(vals) != len(want) {
				t.Fatalf("row %d read back with %d fields, want %d\noutput: %q", i, len(vals), len(want), got)
			}
			for j, v := range vals {
				if v != want[j] {
					t.Fatalf("row %d column %d read back %q, want %q\noutput: %q", i, j, v, want[j], got)
				}
			}
		}

		// Byte for byte when nothing was malformed or skipped.
		clean := len(stats.Malformed) == 0 && stats.BlankLinesSkipped == 0 && stats.TrailingDelimiters == 0 &&
			layout.Delimiter != 0
		for _, n := range stats.Notes {
			// Notes that change nothing written: CR-only line endings.
			clean = clean && strings.HasPrefix(n, "line endings are CR only")
		}
		for _, n := range stats.Malformed {
			clean = clean && n == 0
		}
		if !clean {
			return
		}
		want := data
		if n := len(want); n > 0 && want[n-1] != '\n' && want[n-1] != '\r' {
			want = append(append([]byte(nil), want...), '\n')
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("round trip changed the bytes\n  in: %q\n out: %q", want, got)
		}
	})
}

// readAllRecs reads every record of r.
func readAllRecs(r Reader) ([]record.Record, error) {
	var out []record.Record
	for {
		buf := make([]record.Record, 5)
		n, err := r.Read(context.Background(), buf)
		out = append(out, buf[:n]...)
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return out, err
		}
	}
}

// FuzzScannerAgainstStdlib holds the scanner to encoding/csv: on input
// that encoding/csv reads without error, the strict scanner reads the
// same records with the same values (blank lines aside, and CRLF inside
// a quoted field, which the scanner keeps and encoding/csv turns into LF);
// on input it rejects, the scanner reports a malformation too.
func FuzzScannerAgainstStdlib(f *testing.F) {
	for _, s := range hostileSeeds {
		for i := 1; i < len(fuzzDelimSet); i++ {
			f.Add([]byte(s), uint8(i))
		}
	}
	f.Fuzz(func(t *testing.T, data []byte, delimSel uint8) {
		d := fuzzDelimSet[1+int(delimSel)%(len(fuzzDelimSet)-1)]
		cr := csv.NewReader(bytes.NewReader(data))
		cr.Comma = d
		cr.FieldsPerRecord = -1
		want, stdErr := cr.ReadAll()

		sc := newScanner(bufio.NewReader(bytes.NewReader(data)), utf8.AppendRune(nil, d), '\n', false)
		var got [][]string
		var malformed bool
		for {
			rec, err := sc.next()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			if rec.issue != nil {
				malformed = true
				break
			}
			if rec.blank {
				continue
			}
			vals, _ := rec.cells()
			for i, v := range vals {
				vals[i] = strings.ReplaceAll(v, "\r\n", "\n")
			}
			got = append(got, vals)
		}
		if (stdErr != nil) != malformed {
			t.Fatalf("encoding/csv error %v, scanner malformed %v", stdErr, malformed)
		}
		if stdErr != nil {
			return
		}
		if len(got) != len(want) {
			t.Fatalf("%d records, encoding/csv %d\n got: %q\nwant: %q", len(got), len(want), got, want)
		}
		for i := range want {
			if !slices.Equal(got[i], want[i]) {
				t.Fatalf("record %d: %q, encoding/csv %q", i, got[i], want[i])
			}
		}
	})
}
