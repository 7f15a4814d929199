package parse

import (
	"github.com/namepipe/namepipe/engine/text"
	"github.com/namepipe/namepipe/nameapi"
)

// Titles before a name: each its own term, a faculty joined to the title
// it qualifies.

// appendTitle adds a title. Each title is its own term ("Prof. Dr. Dr." is
// three), but a faculty or honour written in lower case joins the title
// before it ("Dr. med.", "Dr. h.c.", "Dr. rer. nat.").
func appendTitle(terms []nameTerm, text string, pos int) []nameTerm {
	if n := len(terms); n > 0 && terms[n-1].typ == nameapi.TermTitle && terms[n-1].pos == pos-1 && startsLower(text) {
		terms[n-1].text += " " + text
		terms[n-1].pos = pos
		return terms
	}
	return append(terms, nameTerm{text, nameapi.TermTitle, pos})
}

// faculty reports whether the title key is a faculty or honour written in
// lower case ("med.", "jur.", "h.c."), which qualifies the title before it.
func faculty(key string) bool {
	return startsLower(text.Lists().TitleCanon[key])
}

// titleBefore reports whether the last term is a title right before pos.
func titleBefore(terms []nameTerm, pos int) bool {
	n := len(terms)
	return n > 0 && terms[n-1].typ == nameapi.TermTitle && terms[n-1].pos == pos-1
}
