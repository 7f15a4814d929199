package text

import (
	"testing"
	"unicode"
)

func TestStrip(t *testing.T) {
	t.Parallel()
	tests := map[string]string{
		"Müller": "Muller", "Łukasz": "Lukasz", "Søren": "Soren", "Straße": "Strasse",
		"José María": "Jose Maria", "Ñuñez": "Nunez", "Œuvre": "OEuvre", "Dvořák": "Dvorak",
		"Nguyễn": "Nguyen", "e\u0301": "e", "plain": "plain", "Иван": "Иван", "": "", "\xff": "\xff",
	}
	for in, want := range tests {
		if got := Strip(in); got != want {
			t.Errorf("Strip(%q) = %q, want %q", in, got, want)
		}
		var b []byte
		for _, r := range in {
			b = AppendStrip(b, r)
		}
		if in != "\xff" && string(b) != want {
			t.Errorf("AppendStrip over %q = %q, want %q", in, b, want)
		}
	}
}

// TestOneFold: Fold, FoldPlain and Strip read one table, so they agree on
// every letter but the ones Fold spells out (issue 23: three folds once
// disagreed on ø).
func TestOneFold(t *testing.T) {
	t.Parallel()
	for r := range stripTable {
		plain := FoldPlain(string(r))
		if got := StripKey(string(r)); got != plain {
			t.Errorf("%q: StripKey %q, FoldPlain %q", r, got, plain)
		}
		want := plain
		if sp, ok := spelledOut[unicode.ToLower(r)]; ok {
			want = sp
		}
		if got := Fold(string(r)); got != want {
			t.Errorf("%q: Fold %q, want %q", r, got, want)
		}
	}
	for in, want := range map[string][3]string{ // Fold, FoldPlain, Strip
		"Søren Müller": {"soeren mueller", "soren muller", "Soren Muller"},
		"Nguyễn Đức":   {"nguyen duc", "nguyen duc", "Nguyen Duc"},
	} {
		if got := [3]string{Fold(in), FoldPlain(in), Strip(in)}; got != want {
			t.Errorf("%q: got %q, want %q", in, got, want)
		}
	}
}

func BenchmarkStripASCII(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		Strip("johnsmith")
	}
}
