package readers

import (
	"context"
	"io"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/namepipe/namepipe/record"
)

func readAllWith(t *testing.T, open func(context.Context, string) (Reader, error), p string) (record.Schema, []record.Record, error) {
	t.Helper()
	ctx := context.Background()
	r, err := open(ctx, p)
	if err != nil {
		return record.Schema{}, nil, err
	}
	defer r.Close()
	var out []record.Record
	buf := make([]record.Record, 7)
	for {
		n, err := r.Read(ctx, buf)
		for _, rec := range buf[:n] {
			rec.Values = append([]record.Value(nil), rec.Values...)
			out = append(out, rec)
		}
		if err == io.EOF {
			return r.Schema(), out, nil
		}
		if err != nil {
			return r.Schema(), out, err
		}
	}
}

// errorHead is an error's text up to the column it names: a corrupt page
// is described in each library's own words after that.
func errorHead(err error) string {
	s := err.Error()
	if i := strings.Index(s, `column "`); i >= 0 {
		if j := strings.Index(s[i+8:], `"`); j >= 0 {
			return s[:i+8+j+1]
		}
	}
	return s
}

// TestParquetLibsAgree holds OpenParquet (parquet-go/parquet-go) to the
// schemas, values, row numbers and errors of the reader namepipe had on
// xitongsys/parquet-go, on the Parquet files of the repository: files
// written by DuckDB and by namepipe, one of many types by parquet-go's
// writer (writeTypesParquet), and the corrupt ones (whose errors
// must agree up to the column they name). TestDuckDBInterop and
// TestParquetRoundTripAllTypes (package writers) cover the other types and
// encodings.
func TestParquetLibsAgree(t *testing.T) {
	t.Parallel()
	files, _ := filepath.Glob("testdata/bad/*.parquet")
	files = append(files, "testdata/small.parquet", "../sample-data/customers.parquet", "../testdata/golden/customers.enriched.parquet",
		writeTypesParquet(t, 2500))
	open := func(ctx context.Context, p string) (Reader, error) { return OpenParquet(ctx, p, ParquetOptions{}) }
	for _, f := range files {
		s1, r1, e1 := readAllWith(t, openParquetXitongsys, f)
		s2, r2, e2 := readAllWith(t, open, f)
		if (e1 == nil) != (e2 == nil) || (e1 != nil && errorHead(e1) != errorHead(e2)) {
			t.Errorf("%s: errors\n old %v\n new %v", f, e1, e2)
		}
		if !reflect.DeepEqual(s1, s2) {
			t.Errorf("%s: schema\n old %+v\n new %+v", f, s1, s2)
		}
		if len(r1) != len(r2) {
			t.Errorf("%s: %d rows, %d", f, len(r1), len(r2))
			continue
		}
		for i := range r1 {
			if !reflect.DeepEqual(r1[i], r2[i]) {
				t.Errorf("%s row %d\n old %#v\n new %#v", f, i, r1[i], r2[i])
				break
			}
		}
	}
}
