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
	got := writeAndRead(t, w, out, recs)
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

// TestJSONLNumbersRoundTrip reads numbers that float64 and int64 cannot
// hold and writes them back: each line comes out byte for byte, in JSON
// Lines and as CSV cells.
func TestJSONLNumbersRoundTrip(t *testing.T) {
	in := `{"id":1,"n":5,"x":0.5,"name":"a"}
{"id":2,"n":99999999999999999999,"x":1e400,"name":"b"}
{"id":3,"n":-99999999999999999999,"x":-1E-400,"name":"c"}
{"id":4,"n":12345678901234567890123,"x":1.0,"name":"d"}
{"id":5,"n":-0,"x":2.50e+3,"name":"e"}
`
	dir := t.TempDir()
	src := filepath.Join(dir, "in.jsonl")
	if err := os.WriteFile(src, []byte(in), 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := readers.OpenJSONL(context.Background(), src, readers.JSONLOptions{})
	if err != nil {
		t.Fatal(err)
	}
	recs := readAllRecords(t, r)
	r.Close()
	csvWant := "id,n,x,name\n1,5,0.5,a\n2,99999999999999999999,1e400,b\n3,-99999999999999999999,-1E-400,c\n4,12345678901234567890123,1.0,d\n5,-0,2.50e+3,e\n"
	for _, tc := range []struct {
		name, want string
		create     func(string) (Writer, error)
	}{
		{"out.jsonl", in, func(p string) (Writer, error) { return CreateJSONL(p, r.Schema(), JSONLOptions{}) }},
		{"out.csv", csvWant, func(p string) (Writer, error) { return CreateCSV(p, r.Schema(), CSVOptions{}) }},
	} {
		out := filepath.Join(dir, tc.name)
		w, err := tc.create(out)
		if err != nil {
			t.Fatal(err)
		}
		got := writeAndRead(t, w, out, recs)
		if string(got) != tc.want {
			t.Errorf("%s\n got: %s\nwant: %s", tc.name, got, tc.want)
		}
	}
}

func TestJSONNumberGrammar(t *testing.T) {
	for s, want := range map[string]bool{
		"0": true, "-0": true, "1e400": true, "-1E-4": true, "2.50e+3": true, "99999999999999999999": true,
		"": false, "-": false, "01": false, "1.": false, ".5": false, "1e": false, "+1": false,
		`"555"`: false, "1,5": false, "Inf": false, "0x10": false, "1 ": false,
	} {
		if got := jsonNumber(s); got != want {
			t.Errorf("jsonNumber(%q) = %v, want %v", s, got, want)
		}
	}
}
