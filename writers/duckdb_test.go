package writers

import (
	"context"
	"encoding/json"
	"math/big"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/namepipe/namepipe/internal/duckdbtest"
	"github.com/namepipe/namepipe/readers"
	"github.com/namepipe/namepipe/record"
)

// duckDir is where testdata/duckdb/package.json pins @duckdb/node-api;
// `npm ci --prefix testdata/duckdb` installs it (CI does).
const duckDir = "../testdata/duckdb"

const duckRows = 3000

// duckExpected is the value DuckDB's interop.mjs wrote in column c of row i.
func duckExpected(c string, i int64) record.Value {
	epoch20 := time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)
	switch c {
	case "id":
		return int32(i)
	case "big":
		return i * 1000000007
	case "name":
		if i%7 == 0 {
			return nil
		}
		return "name" + strconv.FormatInt(i%50, 10)
	case "score":
		if i%11 == 0 {
			return nil
		}
		return float64(i) * 0.25
	case "half":
		return float32(float64(i) * 0.5)
	case "flag":
		if i%13 == 0 {
			return nil
		}
		return i%2 == 0
	case "day":
		return time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, int(i))
	case "ts":
		if i%5 == 0 {
			return nil
		}
		return epoch20.Add(time.Duration(i*1000003) * time.Microsecond)
	case "ts_ms":
		return epoch20.Add(time.Duration(i*1001) * time.Millisecond)
	case "ts_ns":
		return epoch20.Add(time.Duration(i) * time.Microsecond)
	case "tstz":
		return time.Date(2021, 6, 1, 0, 0, 0, 0, time.UTC).Add(time.Duration(i) * time.Second)
	case "amount":
		return record.Dec{Unscaled: big.NewInt(i*125 - 100000), Scale: 2}
	case "small":
		return record.Dec{Unscaled: big.NewInt(i%1000 - 500), Scale: 1}
	case "wide":
		u := new(big.Int).Mul(big.NewInt(i), big.NewInt(1234567890123456789))
		return record.Dec{Unscaled: u.Mul(u, big.NewInt(1000000)), Scale: 6}
	}
	panic(c)
}

func sameValue(a, b record.Value) bool {
	switch x := a.(type) {
	case record.Dec:
		y, ok := b.(record.Dec)
		return ok && x.String() == y.String()
	case time.Time:
		y, ok := b.(time.Time)
		return ok && x.Equal(y)
	}
	return reflect.DeepEqual(a, b)
}

// TestDuckDBInterop: Parquet files written by DuckDB (NULLs, dictionary
// encoding, snappy/zstd/gzip, several row groups, many types) are read
// with the right types and values; what namepipe writes from them, with
// result columns appended, DuckDB reads back with the same column types
// and values.
func TestDuckDBInterop(t *testing.T) {
	duckdbtest.Need(t, duckDir)
	dir := t.TempDir()
	var meta []struct{ File, Row_groups, Compression, Encodings string }
	if err := json.Unmarshal(duckdbtest.Run(t, duckDir, "write", dir, strconv.Itoa(duckRows)), &meta); err != nil {
		t.Fatal(err)
	}
	wantSchema := record.Schema{Fields: []record.Field{
		{Name: "id", Type: record.Int32, Nullable: true},
		{Name: "big", Type: record.Int64, Nullable: true},
		{Name: "name", Type: record.String, Nullable: true},
		{Name: "score", Type: record.Double, Nullable: true},
		{Name: "half", Type: record.Float, Nullable: true},
		{Name: "flag", Type: record.Bool, Nullable: true},
		{Name: "day", Type: record.Date, Nullable: true},
		{Name: "ts", Type: record.Timestamp, Nullable: true, TimeUnit: "micros", LocalTime: true},
		{Name: "ts_ms", Type: record.Timestamp, Nullable: true, TimeUnit: "millis", LocalTime: true},
		{Name: "ts_ns", Type: record.Timestamp, Nullable: true, TimeUnit: "nanos", LocalTime: true},
		{Name: "tstz", Type: record.Timestamp, Nullable: true, TimeUnit: "micros"},
		{Name: "amount", Type: record.Decimal, Nullable: true, Precision: 10, Scale: 2},
		{Name: "small", Type: record.Decimal, Nullable: true, Precision: 4, Scale: 1},
		{Name: "wide", Type: record.Decimal, Nullable: true, Precision: 38, Scale: 6},
	}}
	ctx := context.Background()
	for _, m := range meta {
		t.Run(filepath.Base(m.File), func(t *testing.T) {
			// The file really has what this test claims to cover.
			if n, _ := strconv.Atoi(m.Row_groups); n < 2 {
				t.Errorf("DuckDB wrote %s row groups, want several", m.Row_groups)
			}
			if !strings.Contains(m.Encodings, "DICTIONARY") {
				t.Errorf("no dictionary encoding in %s", m.Encodings)
			}
			r, err := readers.OpenParquet(ctx, m.File, readers.ParquetOptions{})
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			if !reflect.DeepEqual(r.Schema(), wantSchema) {
				t.Fatalf("schema\n got: %+v\nwant: %+v", r.Schema(), wantSchema)
			}
			if _, total := r.Progress(); total != duckRows {
				t.Errorf("total %d", total)
			}
			out := filepath.Join(dir, "np_"+filepath.Base(m.File))
			outSchema := r.Schema()
			outSchema.Fields = append(outSchema.Fields,
				record.Field{Name: "res_given", Type: record.String, Nullable: true},
				record.Field{Name: "res_score", Type: record.Double, Nullable: true},
				record.Field{Name: "res_fake", Type: record.Bool, Nullable: true})
			w, err := CreateParquet(out, outSchema, ParquetOptions{Compression: strings.ToLower(m.Compression), RowGroupRows: 1000, FileOptions: FileOptions{Protect: []string{m.File}}})
			if err != nil {
				t.Fatal(err)
			}
			buf := make([]record.Record, 700) // batches straddle row groups
			var n int64
			for {
				k, err := r.Read(ctx, buf)
				for j := range buf[:k] {
					rec := &buf[j]
					if rec.Index != n {
						t.Fatalf("index %d, want %d", rec.Index, n)
					}
					for c, f := range wantSchema.Fields {
						if want := duckExpected(f.Name, n); !sameValue(rec.Values[c], want) {
							t.Fatalf("row %d %s = %#v, want %#v", n, f.Name, rec.Values[c], want)
						}
					}
					// result columns echo name, score and flag
					rec.Values = append(rec.Values, rec.Values[2], rec.Values[3], rec.Values[5])
					n++
				}
				if k > 0 {
					if err := w.Write(ctx, buf[:k]); err != nil {
						t.Fatal(err)
					}
				}
				if err != nil {
					break
				}
			}
			if n != duckRows {
				t.Fatalf("read %d rows, want %d", n, duckRows)
			}
			if err := w.Commit(); err != nil {
				t.Fatal(err)
			}

			orig, back := duckdbtest.Read(t, duckDir, "read", m.File), duckdbtest.Read(t, duckDir, "read", out)
			wantCols := append(orig.Columns[:len(orig.Columns):len(orig.Columns)],
				struct{ Name, Type string }{"res_given", "VARCHAR"},
				struct{ Name, Type string }{"res_score", "DOUBLE"},
				struct{ Name, Type string }{"res_fake", "BOOLEAN"})
			if !reflect.DeepEqual(back.Columns, wantCols) {
				t.Errorf("DuckDB sees namepipe's columns\n %v\nwant\n %v", back.Columns, wantCols)
			}
			if len(back.Rows) != len(orig.Rows) {
				t.Fatalf("DuckDB reads %d rows back, want %d", len(back.Rows), len(orig.Rows))
			}
			str := func(p *string) string {
				if p == nil {
					return "NULL"
				}
				return *p
			}
			for i := range orig.Rows {
				want := append(orig.Rows[i][:len(orig.Rows[i]):len(orig.Rows[i])], orig.Rows[i][2], orig.Rows[i][3], orig.Rows[i][5])
				for c := range want {
					if str(back.Rows[i][c]) != str(want[c]) {
						t.Fatalf("row %d column %s: DuckDB reads %s, want %s", i, back.Columns[c].Name, str(back.Rows[i][c]), str(want[c]))
					}
				}
			}
		})
	}
	for file, want := range map[string]string{
		"duckdb_struct.parquet": `column "person" is nested (a group, list, map or struct); namepipe reads flat columns only: flatten it first`,
		"duckdb_list.parquet":   `column "phones" is nested (a group, list, map or struct); namepipe reads flat columns only: flatten it first`,
	} {
		p := filepath.Join(dir, file)
		_, err := readers.OpenParquet(ctx, p, readers.ParquetOptions{})
		if err == nil || err.Error() != p+": "+want {
			t.Errorf("%s: error = %v, want %s", file, err, want)
		}
	}
}
