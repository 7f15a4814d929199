package parse

import (
	"strings"

	"github.com/namepipe/namepipe/engine/text"
	"github.com/namepipe/namepipe/nameapi"
)

// A family addressed as one ("Familie Müller", "Fam. Rossi", "The Smith
// family") is the interface's FAMILY person type: the word naming the
// family is a SALUTATION term, the rest the family's surname.

// familyBefore holds the words (as text.NKey keys) that name a family
// before its surname, in the languages whose CRMs write them so.
var familyBefore = map[string]bool{
	"familie": true, "fam": true, "famille": true, "familia": true, "família": true,
	"famiglia": true, "familjen": true, "rodzina": true, "rodina": true,
}

// familyAfter holds the words naming a family after its surname.
var familyAfter = map[string]bool{"family": true, "familie": true}

// familyFilter holds the words of familyBefore and familyAfter: most
// words of a name are none (a token's key is text.NKey of its text).
var familyFilter = func() (f text.KeyFilter) {
	for _, m := range []map[string]bool{familyBefore, familyAfter} {
		for k := range m {
			f.Add(k)
		}
	}
	return f
}()

// maxFamilyWords bounds the surname of a family ("Familie van der Berg").
const maxFamilyWords = 3

// parseFamily returns the FAMILY match of toks when they are a family
// marker and a surname of at most maxFamilyWords words.
func (e *Parser) parseFamily(toks []text.Token) (nameapi.ParsedPersonMatch, bool) {
	if len(toks) < 2 || !(familyFilter.MayHold(toks[0].Key) && familyBefore[toks[0].Key] ||
		familyFilter.MayHold(toks[len(toks)-1].Key) && familyAfter[toks[len(toks)-1].Key]) {
		return nameapi.ParsedPersonMatch{}, false
	}
	for _, t := range toks {
		if t.Kind != text.TokWord {
			return nameapi.ParsedPersonMatch{}, false
		}
	}
	var lead, trail []text.Token
	core := toks
	switch {
	case len(toks) >= 2 && familyBefore[toks[0].Key]:
		lead, core = toks[:1], toks[1:]
	case len(toks) >= 3 && toks[0].Key == "the" && familyAfter[toks[len(toks)-1].Key]:
		lead, core, trail = toks[:1], toks[1:len(toks)-1], toks[len(toks)-1:]
	case len(toks) >= 2 && familyAfter[toks[len(toks)-1].Key] && toks[len(toks)-1].Key == "family":
		core, trail = toks[:len(toks)-1], toks[len(toks)-1:]
	default:
		return nameapi.ParsedPersonMatch{}, false
	}
	if len(core) == 0 || len(core) > maxFamilyWords {
		return nameapi.ParsedPersonMatch{}, false
	}
	words := make([]string, len(core))
	for i, t := range core {
		words[i] = t.Text
	}
	var terms []nameapi.Term
	for _, t := range lead {
		terms = append(terms, nameapi.Term{String: t.Text, TermType: nameapi.TermSalutation})
	}
	surname := strings.Join(words, " ")
	terms = append(terms, nameapi.Term{String: surname, TermType: nameapi.TermSurname})
	for _, t := range trail {
		terms = append(terms, nameapi.Term{String: t.Text, TermType: nameapi.TermSalutation})
	}
	return nameapi.ParsedPersonMatch{
		ParsedPerson: &nameapi.ParsedPerson{
			PersonType:        nameapi.PersonTypeFamily,
			PersonRole:        nameapi.RoleGroup,
			AddressingSurname: surname,
			Gender:            &nameapi.GenderizerResult{Gender: nameapi.GenderIndeterminable, Confidence: 0.9},
			OutputPersonName:  &nameapi.OutputPersonName{Terms: terms},
		},
		ParserDisputes: []nameapi.ParserDispute{},
		Likeliness:     0.9,
		Confidence:     0.85,
	}, true
}
