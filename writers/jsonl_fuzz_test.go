package writers

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/namepipe/namepipe/readers"
	"github.com/namepipe/namepipe/record"
)

// FuzzJSONLRoundTrip reads any input as JSON Lines and writes it back:
// reading never fails after the first object, and every row read
// without a problem reads back with the same values and the same number
// source text.
func FuzzJSONLRoundTrip(f *testing.F) {
	for _, s := range []string{
		"{\"a\":1,\"b\":\"x\"}\n{\"a\":99999999999999999999,\"b\":null}\n",
		"{\"n\":1e400,\"m\":-0}\n{\"n\":1.0,\"m\":2}\n",
		"{\"a\":1,\"a\":2}\n{\"a\":3,\"a\":\"x\"}\n",
		"{\"a\":[1,{\"b\":2}],\"c\":true}\n{\"c\":false,\"zz\":1}\nnot json\n",
		"{\"s\":\"\\u00e9\\n\",\"t\":0.1}\r\n\n{\"t\":1E+2}\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		dir := t.TempDir()
		src := filepath.Join(dir, "in.jsonl")
		if err := os.WriteFile(src, []byte(in), 0o644); err != nil {
			t.Fatal(err)
		}
		r, err := readers.OpenJSONL(context.Background(), src, readers.JSONLOptions{})
		if err != nil {
			return
		}
		recs := readAllRecords(t, r)
		r.Close()
		out := filepath.Join(dir, "out.jsonl")
		w, err := CreateJSONL(out, r.Schema(), JSONLOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if err := w.Write(context.Background(), recs); err != nil {
			t.Fatal(err)
		}
		if err := w.Commit(); err != nil {
			t.Fatal(err)
		}
		r2, err := readers.OpenJSONL(context.Background(), out, readers.JSONLOptions{})
		if err != nil {
			t.Fatalf("reading back: %v", err)
		}
		back := readAllRecords(t, r2)
		r2.Close()
		if len(back) != len(recs) {
			t.Fatalf("%d rows read back, wrote %d", len(back), len(recs))
		}
		for i, rec := range recs {
			if rec.Problem != "" {
				continue
			}
			if !reflect.DeepEqual(back[i].Values, rec.Values) {
				t.Fatalf("row %d: %#v read back as %#v", i, rec.Values, back[i].Values)
			}
			for j, raw := range rec.Raw {
				if raw != "" && (j >= len(back[i].Raw) || back[i].Raw[j] != raw) {
					t.Fatalf("row %d column %d: number %s read back as %q", i, j, raw, record.Format(back[i].Values[j], record.String))
				}
			}
		}
	})
}
