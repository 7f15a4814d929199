package parse

import "github.com/namepipe/namepipe/nameapi"

// A name of one word ("Müller", "Petra", "Mr. Smith", "Peter" in "Peter
// and Daniela Meyer") has no order to weigh: the word itself, the
// salutation or title before it and whether it stands in a group decide
// whether it is the given name or the surname.

// parseOneWord reads a single name word, appending its readings to dst.
func (e *Parser) parseOneWord(dst []candidate, terms []nameTerm, w wordInfo, inGroup bool) []candidate {
	hasSal := false
	for _, t := range terms {
		if t.typ == nameapi.TermSalutation || t.typ == nameapi.TermTitle {
			hasSal = true
		}
	}
	mk := func(typ string, like, conf float64) candidate {
		ts := append(append([]nameTerm(nil), terms...), nameTerm{w.tok.Text, typ, w.tok.Pos})
		return candidate{terms: ts, likeliness: like, confidence: conf}
	}
	switch {
	case w.initial:
		return append(dst, mk(nameapi.TermGivennameInitial, 0.8, 0.5))
	case hasSal && w.given >= 0.7 && !w.surname:
		// "Ahmet Bey", "Frau Anna": a well-known given name that is no
		// surname stays a given name.
		return append(dst, mk(nameapi.TermGivenname, 0.85, 0.7))
	case hasSal:
		// "Mr. Smith", "Dr. Müller": a salutation or title with one word
		// names the surname.
		return append(dst, mk(nameapi.TermSurname, 0.9, 0.8))
	case inGroup && w.given >= 0.7:
		// "Peter" in "Peter and Daniela Meyer": a well-known given name.
		return append(dst, mk(nameapi.TermGivenname, 0.9, 0.9))
	case inGroup:
		return append(dst, mk(nameapi.TermGivenname, 0.85, 0.7))
	case w.given >= 0.5 && !w.surname:
		return append(dst, mk(nameapi.TermGivenname, 0.9, 0.8))
	case w.surname && w.given == 0:
		return append(dst, mk(nameapi.TermSurname, 0.9, 0.75))
	case w.surname && w.given < 0.5:
		return append(dst, mk(nameapi.TermSurname, 0.7, 0.6), mk(nameapi.TermGivenname, 0.3, 0.4))
	case w.given > 0 && w.surname:
		return append(dst, mk(nameapi.TermGivenname, 0.55, 0.5), mk(nameapi.TermSurname, 0.45, 0.45))
	case w.given > 0:
		return append(dst, mk(nameapi.TermGivenname, 0.7, 0.5))
	}
	return append(dst, mk(nameapi.TermSurname, 0.5, 0.25), mk(nameapi.TermGivenname, 0.5, 0.2))
}
