package readers

import (
	"context"
	"io"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/namepipe/namepipe/record"
)

// valueFits reports whether v is a value a column of field f may hold:
// nil only where f is nullable, otherwise the Go type of f.Type.
func valueFits(v record.Value, f record.Field) bool {
	if v == nil {
		return f.Nullable
	}
	switch f.Type {
	case record.String:
		_, ok := v.(string)
		return ok
	case record.Int32:
		_, ok := v.(int32)
		return ok
	case record.Int64:
		_, ok := v.(int64)
		return ok
	case record.Float:
		_, ok := v.(float32)
		return ok
	case record.Double:
		_, ok := v.(float64)
		return ok
	case record.Bool:
		_, ok := v.(bool)
		return ok
	case record.Date, record.Timestamp:
		_, ok := v.(time.Time)
		return ok
	case record.Decimal:
		d, ok := v.(record.Dec)
		return ok && d.Unscaled != nil && d.Unscaled.Cmp(new(big.Int)) != 2
	case record.Bytes:
		b, ok := v.([]byte)
		return ok && b != nil
	}
	return false
}

// FuzzParquetReader feeds mutated Parquet files to OpenParquet: it must
// never panic or hang, every error names the file, every row has the
// schema's width with each cell of its column's type (NULL only in a
// nullable column), indexes count up from 0, and no more rows come than
// the footer announces.
func FuzzParquetReader(f *testing.F) {
	seeds, _ := filepath.Glob(filepath.Join("testdata", "*.parquet"))
	bad, _ := filepath.Glob(filepath.Join("testdata", "bad", "*.parquet"))
	seeds = append(seeds, bad...)
	seeds = append(seeds, filepath.Join("..", "sample-data", "customers.parquet"), writeTypesParquet(f, 60))
	for _, codec := range []string{"uncompressed", "snappy", "gzip"} {
		for _, v := range []int{1, 2} {
			p := filepath.Join(f.TempDir(), "bounded.parquet")
			writeBoundedParquet(f, p, 40, testCodecs[codec], v, textValues)
			seeds = append(seeds, p)
		}
	}
	for _, s := range seeds {
		if b, err := os.ReadFile(s); err == nil {
			f.Add(b)
		}
	}
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		p := filepath.Join(dir, "in.parquet")
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		ctx := context.Background()
		// Half the inputs go through the bounded page reader
		// (parquet_big.go), for every BYTE_ARRAY column.
		r, err := OpenParquet(ctx, p, ParquetOptions{bounded: len(data)%2 == 0})
		if err != nil {
			if !strings.HasPrefix(err.Error(), p+": ") {
				t.Fatalf("error does not name the file: %v", err)
			}
			return
		}
		defer r.Close()
		fields := r.Schema().Fields
		_, total := r.Progress()
		buf := make([]record.Record, 7)
		var idx int64
		for {
			n, err := r.Read(ctx, buf)
			for _, rec := range buf[:n] {
				if len(rec.Values) != len(fields) || rec.Index != idx || rec.Line != idx+1 {
					t.Fatalf("bad record %+v (width %d, index %d)", rec, len(fields), idx)
				}
				for c, v := range rec.Values {
					if !valueFits(v, fields[c]) {
						t.Fatalf("row %d column %+v: value %#v", idx, fields[c], v)
					}
				}
				idx++
			}
			if idx > total {
				t.Fatalf("%d rows read, the footer says %d", idx, total)
			}
			if err == io.EOF {
				return
			}
			if err != nil {
				if !strings.HasPrefix(err.Error(), p+": ") {
					t.Fatalf("error does not name the file: %v", err)
				}
				return
			}
		}
	})
}
