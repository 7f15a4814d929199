package dict

// A cheap reject of IsJapaneseSurname: a word's letters reduced to a
// sequence of sound classes that reading it into morae and spelling the
// morae as the surname list does (JapaneseKey) leaves unchanged, so that
// a word whose sequence no listed surname has is known not to be one
// without reading its morae. It saves most of the ~700 instructions of
// JapaneseMorae on the surnames of other languages that end as Japanese
// words can ("Rossi", "Garcia", "Kowalski").

import "unicode/utf8"

// jaClass is the sound class of a lower-case ASCII letter: the letters a
// romaji spelling may write for one another fall in one class (s, t, c,
// z, j, d: si/shi, ti/chi, tu/tsu, zi/ji, di/ji, du/zu, tch for the
// sokuon; n, m: the moraic n; the vowels, whose long forms ou, oo, uu and
// ō are one vowel), and letters the key may add or drop (h: shi, chi,
// Satoh; y: sya/sha; f: hu/fu) have none (0). jaClassNone marks a letter
// JapaneseMorae refuses (l, q, v, x).
var jaClass = func() (t [26]byte) {
	for i, g := range []string{"stczjd", "nm", "k", "g", "b", "p", "r", "w", "aeiou"} {
		for _, c := range g {
			t[c-'a'] = byte(i + 1)
		}
	}
	for _, c := range "lqvx" {
		t[c-'a'] = jaClassNone
	}
	return t
}()

const (
	jaClassVowel = 9
	jaClassNone  = 0xff
)

// japaneseShape returns the hash of the sound classes of s (runs of one
// class counted once; see jaClass), and false when JapaneseMorae surely
// refuses s: a letter Hepburn does not use, a c before anything but c, h
// or y, or a character that is no letter, apostrophe or hyphen. The
// classes of a word JapaneseMorae reads are those of its JapaneseKey, as
// each mora and each dropped long vowel keeps them.
func japaneseShape(s string) (uint64, bool) {
	h := uint64(jaShapeSeed)
	var last byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		var k byte
		switch {
		case c >= utf8.RuneSelf:
			r, size := utf8.DecodeRuneInString(s[i:])
			i += size - 1
			if r == '’' {
				continue
			}
			if _, ok := romajiLetter(r); !ok {
				return 0, false // only the marked vowels are letters of romaji
			}
			k = jaClassVowel
		case c == '\'' || c == '-':
			continue
		default:
			c |= 0x20
			if c < 'a' || c > 'z' {
				return 0, false
			}
			k = jaClass[c-'a']
			if k == jaClassNone {
				return 0, false
			}
			if c == 'c' && !jaAfterC(s[i+1:]) {
				return 0, false
			}
		}
		if k == 0 || k == last {
			continue
		}
		last = k
		h = (h ^ uint64(k)) * jaShapePrime
	}
	return h, true
}

// jaAfterC reports whether rest, the text after a c, may start (past
// apostrophes and hyphens) with c, h or y, which a c in romaji needs
// (cch, ch, cy); true at a character other than ASCII, which is not
// looked into.
func jaAfterC(rest string) bool {
	for i := 0; i < len(rest); i++ {
		c := rest[i]
		switch {
		case c == '\'' || c == '-':
			continue
		case c >= utf8.RuneSelf:
			return true
		}
		c |= 0x20
		return c == 'c' || c == 'h' || c == 'y'
	}
	return false
}

// FNV-1a's offset basis and prime, for japaneseShape's hash.
const (
	jaShapeSeed  = 14695981039346656037
	jaShapePrime = 1099511628211
)

// shapeSet is a set of shape hashes as a bit table (a one-hash Bloom
// filter): a hash not in it was never added; one in it may not have been
// (about one in shapeSetBits/len of the words).
type shapeSet [shapeSetBits / 64]uint64

// shapeSetBits is the size of a shapeSet: 2 KiB, for a few hundred shapes.
const shapeSetBits = 1 << 14

func (s *shapeSet) add(h uint64) {
	i := (h * 0x9E3779B97F4A7C15) >> (64 - 14)
	s[i/64] |= 1 << (i % 64)
}

func (s *shapeSet) has(h uint64) bool {
	i := (h * 0x9E3779B97F4A7C15) >> (64 - 14)
	return s[i/64]&(1<<(i%64)) != 0
}
