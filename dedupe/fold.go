package dedupe

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/namepipe/namepipe/engine/text"
)

// fold lower-cases s and strips diacritics: "Müller" → "muller". It is
// the engine's one table of letters with diacritics (text.FoldPlain), so
// that dedupe and the engine agree on every letter (ø → o).
func fold(s string) string { return text.FoldPlain(s) }

// words splits folded text into words of letters and digits; apostrophes
// and dots join ("O'Neill" → "oneill", "Mohd." → "mohd").
func words(s string) []string {
	s = fold(s)
	var out []string
	start := -1
	var cur []byte
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if start < 0 {
				start = i
				cur = cur[:0]
			}
			cur = append(cur, s[i:i+n]...)
		case r == '\'' || r == '’' || r == '.' && start >= 0 && i+1 < len(s) && s[i+1] != ' ':
			// joins: O'Neill; a dot inside a word (J.R.) too
		default:
			if start >= 0 {
				out = append(out, string(cur))
				start = -1
			}
		}
		i += n
	}
	if start >= 0 {
		out = append(out, string(cur))
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
