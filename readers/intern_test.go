package readers

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"unsafe"

	"github.com/namepipe/namepipe/record"
)

// TestColumnIntern checks that a cell's Value is its text whether the
// column's table remembers it or not, over values that recur, values
// that do not, long ones and empty ones, across the table switching off
// and on again, and that a remembered value is a copy (it keeps no
// row's text alive).
func TestColumnIntern(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		value func(i int) string
		hits  bool // the table should end up remembering values
	}{
		{"few values", func(i int) string { return []string{"DE", "FR", "ES", ""}[i%4] }, true},
		{"unique values", func(i int) string { return fmt.Sprint("user", i, "@example.com") }, false},
		{"long values", func(i int) string { return strings.Repeat("x", internMaxLen+1+i%2) }, false},
		{"some recur", func(i int) string {
			if i%3 == 0 {
				return fmt.Sprint("v", i)
			}
			return fmt.Sprint("v", i%40)
		}, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			c := newColumnInterns(1)
			var boxes stringBoxes
			shared := 0
			for i := range 3*internOff + 5*internWindow {
				// A fresh copy, as a row's text would be.
				want := string([]byte(tc.value(i)))
				v := c[0].value(want, &boxes)
				got, ok := v.(string)
				if !ok || got != want || !reflect.DeepEqual(v, record.Value(want)) {
					t.Fatalf("row %d: value %#v, want %q", i, v, want)
				}
				if got != "" && unsafe.StringData(got) != unsafe.StringData(want) {
					shared++
				}
			}
			if tc.hits && (shared == 0 || !c[0].on) {
				t.Errorf("%d values shared; table on: %v", shared, c[0].on)
			}
			if !tc.hits && shared > 0 {
				t.Errorf("%d values shared", shared)
			}
		})
	}
}

// crmCSV is n rows of a customer export shaped like bench/gen's: ids,
// emails and phones that do not recur, names that recur with a skew, and
// a country, city, postal code and gender of a few values each.
func crmCSV(n int) []byte {
	rng := rand.New(rand.NewPCG(3, 4))
	zipf := rand.NewZipf(rng, 1.2, 1, 4999)
	places := [][3]string{{"DE", "Berlin", "10115"}, {"US", "Springfield", "62701"}, {"IT", "Milano", "20121"}, {"FR", "Paris", "75002"}, {"NL", "Amsterdam", "1017"}, {"ES", "Madrid", "28013"}}
	var b bytes.Buffer
	b.WriteString("id,full_name,given_name,surname,company,email,phone,birth_date,country,street,postal_code,city,gender\n")
	for i := range n {
		p := places[rng.IntN(len(places))]
		g, s := zipf.Uint64(), zipf.Uint64()
		company := ""
		if i%12 == 0 {
			company = fmt.Sprint("Company ", g%19)
		}
		fmt.Fprintf(&b, "%d,Given%d Surname%d,Given%d,Surname%d,%s,user%d@example.com,+49 30 %07d,19%02d-%02d-%02d,%s,Street %d,%s,%s,%s\n",
			i, g, s, g, s, company, i, i, rng.IntN(100), rng.IntN(12)+1, rng.IntN(28)+1, p[0], rng.IntN(300), p[2], p[1], []string{"F", "M", ""}[rng.IntN(3)])
	}
	return b.Bytes()
}

// BenchmarkCSVReadIntern reads two inputs in the pipeline's batch size,
// with the columns' tables (interned) and with every table off (boxed):
// benchCSV, whose only column of few values is the city, and crmCSV.
//
// Measured (2026-11-24, 2 cores, load 4.5, -benchtime 20x -cpu 1, three
// runs, ns/row and bytes/row): crm boxed 376, 448, 575 and 331 B,
// interned 411, 546, 632 and 257 B; mixed boxed 299, 353, 382 and 270 B,
// interned 291, 297, 335 and 255 B. Alone, with a heap this small, the
// tables cost about what the boxes they save cost. They pay in a run,
// where each byte allocated costs collector work over the live heap of
// the memos and dictionaries: reading 1M rows of bench/gen (13 columns)
// allocated 326 B/row before, 251 after (0.62–0.77 vs 0.60–0.73 CPU-s,
// four alternating pairs), and a 3M-row run of parse, genderize and
// disposable took 24 collections instead of 26 (two pairs: 17.1, 17.6
// CPU-s before, 16.4, 15.4 after).
func BenchmarkCSVReadIntern(b *testing.B) {
	dir := b.TempDir()
	inputs := map[string][]byte{"mixed": benchCSV(), "crm": crmCSV(100_000)}
	for _, name := range []string{"mixed", "crm"} {
		path := filepath.Join(dir, name+".csv")
		if err := os.WriteFile(path, inputs[name], 0o600); err != nil {
			b.Fatal(err)
		}
		for _, mode := range []string{"interned", "boxed"} {
			b.Run(name+"/"+mode, func(b *testing.B) {
				ctx := context.Background()
				dst := make([]record.Record, 256)
				b.ReportAllocs()
				rows := 0
				for b.Loop() {
					rd, err := OpenCSV(ctx, path, CSVOptions{})
					if err != nil {
						b.Fatal(err)
					}
					r := rd.(*csvReader)
					if mode == "boxed" {
						for i := range r.interns {
							r.interns[i].on, r.interns[i].offFor = false, 1<<62
						}
					}
					rows += drain(b, r, dst)
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(rows), "ns/row")
				b.ReportMetric(0, "ns/op")
			})
		}
	}
}

// TestCSVWideFile reads a file of more columns than have tables: every
// cell, within the tables' columns and beyond, is its text.
func TestCSVWideFile(t *testing.T) {
	t.Parallel()
	width := maxInternColumns + 44
	var b bytes.Buffer
	for i := range 2000 {
		for j := range width {
			if j > 0 {
				b.WriteByte(',')
			}
			switch {
			case i == 0:
				fmt.Fprintf(&b, "c%d", j)
			case j%2 == 0:
				fmt.Fprintf(&b, "v%d", j%7) // recurs
			default:
				fmt.Fprintf(&b, "r%dx%d", i, j)
			}
		}
		b.WriteByte('\n')
	}
	path := filepath.Join(t.TempDir(), "wide.csv")
	if err := os.WriteFile(path, b.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	r, err := OpenCSV(context.Background(), path, CSVOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	dst := make([]record.Record, 256)
	row := 1
	for {
		n, err := r.Read(context.Background(), dst)
		for _, rec := range dst[:n] {
			for j, v := range rec.Values {
				want := fmt.Sprintf("r%dx%d", row, j)
				if j%2 == 0 {
					want = fmt.Sprintf("v%d", j%7)
				}
				if v != record.Value(want) {
					t.Fatalf("row %d column %d: %#v, want %q", row, j, v, want)
				}
			}
			row++
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if row != 2000 {
		t.Errorf("read %d rows, want 1999", row-1)
	}
}
