package dedupe

import (
	"strings"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"github.com/namepipe/namepipe/engine/text"
)

// fold lower-cases s and strips diacritics: "Müller" → "muller". It is
// the engine's one table of letters with diacritics (text.FoldPlain), so
// that dedupe and the engine agree on every letter (ø → o). ASCII text,
// most of it, is only lower-cased (FoldPlain's answer there, by
// TestFoldASCII), without FoldPlain's look-up of every letter in the
// table (~1.4 CPU-s of a 1M-row run).
func fold(s string) string {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return text.FoldPlain(s)
		}
	}
	return strings.ToLower(s)
}

// words splits folded text into words of letters and digits; apostrophes
// and dots join ("O'Neill" → "oneill", "Mohd." → "mohd"). A word that
// lies whole in the folded text is a part of it when folding made a new
// string (no copy per word), else a copy: a word never holds s's memory.
func words(s string) []string {
	f := fold(s)
	fresh := len(f) > 0 && unsafe.StringData(f) != unsafe.StringData(s)
	var out []string
	start := -1
	var cur []byte // the current word, when a joiner split it
	joined := false
	end := func(i int) {
		switch {
		case joined:
			out = append(out, string(cur))
		case fresh:
			out = append(out, f[start:i])
		default:
			out = append(out, strings.Clone(f[start:i]))
		}
		start = -1
	}
	for i := 0; i < len(f); {
		r, n := rune(f[i]), 1
		var word bool
		if r < utf8.RuneSelf {
			word = 'a' <= r && r <= 'z' || '0' <= r && r <= '9' || 'A' <= r && r <= 'Z'
		} else {
			r, n = utf8.DecodeRuneInString(f[i:])
			word = unicode.IsLetter(r) || unicode.IsDigit(r)
		}
		switch {
		case word:
			if start < 0 {
				start, joined = i, false
			}
			if joined {
				cur = append(cur, f[i:i+n]...)
			}
		case r == '\'' || r == '’' || r == '.' && start >= 0 && i+1 < len(f) && f[i+1] != ' ':
			// joins: O'Neill; a dot inside a word (J.R.) too
			if start >= 0 && !joined {
				cur, joined = append(cur[:0], f[start:i]...), true
			}
		default:
			if start >= 0 {
				end(i)
			}
		}
		i += n
	}
	if start >= 0 {
		end(len(f))
	}
	return out
}

// cologne returns the Cologne phonetics code (Kölner Phonetik, Postel
// 1969) of a folded word: letters map to digit classes by their
// neighbours, repeats collapse, and vowels count only at the start. It
// groups spellings that sound alike in German and, coarsely, in English:
// Meier, Maier, Mayer → 67; Müller, Mueller → 657. It is written here (a
// few lines from the published rules): the one Go phonetics library the
// module proxy offered, github.com/antzucaro/matchr (Double Metaphone), is
// GPL-licensed, and BSD-licensed ones such as tilotech/go-phonetics were
// not available from it.
func cologne(w string) string {
	var code []byte
	n := len(w)
	at := func(i int) byte {
		if i < 0 || i >= n {
			return 0
		}
		return w[i]
	}
	for i := 0; i < n; i++ {
		c, prev, next := w[i], at(i-1), at(i+1)
		var d byte
		switch c {
		case 'a', 'e', 'i', 'j', 'o', 'u', 'y':
			d = '0'
		case 'h':
			continue
		case 'b':
			d = '1'
		case 'p':
			d = '1'
			if next == 'h' {
				d = '3'
			}
		case 'd', 't':
			d = '2'
			if next == 'c' || next == 's' || next == 'z' {
				d = '8'
			}
		case 'f', 'v', 'w':
			d = '3'
		case 'g', 'k', 'q':
			d = '4'
		case 'c':
			if i == 0 {
				d = '8'
				if strings.IndexByte("ahkloqrux", next) >= 0 {
					d = '4'
				}
			} else {
				d = '8'
				if strings.IndexByte("ahkoqux", next) >= 0 && prev != 's' && prev != 'z' {
					d = '4'
				}
			}
		case 'x':
			if prev == 'c' || prev == 'k' || prev == 'q' {
				d = '8'
			} else {
				code = appendCode(code, '4')
				d = '8'
			}
		case 'l':
			d = '5'
		case 'm', 'n':
			d = '6'
		case 'r':
			d = '7'
		case 's', 'z':
			d = '8'
		default:
			if c >= '0' && c <= '9' || c >= utf8.RuneSelf {
				continue
			}
			continue
		}
		code = appendCode(code, d)
	}
	// Vowel codes count only at the start.
	out := code[:0]
	for i, d := range code {
		if d != '0' || i == 0 {
			out = append(out, d)
		}
	}
	return string(out)
}

// appendCode appends d unless it repeats the last code.
func appendCode(code []byte, d byte) []byte {
	if len(code) > 0 && code[len(code)-1] == d {
		return code
	}
	return append(code, d)
}
