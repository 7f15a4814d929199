package readers

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestBadParquetCorpus checks the error each broken Parquet file gives;
// all name the file, nested ones the column.
func TestBadParquetCorpus(t *testing.T) {
	t.Parallel()
	bad := func(f string) string { return filepath.Join("testdata", "bad", f) }
	tests := []struct {
		file    string
		openErr string // exact, after "path: "
		readErr string // prefix, after "path: "
	}{
		{file: "truncated.parquet", openErr: "truncated or corrupt Parquet file: it does not end with the PAR1 marker"},
		{file: "wrong_magic.parquet", openErr: "not a Parquet file: it does not start with the PAR1 marker"},
		{file: "not_parquet.parquet", openErr: "not a Parquet file: it does not start with the PAR1 marker"},
		{file: "bad_footer_len.parquet", openErr: "truncated or corrupt Parquet file: footer length 65535 exceeds the file size 460"},
		{file: "nested_struct.parquet", openErr: `column "person" is nested (a group, list, map or struct); namepipe reads flat columns only: flatten it first`},
		{file: "repeated_list.parquet", openErr: `column "phones" is nested (a group, list, map or struct); namepipe reads flat columns only: flatten it first`},
		{file: "map.parquet", openErr: `column "attrs" is nested (a group, list, map or struct); namepipe reads flat columns only: flatten it first`},
		{file: "empty.csv", openErr: "not a Parquet file: 0 bytes is too short"},
		{file: "corrupt_pages.parquet", readErr: `column "id"`},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			p := bad(tc.file)
			r, err := OpenParquet(context.Background(), p, ParquetOptions{})
			if tc.openErr != "" {
				if err == nil {
					r.Close()
					t.Fatalf("no error, want %s", tc.openErr)
				}
				if err.Error() != p+": "+tc.openErr {
					t.Fatalf("error\n got: %s\nwant: %s: %s", err, p, tc.openErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("OpenParquet: %v", err)
			}
			defer r.Close()
			done := make(chan error, 1)
			go func() {
				_, err := readAll(t, r)
				done <- err
			}()
			select {
			case err = <-done:
			case <-time.After(20 * time.Second):
				t.Fatal("reading a corrupt file hangs")
			}
			if err == nil || !strings.HasPrefix(err.Error(), p+": "+tc.readErr) {
				t.Fatalf("read error = %v, want prefix %s: %s", err, p, tc.readErr)
			}
		})
	}
}

func TestParquetSmallDuckDBFile(t *testing.T) {
	t.Parallel()
	r, err := OpenParquet(context.Background(), filepath.Join("testdata", "small.parquet"), ParquetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	recs, err := readAll(t, r)
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 20 || recs[19].Values[0] != int32(19) || recs[19].Values[1] != "n19" || recs[19].Line != 20 {
		t.Fatalf("got %d rows, last %+v", len(recs), recs[len(recs)-1])
	}
	if done, total := r.Progress(); done != 20 || total != 20 {
		t.Errorf("progress %d/%d", done, total)
	}
}
