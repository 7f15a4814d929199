package readers

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/namepipe/namepipe/record"
)

func TestJSONL(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		in       string
		openErr  string
		types    []record.Type
		values   [][]record.Value
		problems []string
		raw      [][]string // per row, Record.Raw when checked
	}{
		{name: "typed values and order",
			in:    "{\"name\":\"Anna\",\"age\":31,\"score\":0.5,\"vip\":true,\"note\":null,\"tags\":[1,2]}\n\n{\"age\":40,\"name\":\"Bob \\\"B\\\" \\u00e9\",\"score\":2}\r\n",
			types: []record.Type{record.String, record.Int64, record.Double, record.Bool, record.String, record.String},
			values: [][]record.Value{
				{"Anna", int64(31), 0.5, true, nil, "[1,2]"},
				{"Bob \"B\" é", int64(40), 2.0, nil, nil, nil},
			},
			problems: []string{"", ""}},
		{name: "unknown key, wrong type, bad line",
			in:    "{\"a\":\"x\",\"n\":1}\n{\"a\":\"y\",\"zz\":5}\n{\"a\":7,\"n\":1.5}\nnot json\n[1]\n",
			types: []record.Type{record.String, record.Int64},
			values: [][]record.Value{
				{"x", int64(1)}, {"y", nil}, {int64(7), 1.5}, {nil, nil}, {nil, nil},
			},
			problems: []string{"",
				`F:2: unknown key "zz" (not in the first object), value 5 dropped`,
				`F:3: key "a" holds an integer, the first object had string there; kept as is; F:3: key "n" holds a number, the first object had int64 there; kept as is`,
				`F:4: invalid JSON: invalid character 'o' in literal null (expecting 'u'); line: "not json"`,
				`F:5: line is not a JSON object; line: "[1]"`,
			}},
		{name: "empty", in: "\n\n", openErr: "F: empty file: no JSON object to take the columns from"},
		{name: "first line bad", in: "{\"a\":}\n", openErr: "F:1: invalid JSON: invalid character '}' looking for beginning of value"},
		{name: "duplicate key, first line and later", in: "{\"a\":1,\"b\":\"x\",\"a\":2}\n{\"b\":\"y\",\"a\":3,\"b\":\"z\"}\n{\"a\":1e400,\"a\":-0}\n",
			types:  []record.Type{record.Int64, record.String},
			values: [][]record.Value{{int64(1), "x"}, {int64(3), "y"}, {math.Inf(1), nil}},
			raw:    [][]string{nil, nil, {"1e400", ""}},
			problems: []string{
				`F:1: duplicate key "a": the first value 1 is kept, the later 2 dropped`,
				`F:2: duplicate key "b": the first value "y" is kept, the later "z" dropped`,
				`F:3: key "a" holds a number, the first object had int64 there; kept as is; F:3: duplicate key "a": the first value 1e400 is kept, the later -0 dropped`,
			}},
		{name: "numbers keep their source text", in: "{\"n\":99999999999999999999,\"f\":1.0,\"i\":-0,\"g\":0.5}\n",
			types:    []record.Type{record.Double, record.Double, record.Int64, record.Double},
			values:   [][]record.Value{{1e20, 1.0, int64(0), 0.5}},
			raw:      [][]string{{"99999999999999999999", "1.0", "-0", ""}},
			problems: []string{""}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), "in.jsonl")
			os.WriteFile(p, []byte(tc.in), 0o644)
			fix := func(s string) string {
				return strings.ReplaceAll(s, "F:", p+":")
			}
			r, err := OpenJSONL(context.Background(), p, JSONLOptions{})
			if tc.openErr != "" {
				if err == nil || err.Error() != fix(tc.openErr) {
					t.Fatalf("error = %v, want %s", err, fix(tc.openErr))
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			var types []record.Type
			for _, f := range r.Schema().Fields {
				types = append(types, f.Type)
			}
			if !reflect.DeepEqual(types, tc.types) {
				t.Errorf("types = %v, want %v", types, tc.types)
			}
			recs, err := readAll(t, r)
			if err != nil {
				t.Fatal(err)
			}
			if len(recs) != len(tc.values) {
				t.Fatalf("%d rows, want %d", len(recs), len(tc.values))
			}
			for i, rec := range recs {
				if !reflect.DeepEqual(rec.Values, tc.values[i]) {
					t.Errorf("row %d = %#v, want %#v", i, rec.Values, tc.values[i])
				}
				if tc.raw != nil && !reflect.DeepEqual(rec.Raw, tc.raw[i]) {
					t.Errorf("row %d raw = %q, want %q", i, rec.Raw, tc.raw[i])
				}
				if rec.Problem != fix(tc.problems[i]) {
					t.Errorf("row %d problem\n got: %s\nwant: %s", i, rec.Problem, fix(tc.problems[i]))
				}
				if rec.Index != int64(i) {
					t.Errorf("row %d index %d", i, rec.Index)
				}
			}
		})
	}
}
