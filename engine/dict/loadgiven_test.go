package dict

import (
	"fmt"
	"strings"
	"testing"
)

func TestParseStat(t *testing.T) {
	for _, tt := range []struct {
		in   string
		lang string
		p, v int
		ok   bool
	}{
		{"en:100:1", "en", 100, 1, true},
		{"xl:0:25", "xl", 0, 25, true},
		{"fil:55:3", "fil", 55, 3, true},
		{"en:100", "", 0, 0, false},
		{":1:1", "", 0, 0, false},
		{"en:1:", "en", 1, 0, false},
		{"en:x:1", "en", 0, 1, false},
		{"en:1:1000", "en", 1, 0, false},
		{"", "", 0, 0, false},
		{"en:12:3:4", "", 0, 0, false},
		{"en::1", "", 0, 0, false},
		{"e:1:1", "e", 1, 1, true},
		{"en:0100:1", "", 0, 0, false},
		{"en", "", 0, 0, false},
	} {
		lang, p, v, ok := parseStat(tt.in)
		if ok != tt.ok || ok && (lang != tt.lang || p != tt.p || v != tt.v) {
			t.Errorf("parseStat(%q) = %q, %d, %d, %v; want %q, %d, %d, %v", tt.in, lang, p, v, ok, tt.lang, tt.p, tt.v, tt.ok)
		}
	}
}

// TestLangCodes numbers 256 codes of two letters and others, each found
// again under its own number, none under another's.
func TestLangCodes(t *testing.T) {
	var c langCodes
	var codes []string
	for i := range 256 {
		lg := fmt.Sprintf("%c%c", 'a'+i/26%26, 'a'+i%26)
		if i%50 == 7 {
			lg = fmt.Sprintf("x-%d", i)
		}
		if _, ok := c.index(lg); ok {
			t.Fatalf("%q found before it was added", lg)
		}
		c.add(lg, uint8(i))
		codes = append(codes, lg)
	}
	for i, lg := range codes {
		if got, ok := c.index(lg); !ok || int(got) != i {
			t.Errorf("index(%q) = %d, %v; want %d", lg, got, ok, i)
		}
	}
	if _, ok := c.index("zz"); ok {
		t.Error(`"zz" found, never added`)
	}
}

// TestLoadGivenErrors: a malformed line of the given-name file is an
// error naming the line.
func TestLoadGivenErrors(t *testing.T) {
	for _, tt := range []struct{ text, want string }{
		{"# h\nanna\ten:0:3\nbad line\n", `line 3: want name TAB stats, got "bad line"`},
		{"anna\ten:0:3  de:0:1\n", `line 1: bad stat ""`},
		{"anna\ten:101:3\n", `line 1: bad stat "en:101:3"`},
		{"anna\ten:0:0\n", `line 1: bad stat "en:0:0"`},
		{"\ten:0:1\n", `line 1: want name TAB stats`},
	} {
		_, err := loadGivenText("test", []byte(tt.text))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q: err %v, want %s", tt.text, err, tt.want)
		}
	}
}

// cutStat is the loader's slow path: the first space-separated stat of
// rest parsed by parseStat, and the text after its space.
func cutStat(rest string) (lang string, p, v int, next string, ok bool) {
	f := rest
	if sp := strings.IndexByte(rest, ' '); sp >= 0 {
		f, next = rest[:sp], rest[sp+1:]
	}
	lang, p, v, ok = parseStat(f)
	return lang, p, v, next, ok
}

// TestParseTwoLetterStat: the fast path parses what it takes exactly as
// parseStat does, and leaves every other stat to it.
func TestParseTwoLetterStat(t *testing.T) {
	for _, tt := range []struct {
		in   string
		fast bool
	}{
		{"en:0:3", true},
		{"en:100:255 de:0:1", true},
		{"hi:0:1 ", true},
		{"en:0:3  de:0:1", true},
		{"xu:1000:1", false},
		{"en::1", false},
		{"en:0:", false},
		{"en:0:3:4", false},
		{"en:0", false},
		{"eng:0:3", false},
		{"e:0:3", false},
		{" e:0:3", false},
		{"e :0:3", false},
		{":e:0:3", false},
		{"en:0 3", false},
		{"en:a:3", false},
		{"en:0:1234", false},
	} {
		lg, p, v, next, ok := parseTwoLetterStat(tt.in)
		if ok != tt.fast {
			t.Errorf("parseTwoLetterStat(%q) ok = %v, want %v", tt.in, ok, tt.fast)
		}
		if !ok {
			continue
		}
		wl, wp, wv, wnext, wok := cutStat(tt.in)
		if !wok || lg != wl || p != wp || v != wv || next != wnext {
			t.Errorf("parseTwoLetterStat(%q) = %q %d %d %q, parseStat: %q %d %d %q %v", tt.in, lg, p, v, next, wl, wp, wv, wnext, wok)
		}
	}
}

// FuzzParseTwoLetterStat holds the fast path to parseStat on any text.
func FuzzParseTwoLetterStat(f *testing.F) {
	for _, s := range []string{"en:0:3", "en:100:255 de:0:1", "hi:0:1 ", "e :0:3", "en:0:3:4"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		lg, p, v, next, ok := parseTwoLetterStat(s)
		if !ok {
			return
		}
		wl, wp, wv, wnext, wok := cutStat(s)
		if !wok || lg != wl || p != wp || v != wv || next != wnext {
			t.Errorf("parseTwoLetterStat(%q) = %q %d %d %q, parseStat: %q %d %d %q %v", s, lg, p, v, next, wl, wp, wv, wnext, wok)
		}
	})
}
