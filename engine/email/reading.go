package email

import (
	"slices"
	"strings"

	"github.com/namepipe/namepipe/nameapi"
)

// A reading of a local part, and how it becomes the answer's match.

// nameOf builds a NameFromEmailAddress.
func nameOf(s string) nameapi.NameFromEmailAddress {
	t := nameapi.EmailNameTypeName
	if len([]rune(strings.TrimSuffix(s, "."))) == 1 {
		t = nameapi.EmailNameTypeInitial
	}
	return nameapi.NameFromEmailAddress{Name: s, NameType: t}
}

// reading is one candidate reading of a local part.
type reading struct {
	given, surname []string
	conf           float64
}

func (r reading) match() nameapi.EmailNameParserMatch {
	m := nameapi.EmailNameParserMatch{
		GivenNames: make([]nameapi.NameFromEmailAddress, 0, len(r.given)),
		Surnames:   make([]nameapi.NameFromEmailAddress, 0, len(r.surname)),
		Confidence: round3(r.conf),
	}
	for _, g := range r.given {
		m.GivenNames = append(m.GivenNames, nameOf(g))
	}
	for _, s := range r.surname {
		m.Surnames = append(m.Surnames, nameOf(s))
	}
	return m
}

// initialsOnly reports whether the reading's surname is an initial
// ("js", "jfk"): then the address holds initials only. An initial with a
// surname ("pjohnson", "a.berzins") is a person's name, as the real
// service answers.
func (r reading) initialsOnly() bool {
	return len(r.surname) > 0 && len([]rune(r.surname[len(r.surname)-1])) == 1
}

// dotInitials writes the initials of rs that the local part wrote with a
// dot after them as the real service does ("a.berzins": given "a."; "pjohnson":
// given "p").
func dotInitials(rs []reading, toks []token) {
	var dotted [4]string
	n := 0
	for _, t := range toks {
		if t.dot && len([]rune(t.s)) == 1 && n < len(dotted) {
			dotted[n] = t.s
			n++
		}
	}
	if n == 0 {
		return
	}
	mark := func(names []string) {
		for i, x := range names {
			if len([]rune(x)) == 1 && slices.Contains(dotted[:n], x) {
				names[i] = x + "."
			}
		}
	}
	for i := range rs {
		rs[i].given = slices.Clone(rs[i].given)
		rs[i].surname = slices.Clone(rs[i].surname)
		mark(rs[i].given)
		mark(rs[i].surname)
	}
}
