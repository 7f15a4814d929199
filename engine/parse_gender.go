package engine

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/namepipe/namepipe/nameapi"
)

// parsedGender computes the gender of a parsed person from its given names
// and salutation (and the input person's gender field), and reports a
// GENDER dispute when these contradict each other.
func (e *Engine) parsedGender(c *nameapi.Context, p *nameapi.InputPerson, given []string, salutation string) (*nameapi.GenderizerResult, []nameapi.ParserDispute) {
	g := e.genderForNames(given, salutation, c, p)
	if g.Gender != nameapi.GenderConflict {
		return g, nil
	}
	what := "the input gender"
	if salutation != "" {
		what = fmt.Sprintf("the salutation %q", salutation)
	}
	msg := fmt.Sprintf("The given name %q contradicts %s.", strings.Join(given, " "), what)
	if len(given) == 0 {
		msg = fmt.Sprintf("The salutation %q contradicts the input gender.", salutation)
	}
	return g, []nameapi.ParserDispute{{DisputeType: nameapi.DisputeGender, Message: msg}}
}

// fakeGenderConfidence is the most confidence a gender gets when the name
// is a placeholder, fictional or joke name ("Santa Claus", "John Doe",
// "Mickey Mouse"): the given name's statistics say little about whoever
// typed it (Santa is a woman's name in Italy and Spain).
const fakeGenderConfidence = 0.3

// isFakePerson reports whether given + surname is a well-known
// placeholder, fictional or joke name. The common case (the given name
// starts no such name) is decided without allocating.
// Both orders count: the other reading of "Santa Claus" has the given name
// Claus and the surname Santa.
func isFakePerson(given, surname string) bool {
	return isFakeName(given, surname) || (surname != "" && isFakeName(surname, given))
}

func isFakeName(first, rest string) bool {
	if first == "" {
		return false
	}
	l := lists()
	var buf [128]byte
	// The common case is looked up without allocating.
	if k, ok := appendFoldedWords(buf[:0], firstWord(first)); ok {
		if !l.fakeFirst[string(k)] {
			return false
		}
		if k, ok = appendFoldedWords(append(k, ' '), rest); ok {
			return isFakeKey(l, string(k))
		}
	} else if !l.fakeFirst[firstWord(foldSpace(first))] {
		return false
	}
	return isFakeKey(l, foldSpace(strings.TrimSpace(first+" "+rest)))
}

func isFakeKey(l *wordLists, k string) bool {
	if _, ok := l.placeholders[k]; ok {
		return true
	}
	return l.fictional[k] || l.humorous[k]
}

// appendFoldedWords appends foldSpace(s) to dst for the usual case of s:
// words separated by single spaces, without dots or commas. ok is false
// for other strings (the caller then uses foldSpace) or when dst would
// outgrow its capacity, so that a buffer on the caller's stack suffices.
func appendFoldedWords(dst []byte, s string) ([]byte, bool) {
	if s == "" || s[0] == ' ' || s[len(s)-1] == ' ' {
		return dst, false
	}
	prevSpace := false
	for _, r := range s {
		if r < utf8.RuneSelf {
			c := byte(r)
			switch {
			case c >= 'A' && c <= 'Z':
				c += 'a' - 'A'
			case c == ' ':
				if prevSpace {
					return dst, false
				}
			case c == '.', c == ',', c < ' ':
				return dst, false
			}
			prevSpace = c == ' '
			dst = append(dst, c)
		} else {
			if unicode.IsSpace(r) {
				return dst, false
			}
			prevSpace = false
			r = unicode.ToLower(r)
			if rep, ok := foldMap[r]; ok {
				dst = append(dst, rep...)
			} else {
				dst = utf8.AppendRune(dst, r)
			}
		}
		if len(dst) > cap(dst)-4 {
			return dst, false
		}
	}
	return dst, true
}

// capFakeGender lowers the confidence of g when the person's name is a
// placeholder, fictional or joke name (see fakeGenderConfidence).
func capFakeGender(g *nameapi.GenderizerResult, given, surname string) *nameapi.GenderizerResult {
	if g == nil || g.Confidence <= fakeGenderConfidence || !isFakePerson(given, surname) {
		return g
	}
	c := *g
	c.Confidence = fakeGenderConfidence
	return &c
}
