package dict

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/mozillazg/go-unidecode"
)

// Script is the writing system a name is written in.
type Script uint8

// The scripts the engine tells apart. ScriptOther is any other script with
// letters; ScriptNone is text without letters.
const (
	ScriptNone Script = iota
	ScriptLatin
	ScriptCyrillic
	ScriptGreek
	ScriptArmenian
	ScriptGeorgian
	ScriptHebrew
	ScriptArabic
	ScriptThai
	ScriptDevanagari
	ScriptHan
	ScriptHangul
	ScriptKana
	ScriptOther
)

var scriptNames = [...]string{"None", "Latin", "Cyrillic", "Greek", "Armenian", "Georgian", "Hebrew", "Arabic", "Thai", "Devanagari", "Han", "Hangul", "Kana", "Other"}

// String returns the script's English name ("Cyrillic").
func (s Script) String() string {
	if int(s) < len(scriptNames) {
		return scriptNames[s]
	}
	return "Other"
}

// SurnameFirst reports whether names in the script are written surname
// first (Chinese, Japanese and Korean).
func (s Script) SurnameFirst() bool { return s == ScriptHan || s == ScriptHangul || s == ScriptKana }

// Cased reports whether the script has upper and lower case letters.
func (s Script) Cased() bool {
	switch s {
	case ScriptLatin, ScriptCyrillic, ScriptGreek, ScriptArmenian:
		return true
	}
	return false
}

// alphabetic reports whether go-unidecode spells the script's names as a
// reader of Latin letters would (every vowel written): Cyrillic "Олена" →
// "olena", Armenian "Անահիտ" → "anahit", Devanagari "प्रिया" → "priya". The
// abjads (Arabic, Hebrew) and Thai lose vowels or tone marks, and Han reads
// as Mandarin syllables, so their Latin keys are not looked up in the Latin
// name data.
func (s Script) alphabetic() bool {
	switch s {
	case ScriptCyrillic, ScriptGreek, ScriptArmenian, ScriptGeorgian, ScriptDevanagari:
		return true
	}
	return false
}

// runeScript returns the script of one letter.
func runeScript(r rune) Script {
	switch {
	case r < 0x250 || unicode.Is(unicode.Latin, r):
		return ScriptLatin
	case unicode.Is(unicode.Cyrillic, r):
		return ScriptCyrillic
	case unicode.Is(unicode.Greek, r):
		return ScriptGreek
	case unicode.Is(unicode.Armenian, r):
		return ScriptArmenian
	case unicode.Is(unicode.Georgian, r):
		return ScriptGeorgian
	case unicode.Is(unicode.Hebrew, r):
		return ScriptHebrew
	case unicode.Is(unicode.Arabic, r):
		return ScriptArabic
	case unicode.Is(unicode.Thai, r):
		return ScriptThai
	case unicode.Is(unicode.Devanagari, r):
		return ScriptDevanagari
	case unicode.Is(unicode.Hangul, r):
		return ScriptHangul
	case unicode.Is(unicode.Hiragana, r) || unicode.Is(unicode.Katakana, r) || r == 'ー':
		return ScriptKana
	case unicode.Is(unicode.Han, r) || r == '々':
		return ScriptHan
	}
	return ScriptOther
}

// ScriptOf returns the script of the letters of s: the script of its first
// letter, except that Han text with kana in it is Japanese (ScriptKana).
// ASCII text returns without decoding.
func ScriptOf(s string) Script {
	first := ScriptNone
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			i++
			if first == ScriptNone && (c|0x20 >= 'a' && c|0x20 <= 'z') {
				return ScriptLatin
			}
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		i += n
		if !unicode.IsLetter(r) {
			continue
		}
		sc := runeScript(r)
		switch {
		case first == ScriptNone:
			first = sc
			if sc != ScriptHan {
				return sc
			}
		case sc == ScriptKana:
			return ScriptKana
		}
	}
	return first
}

// LatinKey returns a lower-case key of s in Latin letters a-z: the
// go-unidecode transliteration with apostrophes, spaces and marks dropped,
// doubled vowels (Devanagari's long vowels: "priyaa") made single and
// Armenian "ow" read as "u". Two spellings of one name in different scripts
// ("Олена", "Olena") mostly share the key.
func LatinKey(s string) string {
	t := unidecode.Unidecode(s)
	var b strings.Builder
	b.Grow(len(t))
	var prev byte
	for i := 0; i < len(t); i++ {
		c := t[i] | 0x20
		if c < 'a' || c > 'z' {
			continue
		}
		if c == prev && (c == 'a' || c == 'i' || c == 'u' || c == 'e' || c == 'o') {
			continue
		}
		b.WriteByte(c)
		prev = c
	}
	k := b.String()
	if ScriptOf(s) == ScriptArmenian {
		k = strings.ReplaceAll(k, "ow", "u")
	}
	return k
}

// skeletonPairs are the letter pairs that transliterations spell one way or
// another, reduced to one letter after the vowels are gone.
var skeletonPairs = strings.NewReplacer("kh", "k", "sh", "s", "zh", "z", "th", "t", "dh", "d", "gh", "g", "ph", "f", "ts", "s", "dz", "z")

// MatchKey returns a key under which one name written in two scripts
// meets: the consonants of its Latin key, with the letters transliterations
// spell differently made one (c, q, k; w, v; kh, k …), h and doubled
// letters dropped, and the Arabic article "ال" at the start of an Arabic
// word dropped ("المصري" and "Masri" both give "msr", "حسّان" and "Hassan"
// "sn", "כהן" and "Cohen" "kn"). Abjads write no short vowels, so the key
// keeps none; it is for telling whether two names in different scripts can
// be the same name, not for telling names apart.
func MatchKey(s string) string {
	s = strings.TrimSpace(s)
	if sc := ScriptOf(s); sc == ScriptArabic || sc == ScriptHebrew {
		s = strings.Map(dropMark, s) // vowel points and shadda
		if r := strings.TrimPrefix(s, "ال"); utf8.RuneCountInString(r) >= 2 {
			s = r
		}
	}
	k := LatinKey(s)
	var b strings.Builder
	b.Grow(len(k))
	for i := 0; i < len(k); i++ {
		switch c := k[i]; c {
		case 'a', 'e', 'i', 'o', 'u', 'y':
		case 'c', 'q':
			b.WriteByte('k')
		case 'w':
			b.WriteByte('v')
		case 'x':
			b.WriteString("ks")
		default:
			b.WriteByte(c)
		}
	}
	k = strings.ReplaceAll(skeletonPairs.Replace(b.String()), "h", "")
	b.Reset()
	var prev byte
	for i := 0; i < len(k); i++ {
		if k[i] != prev {
			b.WriteByte(k[i])
		}
		prev = k[i]
	}
	return b.String()
}
