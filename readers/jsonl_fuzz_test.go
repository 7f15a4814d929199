package readers

import (
	"encoding/json"
	"reflect"
	"testing"
)

// FuzzJSONLObject holds decodeObject's in-place walk of a valid line to
// encoding/json's decoder: the same keys, values and number source text,
// in the same order, or the same refusal.
func FuzzJSONLObject(f *testing.F) {
	for _, s := range []string{
		`{"a":1,"b":"x","c":null}`, ` { "a" : [1, {"b":"}"}] , "c":"\"\\" } `, `{}`, `[1]`, `"s"`,
		`{"n":99999999999999999999,"f":1e400,"z":-0,"g":1.0}`, `{"a":{"b":[]},"a":true}`, `{"s":"\u00e9\ud800"}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		got, gerr := decodeObject(line)
		if !json.Valid(line) {
			return // decodeObject is decodeInvalid there
		}
		want, werr := decodeInvalid(line)
		if (gerr == nil) != (werr == nil) {
			t.Fatalf("%q: walk error %v, decoder error %v", line, gerr, werr)
		}
		if gerr == nil && len(got)+len(want) > 0 && !reflect.DeepEqual(got, want) {
			t.Fatalf("%q:\nwalk:    %#v\ndecoder: %#v", line, got, want)
		}
	})
}
