package readers

import (
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/namepipe/namepipe/record"
)

// TestStringBoxes checks that a boxed string is the string to every use
// of a value (type switch, assertion, comparison, reflection), across
// chunks and garbage collections.
func TestStringBoxes(t *testing.T) {
	t.Parallel()
	var b stringBoxes
	var vals []record.Value
	var want []string
	for i := range 3*boxChunk + 7 {
		s := strings.Repeat("ab", i%5) + string(rune('a'+i%26))
		if i%11 == 0 {
			s = ""
		}
		vals = append(vals, b.box(s))
		want = append(want, s)
	}
	runtime.GC()
	for i, v := range vals {
		s, ok := v.(string)
		if !ok || s != want[i] || v != record.Value(want[i]) || !reflect.DeepEqual(v, record.Value(want[i])) {
			t.Fatalf("value %d = %#v, want %q", i, v, want[i])
		}
		switch x := v.(type) {
		case string:
			if x != want[i] {
				t.Fatalf("value %d switches to %q, want %q", i, x, want[i])
			}
		default:
			t.Fatalf("value %d has type %T", i, v)
		}
		if got := record.Format(v, record.String); got != want[i] {
			t.Fatalf("value %d formats as %q", i, got)
		}
	}
}

var boxSink []record.Value

// BenchmarkStringBoxes stores a row's 13 cells as record.Values: "convert"
// as record.Value(s), "boxes" through stringBoxes.
//
// Measured (2 shared cores under load, -count 3, ns/row): convert 919,
// 835, 919 with 14 allocations; boxes 504, 671, 441 with 1 (the row's
// text, in both).
func BenchmarkStringBoxes(b *testing.B) {
	text := "1,Elena Gómez,Elena,Gómez,,elena.gomez4708@hotmail.es,+34 91 6696011,1990-06-21,ES,Calle Mayor 49,28013,Madrid,F"
	for _, mode := range []string{"convert", "boxes"} {
		b.Run(mode, func(b *testing.B) {
			b.ReportAllocs()
			vals := make([]record.Value, 13)
			var bx stringBoxes
			for b.Loop() {
				t := string([]byte(text))
				for i := range vals {
					if mode == "convert" {
						vals[i] = t[i : i+5]
					} else {
						vals[i] = bx.box(t[i : i+5])
					}
				}
			}
			boxSink = vals
		})
	}
}
