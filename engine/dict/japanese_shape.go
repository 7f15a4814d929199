package dict

// A cheap reject of IsJapaneseSurname: a word's letters reduced to a
// sequence of sound classes that reading it into morae and spelling the
// morae as the surname list does (JapaneseKey) leaves unchanged, so that
// a word whose sequence no listed surname has is known not to be one
// without reading its morae. It saves most of the ~700 instructions of
// JapaneseMorae on the surnames of other languages that end as Japanese
// words can ("Rossi", "Garcia", "Kowalski").

import "unicode/utf8"

// jaClass is the sound class of a byte of romaji: the letters a romaji
// spelling may write for one another fall in one class (s, t, c, z, j, d:
// si/shi, ti/chi, tu/tsu, zi/ji, di/ji, du/zu, tch for the sokuon; n, m:
// the moraic n), each vowel has its own, and letters the key may add or
// drop (h: shi, chi, Satoh; y: sya/sha; f: hu/fu), apostrophes and
// hyphens have none (0). Of a run of vowels only the first counts: the
// key drops the second of a long vowel (ou, oo, uu, oh; ō is o), never
// the first. The bytes from jaSpecial on are read apart: jaC (a c, which
// needs c, h or y after it), jaUTF8 (a byte of a character other than
// ASCII) and jaRefused (what JapaneseMorae refuses: l, q, v, x, digits,
// marks).
var jaClass = func() (t [256]byte) {
	for i := range t {
		t[i] = jaRefused
		if i >= utf8.RuneSelf {
			t[i] = jaUTF8
		}
	}
	t['\''], t['-'] = 0, 0
	for i, g := range []string{"stzjd", "nm", "k", "g", "b", "p", "r", "w", "hyf"} {
		for _, c := range g {
			t[c], t[c-'a'+'A'] = byte(i+1)%9, byte(i+1)%9
		}
	}
	for i, c := range "aiueo" {
		t[c], t[c-'a'+'A'] = jaClassVowel+byte(i), jaClassVowel+byte(i)
	}
	t['c'], t['C'] = jaC, jaC
	return t
}()

const (
	jaClassST    = 1 // s t c z j d
	jaClassVowel = 9 // a, and i, u, e, o after it
	jaSpecial    = 0xfd
	jaC          = 0xfd
	jaUTF8       = 0xfe
	jaRefused    = 0xff
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
		k := jaClass[s[i]]
		if k >= jaSpecial {
			switch k {
			case jaRefused:
				return 0, false
			case jaC:
				if !jaAfterC(s[i+1:]) {
					return 0, false
				}
				k = jaClassST
			case jaUTF8:
				r, size := utf8.DecodeRuneInString(s[i:])
				i += size - 1
				if r == '’' {
					continue
				}
				v, ok := romajiLetter(r)
				if !ok {
					return 0, false // only the marked vowels are letters of romaji
				}
				k = jaClass[v]
			}
		}
		if k == 0 || k == last || k >= jaClassVowel && last >= jaClassVowel {
			continue // a vowel after a vowel: a long vowel's, or the next mora's
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
// filter): has is true of every hash added, and of one not added with a
// chance of about the share of bits set (a few hundred shapes in
// 1<<shapeSetLog bits: a few per cent).
type shapeSet [1 << shapeSetLog / 64]uint64

// shapeSetLog is the log2 of a shapeSet's bits: 2 KiB.
const shapeSetLog = 14

// bit is the index of h's bit (Fibonacci hashing of h).
func (shapeSet) bit(h uint64) uint64 { return (h * 0x9E3779B97F4A7C15) >> (64 - shapeSetLog) }

func (s *shapeSet) add(h uint64) {
	i := s.bit(h)
	s[i/64] |= 1 << (i % 64)
}

func (s *shapeSet) has(h uint64) bool {
	i := s.bit(h)
	return s[i/64]&(1<<(i%64)) != 0
}
