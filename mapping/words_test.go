package mapping

import (
	"strings"
	"testing"

	"github.com/namepipe/namepipe/record"
)

// TestStr holds str to what putting the string in an interface gives.
func TestStr(t *testing.T) {
	t.Parallel()
	for _, s := range []string{"", "MALE", "FEMALE", "NEUTRAL", "NO", "YES", "UNKNOWN", "NATURAL", "LEGAL",
		"NAME", "EMAIL", "PLACEHOLDER", "OTHER", "Müller", "Anna Maria", "male", "NO "} {
		got := str(strings.Clone(s))
		var want record.Value
		if s != "" {
			want = s
		}
		if got != want {
			t.Errorf("str(%q) = %#v, want %#v", s, got, want)
		}
	}
}

// BenchmarkStr boxes result strings made at run time: an enumeration
// word and a name, with str and with a plain conversion.
//
// Measured (2 shared cores under load 6–9, -count 5, ns/op, allocs/op):
// word: box 42–146, 1; str 2.7–6.1, 0. name: box 62–68, 1; str 33–89, 1.
func BenchmarkStr(b *testing.B) {
	var sink record.Value
	for _, c := range []struct{ name, s string }{{"word", "FEMALE"}, {"name", "Sidorela"}} {
		s := strings.Clone(c.s) // made at run time, as the engine's are
		b.Run(c.name+"/box", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sink = record.Value(s)
			}
		})
		b.Run(c.name+"/str", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sink = str(s)
			}
		})
	}
	_ = sink
}
