package dict

import (
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/namepipe/namepipe/engine/text"
)

// appendKeysSlow is appendKeys rune by rune, as first written.
func appendKeysSlow(s string) (w, f []byte, folds bool) {
	same := true
	for _, r := range s {
		r = unicode.ToLower(r)
		w = utf8.AppendRune(w, r)
		n := len(f)
		f = text.AppendStrip(f, r)
		if same && (len(f) != len(w) || string(f[n:]) != string(w[n:])) {
			same = false
		}
	}
	if same {
		return w, w, false
	}
	return w, f, true
}

func checkAppendKeys(t *testing.T, s string) {
	t.Helper()
	var wbuf, fbuf [keyBufLen]byte
	w, f, folds := appendKeys(s, &wbuf, &fbuf)
	ww, wf, wfolds := appendKeysSlow(s)
	if string(w) != string(ww) || string(f) != string(wf) || folds != wfolds {
		t.Errorf("appendKeys(%q) = %q, %q, %v; want %q, %q, %v", s, w, f, folds, ww, wf, wfolds)
	}
}

func TestAppendKeysFast(t *testing.T) {
	t.Parallel()
	for _, s := range []string{"", "Peter", "MÜLLER", "María-José", "\u212aim", "a\xffb", "อรุณี", "Ǆemal", "İlker", "ÀÉÎÕÜ abc XYZ @[`{"} {
		checkAppendKeys(t, s)
	}
}

func FuzzAppendKeys(f *testing.F) {
	for _, s := range []string{"Peter", "MÜLLER", "María-José", "\u212aim", "a\xffb"} {
		f.Add(s)
	}
	f.Fuzz(checkAppendKeys)
}
