// Package script tells the writing system of a name (Latin, Cyrillic,
// Arabic, Han, Hangul …), knows which scripts are written surname first or
// have letter case, and spells names of other scripts in Latin letters
// (go-unidecode) for look-ups and for matching across scripts.
package script

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/mozillazg/go-unidecode"
)

// Script is the writing system a name is written in.
type Script uint8

// The scripts the engine tells apart. Other is any other script with
// letters; None is text without letters.
const (
	None Script = iota
	Latin
	Cyrillic
	Greek
	Armenian
	Georgian
	Hebrew
	Arabic
	Thai
	Devanagari
	Bengali
	Han
	Hangul
	Kana
	Other
)

var scriptNames = [...]string{"None", "Latin", "Cyrillic", "Greek", "Armenian", "Georgian", "Hebrew", "Arabic", "Thai", "Devanagari", "Bengali", "Han", "Hangul", "Kana", "Other"}

// String returns the script's English name ("Cyrillic").
func (s Script) String() string {
	if int(s) < len(scriptNames) {
		return scriptNames[s]
	}
	return "Other"
}

// SurnameFirst reports whether names in the script are written surname
// first (Chinese, Japanese and Korean).
func (s Script) SurnameFirst() bool { return s == Han || s == Hangul || s == Kana }

// Cased reports whether the script has upper and lower case letters.
func (s Script) Cased() bool {
	switch s {
	case Latin, Cyrillic, Greek, Armenian:
		return true
	}
	return false
}

// Alphabetic reports whether go-unidecode spells the script's names as a
// reader of Latin letters would (every vowel written): Cyrillic "Олена" →
// "olena", Armenian "Անահիտ" → "anahit", Devanagari "प्रिया" → "priya". The
// abjads (Arabic, Hebrew) and Thai lose vowels or tone marks, and Han reads
// as Mandarin syllables, so their Latin keys are not looked up in the Latin
// name data.
func (s Script) Alphabetic() bool {
	switch s {
	case Cyrillic, Greek, Armenian, Georgian, Devanagari, Bengali:
		return true
	}
	return false
}

// VowelSigns reports whether the script writes vowels as combining signs
// on consonants (Thai, Devanagari, Bengali): its marks are letters, not
// accents, and folding them away leaves another name.
func (s Script) VowelSigns() bool {
	switch s {
	case Thai, Devanagari, Bengali:
		return true
	}
	return false
}

// runeScript returns the script of one letter.
func runeScript(r rune) Script {
	switch {
	case r < 0x250 || unicode.Is(unicode.Latin, r):
		return Latin
	case unicode.Is(unicode.Cyrillic, r):
		return Cyrillic
	case unicode.Is(unicode.Greek, r):
		return Greek
	case unicode.Is(unicode.Armenian, r):
		return Armenian
	case unicode.Is(unicode.Georgian, r):
		return Georgian
	case unicode.Is(unicode.Hebrew, r):
		return Hebrew
	case unicode.Is(unicode.Arabic, r):
		return Arabic
	case unicode.Is(unicode.Thai, r):
		return Thai
	case unicode.Is(unicode.Devanagari, r):
		return Devanagari
	case unicode.Is(unicode.Bengali, r):
		return Bengali
	case unicode.Is(unicode.Hangul, r):
		return Hangul
	case unicode.Is(unicode.Hiragana, r) || unicode.Is(unicode.Katakana, r) || r == 'ー':
		return Kana
	case unicode.Is(unicode.Han, r) || r == '々':
		return Han
	}
	return Other
}

// Of returns the script of the letters of s: the script of its first
// letter, except that Han text with kana in it is Japanese (Kana).
// ASCII text returns without decoding.
func Of(s string) Script {
	first := None
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			i++
			if first == None && (c|0x20 >= 'a' && c|0x20 <= 'z') {
				return Latin
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
		case first == None:
			first = sc
			if sc != Han {
				return sc
			}
		case sc == Kana:
			return Kana
		}
	}
	return first
}

// LatinKey returns a lower-case key of s in Latin letters a-z: the
// go-unidecode transliteration (for Devanagari with the inherent vowels,
// see devanagariLatin) with apostrophes, spaces and marks dropped,
// doubled vowels (Devanagari's long vowels: "priyaa") made single and
// Armenian "ow" read as "u". Two spellings of one name in different scripts
// ("Олена", "Olena") mostly share the key.
func LatinKey(s string) string {
	var t string
	switch Of(s) {
	case Devanagari:
		t = devanagariLatin(s)
	case Bengali:
		t = devanagariLatin(bengaliDevanagari(s))
	default:
		t = unidecode.Unidecode(s)
	}
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
	if Of(s) == Armenian {
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
	if sc := Of(s); sc == Arabic || sc == Hebrew {
		s = strings.Map(DropMark, s) // vowel points and shadda
		if r := strings.TrimPrefix(s, "ال"); utf8.RuneCountInString(r) >= 2 {
			s = r
		}
	}
	if Of(s) == Cyrillic {
		// Serbian and Macedonian letters, spelt as their own Latin
		// alphabets spell them (ћ ć, not unidecode's "tsh").
		s = serbianLatin.Replace(s)
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
	out := []byte(b.String())
	if n := len(out); n > 1 {
		// A last consonant is written voiced in one script and voiceless
		// in another (Thai ท reads t at the end: "Tinsulanonda").
		switch out[n-1] {
		case 'd':
			out[n-1] = 't'
		case 'b':
			out[n-1] = 'p'
		case 'g':
			out[n-1] = 'k'
		case 'z':
			out[n-1] = 's'
		}
	}
	return string(out)
}

// serbianLatin spells the Cyrillic letters of Serbian and Macedonian that
// unidecode spells otherwise as the Serbian and Macedonian Latin alphabets
// do (Величковић, Veličković).
var serbianLatin = strings.NewReplacer("ћ", "ć", "Ћ", "Ć", "ђ", "đ", "Ђ", "Đ", "џ", "dž", "Џ", "Dž", "ќ", "ḱ", "Ќ", "Ḱ", "ѓ", "ǵ", "Ѓ", "Ǵ")

// DropMark is a strings.Map function that drops combining marks (Arabic
// and Hebrew vowel points, shadda) and the Arabic tatweel.
func DropMark(r rune) rune {
	if unicode.Is(unicode.Mn, r) || r == 'ـ' {
		return -1
	}
	return r
}

// arabicLetters folds the letters that Arabic and Persian write differently
// or that writers use interchangeably: Persian and Arabic yeh and kaf,
// alef with hamza or madda, teh marbuta and heh.
var arabicLetters = strings.NewReplacer("ي", "ی", "ى", "ی", "ئ", "ی", "ك", "ک", "أ", "ا", "إ", "ا", "آ", "ا", "ٱ", "ا", "ؤ", "و", "ة", "ه")

// ArabicFold returns an Arabic-script name without vowel marks and with
// the letters Arabic and Persian spell differently folded: "فاطمة" and
// Persian "فاطمه" meet.
func ArabicFold(s string) string { return arabicLetters.Replace(strings.Map(DropMark, s)) }

// devanagariLatin transliterates Devanagari letter by letter (go-unidecode)
// and adds the vowel "a" that a consonant carries when no vowel sign or
// virama follows it, except at the end of a word (Hindi drops it there):
// "रवि" → "ravi", "दीपक" → "diipak", not "rvi", "diipk".
func devanagariLatin(s string) string {
	rs := []rune(s)
	var b strings.Builder
	for i, r := range rs {
		b.WriteString(unidecode.Unidecode(string(r)))
		if !devConsonant(r) || i+1 >= len(rs) {
			continue
		}
		next := rs[i+1]
		if (next >= 0x093C && next <= 0x094D) || !unicode.Is(unicode.Devanagari, next) {
			continue // vowel sign, virama, nukta, or the end of the word
		}
		b.WriteByte('a')
	}
	return b.String()
}

// bengaliDevanagari writes Bengali letters as the Devanagari letters of
// the same sound. Unicode laid both blocks out after ISCII, one table for
// the Brahmic scripts of India, so that a letter sits at the same offset
// in each (Bengali U+0995 "ক" and Devanagari U+0915 "क" are both "ka"):
// the Devanagari transliteration then serves Bengali names ("প্রিয়া" →
// "priya"). Bengali's own letters map to their sounds: khanda ta "ৎ" to
// "त्", the Assamese ra and wa to ra and va.
func bengaliDevanagari(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r == 'ৎ':
			return 'त'
		case r == 'ৰ':
			return 'र'
		case r == 'ৱ':
			return 'व'
		case r >= 0x0980 && r <= 0x09E3:
			return r - 0x80
		}
		return r
	}, s)
}

// devConsonant reports whether r is a Devanagari consonant.
func devConsonant(r rune) bool { return r >= 0x0915 && r <= 0x0939 || r >= 0x0958 && r <= 0x095F }
