package dict

import (
	"unicode"
	"unicode/utf8"

	"github.com/namepipe/namepipe/engine/text"
)

// keyBufLen is the size of the stack buffers appendKeys fills; longer
// names spill to the heap.
const keyBufLen = 96

// appendKeys is key for a trimmed name without allocating for names up to
// keyBufLen bytes: the lower case as written into wbuf and its
// diacritics-folded form into fbuf; folds reports whether the two differ
// (else f is w). Map lookups with string(w) do not allocate.
func appendKeys(s string, wbuf, fbuf *[keyBufLen]byte) (w, f []byte, folds bool) {
	w, f = wbuf[:0], fbuf[:0]
	same := true
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			// ASCII: lowered as unicode.ToLower does, and the same in
			// both keys (text.AppendStrip keeps it).
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			w, f = append(w, c), append(f, c)
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
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
