package dict

import (
	"strings"
	"testing"
)

// asciiLowerSlow is asciiLower byte by byte, as first written.
func asciiLowerSlow(s string) ([]byte, bool) {
	if len(s) > asciiKeyMax {
		return nil, false
	}
	b := make([]byte, len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x80 {
			return nil, false
		}
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		b[i] = c
	}
	return b, true
}

func checkASCIILower(t *testing.T, s string) {
	t.Helper()
	var buf [asciiKeyMax]byte
	got, ok := asciiLower(s, &buf)
	want, wok := asciiLowerSlow(s)
	if ok != wok || ok && string(got) != string(want) {
		t.Errorf("asciiLower(%q) = %q, %v; want %q, %v", s, got, ok, want, wok)
	}
}

func TestASCIILower(t *testing.T) {
	t.Parallel()
	var all strings.Builder
	for c := 0; c < 0x80; c++ {
		all.WriteByte(byte(c))
	}
	tests := []string{"", "A", "Peter", "MÜLLER", "AbcdefGHIJKLmnoZ", "@[`{AZaz", "ABCDEFGH\x80", "abcdefgh\xff", "O'NEILL-SMITH JR",
		strings.Repeat("Xy", 32), strings.Repeat("Xy", 33)}
	s := all.String()
	for i := 0; i+8 <= len(s); i++ {
		tests = append(tests, s[i:i+8], s[i:])
	}
	for _, s := range tests {
		checkASCIILower(t, s)
	}
}

func FuzzASCIILower(f *testing.F) {
	for _, s := range []string{"Peter", "MÜLLER", "@[`{AZaz@[`{AZaz", "\x7f\x41\x5a\x5b\x40\x60\x61\x7a\x7b"} {
		f.Add(s)
	}
	f.Fuzz(checkASCIILower)
}
