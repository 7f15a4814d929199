package readers

import (
	"bufio"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/compress"
	"github.com/parquet-go/parquet-go/compress/brotli"
	"github.com/parquet-go/parquet-go/compress/gzip"
	"github.com/parquet-go/parquet-go/compress/lz4"
	"github.com/parquet-go/parquet-go/compress/snappy"
	"github.com/parquet-go/parquet-go/compress/uncompressed"
	"github.com/parquet-go/parquet-go/compress/zstd"
)

// boundedRow has a BYTE_ARRAY column in each encoding the bounded page
// reader reads, required and optional.
type boundedRow struct {
	ID    int64   `parquet:"id"`
	Def   string  `parquet:"def"` // parquet-go's default: DELTA_LENGTH_BYTE_ARRAY
	Plain string  `parquet:"plain,plain"`
	Dict  string  `parquet:"dict,dict"`
	Delta string  `parquet:"delta,delta"` // DELTA_BYTE_ARRAY
	Opt   *string `parquet:"opt,optional"`
	OptD  *string `parquet:"optd,optional,dict"`
	Bytes []byte  `parquet:"bytes,optional"`
}

var testCodecs = map[string]compress.Codec{
	"uncompressed": &uncompressed.Codec{}, "snappy": &snappy.Codec{}, "gzip": &gzip.Codec{},
	"zstd": &zstd.Codec{}, "brotli": &brotli.Codec{}, "lz4raw": &lz4.Codec{},
}

// writeBoundedParquet writes rows of boundedRow, their values from text
// (a value of row i: text(i, column)), in small pages and row groups.
func writeBoundedParquet(t testing.TB, p string, rows int, codec compress.Codec, pageVersion int, text func(i, col int) string) {
	t.Helper()
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	w := parquet.NewGenericWriter[boundedRow](f, parquet.Compression(codec), parquet.DataPageVersion(pageVersion),
		parquet.PageBufferSize(2048), parquet.MaxRowsPerRowGroup(700))
	batch := make([]boundedRow, 0, 100)
	for i := range rows {
		r := boundedRow{ID: int64(i), Def: text(i, 0), Plain: text(i, 1), Dict: text(i, 2), Delta: text(i, 3)}
		if i%7 != 3 {
			s := text(i, 4)
			r.Opt = &s
		}
		if i%5 != 1 {
			s := text(i, 5)
			r.OptD = &s
		}
		if i%3 != 0 {
			r.Bytes = []byte(text(i, 6))
		}
		if batch = append(batch, r); len(batch) == cap(batch) || i == rows-1 {
			if _, err := w.Write(batch); err != nil {
				t.Fatal(err)
			}
			batch = batch[:0]
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

// textValues are names with shared prefixes, repeats (for dictionaries),
// empty strings and non-ASCII letters.
func textValues(i, col int) string {
	names := []string{"Meyer", "Meier", "Mayer", "Müller", "", "Schmidt", "Schmitt", "Ōtsuka", "Nguyễn"}
	s := names[(i*(col+1))%len(names)]
	if col%2 == 1 {
		s += strconv.Itoa(i / 3)
	}
	return s
}

// TestParquetBoundedAgrees reads files through the bounded page reader of
// parquet_big.go (forced for every BYTE_ARRAY column) and through
// parquet-go, and holds the two to the same schema, rows and values: the
// repository's Parquet files (DuckDB's, namepipe's, every type) and files
// in every codec, page version and BYTE_ARRAY encoding.
func TestParquetBoundedAgrees(t *testing.T) {
	t.Parallel()
	files := []string{"testdata/small.parquet", "../sample-data/customers.parquet", "../testdata/golden/customers.enriched.parquet",
		writeTypesParquet(t, 2500)}
	dir := t.TempDir()
	for name, codec := range testCodecs {
		for _, v := range []int{1, 2} {
			p := filepath.Join(dir, fmt.Sprintf("%s-v%d.parquet", name, v))
			writeBoundedParquet(t, p, 2000, codec, v, textValues)
			files = append(files, p)
		}
	}
	normal := func(ctx context.Context, p string) (Reader, error) { return OpenParquet(ctx, p, ParquetOptions{}) }
	bounded := func(ctx context.Context, p string) (Reader, error) {
		return OpenParquet(ctx, p, ParquetOptions{bounded: true})
	}
	for _, f := range files {
		s1, r1, e1 := readAllWith(t, normal, f)
		s2, r2, e2 := readAllWith(t, bounded, f)
		if e1 != nil || e2 != nil {
			t.Errorf("%s: errors\n parquet-go %v\n bounded %v", f, e1, e2)
			continue
		}
		if !reflect.DeepEqual(s1, s2) {
			t.Errorf("%s: schema\n parquet-go %+v\n bounded %+v", f, s1, s2)
		}
		if len(r1) != len(r2) || len(r1) == 0 {
			t.Errorf("%s: %d rows, %d", f, len(r1), len(r2))
			continue
		}
		for i := range r1 {
			if !reflect.DeepEqual(r1[i], r2[i]) {
				t.Errorf("%s row %d\n parquet-go %#v\n bounded %#v", f, i, r1[i], r2[i])
				break
			}
		}
	}
}

// TestParquetValuesCut: values over MaxValueBytes, in every encoding,
// required or optional, are cut: the row is kept, the cell empty, the
// row flagged, the count in Stats; the other values read whole.
func TestParquetValuesCut(t *testing.T) {
	t.Parallel()
	const limit = 3000
	long := func(i, col int) bool { return i%97 == col%7 }
	text := func(i, col int) string {
		if long(i, col) {
			return strings.Repeat(string(rune('a'+col)), limit+1+i)
		}
		return textValues(i, col)
	}
	dir := t.TempDir()
	for _, codec := range []string{"uncompressed", "snappy", "zstd", "gzip"} {
		for _, v := range []int{1, 2} {
			t.Run(fmt.Sprintf("%s-v%d", codec, v), func(t *testing.T) {
				p := filepath.Join(dir, fmt.Sprintf("%s-v%d.parquet", codec, v))
				writeBoundedParquet(t, p, 1500, testCodecs[codec], v, text)
				r, err := OpenParquet(context.Background(), p, ParquetOptions{MaxValueBytes: limit})
				if err != nil {
					t.Fatal(err)
				}
				defer r.Close()
				recs, err := readAll(t, r)
				if err != nil {
					t.Fatal(err)
				}
				if len(recs) != 1500 {
					t.Fatalf("%d rows, want 1500", len(recs))
				}
				var cut int64
				names := r.Schema().Names()
				for i, rec := range recs {
					var want []string
					for c := 1; c < len(names); c++ {
						col := c - 1
						null := (col == 4 && i%7 == 3) || (col == 5 && i%5 == 1) || (col == 6 && i%3 == 0)
						got := rec.Values[c]
						switch {
						case null:
							if got != nil {
								t.Fatalf("row %d %s = %v, want NULL", i, names[c], got)
							}
						case long(i, col):
							cut++
							if got != nil {
								t.Fatalf("row %d %s: a value of %d bytes read, want it cut", i, names[c], limit+1+i)
							}
							want = append(want, fmt.Sprintf("%s: row %d, column %q: the value is %d bytes, over the limit of %d bytes per value: cut, not read", p, i+1, names[c], limit+1+i, limit))
						default:
							w := any(text(i, col))
							if col == 6 {
								w = []byte(text(i, col))
							}
							if !reflect.DeepEqual(got, w) {
								t.Fatalf("row %d %s = %q, want %q", i, names[c], got, w)
							}
						}
					}
					if rec.Problem != strings.Join(want, "; ") {
						t.Fatalf("row %d problem\n got: %s\nwant: %s", i, rec.Problem, strings.Join(want, "; "))
					}
				}
				if st := r.(StatsReader).Stats(); st.ValuesCut != cut || cut == 0 {
					t.Errorf("values cut %d, want %d", st.ValuesCut, cut)
				}
			})
		}
	}
}

// TestParquetHostileValueMemory reads files holding one 48 MiB value
// (in the page statistics and the footer too, as parquet-go's writer puts
// it) in a subprocess, and checks its peak RSS (VmHWM) stays within about
// twice the value: the footer is decoded as a stream without its
// statistics, the page headers without theirs, and the value is
// discarded as it is read (snappy needs the page's compressed and
// decompressed bytes whole). Before: 6× the value for the reader alone.
func TestParquetHostileValueMemory(t *testing.T) {
	if p := os.Getenv("NAMEPIPE_PQ_MEMORY"); p != "" {
		r, err := OpenParquet(context.Background(), p, ParquetOptions{})
		if err != nil {
			fmt.Println("error:", err)
			os.Exit(1)
		}
		recs, err := readAll(t, r)
		fmt.Printf("rows %d cut %d err %v %s\n", len(recs), r.(StatsReader).Stats().ValuesCut, err, vmHWM())
		os.Exit(0)
	}
	if testing.Short() {
		t.Skip("writes 48 MiB values; -short")
	}
	if raceEnabled {
		// The race detector's shadow memory (several times the heap) is
		// not the reader's; CI measures the bound in its plain test run.
		t.Skip("peak RSS is not the reader's under the race detector")
	}
	const size = 48 << 20
	dir := t.TempDir()
	for _, codec := range []string{"uncompressed", "snappy", "zstd"} {
		t.Run(codec, func(t *testing.T) {
			p := filepath.Join(dir, codec+".parquet")
			b := make([]byte, size)
			rng := rand.New(rand.NewPCG(1, 2))
			for i := range b {
				b[i] = byte('a' + rng.IntN(26)) // compresses to ~60 %
			}
			big := string(b)
			b = nil
			writeBoundedParquet(t, p, 3, testCodecs[codec], 1, func(i, col int) string {
				if i == 1 && col == 0 {
					return big
				}
				return textValues(i, col)
			})
			big = ""
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^TestParquetHostileValueMemory$")
			cmd.Env = append(os.Environ(), "NAMEPIPE_PQ_MEMORY="+p, "GOGC=100")
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("%v: %s", err, out)
			}
			var rows, cut, peak int64
			var rest string
			if _, err := fmt.Sscanf(string(out), "rows %d cut %d err %s VmHWM: %d kB", &rows, &cut, &rest, &peak); err != nil {
				t.Fatalf("%v: %s", err, out)
			}
			if rows != 3 || cut != 1 || rest != "<nil>" {
				t.Fatalf("child: %s", out)
			}
			peak <<= 10
			t.Logf("%s: peak RSS %d MiB for a %d MiB value", codec, peak>>20, size>>20)
			if limit := int64(size)*9/4 + 32<<20; peak > limit {
				t.Errorf("%s: peak RSS %d MiB, want at most %d MiB (about twice the value)", codec, peak>>20, limit>>20)
			}
		})
	}
}

// vmHWM is the process's "VmHWM: N kB" line of /proc/self/status.
func vmHWM() string {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return "VmHWM: 0 kB"
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if strings.HasPrefix(sc.Text(), "VmHWM:") {
			return strings.Join(strings.Fields(sc.Text()), " ")
		}
	}
	return "VmHWM: 0 kB"
}
