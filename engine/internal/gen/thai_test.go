package main

import (
	"slices"
	"testing"

	"github.com/namepipe/namepipe/engine/dict"
)

// TestRomanizeThai holds the romanizer to RTGS readings of Thai names:
// the reading must be among those returned, and the people's spelling
// given must share a loose key with one of them.
func TestRomanizeThai(t *testing.T) {
	for _, c := range []struct{ thai, rtgs, people string }{
		{"กนกพร", "kanokphon", "Kanokporn"},
		{"วิมลิน", "wimalin", "Wimalin"},
		{"ศิริลักษณ์", "sirilak", "Sirilak"},
		{"กรกนก", "konkanok", "Kornkanok"},
		{"วีรเชษฐ์", "wirachet", "Weerachet"},
		{"นภาพร", "naphaphon", "Napapon"},
		{"ฤดีวรรณ", "ruediwan", "Rudeewan"},
		{"สมชาย", "somchai", "Somchai"},
		{"จันทร์", "chan", "Chan"},
		{"แก้ว", "kaeo", "Kaew"},
		{"เฉลิม", "chaloem", "Chalerm"},
		{"ชนาธิป", "chanathip", "Chanatip"},
		{"วุฒิชัย", "wuthichai", "Vuthichai"},
		{"ศรี", "si", "Si"},
		{"ประยุทธ์", "prayut", "Prayuth"},
		{"พีรพร", "phiraphon", "Peeraporn"},
		{"ณัฐพล", "natphon", "Natpol"},
		{"พลอย", "phloi", "Ploy"},
		{"ไพลิน", "phailin", "Pailin"},
		{"เจริญ", "charoen", "Jaroen"},
	} {
		rs := romanizeThai(c.thai)
		if !slices.Contains(rs, c.rtgs) {
			t.Errorf("romanizeThai(%q) = %q, want %q among them", c.thai, rs, c.rtgs)
		}
		if !slices.Contains(thaiKeys(c.thai), dict.ThaiKey(c.people)) {
			t.Errorf("%s: the key %q of %q is none of %q", c.thai, dict.ThaiKey(c.people), c.people, thaiKeys(c.thai))
		}
	}
	for _, s := range []string{"", "abc", "กนก1"} {
		if rs := romanizeThai(s); rs != nil {
			t.Errorf("romanizeThai(%q) = %q, want nil", s, rs)
		}
	}
}

// TestParseRubyNames reads a ruby-faker locale file's name lists.
func TestParseRubyNames(t *testing.T) {
	src := "en-TH:\n  faker:\n    name:\n      first_name:\n      - A-gun\n      - 'On'\n      - Bun Ma\n      last_name:\n      - Aromdee\n      - Atitarn\n    other:\n      x: y\n"
	first, last := parseRubyNames([]byte(src))
	if !slices.Equal(first, []string{"A-gun", "On", "Bun Ma"}) || !slices.Equal(last, []string{"Aromdee", "Atitarn"}) {
		t.Errorf("parseRubyNames = %q, %q", first, last)
	}
}

// FuzzRomanizeThai holds the romanizer to its bounds on any input: at
// most maxReadings readings, each of ASCII letters.
func FuzzRomanizeThai(f *testing.F) {
	for _, s := range []string{"กนกพร", "เฉลิม", "ฤดีวรรณ", "ศักดิ์", "ๆ", "เ", "์"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		rs := romanizeThai(s)
		if len(rs) > maxReadings {
			t.Fatalf("%q: %d readings", s, len(rs))
		}
		for _, r := range rs {
			for i := 0; i < len(r); i++ {
				if r[i] < 'a' || r[i] > 'z' {
					t.Fatalf("%q: reading %q is not lower-case ASCII", s, r)
				}
			}
		}
	})
}
