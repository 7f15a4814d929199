package parse

import (
	"strings"
	"unicode/utf8"

	"github.com/namepipe/namepipe/engine/lexicon"
	"github.com/namepipe/namepipe/engine/text"
	"github.com/namepipe/namepipe/nameapi"
)

// The parts written around a name: qualifiers that are words, birth names
// and professions.

// wordQualifier reports whether a qualifier is written as a word ("Neto",
// "Filho", "Junior") rather than an abbreviation or a numeral ("Jr.",
// "III").
func wordQualifier(w string) bool {
	if strings.HasSuffix(w, ".") || utf8.RuneCountInString(w) < 4 {
		return false
	}
	for _, r := range w {
		if !strings.ContainsRune("IVX", r) {
			return true
		}
	}
	return false
}

// birthName takes a birth name off the end of core: a word that introduces
// it ("geb.", "née", "born"; written in lower case or abbreviated, since
// "Born" is also a surname) after at least one name word, followed by the
// birth name up to the end or the next comma.
func birthName(core []text.Token, terms []nameTerm) ([]text.Token, []nameTerm) {
	l := text.Lists()
	for k := 1; k < len(core)-1; k++ {
		t := core[k]
		if t.Kind != text.TokWord || !l.BirthName[t.Key] || !(startsLower(t.Text) || strings.HasSuffix(t.Text, ".")) {
			continue
		}
		end := k + 1
		for end < len(core) && core[end].Kind == text.TokWord {
			end++
		}
		if end == k+1 || countWords(core[:k]) == 0 {
			continue
		}
		parts := make([]string, 0, end-k-1)
		for _, w := range core[k+1 : end] {
			parts = append(parts, w.Text)
		}
		terms = append(terms,
			nameTerm{t.Text, nameapi.TermNameAtBirthIndicator, t.Pos},
			nameTerm{strings.Join(parts, " "), nameapi.TermSurnameAtBirth, core[k+1].Pos})
		rest := append(core[:k:k], core[end:]...)
		for len(rest) > 0 && rest[len(rest)-1].Kind == text.TokComma {
			rest = rest[:len(rest)-1]
		}
		return rest, terms
	}
	return core, terms
}

// profession takes a profession off the end of core: the words after the
// last comma when each is a known profession ("Anton Mosimann,
// Malermeister"), or one word no name list knows, shaped like a noun of a
// person's trade ("-er", "-ist", "-eur" …), after a full name that starts
// with a given name ("Peter Huber, Kaminkehrer"; not "…, Bayern").
func (e *Parser) profession(core []text.Token, terms []nameTerm) ([]text.Token, []nameTerm) {
	c := -1
	for k := len(core) - 1; k >= 0; k-- {
		if core[k].Kind == text.TokComma {
			c = k
			break
		}
	}
	if c < 0 || c == len(core)-1 {
		return core, terms
	}
	left, right := core[:c], core[c+1:]
	if countWords(left) < 2 || len(right) > 3 {
		return core, terms
	}
	l := text.Lists()
	known := true
	for _, t := range right {
		if t.Kind != text.TokWord || l.Titles[t.Key] || l.Qualifiers[t.Key].TermType != "" {
			return core, terms // "Müller, Petra, Dr.", "Smith, John, Jr."
		}
		if !l.IsProfession(t.Key) {
			known = false
		}
	}
	if !known {
		w := right[0]
		lw := words(left)
		unknown := len(right) == 1 && utf8.RuneCountInString(w.Text) >= 5 && !text.IsInitial(w.Text) && agentNoun(w.Key) &&
			!lexicon.IsGiven(e.lex, w.Text) && !lexicon.IsSurname(e.lex, w.Text) &&
			lexicon.GivenStrength(e.lex, lw[0].Text) >= 0.5 && lexicon.GivenStrength(e.lex, lw[len(lw)-1].Text) < 0.5
		if !unknown {
			return core, terms
		}
	}
	parts := make([]string, 0, len(right))
	for _, t := range right {
		parts = append(parts, t.Text)
	}
	terms = append(terms, nameTerm{strings.Join(parts, " "), nameapi.TermProfession, right[0].Pos})
	return left, terms
}

// agentNoun reports whether the word with key k ends like a noun naming
// what a person does, in German, English, French or Dutch ("-er", "-erin",
// "-ist", "-eur", "-or", "-ant", "-ent", "-loge").
func agentNoun(k string) bool {
	for _, end := range [...]string{"er", "erin", "ist", "istin", "eur", "euse", "or", "orin", "ant", "antin", "ent", "entin", "loge", "login"} {
		if strings.HasSuffix(k, end) {
			return true
		}
	}
	return false
}

// nameLikeAffix reports whether the trailing word t, a qualifier or
// suffix of type typ, may as well be part of the name: a one-letter
// numeral ("V", an initial too) or a post-nominal the name data knows as a
// name ("DO", "MA", "PA") — unless written with dots ("D.O.") or in
// capitals in a name that is not all in capitals ("Ann Smith MD"). core
// is the name's words and commas.
func (e *Parser) nameLikeAffix(t text.Token, typ string, core []text.Token) bool {
	single := utf8.RuneCountInString(strings.TrimSuffix(t.Text, ".")) == 1
	if !single && (typ != nameapi.TermSuffix || strings.ContainsRune(t.Text, '.')) {
		return false
	}
	if !single && text.IsAllUpper(t.Text) {
		for _, w := range core {
			if w.Kind == text.TokWord && !text.IsAllUpper(w.Text) && !text.IsInitial(w.Text) {
				return false
			}
		}
	}
	return single || lexicon.IsGiven(e.lex, t.Text) || lexicon.IsSurname(e.lex, t.Text)
}
