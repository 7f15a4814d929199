package writers

import (
	"context"
	"math"
	"math/big"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/namepipe/namepipe/readers"
	"github.com/namepipe/namepipe/record"
)

func TestJSONLWriteAndRoundTrip(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out.jsonl")
	schema := record.Schema{Fields: []record.Field{
		{Name: "name", Type: record.String, Nullable: true},
		{Name: "n", Type: record.Int64, Nullable: true},
		{Name: "x", Type: record.Double, Nullable: true},
		{Name: "ok", Type: record.Bool, Nullable: true},
		{Name: "born", Type: record.Date, Nullable: true},
		{Name: "amount", Type: record.Decimal, Nullable: true, Precision: 10, Scale: 2},
	}}
	born := time.Date(1990, 2, 28, 0, 0, 0, 0, time.UTC)
	recs := []record.Record{
		{Values: []record.Value{"Jos\u00e9 \"J\"\n\t\x01\u2028", int64(-5), 1.25, true, born, record.Dec{Unscaled: big.NewInt(-1250), Scale: 2}}},
		{Values: []record.Value{nil, nil, math.NaN(), false, nil, nil}},
		{Values: []record.Value{"bad\xffutf8"}},
	}
	w, err := CreateJSONL(out, schema, JSONLOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Write(context.Background(), recs); err != nil {
		t.Fatal(err)
	}
	if err := w.Commit(); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(out)
	want := `{"name":"José \"J\"\n\t\u0001\u2028","n":-5,"x":1.25,"ok":true,"born":"1990-02-28","amount":-12.50}
{"name":null,"n":null,"x":null,"ok":false,"born":null,"amount":null}
{"name":"bad\ufffdutf8","n":null,"x":null,"ok":null,"born":null,"amount":null}
`
	if string(got) != want {
		t.Fatalf("output\n got: %s\nwant: %s", got, want)
	}
	r, err := readers.OpenJSONL(context.Background(), out, readers.JSONLOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	back := readAllRecords(t, r)
	wantBack := [][]record.Value{
		{"Jos\u00e9 \"J\"\n\t\x01\u2028", int64(-5), 1.25, true, "1990-02-28", -12.5},
		{nil, nil, nil, false, nil, nil},
		{"bad\ufffdutf8", nil, nil, nil, nil, nil},
	}
	for i := range back {
		if !reflect.DeepEqual(back[i].Values, wantBack[i]) || back[i].Problem != "" {
			t.Errorf("row %d = %#v (%s), want %#v", i, back[i].Values, back[i].Problem, wantBack[i])
		}
	}
}
