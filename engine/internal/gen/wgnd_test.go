package main

import (
	"crypto/sha256"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestWGNDFile checks that wgnd_noctry.csv is kept byte for byte as read
// (2,316,124 characters of commit 23b28a9 of IES-platform/r4r_gender; its
// SHA-256 taken when it was transcribed) and that every record parses.
func TestWGNDFile(t *testing.T) {
	text, err := wgndText()
	if err != nil {
		t.Fatal(err)
	}
	if n := utf8.RuneCountInString(text); n != 2316124 {
		t.Errorf("wgnd_noctry.csv: %d characters, want 2316124", n)
	}
	if h := fmt.Sprintf("%x", sha256.Sum256([]byte(text))); h != wgndSHA256 {
		t.Errorf("wgnd_noctry.csv: SHA-256 %s, not the transcribed file's", h)
	}
	w, err := parseWGND(text)
	if err != nil {
		t.Fatal(err)
	}
	var m int
	for _, male := range w {
		if male {
			m++
		}
	}
	if len(w) != wgndNames || m != wgndMale {
		t.Errorf("wgnd_noctry.csv: %d one-word names with a sex, %d male; want %d and %d", len(w), m, wgndNames, wgndMale)
	}
}

// TestParseWGND: quoted names, names of several words and names the
// countries disagree on are read but not kept; a malformed record is an
// error.
func TestParseWGND(t *testing.T) {
	hdr := "name,gender,gchar12,gchar1,gchar2\n"
	good := func(n int) string {
		var b strings.Builder
		b.WriteString(hdr)
		for i := range n {
			fmt.Fprintf(&b, "N%c%c%c%c,M,,,\n", 'A'+i%26, 'A'+i/26%26, 'A'+i/676%26, 'A'+i/17576%26)
		}
		return b.String()
	}
	base := good(100000)
	w, err := parseWGND(base + "\"DANIIL, DANILO\",M,,,\nJOJO,?,,,\nJONG HEE,F,,,\nAABHA,F,,,\nAADAM,M,,,\n")
	if err != nil {
		t.Fatal(err)
	}
	for n, want := range map[string]bool{"aabha": false, "aadam": true, "nbaaa": true} {
		if got, ok := w[n]; !ok || got != want {
			t.Errorf("%s: male %v, listed %v; want male %v", n, got, ok, want)
		}
	}
	for _, n := range []string{"jojo", "jong hee", "daniil, danilo", "daniil"} {
		if _, ok := w[n]; ok {
			t.Errorf("%q kept", n)
		}
	}
	for _, bad := range []string{
		base + "AADAM,X,,,\n",   // no such sex
		base + "AADAM,M\n",      // too few fields
		base + ",M,,,\n",        // no name
		base + "\"AADAM,M,,,\n", // open quote
		good(10),                // too few names
	} {
		if _, err := parseWGND(bad); err == nil {
			t.Errorf("parseWGND(...%q): want an error", bad[max(0, len(bad)-30):])
		}
	}
}

// What wgnd_noctry.csv held when it was transcribed.
const (
	wgndSHA256 = "c85a5b5988b6100bbc31418e1a68c5ccea4b01662250a86cd6fbd530dda9035e"
	wgndNames  = 151718
	wgndMale   = 62619
)

// TestWGNDHangul: the Korean given names in Hangul of wgnd_noctry.csv
// with a sex, and their check against the Korean lists: they join only
// when they agree (at least gapAgreement over gapCompared names both hold
// with a clear sex), one vote each.
func TestWGNDHangul(t *testing.T) {
	text, err := wgndText()
	if err != nil {
		t.Fatal(err)
	}
	w, err := parseWGND(text)
	if err != nil {
		t.Fatal(err)
	}
	h := wgndHangul(w)
	var m int
	for _, male := range h {
		if male {
			m++
		}
	}
	if len(h) != 182 || m != 86 {
		t.Errorf("%d Hangul names with a sex, %d male; want 182 and 86", len(h), m)
	}
	for n, want := range map[string]bool{"현숙": false, "철순": true, "화자": false, "훈": true} {
		if got, ok := h[n]; !ok || got != want {
			t.Errorf("%s: male %v, listed %v; want male %v", n, got, ok, want)
		}
	}
	if _, ok := h["하늘"]; ok {
		t.Error("하늘 (? in WGND) kept")
	}
	for _, n := range []string{"aabha", "john"} {
		if _, ok := h[n]; ok {
			t.Errorf("%s (Latin letters) kept", n)
		}
	}

	tests := []struct {
		name          string
		ko            map[string]votes
		agree, differ int
		used          bool
	}{
		{"agree", koVotes(h, 30, 0), 30, 0, true},
		{"too few both hold", koVotes(h, 19, 0), 19, 0, false},
		{"disagree", koVotes(h, 25, 5), 25, 5, false},
		{"mixed votes count for neither", mixed(koVotes(h, 30, 0)), 0, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := len(tt.ko)
			c, added := addWGNDHangul(w, tt.ko)
			if c.agree != tt.agree || c.disagree != tt.differ || c.ok() != tt.used {
				t.Errorf("agree %d disagree %d used %v, want %d %d %v", c.agree, c.disagree, c.ok(), tt.agree, tt.differ, tt.used)
			}
			if tt.used && (added != len(h) || len(tt.ko) != before+len(h)-tt.agree-tt.differ) {
				t.Errorf("added %d, %d names; want %d, %d", added, len(tt.ko), len(h), before+len(h)-tt.agree-tt.differ)
			}
			if !tt.used && (added != 0 || len(tt.ko) != before) {
				t.Errorf("added %d names from a source that does not agree", added)
			}
		})
	}
}

// koVotes returns Korean list votes for the first agree+disagree names of
// h in sorted order: the first agree with the sex WGND gives, the rest
// with the other.
func koVotes(h map[string]bool, agree, disagree int) map[string]votes {
	out := map[string]votes{}
	for _, n := range slices.Sorted(maps.Keys(h)) {
		if len(out) == agree+disagree {
			break
		}
		male := h[n]
		if len(out) >= agree {
			male = !male
		}
		if male {
			out[n] = votes{m: 1}
		} else {
			out[n] = votes{f: 1}
		}
	}
	return out
}

// mixed gives every name one vote of each sex.
func mixed(m map[string]votes) map[string]votes {
	for n := range m {
		m[n] = votes{m: 1, f: 1}
	}
	return m
}
