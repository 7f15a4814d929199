package country

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode"

	"github.com/mozillazg/go-unidecode"
)

func TestCode(t *testing.T) {
	tests := []struct {
		in, want string
		ok       bool
	}{
		{"US", "US", true}, {"us", "US", true}, {"USA", "US", true}, {"U.S.A.", "US", true},
		{"United States", "US", true}, {"united states of america", "US", true}, {"Vereinigte Staaten", "US", true},
		{"Germany", "DE", true}, {"Deutschland", "DE", true}, {"DEU", "DE", true}, {"Allemagne", "DE", true}, {"Германия", "DE", true},
		{"Italy", "IT", true}, {"Italia", "IT", true}, {"ITA", "IT", true}, {"Italien", "IT", true},
		{"  France ", "FR", true}, {"Österreich", "AT", true}, {"Schweiz", "CH", true}, {"Suisse", "CH", true},
		{"United Kingdom", "GB", true}, {"UK", "GB", true}, {"England", "GB", true}, {"Great Britain", "GB", true},
		{"España", "ES", true}, {"Brasil", "BR", true}, {"日本", "JP", true}, {"中国", "CN", true},
		{"Côte d'Ivoire", "CI", true}, {"Türkiye", "TR", true}, {"Nederland", "NL", true}, {"Holland", "NL", true},
		{"", "", false}, {"Atlantis", "", false}, {"XX", "", false}, {"Berlin", "", false},
	}
	for _, tt := range tests {
		got, ok := Code(tt.in)
		if got != tt.want || ok != tt.ok {
			t.Errorf("Code(%q) = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

// TestCodeEveryAlpha2: every alpha-2 code of the tables maps to itself,
// and its English name maps back to it.
func TestCodeEveryAlpha2(t *testing.T) {
	codesOnce.Do(loadCodes)
	if len(iso2) < 240 {
		t.Fatalf("%d alpha-2 codes, want the ~249 of ISO 3166-1", len(iso2))
	}
	for cc := range iso2 {
		if got, ok := Code(cc); !ok || got != cc {
			t.Errorf("Code(%q) = %q, %v", cc, got, ok)
		}
	}
}

func BenchmarkCode(b *testing.B) {
	in := []string{"DE", "Germany", "Vereinigte Staaten", "U.S.A.", "Italia", "Atlantis"}
	for i := 0; b.Loop(); i++ {
		Code(in[i%len(in)])
	}
}

// TestCodeEveryName: every name of the tables in every language gives its
// country's code; only spellings two countries share (kept by the first)
// may differ, and those stay few.
func TestCodeEveryName(t *testing.T) {
	Code("")
	total, other := 0, 0
	for _, data := range [][]byte{namesTSV, extraTSV} {
		for _, line := range strings.Split(string(data), "\n") {
			if line == "" || line[0] == '#' {
				continue
			}
			cc, name, _ := strings.Cut(line, "\t")
			total++
			if got, ok := Code(name); !ok || got != cc {
				other++
				if testing.Verbose() {
					t.Logf("%q: %q, want %q", name, got, cc)
				}
			}
		}
	}
	t.Logf("%d of %d names give another country's code (a spelling two countries share)", other, total)
	if other*1000 > total*3 {
		t.Errorf("%d of %d names give another code, want at most 0.3 %%", other, total)
	}
}

// keyUnicode is key as unicode's functions define it, for TestKeyASCII.
func keyUnicode(s string) string {
	s = strings.TrimSpace(s)
	if strings.IndexFunc(s, func(r rune) bool { return r >= 0x80 }) >= 0 {
		s = unidecode.Unidecode(s)
	}
	var b strings.Builder
	for _, r := range s {
		if r < 0x80 && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String()
}

// TestKeyASCII holds key's byte loop to unicode's letters, digits and
// lower case on every value of the tables and on random strings.
func TestKeyASCII(t *testing.T) {
	var in []string
	lines(func(_, v string) { in = append(in, v) })
	rnd := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		b := make([]byte, rnd.IntN(12))
		for i := range b {
			b[i] = byte(rnd.IntN(256))
		}
		in = append(in, string(b), strings.ToValidUTF8(string(b), "é"))
	}
	for _, s := range in {
		if got, want := key(s), keyUnicode(s); got != want {
			t.Errorf("key(%q) = %q, want %q", s, got, want)
		}
	}
}
