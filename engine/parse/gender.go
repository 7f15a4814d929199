package parse

import (
	"fmt"
	"strings"

	"github.com/namepipe/namepipe/engine/genderize"
	"github.com/namepipe/namepipe/nameapi"
)

// parsedGender computes the gender of a parsed person from its given names,
// surname and salutation (and the input person's gender field), and reports a
// GENDER dispute when these contradict each other. The genderizer remembers
// the answer of the names in mem (see genderize.PersonGender).
func (e *Parser) parsedGender(c *nameapi.Context, p *nameapi.InputPerson, given []string, surname, salutation string, mem *genderize.Memory) (nameapi.GenderizerResult, []nameapi.ParserDispute) {
	g := e.gz.PersonGender(given, surname, salutation, c, p, mem)
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
