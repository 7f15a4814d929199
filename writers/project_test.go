package writers

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/namepipe/namepipe/readers"
	"github.com/namepipe/namepipe/record"
)

// TestProjectReplacesInPlace writes an enriched CSV's rows again with a
// new value in its old result column: the other input columns come back
// byte for byte (quotes, spaces, CRLF), the replaced one holds the new
// value, and the appended column follows.
func TestProjectReplacesInPlace(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	in := filepath.Join(dir, "in.csv")
	src := "\ufeffname;np_gender;\"note\"\r\n\"Lee, Ann\";MALE;\" spaced \"\r\nBob;;x\r\n"
	os.WriteFile(in, []byte(src), 0o644)
	ctx := context.Background()
	r, err := readers.Open(ctx, in, readers.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	recs := make([]record.Record, 10)
	n, _ := r.Read(ctx, recs)
	recs = recs[:n]
	for i := range recs { // the work record: input + np_gender + np_error
		recs[i].Values = append(recs[i].Values, []record.Value{"FEMALE", ""}...)
	}
	recs[1].Values[3] = "MALE"
	layout, _ := readers.LayoutOf(r)
	schema := record.Schema{Fields: []record.Field{{Name: "name"}, {Name: "np_gender"}, {Name: "note"}, {Name: "np_error"}}}
	out := filepath.Join(dir, "out.csv")
	var o CSVOptions
	o.BOM, o.Header, o.HeaderEnd, o.InputDelimiter, o.InputColumns, o.Delimiter = layout.BOM, layout.Header, layout.HeaderEnd, layout.Delimiter, 3, layout.Delimiter
	w, err := CreateCSV(out, schema, o)
	if err != nil {
		t.Fatal(err)
	}
	pw := Project(w, []int{0, 3, 2, 4}, 3)
	if err := pw.Write(ctx, recs); err != nil {
		t.Fatal(err)
	}
	if err := pw.Commit(); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(out)
	want := "\ufeffname;np_gender;\"note\";np_error\r\n\"Lee, Ann\";FEMALE;\" spaced \";\r\nBob;MALE;x;\r\n"
	if string(got) != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}
