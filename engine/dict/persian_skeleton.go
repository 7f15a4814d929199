package dict

// The skeletons of Persian given names (see persian.go): the table of
// letters, after the UN/BGN-PCGN romanization of Persian, written for
// namepipe, from a Latin spelling (PersianLatinKey: one skeleton) and from
// a Persian-script spelling (PersianScriptKeys: every skeleton its
// unwritten short vowels and its ambiguous letters allow).

import (
	"strings"
	"unicode"

	"github.com/namepipe/namepipe/engine/text"
)

// persianMaxKeys bounds the skeletons of one Persian name (up to three
// choices for every و, two for every ی, glottal letter and gap between
// letters); a longer compound is left out.
const persianMaxKeys = 1 << 14

// keyConsonants counts the consonant classes of a skeleton.
func keyConsonants[S string | []byte](k S) int {
	n := 0
	for i := 0; i < len(k); i++ {
		if c := k[i]; c != 'V' && c != 'I' && c != 'U' {
			n++
		}
	}
	return n
}

// isLatinVowel reports whether b is a Latin vowel letter.
func isLatinVowel(b byte) bool {
	switch b {
	case 'a', 'e', 'i', 'o', 'u':
		return true
	}
	return false
}

// PersianLatinKey returns the skeleton of a Latin-script name ("Shahrzad"
// → "SVhrzVd"), or "" when it has letters other than a-z after folding
// diacritics.
func PersianLatinKey(latin string) string {
	var buf [persianKeyMax]byte
	return string(appendLatinKey(buf[:0], latin))
}

// persianKeyMax is the longest name, in letters, that has a skeleton.
const persianKeyMax = 48

// appendLatinKey appends the skeleton of a Latin-script name to dst (see
// PersianLatinKey); it allocates only for a name with diacritics.
func appendLatinKey(dst []byte, latin string) []byte {
	var low [persianKeyMax]byte
	s := low[:0]
	ascii := true
	for i := 0; i < len(latin); i++ {
		if latin[i] >= 0x80 {
			ascii = false
			break
		}
	}
	if !ascii {
		latin = text.StripKey(latin)
	}
	for i := 0; i < len(latin); i++ {
		c := latin[i]
		switch {
		case c >= 'A' && c <= 'Z':
			c += 'a' - 'A'
		case c >= 'a' && c <= 'z':
		case c == '\'' || c == '`' || c == '-':
			continue // glottal marks and joins
		case c == 0xE2 && i+2 < len(latin) && latin[i+1] == 0x80 && latin[i+2] == 0x99:
			i += 2 // ’
			continue
		default:
			return dst[:0]
		}
		if len(s) == len(low) {
			return dst[:0]
		}
		s = append(s, c)
	}
	// A final h after a vowel writes no sound of its own in Persian
	// spellings (Asefeh, Shah), nor does a final w after o (Khosrow).
	if n := len(s); n > 2 && ((s[n-1] == 'h' && isLatinVowel(s[n-2])) || (s[n-1] == 'w' && s[n-2] == 'o')) {
		s = s[:n-1]
	}
	start := len(dst)
	put := func(c byte) {
		if len(dst) > start && dst[len(dst)-1] == c {
			return // doubled letters and vowel runs count once
		}
		dst = append(dst, c)
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		next := byte(0)
		if i+1 < len(s) {
			next = s[i+1]
		}
		if next == 'h' {
			if d := latinDigraph(c); d != 0 {
				put(d)
				i++
				continue
			}
		}
		switch {
		case c == 'o' && (next == 'o' || next == 'u'), c == 'u':
			put('U') // oo, ou, u: و
			if c == 'o' {
				i++
			}
		case c == 'e' && next == 'e', c == 'i':
			put('I') // ee, i: ی
			if c == 'e' {
				i++
			}
		case isLatinVowel(c):
			put('V') // a, e, o: ا or a short vowel
		case c == 'y':
			if next != 0 && isLatinVowel(next) {
				put('y')
			} else {
				put('I')
			}
		case c == 'q':
			put('G')
		case c == 'c':
			put('k')
		case c == 'w':
			put('v')
		case c == 'x':
			put('k')
			put('s')
		default:
			put(c)
		}
	}
	return dst
}

// latinDigraph returns the class of a digraph of c with h (kh, gh, sh, ch,
// zh, ph, th, dh), or 0.
func latinDigraph(c byte) byte {
	switch c {
	case 'k':
		return 'X'
	case 'g':
		return 'G'
	case 's':
		return 'S'
	case 'c':
		return 'C'
	case 'z':
		return 'J'
	case 'p':
		return 'f'
	case 't':
		return 't'
	case 'd':
		return 'z'
	}
	return 0
}

// persianLetter is the class of a Persian consonant letter.
var persianLetter = map[rune]byte{
	'ب': 'b', 'پ': 'p', 'ت': 't', 'ط': 't', 'ث': 's', 'س': 's', 'ص': 's',
	'ج': 'j', 'چ': 'C', 'ح': 'h', 'خ': 'X', 'د': 'd', 'ذ': 'z', 'ز': 'z',
	'ض': 'z', 'ظ': 'z', 'ر': 'r', 'ژ': 'J', 'ش': 'S', 'غ': 'G', 'ق': 'G',
	'ف': 'f', 'ک': 'k', 'ك': 'k', 'گ': 'g', 'ل': 'l', 'م': 'm', 'ن': 'n',
}

// persianVowel holds the letters that write a vowel (or a glottal stop a
// Latin spelling writes as one).
var persianVowel = map[rune]bool{'ا': true, 'آ': true, 'أ': true, 'إ': true, 'ة': true, 'ى': true}

// persianGlottal holds the letters of a glottal stop, which Latin
// spellings write as a vowel or not at all.
var persianGlottal = map[rune]bool{'ع': true, 'ء': true, 'ئ': true, 'ؤ': true}

// PersianScriptKeys returns every skeleton of a Persian-script given name
// (see the file comment), or nil when it has letters the table does not
// know or too many choices. Spaces and zero-width non-joiners are dropped
// (a compound is written as one word in Latin letters).
func PersianScriptKeys(fa string) []string {
	var out []string
	seen := map[string]bool{}
	eachPersianKey(fa, func(k []byte, _ uint64) {
		if !seen[string(k)] {
			seen[string(k)] = true
			out = append(out, string(k))
		}
	})
	return out
}

// eachPersianKey calls yield with every skeleton of a Persian-script
// given name (PersianScriptKeys) and its skeletonHash, some more than
// once; the bytes are reused after the call. It returns false when the
// name has letters the table does not know or too many choices.
func eachPersianKey(fa string, yield func(k []byte, h uint64)) bool {
	if i := strings.IndexByte(fa, '('); i >= 0 {
		fa = fa[:i]
	}
	var rs []rune
	for _, r := range fa {
		switch {
		case r == ' ' || r == '\u200c' || r == '\u200d':
		case unicode.Is(unicode.Mn, r): // harakat, shadda
		default:
			rs = append(rs, r)
		}
	}
	if len(rs) == 0 {
		return false
	}
	// Each letter's choices: a string of classes, "" for none.
	var slots [][]string
	prevVowel := false // the previous letter writes a vowel
	for i, r := range rs {
		first, last := i == 0, i == len(rs)-1
		var ch []string
		switch {
		case persianVowel[r]:
			ch = []string{"V"}
		case persianGlottal[r]:
			ch = []string{"", "V"}
		case r == 'و':
			switch {
			case first:
				ch = []string{"v"}
			case prevVowel:
				ch = []string{"v", "U"}
			default:
				ch = []string{"U", "V", "v"}
			}
		case r == 'ی' || r == 'ي':
			switch {
			case first:
				ch = []string{"y"}
			case last:
				ch = []string{"I"}
			default:
				ch = []string{"I", "y"}
			}
		case r == 'ه':
			switch {
			case first:
				ch = []string{"h"}
			case last && prevVowel:
				ch = []string{""} // Shah, Mah: the Latin key drops it too
			case last:
				ch = []string{"V"}
			default:
				ch = []string{"h"}
			}
		default:
			c, ok := persianLetter[r]
			if !ok {
				return false
			}
			ch = []string{string(c)}
		}
		slots = append(slots, ch)
		prevVowel = persianVowel[r] || r == 'ا' || r == 'آ'
		// An unwritten short vowel may follow any letter but the last.
		if !last {
			slots = append(slots, []string{"", "V"})
		}
	}
	n := 1
	for _, s := range slots {
		n *= len(s)
		if n > persianMaxKeys {
			return false
		}
	}
	// Depth first over the slots, in the order of an odometer whose last
	// slot turns fastest: a prefix is built once for all the skeletons
	// that share it, and its hash (skeletonHash) with it.
	var buf [2 * persianKeyMax]byte
	b := buf[:0]
	if len(slots) > len(buf) {
		b = make([]byte, 0, len(slots))
	}
	walkPersianKeys(slots, b, fnvOffset, yield)
	return true
}

// walkPersianKeys yields every skeleton that continues prefix (whose
// skeletonHash is h) with a choice of each of slots. A choice is one class
// or none; a class equal to the one before it counts once.
func walkPersianKeys(slots [][]string, prefix []byte, h uint64, yield func([]byte, uint64)) {
	for len(slots) > 0 && len(slots[0]) == 1 {
		// One choice: no branching, the prefix just grows.
		if c := slots[0][0]; c != "" && (len(prefix) == 0 || prefix[len(prefix)-1] != c[0]) {
			prefix = append(prefix, c[0])
			h = (h ^ uint64(c[0])) * fnvPrime
		}
		slots = slots[1:]
	}
	if len(slots) == 0 {
		if len(prefix) > 0 {
			yield(prefix, h)
		}
		return
	}
	none := false // a choice of no class came before
	for _, c := range slots[0] {
		if c == "" || (len(prefix) > 0 && prefix[len(prefix)-1] == c[0]) {
			// A class equal to the one before adds nothing: after a
			// choice of none, the same skeletons again (an unwritten
			// vowel beside a written one: a third of all).
			if !none {
				walkPersianKeys(slots[1:], prefix, h, yield)
			}
			none = true
			continue
		}
		walkPersianKeys(slots[1:], append(prefix, c[0]), (h^uint64(c[0]))*fnvPrime, yield)
	}
}
