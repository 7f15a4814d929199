package main

import (
	"crypto/sha256"
	"fmt"
	"testing"
	"unicode/utf8"
)

// TestCharFreq checks that ngender's table is kept byte for byte as read
// (72,065 characters of commit 38064303 of ramwin/ngender; its SHA-256
// taken when it was transcribed) and that every row parses.
func TestCharFreq(t *testing.T) {
	if n := utf8.RuneCountInString(charFreq); n != 72065 {
		t.Errorf("ngender-charfreq.csv: %d characters, want 72065", n)
	}
	if h := fmt.Sprintf("%x", sha256.Sum256([]byte(charFreq))); h != "565a5d65efea4c5e10107af37e919e553ca0db027a3333df608b5b0522f3aa61" {
		t.Errorf("ngender-charfreq.csv: SHA-256 %s, not the transcribed file's", h)
	}
	rows, err := parseCharFreq(charFreq)
	if err != nil {
		t.Fatal(err)
	}
	var m, f, whole int
	for _, r := range rows {
		m += r.m
		f += r.f
		if utf8.RuneCountInString(r.char) != 1 {
			whole++
		}
	}
	if len(rows) != 9444 || whole != 2 || m != 21280545 || f != 10787023 {
		t.Errorf("ngender-charfreq.csv: %d rows (%d whole names), %d men's and %d women's counts; want 9444 (2), 21280545 and 10787023", len(rows), whole, m, f)
	}
	for _, bad := range []string{"char,male,female\n明,1\n", "char,male,female\n明,a,1\n", "chars\n明,1,1\n"} {
		if _, err := parseCharFreq(bad); err == nil {
			t.Errorf("parseCharFreq(%q): want an error", bad)
		}
	}
}
