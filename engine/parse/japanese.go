package parse

import "github.com/namepipe/namepipe/engine/lexicon"

// japaneseOrderPrior is the extra log-odds of the given-first order of a
// name of two words, one a Japanese surname in romaji and the other a
// given name the Japanese lists hold that is no Japanese surname: "Riha
// Matsumoto" given first, "Matsumoto Riha" surname first, as Japanese
// lists write it. What other cultures' lists say of the words (Riha is a
// Czech surname, Nie a Chinese one) says nothing of this order; the
// caller sets their evidence aside when it is not 0.
func (e *Parser) japaneseOrderPrior(info []wordInfo) float64 {
	if len(info) != 2 || info[0].initial || info[1].initial {
		return 0
	}
	a, b := info[0].tok.Text, info[1].tok.Text
	// A word no list knows as a given name is no Japanese one: the
	// cheap test first (most names are not Japanese).
	switch {
	case info[0].given > 0 && lexicon.IsJapaneseSurname(e.lex, b) && e.japaneseGiven(a) && !lexicon.IsJapaneseSurname(e.lex, a):
		return japaneseOrder
	case info[1].given > 0 && lexicon.IsJapaneseSurname(e.lex, a) && e.japaneseGiven(b) && !lexicon.IsJapaneseSurname(e.lex, b):
		return -japaneseOrder
	}
	return 0
}

// japaneseOrder is the log-odds japaneseOrderPrior gives an order, as
// cjkOrderPrior does.
const japaneseOrder = 2

// japaneseGiven reports whether the Japanese lists hold w as a given name.
func (e *Parser) japaneseGiven(w string) bool {
	_, _, ok := e.lex.GenderVotes(w, "ja")
	return ok
}
