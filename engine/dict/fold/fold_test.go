package fold

import "testing"

func TestString(t *testing.T) {
	t.Parallel()
	tests := map[string]string{
		"Müller": "Muller", "Łukasz": "Lukasz", "Søren": "Soren", "Straße": "Strasse",
		"José María": "Jose Maria", "Ñuñez": "Nunez", "Œuvre": "OEuvre", "Dvořák": "Dvorak",
		"e\u0301": "e", "plain": "plain", "Иван": "Иван", "": "", "\xff": "\xff",
	}
	for in, want := range tests {
		if got := String(in); got != want {
			t.Errorf("String(%q) = %q, want %q", in, got, want)
		}
	}
	if Key("JÖRG") != "jorg" {
		t.Errorf("Key(JÖRG) = %q", Key("JÖRG"))
	}
}

func BenchmarkStringASCII(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		String("johnsmith")
	}
}
