package parse

import (
	"fmt"
	"strings"

	"github.com/namepipe/namepipe/engine/lexicon"
	"github.com/namepipe/namepipe/engine/text"
	"github.com/namepipe/namepipe/nameapi"
)

// parseStructured parses separate given/middle/surname/prefix/suffix fields.
func (e *Parser) parseStructured(c *nameapi.Context, p *nameapi.InputPerson, f fields) *nameapi.PersonNameParserResult {
	l := text.Lists()
	var terms []nameTerm
	pos := 0
	next := func() int { pos++; return pos }
	var disputes []nameapi.ParserDispute
	for _, t := range tokenizeWords(f.prefix) {
		k := text.NKey(t)
		switch {
		case l.Salutations[k] != "" || hasKey(l.Salutations, k):
			terms = append(terms, nameTerm{t, nameapi.TermSalutation, next()})
		default:
			terms = appendTitle(terms, t, next())
		}
	}
	givenToks, fl1 := text.Tokenize(f.given)
	gw := words(givenToks)
	// Titles and salutations typed into the given-name field.
	for len(gw) > 1 {
		k := gw[0].Key
		if hasKey(l.Salutations, k) {
			terms = append(terms, nameTerm{gw[0].Text, nameapi.TermSalutation, next()})
		} else if l.Titles[k] {
			terms = appendTitle(terms, gw[0].Text, next())
		} else {
			break
		}
		gw = gw[1:]
	}
	gw = e.joinCompoundGiven(joinArabicCompoundsLast(gw, true), true)
	for _, t := range gw {
		switch {
		case text.IsInitial(t.Text):
			for _, in := range text.SplitInitials(t.Text) {
				terms = append(terms, nameTerm{in, nameapi.TermGivennameInitial, next()})
			}
		default:
			terms = append(terms, nameTerm{t.Text, nameapi.TermGivenname, next()})
		}
	}
	for _, t := range nickTokens(givenToks) {
		terms = append(terms, nameTerm{t, nameapi.TermNickname, next()})
	}
	for _, t := range tokenizeWords(f.middle) {
		// What the middle-name field holds is a MIDDLENAME, an initial
		// too ("T."), as the real service answers.
		terms = append(terms, nameTerm{t, nameapi.TermMiddlename, next()})
	}
	surToks, fl2 := text.Tokenize(f.surname)
	sw := words(surToks)
	var quals []nameTerm
	for len(sw) > 1 {
		last := sw[len(sw)-1]
		q, ok := l.Qualifiers[last.Key]
		if !ok {
			break
		}
		quals = append([]nameTerm{{last.Text, q.TermType, 0}}, quals...)
		sw = sw[:len(sw)-1]
	}
	if len(sw) > 0 {
		parts := make([]string, len(sw))
		for i, t := range sw {
			parts[i] = t.Text
		}
		typ := nameapi.TermSurname
		if len(sw) == 1 && text.IsInitial(sw[0].Text) {
			typ = nameapi.TermSurnameInitial
		}
		terms = append(terms, nameTerm{strings.Join(parts, " "), typ, next()})
	}
	for _, q := range quals {
		q.pos = next()
		terms = append(terms, q)
	}
	for _, t := range tokenizeWords(f.suffix) {
		typ := nameapi.TermQualifier
		if q, ok := l.Qualifiers[text.NKey(t)]; ok {
			typ = q.TermType
		}
		terms = append(terms, nameTerm{t, typ, next()})
	}
	for _, t := range tokenizeWords(f.nick) {
		terms = append(terms, nameTerm{t, nameapi.TermNickname, next()})
	}
	disputes = append(disputes, syntaxDisputes(fl1, givenToks)...)
	disputes = append(disputes, syntaxDisputes(fl2, surToks)...)

	// Evidence: are the given and surname fields known as such?
	given0 := firstOf(terms, nameapi.TermGivenname)
	sur := firstOf(terms, nameapi.TermSurname)
	known, total := 0, 0
	if given0 != "" {
		total++
		if lexicon.IsGiven(e.lex, given0) {
			known++
		}
	}
	if sur != "" {
		total++
		if lexicon.IsSurname(e.lex, text.LastWord(sur)) {
			known++
		}
	}
	conf := 0.7
	if total > 0 {
		conf = 0.6 + 0.35*float64(known)/float64(total)
	}
	main := candidate{terms: terms, likeliness: 0.95, confidence: conf, disputes: disputes}
	res := &nameapi.PersonNameParserResult{}
	// Swapped fields: the given-name field holds a surname and vice versa.
	if given0 != "" && sur != "" && !strings.Contains(sur, " ") &&
		!lexicon.IsGiven(e.lex, given0) && lexicon.IsSurname(e.lex, given0) && lexicon.IsGiven(e.lex, sur) && !lexicon.IsSurname(e.lex, sur) {
		swapped := make([]nameTerm, len(terms))
		copy(swapped, terms)
		for i := range swapped {
			switch {
			case swapped[i].typ == nameapi.TermGivenname && swapped[i].text == given0:
				swapped[i].typ = nameapi.TermSurname
			case swapped[i].typ == nameapi.TermSurname:
				swapped[i].typ = nameapi.TermGivenname
			}
		}
		d := append(append([]nameapi.ParserDispute(nil), disputes...), nameapi.ParserDispute{
			DisputeType: nameapi.DisputeTransposition,
			Message:     fmt.Sprintf("The given name field holds %q, a surname, and the surname field %q, a given name: the fields look swapped.", given0, sur),
		})
		res.Matches = append(res.Matches, e.naturalMatch(c, p, candidate{terms: swapped, likeliness: 0.7, confidence: 0.75, disputes: d}))
		main.likeliness, main.confidence = 0.3, 0.5
	}
	res.Matches = append(res.Matches, e.naturalMatch(c, p, main))
	sortMatches(res.Matches)
	return res
}
