package email

import (
	"strings"
	"testing"
)

func TestEmailSyntax(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in, local, domain string
		ok                bool
	}{
		{"john.doe@gmail.com", "john.doe", "gmail.com", true},
		{"  <John.Doe@Example.COM> ", "John.Doe", "example.com", true},
		{"mailto:a+b@x.de", "a+b", "x.de", true},
		{"jörg@müller.de", "jörg", "müller.de", true},
		{"a@b@c.de", "", "", false},
		{"@gmail.com", "", "", false},
		{"john@", "", "", false},
		{"john", "", "", false},
		{"john@localhost", "", "", false},
		{"john..doe@x.com", "", "", false},
		{".john@x.com", "", "", false},
		{"john doe@x.com", "", "", false},
		{"john@-x.com", "", "", false},
		{"john@x.c", "", "", false},
		{"john@x.123", "", "", false},
		{"john@x..com", "", "", false},
		{"", "", "", false},
	}
	for _, tt := range tests {
		l, d, ok := split(tt.in)
		if ok != tt.ok || l != tt.local || d != tt.domain {
			t.Errorf("split(%q) = %q, %q, %v; want %q, %q, %v", tt.in, l, d, ok, tt.local, tt.domain, tt.ok)
		}
	}
}

// splitRunes is split as it was before its ASCII fast path: the reference
// that FuzzSplit holds split to.
func splitRunes(addr string) (local, domain string, ok bool) {
	s := strings.TrimSpace(addr)
	s = strings.TrimPrefix(strings.TrimSuffix(strings.TrimPrefix(s, "<"), ">"), "mailto:")
	at := strings.LastIndexByte(s, '@')
	if at <= 0 || at == len(s)-1 {
		return "", "", false
	}
	local, domain = s[:at], strings.ToLower(strings.TrimSuffix(s[at+1:], "."))
	if len(local) > 64 || len(domain) > 253 || !validLocalRunes(local) || !validDomainRunes(domain) {
		return "", "", false
	}
	return local, domain, true
}

// splitSeeds are addresses and domains at the edges of the ASCII fast
// path: case, IDN labels, label and top-level-domain rules, non-ASCII
// bytes late in an otherwise ASCII string.
var splitSeeds = []string{
	"john.doe@gmail.com", "  <John.Doe@Example.COM> ", "mailto:a+b@x.de", "jörg@müller.de",
	"a@b@c.de", "@gmail.com", "john@", "john@localhost", "john..doe@x.com", ".john@x.com",
	"john.@x.com", "john doe@x.com", "john@-x.com", "john@x-.com", "john@x.c", "john@x.123",
	"john@x..com", "", "a@x.XN--P1AI", "a@x.xn--p1ai", "a@x.Xn--", "a@x.co-m", "a@X.COM.",
	"a@x.com..", "a@" + strings.Repeat("a", 64) + ".com", "a@" + strings.Repeat("a", 63) + ".com",
	strings.Repeat("a", 65) + "@x.com", "a@x.de\u212a", "a@\u212a.de", "a@x.dé", "é@x.de",
	"a!#$%&'*+/=?^_`{|}~-@x.de", "a(b)@x.de", "a@x_y.de", "a@.de", "a@de.", "a@x.d1",
	"b@mailinator.com", "b@MAILINATOR.com", "b@sub.x.de", "b@x.de.", "b@x.XN--P1AI", "b@Müller.DE",
}

func TestSplitMatchesRunes(t *testing.T) {
	t.Parallel()
	for _, in := range splitSeeds {
		checkSplit(t, in)
		checkDisposable(t, New(testLex), in)
	}
}

// FuzzSplit checks that split, validLocal and validDomain answer exactly
// like their rune-by-rune versions for any input, and Disposable (with its
// domain cache) like split and the lexicon.
func FuzzSplit(f *testing.F) {
	for _, s := range splitSeeds {
		f.Add(s)
	}
	c := New(testLex) // one cache for all inputs, as a pipeline's
	f.Fuzz(func(t *testing.T, in string) {
		checkSplit(t, in)
		checkDisposable(t, c, in)
	})
}

func checkSplit(t *testing.T, in string) {
	l, d, ok := split(in)
	wl, wd, wok := splitRunes(in)
	if l != wl || d != wd || ok != wok {
		t.Errorf("split(%q) = %q, %q, %v; want %q, %q, %v", in, l, d, ok, wl, wd, wok)
	}
	if got, want := validLocal(in), validLocalRunes(in); got != want {
		t.Errorf("validLocal(%q) = %v, want %v", in, got, want)
	}
	if got, want := validDomain(in), validDomainRunes(in); got != want {
		t.Errorf("validDomain(%q) = %v, want %v", in, got, want)
	}
}
