package parse

import (
	"strings"

	"github.com/namepipe/namepipe/engine/lexicon"
	"github.com/namepipe/namepipe/engine/text"
	"github.com/namepipe/namepipe/nameapi"
)

// The comma form of a name, "Surname, Given Middle", with the
// qualifiers, salutations and titles a list writes around the comma.

// parseCommaForm parses "Surname, Given Middle".
func (e *Parser) parseCommaForm(terms []nameTerm, left, right []text.Token) candidate {
	l := text.Lists()
	var leftBuf, rightBuf [6]text.Token
	left = appendWords(leftBuf[:0], left)
	right = appendWords(rightBuf[:0], right)
	// A generational qualifier at the end of the surname side: "RODRIGUEZ
	// JR, FRANCISCO", as lists written surname first have it.
	for len(left) >= 2 {
		t := left[len(left)-1]
		q, ok := l.Qualifiers[t.Key]
		if !ok || q.TermType != nameapi.TermQualifier || len(t.Key) < 2 || t.Key == "sen" || wordQualifier(t.Text) || !l.MayBeAffix(t) {
			break
		}
		terms = append(terms, nameTerm{t.Text, nameapi.TermQualifier, t.Pos})
		left = left[:len(left)-1]
	}
	// Salutations and titles after the comma: "Müller, Dr. Petra".
	for len(right) > 1 {
		k := right[0].Key
		if _, ok := l.Salutations[k]; ok {
			terms = append(terms, nameTerm{right[0].Text, nameapi.TermSalutation, right[0].Pos})
		} else if l.Titles[k] {
			terms = appendTitle(terms, right[0].Text, right[0].Pos)
		} else {
			break
		}
		right = right[1:]
	}
	known, total := 0, 0
	if len(left) > 0 {
		total++
		surname := left[0].Text
		if len(left) > 1 {
			var b strings.Builder
			for i, t := range left {
				if i > 0 {
					b.WriteByte(' ')
				}
				b.WriteString(t.Text)
			}
			surname = b.String()
		}
		typ := nameapi.TermSurname
		if len(left) == 1 && text.IsInitial(left[0].Text) {
			typ = nameapi.TermSurnameInitial
		}
		terms = append(terms, nameTerm{surname, typ, left[0].Pos})
		if lexicon.IsSurname(e.lex, left[len(left)-1].Text) {
			known++
		}
	}
	var mids []wordInfo
	if len(right) >= 2 {
		// The words after the given name: middle names or second given
		// names, as the culture has it.
		var midBuf [4]wordInfo
		mids = midBuf[:0]
		if len(right) > len(midBuf) {
			mids = make([]wordInfo, 0, len(right))
		}
		mids = mids[:len(right)]
		for i, t := range right {
			mids[i] = wordInfo{tok: t, initial: text.IsInitial(t.Text)}
			if !mids[i].initial {
				mids[i].given = lexicon.GivenStrength(e.lex, t.Text)
				mids[i].surname = lexicon.IsSurname(e.lex, t.Text)
			}
		}
		e.middleTypes(mids, left)
	}
	for i, t := range right {
		if text.IsInitial(t.Text) {
			for _, in := range text.SplitInitials(t.Text) {
				terms = append(terms, nameTerm{in, nameapi.TermGivennameInitial, t.Pos})
			}
			continue
		}
		typ := nameapi.TermMiddlename
		if mids != nil && mids[i].mid != "" {
			typ = mids[i].mid
		}
		if i == 0 {
			typ = nameapi.TermGivenname
			total++
			if lexicon.IsGiven(e.lex, t.Text) {
				known++
			}
		}
		terms = append(terms, nameTerm{t.Text, typ, t.Pos})
	}
	conf := 0.75
	if total > 0 {
		conf = 0.6 + 0.35*float64(known)/float64(total)
	}
	return candidate{terms: terms, likeliness: 0.95, confidence: conf}
}
