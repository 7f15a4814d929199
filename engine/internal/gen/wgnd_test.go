package main

import (
	"crypto/sha256"
	"fmt"
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
