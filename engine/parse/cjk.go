package parse

import (
	"bytes"
	"strings"
	"unicode/utf8"

	"github.com/namepipe/namepipe/engine/lexicon"
	"github.com/namepipe/namepipe/engine/text"
)

// pinyinSyllables are the syllables of Chinese written in Latin letters:
// Hanyu Pinyin without tones, and the Wade–Giles spellings still usual in
// Taiwan and abroad ("Hsu", "Chien", "Tsai"). Written for namepipe from
// the syllable tables of the two systems; the set accepts some
// combinations neither has, which does no harm for telling a name's
// shape.
var pinyinSyllables = newSyllableSet(
	"zh ch sh hs ts tz b p m f d t n l g k h j q x r z c s y w",
	"iang iong uang ang eng ing ong ung uai uan ian iao ien ieh uei ai an ao ei en er ia ie in iu ou ua ue ui un uo ih a e i o u v ü",
	"")

// cjkSyllables are the pinyin and the Korean syllables in one set.
var cjkSyllables = unionSyllables(pinyinSyllables, koreanSyllables)

// syllableOf reports whether s (lower case) is one romanised Chinese or
// Korean syllable.
func syllableOf(s []byte) bool {
	return cjkSyllables.match(s)
}

// cjkGivenShape reports whether w is written as a Chinese or Korean given
// name in Latin letters: two syllables, run together ("Dongning",
// "Hyesoon") or joined by a hyphen ("Wang-Chien", "Jin-Yi", "Min-jun").
// Single syllables are left out (they are surnames as often as given
// names), as are longer words.
func cjkGivenShape(w string) bool {
	if len(w) > 3*12 {
		return false // more than 12 bytes however it is cased (a letter's lower case takes at least a third of its bytes)
	}
	var buf [16]byte
	lw := appendLower(buf[:0], w)
	if len(lw) < 3 || len(lw) > 12 {
		return false
	}
	if i := bytes.IndexByte(lw, '-'); i >= 0 {
		return syllableOf(lw[:i]) && syllableOf(lw[i+1:])
	}
	for i := 1; i < len(lw) && i <= syllableMax; i++ {
		m := cjkSyllables.marksOf(lw[:i])
		if m&isSyllable != 0 && syllableOf(lw[i:]) {
			return true
		}
		if m&startsSyllable == 0 {
			return false // no longer start is a syllable either ("Schneider": "sc")
		}
	}
	return false
}

// appendLower appends strings.ToLower(s) to b, without allocating for an
// ASCII s that fits b's capacity.
func appendLower(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return append(b, strings.ToLower(s)...)
		}
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		b = append(b, c)
	}
	return b
}

// markCJK sets what the romanised Chinese and Korean data says of a word
// the Latin-script lists leave open: the Latin spelling of a Chinese or
// Korean surname ("Guo", "Zhou") is a surname; a word neither list knows
// whole, with the shape of a Chinese or Korean given name ("Dongning",
// "Jin-Yi", whose parts may be surnames), is a given name.
func (e *Parser) markCJK(w *wordInfo) {
	if w.initial || w.particle {
		return
	}
	t := w.tok.Text
	if !w.surname && w.cjkSurname {
		w.surname = true
		return
	}
	if w.listed || w.given >= 0.5 || !asciiLettersHyphens(t) || !cjkGivenShape(t) {
		// A listed surname is known and a surname, whatever its shape
		// (w.listed is the lists' IsSurname of t: an ASCII word is
		// looked up as written). The shape before the other look-ups: it
		// needs none.
		return
	}
	if !e.lex.IsGivenName(t) || w.given > 0 && !w.surname {
		// Unknown, or a given name only (not a surname) of that shape
		// ("Xiaoyan"): a Chinese or Korean given name.
		w.cjkGiven = true
		w.surname = false
	}
}

// orderEvidence is the evidence that w is a given name rather than a
// surname, as a log-odds from how the name lists know the word: an
// initial counts for a given name (a word shaped like a Chinese or Korean
// given name counts only beside such a surname: cjkOrderPrior); a word only the surname lists hold counts strongly for a
// surname, and so does one the given-name lists hold only weakly (a name
// one source lists); a word both lists hold leans by its strength as a
// given name; a word only the given-name lists hold counts its strength,
// no more than the given-first prior, since many surnames are given names
// too ("Rahm Emanuel", "Thaddeus Lynn") and the surname lists are the
// thinner ones. The last word of a two-word name that no list holds
// (unknown, see unknownWord) counts for a surname (unlistedEvidence): the
// lists hold nearly every given name and far fewer of the many surnames
// ("Volker Diehl"); otherwise an unknown word says nothing.
func orderEvidence(w wordInfo, unknown bool) float64 {
	switch {
	case w.initial:
		return 1.4
	case w.surname && w.given == 0:
		return -2
	case w.surname && w.given < 0.5:
		return -1.4
	case w.surname:
		return 1.8*w.given - 1.3
	case unknown:
		return unlistedEvidence
	}
	return givenFirstPrior * w.given
}

// unknownWord reports whether w, a word of a Latin-script name of no
// culture the order prior singles out (latin: no Vietnamese letters, no
// Hungarian given name last), is one no list holds: not an initial,
// particle or patronymic, and not shaped like a Chinese or Korean given
// name (cjkGiven: cjkOrderPrior weighs those). Beside a South Asian
// surname (other, the name's other end: "Reddy Keshavalal") it is taken
// for nothing either: the lists of South Asian given names are thin (the
// reason for genderize's model of their endings behind such a surname).
// Nor beside a Japanese surname ("Watanabe Atune", "Yoshida Buniti"): a
// Japanese given name the lists lack, in Kunrei or short-vowel spelling,
// is unknown as often as a surname, and Japanese lists write the surname
// first (japaneseOrderPrior weighs the names the lists hold).
func (e *Parser) unknownWord(w, other *wordInfo, latin bool) bool {
	if !latin || w.initial || w.particle || w.patronymic || w.cjkGiven || w.surname || w.given > 0 {
		return false
	}
	if sa, ok := e.lex.(interface{ IsSouthAsianSurname(string) bool }); ok && other.listed && sa.IsSouthAsianSurname(other.tok.Text) {
		return false
	}
	return !lexicon.IsJapaneseSurname(e.lex, other.tok.Text)
}

// cjkOrderPrior is the extra log-odds of the given-first order of a name
// whose one end is shaped like a Chinese or Korean given name and whose
// other end is the Latin spelling of a Chinese or Korean surname: "Dongning
// Guo" and "Hyesoon Kim" given first, "Kim Hyesoon" surname first, whatever
// the surname is in other cultures (Kim, Lee are English given names too).
// In a name of two words, a given name of that shape that the lists know
// and that is no surname counts the same after such a surname
// (listedCJKGiven: "Chen Anqi", "Yang Xinyi", "Li Guo-Ping", "Lee Xinyu"
// surname first, as lists from China write them; the lists know faker's
// zh_CN names, and the given names' strength alone read them given
// first). Given first ("Anqi Chen", "Linda Lee") the lists' evidence and
// the prior of Latin script already agree, and stay as they were.
func (e *Parser) cjkOrderPrior(info []wordInfo) float64 {
	first, last := &info[0], &info[len(info)-1]
	switch {
	case first.cjkGiven && !last.cjkGiven && lexicon.IsCJKSurname(e.lex, last.tok.Text):
		return 2
	case last.cjkGiven && !first.cjkGiven && lexicon.IsCJKSurname(e.lex, first.tok.Text):
		return -2
	case len(info) == 2 && first.cjkSurname && listedCJKGiven(last) && !listedCJKGiven(first):
		return -2
	}
	return 0
}

// listedCJKGiven reports whether w is a given name the lists know, no
// surname (nor a Chinese or Korean surname's spelling), written as
// Chinese or Korean given names are in Latin letters: two syllables, run
// together or joined by a hyphen (cjkGivenShape: "Anqi", "Guo-Ping").
func listedCJKGiven(w *wordInfo) bool {
	return w.given > 0 && !w.surname && !w.cjkSurname && !w.initial &&
		asciiLettersHyphens(w.tok.Text) && cjkGivenShape(w.tok.Text)
}

// cjkSurnamesBothEnds reports whether a name of two words is two Latin
// spellings of Chinese or Korean surnames ("Ge Yang", "Li Wei"), ASCII
// and not initials.
func (e *Parser) cjkSurnamesBothEnds(info []wordInfo) bool {
	if len(info) != 2 {
		return false
	}
	for _, w := range info {
		if w.initial || !asciiLetters(w.tok.Text) || !w.cjkSurname {
			return false
		}
	}
	return true
}

// asciiLettersHyphens reports whether s is made of ASCII letters and
// hyphens with at least one letter (asciiLetters without the hyphens).
func asciiLettersHyphens(s string) bool {
	letters := false
	for i := 0; i < len(s); i++ {
		if c := s[i] | 0x20; 'a' <= c && c <= 'z' {
			letters = true
		} else if s[i] != '-' {
			return false
		}
	}
	return letters
}

// asciiLetters reports whether s is made of ASCII letters only.
func asciiLetters(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i] | 0x20; c < 'a' || c > 'z' {
			return false
		}
	}
	return s != ""
}

// surnameFirstLanguages are the languages of the name data whose speakers
// write the surname first in Latin script ("Szabó Levente").
var surnameFirstLanguages = [...]string{"hu"}

// cultureOrderPrior is the log-odds taken from the given-first order when
// the last word is a given name the data backs most in a language written
// surname first: "Balla Levente" and "László Lilla" are Hungarian,
// surname first, where the words alone leave the order open (a surname the
// data knows still decides: "Levente Szabó").
//
// A name written with letters only Vietnamese uses ("Mai Huyền Thoại"),
// or of three or more words led by a common Vietnamese surname and not
// ended by one ("Bùi Bích Hà", "Mai An Bình"; "Mai Anh Nguyen" is written
// given first), is read the same way.
func (e *Parser) cultureOrderPrior(info []wordInfo) float64 {
	if first, last := &info[0], &info[len(info)-1]; len(info) >= 3 && !first.initial && text.IsVietnameseSurname(first.tok.Text) && !text.IsVietnameseSurname(last.tok.Text) {
		return 1
	}
	for i := range info {
		if vietnameseLetters(info[i].tok.Text) {
			return 1
		}
	}
	w := &info[len(info)-1]
	if w.initial || w.given == 0 {
		return 0
	}
	lang := lexicon.TopLanguage(e.lex, w.tok.Text)
	for _, l := range surnameFirstLanguages {
		if lang == l {
			return 1
		}
	}
	return 0
}

// vietnameseLetters reports whether w holds a letter only Vietnamese
// writes: ơ, ư and the vowels with a tone mark below or above a
// circumflex or breve (U+1EA0–U+1EF9, "Phạm", "Huyền", "Hằng").
func vietnameseLetters(w string) bool {
	i := 0
	for i < len(w) && w[i] < 0xC6 {
		i++ // no such letter starts below 0xC6 in UTF-8 (ơ, ư: C6 xx; U+1Exx: E1 xx xx)
	}
	for _, r := range w[i:] {
		if r >= 0x1EA0 && r <= 0x1EF9 || r == 'ơ' || r == 'ư' || r == 'Ơ' || r == 'Ư' {
			return true
		}
	}
	return false
}
