package engine

import (
	"fmt"
	"strings"

	"github.com/namepipe/namepipe/engine/text"

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

// capFakeGender lowers the confidence of g when the person's name is a
// placeholder, fictional or joke name (see fakeGenderConfidence).
func capFakeGender(g *nameapi.GenderizerResult, given, surname string) *nameapi.GenderizerResult {
	if g == nil || g.Confidence <= fakeGenderConfidence || !text.IsFakePerson(given, surname) {
		return g
	}
	c := *g
	c.Confidence = fakeGenderConfidence
	return &c
}

// fakeGenderConfidence is the most confidence a gender gets when the name
// is a placeholder, fictional or joke name ("Santa Claus", "John Doe",
// "Mickey Mouse"): the given name's statistics say little about whoever
// typed it (Santa is a woman's name in Italy and Spain).
const fakeGenderConfidence = 0.3
