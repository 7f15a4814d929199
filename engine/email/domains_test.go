package email

import (
	"testing"

	"github.com/namepipe/namepipe/engine/lexicon"
	"github.com/namepipe/namepipe/nameapi"
)

// fakeLex lists the disposable domains of a test; the Checker's
// Disposable asks it nothing else.
type fakeLex struct {
	lexicon.Lexicon
	disposable map[string]bool
}

func (f fakeLex) IsDisposableDomain(d string) bool { return f.disposable[d] }

// disposableRunes is Disposable as it was before the domain cache and the
// ASCII fast paths: the reference of FuzzSplit.
func disposableRunes(lex lexicon.Lexicon, addr string) string {
	_, d, ok := splitRunes(addr)
	switch {
	case !ok:
		return nameapi.DisposableUnknown
	case lex.IsDisposableDomain(d):
		return nameapi.DisposableYes
	}
	return nameapi.DisposableNo
}

var testLex = fakeLex{disposable: map[string]bool{"mailinator.com": true, "x.de": true, "müller.de": true, "x.xn--p1ai": true}}

// checkDisposable checks a Checker's answer for addr, from a fresh cache
// and from the cache filled by the first call, against disposableRunes.
func checkDisposable(t *testing.T, c *Checker, addr string) {
	want := disposableRunes(testLex, addr)
	for range 2 {
		if got := c.Disposable(addr); got != want {
			t.Errorf("Disposable(%q) = %s, want %s", addr, got, want)
		}
	}
}
