package parse

import (
	"github.com/namepipe/namepipe/engine/lexicon"
	"github.com/namepipe/namepipe/engine/text"
)

// Conjunctions: where one field holds several people ("John & Mary",
// "José y María"), split at the conjunctions, and decide whether a weak
// one ("y", "e", "i", "a") joins two people or belongs to a name.

// splitSegments splits tokens at conjunctions into one slice per person.
// A conjunction at the start or end, or next to another, is dropped.
func splitSegments(toks []text.Token) [][]text.Token {
	var segs [][]text.Token
	start := 0
	for i, t := range toks {
		if t.Kind != text.TokConj {
			continue
		}
		if i > start {
			segs = append(segs, toks[start:i])
		}
		start = i + 1
	}
	if start < len(toks) {
		segs = append(segs, toks[start:])
	}
	return segs
}

// hasWeakConj reports whether toks holds a word that may be a conjunction.
func hasWeakConj(toks []text.Token) bool {
	for _, t := range toks {
		if t.WeakConj {
			return true
		}
	}
	return false
}

// resolveWeakConj makes each weak conjunction ("y", "e", "i", "a", "u.")
// that joins two people a conjunction token, judged by the words on each
// side: on the left a given name or a salutation, on the right a person
// (a salutation first, two or more words with a given name among them, or
// one well-known given name that is not a surname). "José Ortega y
// Gasset" and "Josep Puig i Cadafalch" stay one person, "Juan y María
// García" and "Burger Hans U. u. Spinner-Burger Barbara" are two.
func (e *Parser) resolveWeakConj(toks []text.Token) {
	l := text.Lists()
	isGiven := func(t text.Token, min float64) bool {
		return t.Kind == text.TokWord && !text.IsInitial(t.Text) && lexicon.GivenStrength(e.lex, t.Text) >= min
	}
	isSal := func(t text.Token) bool {
		_, ok := l.Salutations[t.Key]
		return t.Kind == text.TokWord && (ok || l.Titles[t.Key])
	}
	for i := range toks {
		if !toks[i].WeakConj || toks[i].Kind != text.TokWord {
			continue
		}
		lo := i
		for lo > 0 && toks[lo-1].Kind != text.TokConj {
			lo--
		}
		hi := i + 1
		for hi < len(toks) && toks[hi].Kind != text.TokConj && !toks[hi].WeakConj {
			hi++
		}
		left, right := words(toks[lo:i]), words(toks[i+1:hi])
		if len(left) == 0 || len(right) == 0 {
			continue
		}
		if len(toks[i].Text) == 1 && isUpperRune(rune(toks[i].Text[0])) && len(right) < 2 {
			// "RANDALL A COOPER": one capital letter before a single
			// word is a middle initial ("JAN A MARIE NOVÁK" is two).
			continue
		}
		if text.Conjunctions[toks[i].Key] && toks[i].Key != "ja" {
			// "und", "dhe" in a name written in capitals ("ja" is also a
			// Korean name syllable: it must pass the checks below).
			toks[i].Kind = text.TokConj
			continue
		}
		if pair, decided := e.pairConj(toks[i], left, right); decided {
			if pair {
				toks[i].Kind = text.TokConj
			}
			continue
		}
		leftName := false
		for _, t := range left {
			if isSal(t) || isGiven(t, 0.5) {
				leftName = true
				break
			}
		}
		rightGiven := false
		for _, t := range right {
			if isGiven(t, 0.5) {
				rightGiven = true
				break
			}
		}
		switch {
		case isSal(right[0]) && (leftName || isSal(left[0])):
		case !leftName:
			continue
		case len(right) >= 2 && rightGiven:
		case len(right) == 1 && isGiven(right[0], 0.7) && !lexicon.IsSurname(e.lex, right[0].Text):
		default:
			continue
		}
		toks[i].Kind = text.TokConj
	}
}

// pairConj reports whether the weak conjunction c, written in lower case
// between the words left and right, joins two people because a whole
// person follows it: c is no surname joiner of its language (not "y" of
// "Ortega y Gasset"), and right holds two or more words, the first no
// initial ("Jokūbas ir Dominykas Paulauskas", "Artūrs Bērziņš un Emīlija
// Bērziņa", "Nikoloz Gelashvili da Mariami Bolkvadze"). A conjunction
// that is also a particle ("da" of "da Silva") needs a whole name on the
// left too and a first word on the right that is no surname ("Maria
// Eduarda da Silva Santos" and "José da Silva Santos" stay one person,
// whatever the words around them). decided is false when the other tests
// of resolveWeakConj are to judge.
func (e *Parser) pairConj(c text.Token, left, right []text.Token) (pair, decided bool) {
	if text.SurnameJoiners[c.Key] {
		return false, false
	}
	particle := text.Lists().IsParticle(c)
	if c.Text != c.Key && c.Text != c.Key+"." || len(right) < 2 || text.IsInitial(right[0].Text) {
		return false, particle
	}
	if particle {
		return len(left) >= 2 && !lexicon.IsSurname(e.lex, right[0].Text), true
	}
	return true, true
}

// resolveWeakConjGiven is resolveWeakConj for the given-name field, where
// every word is a given name: a weak conjunction between one or more whole
// words on each side ("Domenica e Luca" + "Giordano") joins two people,
// even when a side's name is also a surname (Luca) or one the data does
// not know. A lone capital letter stays an initial ("Anna E Maria").
func (e *Parser) resolveWeakConjGiven(toks []text.Token) {
	e.resolveWeakConj(toks)
	for i := range toks {
		if !toks[i].WeakConj || toks[i].Kind != text.TokWord || i == 0 || i == len(toks)-1 {
			continue
		}
		if len(toks[i].Text) == 1 && isUpperRune(rune(toks[i].Text[0])) {
			continue
		}
		whole := func(t text.Token) bool {
			return t.Kind == text.TokWord && !t.WeakConj && !text.IsInitial(t.Text)
		}
		if whole(toks[i-1]) && whole(toks[i+1]) {
			toks[i].Kind = text.TokConj
		}
	}
}

// hasConj reports whether toks holds a conjunction.
func hasConj(toks []text.Token) bool {
	for _, t := range toks {
		if t.Kind == text.TokConj {
			return true
		}
	}
	return false
}
