package readers

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"

	"github.com/namepipe/namepipe/record"
)

func gzipBytes(t testing.TB, b []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Write(b)
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func zstdBytes(t testing.TB, b []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw, err := zstd.NewWriter(&buf)
	if err != nil {
		t.Fatal(err)
	}
	zw.Write(b)
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// manyRows is a CSV of n rows, long enough to span several decode blocks.
func manyRows(n int) []byte {
	var b bytes.Buffer
	b.WriteString("id;name;note\r\n")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "%d;Name %d;\"a note; with the delimiter %d\"\r\n", i, i, i*7)
	}
	return b.Bytes()
}

// TestCompressedInput reads the same CSV and JSON Lines plain, gzip and
// zstd compressed, under names with and without the compression's
// extension: every row comes back the same.
func TestCompressedInput(t *testing.T) {
	t.Parallel()
	plainCSV := manyRows(20000)
	plainJSONL := []byte("{\"a\":\"x\",\"n\":1}\n{\"a\":\"y\",\"n\":2}\n")
	dir := t.TempDir()
	for _, tc := range []struct {
		name, format string
		data         []byte
	}{
		{"c.csv", "", plainCSV},
		{"c.csv.gz", "", gzipBytes(t, plainCSV)},
		{"c.csv.zst", "", zstdBytes(t, plainCSV)},
		{"c-gzip-content.csv", "", gzipBytes(t, plainCSV)}, // by content only
		{"c.data", "csv", zstdBytes(t, plainCSV)},
		{"j.jsonl.gz", "", gzipBytes(t, plainJSONL)},
		{"j.ndjson.zst", "", zstdBytes(t, plainJSONL)},
		{"j.jsonl", "", plainJSONL},
	} {
		p := filepath.Join(dir, tc.name)
		if err := os.WriteFile(p, tc.data, 0o644); err != nil {
			t.Fatal(err)
		}
		r, err := Open(context.Background(), p, Options{Format: tc.format})
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		recs, err := readAll(t, r)
		r.Close()
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if strings.HasPrefix(tc.name, "j.") {
			if len(recs) != 2 || recs[1].Values[0] != "y" {
				t.Errorf("%s: %d rows, %v", tc.name, len(recs), recs)
			}
			continue
		}
		if len(recs) != 20000 {
			t.Fatalf("%s: %d rows, want 20000", tc.name, len(recs))
		}
		last := recs[19999]
		if last.Values[2] != "a note; with the delimiter 139993" || last.Line != 20001 || last.End != "\r\n" {
			t.Errorf("%s: last row %+v", tc.name, last)
		}
		if l, ok := LayoutOf(r); !ok || l.Delimiter != ';' {
			t.Errorf("%s: layout %+v", tc.name, l)
		}
	}
}

// TestCorruptCompressedInput: a stream cut short or damaged stops
// reading with an error naming the file, the line reached and the
// compression; the rows before it were read.
func TestCorruptCompressedInput(t *testing.T) {
	t.Parallel()
	plain := manyRows(50000)
	gz := gzipBytes(t, plain)
	zs := zstdBytes(t, plain)
	flip := func(b []byte) []byte {
		c := bytes.Clone(b)
		for i := len(c) / 2; i < len(c)/2+64; i++ {
			c[i] ^= 0x5a
		}
		return c
	}
	dir := t.TempDir()
	for _, tc := range []struct {
		name string
		data []byte
		kind string
	}{
		{"cut.csv.gz", gz[:len(gz)/2], "gzip"},
		{"flipped.csv.gz", flip(gz), "gzip"},
		{"cut.csv.zst", zs[:len(zs)/2], "zstd"},
		{"flipped.csv.zst", flip(zs), "zstd"},
	} {
		p := filepath.Join(dir, tc.name)
		os.WriteFile(p, tc.data, 0o644)
		r, err := Open(context.Background(), p, Options{})
		if err != nil {
			t.Fatalf("%s: open: %v", tc.name, err)
		}
		recs, err := readAll(t, r)
		r.Close()
		if err == nil {
			t.Fatalf("%s: read %d rows without an error", tc.name, len(recs))
		}
		if len(recs) == 0 {
			t.Errorf("%s: no rows before the error", tc.name)
		}
		// Damaged bytes decode to other text (more or fewer lines) until
		// the checksum fails; a cut stream stops at a row of the file.
		want := regexp.MustCompile("^" + regexp.QuoteMeta(p) + `:(\d+): reading: ` + tc.kind + " stream is corrupt or cut short: ")
		m := want.FindStringSubmatch(err.Error())
		if m == nil {
			t.Fatalf("%s: error %q\nwant %s", tc.name, err, want)
		}
		if line, _ := strconv.Atoi(m[1]); strings.HasPrefix(tc.name, "cut") && (line != len(recs)+2 || len(recs) >= 50000) {
			t.Errorf("%s: line %d after %d rows", tc.name, line, len(recs))
		}
	}
}

// TestBinaryInput: a ZIP, an old Excel file, Parquet and binary data read
// as text fail at once with one line saying what the file looks like.
func TestBinaryInput(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	bin := make([]byte, 1024)
	for i := range bin {
		bin[i] = byte(i * 7 % 5)
	}
	for _, tc := range []struct {
		name string
		data []byte
		want string
	}{
		{"a.csv", append([]byte("PK\x03\x04"), bin...), "is a ZIP archive"},
		{"b.csv", append([]byte{0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1}, bin...), "old-style Excel .xls"},
		{"c.jsonl", append([]byte("PAR1"), bin...), "is a Parquet file"},
		{"d.csv", bin, "looks binary"},
		{"e.csv.gz", gzipBytes(t, append([]byte("PK\x03\x04"), bin...)), "decompressed (gzip), it is a ZIP archive"},
	} {
		p := filepath.Join(dir, tc.name)
		os.WriteFile(p, tc.data, 0o644)
		_, err := Open(context.Background(), p, Options{})
		if err == nil || !strings.HasPrefix(err.Error(), p+": ") || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: %v, want one line with %q", tc.name, err, tc.want)
		}
	}
}

// TestCompressedStdin reads gzip from standard input, told by content.
func TestCompressedStdin(t *testing.T) {
	plain := manyRows(100)
	f, err := os.CreateTemp(t.TempDir(), "in")
	if err != nil {
		t.Fatal(err)
	}
	f.Write(gzipBytes(t, plain))
	f.Seek(0, 0)
	old := os.Stdin
	os.Stdin = f
	defer func() { os.Stdin = old }()
	r, err := Open(context.Background(), "-", Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	recs, err := readAll(t, r)
	if err != nil || len(recs) != 100 || recs[99].Values[1] != "Name 99" {
		t.Fatalf("%d rows, %v", len(recs), err)
	}
}

// BenchmarkCompressedCSV reads the same 200k-row CSV plain, gzip and zstd
// compressed, side by side.
func BenchmarkCompressedCSV(b *testing.B) {
	plain := manyRows(200000)
	dir := b.TempDir()
	files := map[string][]byte{"plain.csv": plain, "gz.csv.gz": gzipBytes(b, plain), "zst.csv.zst": zstdBytes(b, plain)}
	for _, name := range []string{"plain.csv", "gz.csv.gz", "zst.csv.zst"} {
		p := filepath.Join(dir, name)
		os.WriteFile(p, files[name], 0o644)
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(plain)))
			buf := make([]record.Record, 256)
			for i := 0; i < b.N; i++ {
				r, err := Open(context.Background(), p, Options{})
				if err != nil {
					b.Fatal(err)
				}
				rows := 0
				for {
					n, err := r.Read(context.Background(), buf)
					rows += n
					if err != nil {
						break
					}
				}
				r.Close()
				if rows != 200000 {
					b.Fatalf("%d rows", rows)
				}
			}
		})
	}
}
