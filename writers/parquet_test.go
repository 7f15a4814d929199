package writers

import (
	"context"
	"math/big"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"testing"
	"time"

	"github.com/xitongsys/parquet-go-source/local"
	"github.com/xitongsys/parquet-go/marshal"
	"github.com/xitongsys/parquet-go/reader"
	"github.com/xitongsys/parquet-go/schema"

	"github.com/namepipe/namepipe/readers"
	"github.com/namepipe/namepipe/record"
)

func dec(s string, scale int) record.Dec {
	u, _ := new(big.Int).SetString(s, 10)
	return record.Dec{Unscaled: u, Scale: scale}
}

// allTypesSchema has one column of every record type, plus two names that
// parquet-go would capitalise to the same internal name.
func allTypesSchema() record.Schema {
	return record.Schema{Fields: []record.Field{
		{Name: "name", Type: record.String, Nullable: true},
		{Name: "Name", Type: record.String},
		{Name: "first name", Type: record.String, Nullable: true},
		{Name: "i32", Type: record.Int32, Nullable: true},
		{Name: "i64", Type: record.Int64},
		{Name: "f32", Type: record.Float, Nullable: true},
		{Name: "f64", Type: record.Double, Nullable: true},
		{Name: "ok", Type: record.Bool, Nullable: true},
		{Name: "born", Type: record.Date, Nullable: true},
		{Name: "ts_ms", Type: record.Timestamp, TimeUnit: "millis", Nullable: true},
		{Name: "ts_us", Type: record.Timestamp, TimeUnit: "micros", Nullable: true, LocalTime: true},
		{Name: "ts_ns", Type: record.Timestamp, TimeUnit: "nanos", Nullable: true},
		{Name: "d9", Type: record.Decimal, Precision: 9, Scale: 2, Nullable: true},
		{Name: "d18", Type: record.Decimal, Precision: 18, Scale: 4, Nullable: true},
		{Name: "d38", Type: record.Decimal, Precision: 38, Scale: 10, Nullable: true},
		{Name: "raw", Type: record.Bytes, Nullable: true},
	}}
}

func allTypesRows() []record.Record {
	ts := time.Date(2024, 2, 29, 13, 14, 15, 123456789, time.UTC)
	return []record.Record{
		{Values: []record.Value{"José", "x", "李", int32(-7), int64(1) << 40, float32(1.5), 2.25, true,
			time.Date(1969, 12, 31, 0, 0, 0, 0, time.UTC), ts.Truncate(time.Millisecond), ts.Truncate(time.Microsecond), ts,
			dec("-1250", 2), dec("123456789012345678", 4), dec("-12345678901234567890123456789012345678", 10), []byte{0, 1, 255}}},
		{Values: []record.Value{nil, "", nil, nil, int64(0), nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil}},
	}
}

func TestParquetRoundTripAllTypes(t *testing.T) {
	for _, codec := range []string{"snappy", "gzip", "zstd", "none"} {
		t.Run(codec, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out.parquet")
			w, err := CreateParquet(out, allTypesSchema(), ParquetOptions{Compression: codec})
			if err != nil {
				t.Fatal(err)
			}
			if err := w.Write(context.Background(), allTypesRows()); err != nil {
				t.Fatal(err)
			}
			if err := w.Commit(); err != nil {
				t.Fatal(err)
			}
			r, err := readers.OpenParquet(context.Background(), out, readers.ParquetOptions{})
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			if got, want := r.Schema(), allTypesSchema(); !reflect.DeepEqual(got, want) {
				t.Errorf("schema\n got: %+v\nwant: %+v", got, want)
			}
			if _, total := r.Progress(); total != 2 {
				t.Errorf("total rows %d", total)
			}
			got := readAllRecords(t, r)
			want := allTypesRows()
			if len(got) != len(want) {
				t.Fatalf("%d rows", len(got))
			}
			for i := range want {
				for j := range want[i].Values {
					g, w := got[i].Values[j], want[i].Values[j]
					if record.Format(g, record.Timestamp) != record.Format(w, record.Timestamp) || reflect.TypeOf(g) != reflect.TypeOf(w) {
						t.Errorf("row %d col %s: got %#v, want %#v", i, allTypesSchema().Fields[j].Name, g, w)
					}
				}
			}
		})
	}
}

func TestParquetWriteErrors(t *testing.T) {
	dir := t.TempDir()
	sch := record.Schema{Fields: []record.Field{{Name: "n", Type: record.Int64}, {Name: "d", Type: record.Decimal, Precision: 4, Scale: 2, Nullable: true}}}
	tests := []struct {
		vals []record.Value
		want string
	}{
		{[]record.Value{nil, nil}, `row 1, column "n": NULL in a REQUIRED column`},
		{[]record.Value{"x", nil}, `row 1, column "n": "x" is not an integer`},
		{[]record.Value{int64(1), dec("12345", 2)}, `row 1, column "d": 123.45 does not fit DECIMAL(4,2)`},
		{[]record.Value{int64(1), dec("12345", 3)}, `row 1, column "d": 12.345 has more than 2 decimal places`},
	}
	for _, tc := range tests {
		out := filepath.Join(dir, "e.parquet")
		w, err := CreateParquet(out, sch, ParquetOptions{})
		if err != nil {
			t.Fatal(err)
		}
		err = w.Write(context.Background(), []record.Record{{Values: tc.vals}})
		if err == nil || err.Error() != out+": "+tc.want {
			t.Errorf("error = %v, want %s", err, tc.want)
		}
		w.Abort()
		if _, err := os.Stat(out); !os.IsNotExist(err) {
			t.Errorf("output exists after Abort")
		}
	}
}

// TestParquetRowGroups: RowGroupRows cuts row groups, and the rows read
// back across them are complete and in order.
func TestParquetRowGroups(t *testing.T) {
	out := filepath.Join(t.TempDir(), "rg.parquet")
	sch := record.Schema{Fields: []record.Field{{Name: "i", Type: record.Int64}, {Name: "s", Type: record.String, Nullable: true}}}
	w, err := CreateParquet(out, sch, ParquetOptions{RowGroupRows: 1000})
	if err != nil {
		t.Fatal(err)
	}
	recs := make([]record.Record, 2500)
	for i := range recs {
		recs[i].Values = []record.Value{int64(i), "v" + strconv.Itoa(i)}
		if i%3 == 0 {
			recs[i].Values[1] = nil
		}
	}
	if err := w.Write(context.Background(), recs); err != nil {
		t.Fatal(err)
	}
	if err := w.Commit(); err != nil {
		t.Fatal(err)
	}
	fr, err := local.NewLocalFileReader(out)
	if err != nil {
		t.Fatal(err)
	}
	pr, err := reader.NewParquetColumnReader(fr, 1)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(pr.Footer.RowGroups); n != 3 {
		t.Errorf("%d row groups, want 3", n)
	}
	fr.Close()
	r, err := readers.OpenParquet(context.Background(), out, readers.ParquetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	got := readAllRecords(t, r)
	if len(got) != len(recs) {
		t.Fatalf("%d rows", len(got))
	}
	for i := range got {
		if !reflect.DeepEqual(got[i].Values, recs[i].Values) {
			t.Fatalf("row %d = %v, want %v", i, got[i].Values, recs[i].Values)
		}
	}
}

// TestPqColumnsMarshal checks that the Parquet writer's column buffers
// give parquet-go the tables its marshal.MarshalCSV makes of the same
// rows, for the whole buffer and for ranges of it (flushObjs splits the
// rows among goroutines), across a growth of the row numbers.
func TestPqColumnsMarshal(t *testing.T) {
	t.Parallel()
	sch := record.Schema{Fields: []record.Field{
		{Name: "id", Type: record.Int64},
		{Name: "name", Type: record.String, Nullable: true},
		{Name: "score", Type: record.Double, Nullable: true},
	}}
	elems, cols, err := parquetSchema(sch)
	if err != nil {
		t.Fatal(err)
	}
	sh := schema.NewSchemaHandlerFromSchemaList(elems)
	c := newPqColumns(sh, cols)
	var objs, rows []any
	for i := range 3000 {
		row := []any{int64(i), nil, nil}
		if i%3 != 0 {
			row[1] = "n" + strconv.Itoa(i)
		}
		if i%5 != 0 {
			row[2] = float64(i) / 7
		}
		objs = append(objs, c.add(row))
		rows = append(rows, row)
	}
	for _, r := range [][2]int{{0, 3000}, {0, 1}, {1024, 2049}, {2999, 3000}} {
		got, err := c.marshal(objs[r[0]:r[1]], sh)
		if err != nil {
			t.Fatal(err)
		}
		want, err := marshal.MarshalCSV(rows[r[0]:r[1]], sh)
		if err != nil {
			t.Fatal(err)
		}
		if len(*got) != len(*want) {
			t.Fatalf("rows %v: %d tables, want %d", r, len(*got), len(*want))
		}
		for name, w := range *want {
			g := (*got)[name]
			if g == nil {
				t.Fatalf("rows %v: no table %q", r, name)
			}
			if !reflect.DeepEqual(g, w) {
				t.Errorf("rows %v, table %q:\n got %+v\nwant %+v", r, name, *g, *w)
			}
		}
	}
}
