package parse

import (
	"math"
	"strings"

	"github.com/namepipe/namepipe/engine/lexicon"
	"github.com/namepipe/namepipe/engine/text"
	"github.com/namepipe/namepipe/nameapi"
)

// Second given names versus middle names: the term type of the words
// between the first given name and the surname, patronymics, double
// surnames of Iberian names and hyphenated given names.

// k2given reports whether, in an Iberian name of four or more words, the
// words before index s hold at least two given names, so that the word
// at s-1 may be the first of two surnames ("João Pedro Santos Oliveira").
func k2given(info []wordInfo, s int) bool {
	return s-1 >= 2 && info[0].given > 0 && info[1].given > 0
}

// middleTypes marks patronymics and decides the term type of the words
// after the first given name: a patronymic or an American-style middle
// name (the given name is English: the English data backs it most, and
// no word carries diacritics or a particle) or a name after a first
// initial ("W. Bruce Croft") is a MIDDLENAME; a known given
// name of another culture is a second GIVENNAME ("José Maria", "Hans
// Peter", "Ólafur Ragnar", "Jón Páll"), and so is a word the data does
// not know; a word known only as a surname stays a MIDDLENAME.
func (e *Parser) middleTypes(info []wordInfo, others []text.Token) {
	english := true
	for _, t := range others {
		if !text.IsASCII(t.Text) || text.Lists().IsParticle(t) {
			english = false
		}
	}
	for k := range info {
		w := &info[k]
		if w.particle || !text.IsASCII(w.tok.Text) {
			english = false
		}
		if k > 0 && !w.initial {
			w.patronymic, _ = lexicon.Patronymic(e.lex, w.tok.Text)
		}
	}
	// The culture is looked up only when a word could be either.
	culture := -1 // 1: English, 0: other, -1: not looked up
	isEnglish := func() bool {
		if culture < 0 {
			culture = 0
			first := info[0].tok.Text
			if info[0].given == 0 && info[0].surname {
				first = info[1].tok.Text // "Smith John Michael"
			}
			if english && lexicon.TopLanguage(e.lex, first) == "en" {
				culture = 1
			}
		}
		return culture == 1
	}
	for k := 1; k < len(info); k++ {
		w := &info[k]
		switch {
		case w.patronymic, w.initial, info[0].initial, w.given == 0 && w.surname, text.Lists().IsParticle(w.tok), isEnglish():
			w.mid = nameapi.TermMiddlename
		default:
			w.mid = nameapi.TermGivenname
		}
	}
}

// iberian reports whether a name looks Spanish or Portuguese, where a
// person has two surnames: one of its first two words is backed most by
// the Spanish or Portuguese data, a word is spelt with ñ, ã or õ, or a
// later word has the Spanish surname ending -ez/-az/-iz or an acute accent
// on a, i, o or u (Icelandic names, spelt so too, end in -sson/-dóttir).
func (e *Parser) iberian(info []wordInfo) bool {
	last := info[len(info)-1].tok.Text
	if lexicon.IsSurname(e.lex, last) && !e.lex.IsSurname(last) {
		return false // shaped like an Icelandic patronymic
	}
	for k, w := range info {
		t := w.tok.Text
		if strings.ContainsAny(t, "ñÑãÃõÕ") {
			return true
		}
		if k >= 2 && (strings.ContainsAny(t, "áíóúÁÍÓÚ") || hasSuffixFold(t, "ez") || hasSuffixFold(t, "az") || hasSuffixFold(t, "iz")) {
			return true
		}
	}
	for _, w := range info[:2] {
		switch lexicon.TopLanguage(e.lex, w.tok.Text) {
		case "es", "pt":
			return true
		}
	}
	return false
}

// englishGiven reports whether a name's first word is a given name the
// English data backs most and every word is ASCII without particles:
// the shape of a US or British name, where the words between the given
// name and the surname are middle names.
func (e *Parser) englishGiven(info []wordInfo) bool {
	for _, w := range info {
		if w.particle || !text.IsASCII(w.tok.Text) {
			return false
		}
	}
	return !info[0].initial && info[0].given > 0 && lexicon.TopLanguage(e.lex, info[0].tok.Text) == "en"
}

func hasSuffixFold(s, suf string) bool {
	return len(s) >= len(suf) && strings.EqualFold(s[len(s)-len(suf):], suf)
}

// hyphenGiven returns the strength of a hyphenated word as a given name
// when every part is a well-known given name ("Jean-Claude",
// "Karl-Heinz"): the weakest part's strength.
func (e *Parser) hyphenGiven(w string) (float64, bool) {
	if !strings.ContainsRune(w, '-') {
		return 0, false
	}
	g := 1.0
	for p := range strings.SplitSeq(w, "-") {
		s := lexicon.GivenStrength(e.lex, p)
		if s < 0.5 {
			return 0, false
		}
		g = math.Min(g, s)
	}
	return g, true
}

// hyphenNoGiven reports whether w is hyphenated and none of its parts is
// a given name the data knows: hyphenated given names are made of given
// names ("Jean-Claude", "Min-jun"), so such a word is a double surname.
func (e *Parser) hyphenNoGiven(w string) bool {
	if !strings.ContainsRune(w, '-') {
		return false
	}
	for p := range strings.SplitSeq(w, "-") {
		if p != "" && lexicon.GivenStrength(e.lex, p) > 0 {
			return false
		}
	}
	return true
}
