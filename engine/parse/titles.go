package parse

import (
	"strings"

	"github.com/namepipe/namepipe/engine/text"
	"github.com/namepipe/namepipe/nameapi"
)

// Titles before a name: each its own term, a faculty joined to the title
// it qualifies.

// appendTitle adds a title. Each title is its own term ("Prof. Dr." is
// two), but a faculty or honour written in lower case joins the title
// before it ("Dr. med.", "Dr. h.c.", "Dr. rer. nat."), and so does a
// title repeated ("Dr. Dr.", two doctorates, is one title: "Prof. Dr.
// Dr." is two terms, as the real service answers).
func appendTitle(terms []nameTerm, text string, pos int) []nameTerm {
	if n := len(terms); n > 0 && terms[n-1].typ == nameapi.TermTitle && terms[n-1].pos == pos-1 && (startsLower(text) || repeatsLast(terms[n-1].text, text)) {
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

// repeatsLast reports whether the title t repeats the last title of
// joined, the title term so far ("Dr." after "Dr." or "Dr. Dr."), compared
// by key.
func repeatsLast(joined, t string) bool {
	last := joined
	if i := strings.LastIndexByte(joined, ' '); i >= 0 {
		last = joined[i+1:]
	}
	k := text.NKey(t)
	return k != "" && text.NKey(last) == k
}
