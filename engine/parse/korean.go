package parse

import (
	"strings"

	"github.com/namepipe/namepipe/engine/lexicon"
	"github.com/namepipe/namepipe/engine/text"
)

// koreanSyllables are the Korean syllables in the Revised or the older
// McCune–Reischauer-like romanisation most people use ("min", "seo",
// "kyung", "hee", "jun").
var koreanSyllables = newSyllableSet(
	"kk tt pp ss jj ch g k n d t r l m b p s j h y w",
	"yae yeo wae ae ya eo ye wa oe yo wo we wi yu eu ui oo ee ou a e o u i",
	"ng k n t l m p")

// koreanGivenShape reports whether w is written as a Korean given name of
// two romanised syllables joined by a hyphen, the second in lower case
// ("Min-ho", "Seo-yeon", "Mi-kyung"): a form other cultures' names do not
// take (a Western hyphenated name capitalises both parts).
func koreanGivenShape(w string) bool {
	a, b, ok := strings.Cut(w, "-")
	if !ok || a == "" || b == "" || !text.IsLower(b) || a[0] < 'A' || a[0] > 'Z' {
		return false
	}
	var buf [16]byte
	if !koreanSyllables.match(appendLower(buf[:0], a)) {
		return false
	}
	return koreanSyllables.match(append(buf[:0], b...))
}

// koreanOrderPrior is the extra score of the surname-first reading of a
// two-word name whose second word alone has the shape of a Korean given
// name ("Lee Min-ho"), and the score taken from it when the first word
// alone has it ("Min-ho Lee"): the shape says which word is the given
// name, whatever the other word is in other cultures (Lee, Kim).
func koreanOrderPrior(info []wordInfo) float64 {
	if len(info) != 2 {
		return 0
	}
	first, second := koreanGivenShape(info[0].tok.Text), koreanGivenShape(info[1].tok.Text)
	switch {
	case second && !first:
		return 2
	case first && !second:
		return -2
	}
	return 0
}

// koreanSplitOrderPrior is koreanOrderPrior for a name of three words
// whose given name is written as two ("Ji Won Kim", "Kim Ji Won"): the
// given-first reading scores 2 more when the last word is a Korean
// surname and the first two are the syllables of one Korean given name
// (lexicon.KoreanGivenPair), 2 less when the first word is a Korean
// surname and the last two are such syllables, and nothing when neither
// fits. When both fit, the reading with the commoner surname scores so
// (lexicon.KoreanSurnameRank: "Jang Chae Won" is 장 채원, for 장 is a
// commoner surname than 원, though 장 also starts given names, 장미;
// "Eun Chae Yoon" is 은채 윤).
func (e *Parser) koreanSplitOrderPrior(info []wordInfo) float64 {
	if len(info) != 3 || info[0].initial || info[1].initial || info[2].initial {
		return 0
	}
	w := func(i int) string { return info[i].tok.Text }
	givenFirst := e.koreanSurnameGiven(w(2), w(0), w(1))
	surnameFirst := e.koreanSurnameGiven(w(0), w(1), w(2))
	switch {
	case givenFirst && !surnameFirst:
		return 2
	case surnameFirst && !givenFirst:
		return -2
	case givenFirst && surnameFirst:
		first, last := lexicon.KoreanSurnameRank(e.lex, w(0)), lexicon.KoreanSurnameRank(e.lex, w(2))
		switch {
		case last < first:
			return 2
		case first < last:
			return -2
		}
	}
	return 0
}

// koreanSurnameGiven reports whether surname is a Korean surname and a
// and b the two syllables of one Korean given name written as two words
// (lexicon.KoreanGivenPair).
func (e *Parser) koreanSurnameGiven(surname, a, b string) bool {
	return lexicon.IsKoreanSurname(e.lex, surname) && lexicon.KoreanGivenPair(e.lex, a, b)
}

// koreanVowelWord reports whether the word core[k] of a three-word name is
// a Korean syllable of one vowel written as one letter ("A", "U", "O": 아,
// 우, 오), not an initial: one end of the name is a Korean surname and the
// word is a syllable of the Korean given name the other two words make
// ("Kim A Reum", "Park Geon U", "A Yeon Choi"). Written with a dot ("A.")
// it stays an initial.
func (e *Parser) koreanVowelWord(core []text.Token, k int) bool {
	if len(core) != 3 || len(core[k].Text) != 1 || !strings.ContainsRune("aeiouAEIOU", rune(core[k].Text[0])) {
		return false
	}
	w := func(i int) string { return core[i].Text }
	return k > 0 && e.koreanSurnameGiven(w(0), w(1), w(2)) ||
		k < 2 && e.koreanSurnameGiven(w(2), w(0), w(1))
}
