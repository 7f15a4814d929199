package parse

import (
	"math"

	"github.com/namepipe/namepipe/engine/text"
	"github.com/namepipe/namepipe/nameapi"
)

// parseMultiple parses several people in one field ("Peter and Maria
// Meyer", "Mr. & Mrs. J. Smith", "John Smith and Jane Doe"). People
// without a surname share the surname of the last person that has one.
func (e *Parser) parseMultiple(c *nameapi.Context, p *nameapi.InputPerson, segs [][]text.Token, fl text.TokFlags) nameapi.ParsedPersonMatch {
	cands := make([]candidate, len(segs))
	for i, s := range segs {
		cands[i] = e.parseSegment(s, true)[0]
	}
	// "Mr. and Mrs. John Smith": by convention the given name is the
	// husband's.
	if len(cands) == 2 && onlySalutations(cands[0].terms) {
		if g0, g1 := salutationGenderOfTerms(cands[0].terms), salutationGenderOfTerms(cands[1].terms); g0 == nameapi.GenderMale && g1 == nameapi.GenderFemale {
			var keep []nameTerm
			for _, t := range cands[1].terms {
				switch t.typ {
				case nameapi.TermGivenname, nameapi.TermMiddlename, nameapi.TermGivennameInitial, nameapi.TermMiddlenameInitial:
					cands[0].terms = append(cands[0].terms, t)
				default:
					keep = append(keep, t)
				}
			}
			cands[1].terms = keep
		}
	}
	shared := ""
	sharedPos := 0
	for i := len(cands) - 1; i >= 0; i-- {
		for _, t := range cands[i].terms {
			if t.typ == nameapi.TermSurname {
				shared, sharedPos = t.text, t.pos
				break
			}
		}
		if shared != "" {
			break
		}
	}
	group := &nameapi.ParsedPerson{PersonType: nameapi.PersonTypeMultiple, PersonRole: nameapi.RoleGroup}
	var disputes []nameapi.ParserDispute
	like, conf := 1.0, 1.0
	genders := map[string]bool{}
	allSame := true
	for i := range cands {
		if shared != "" && firstOf(cands[i].terms, nameapi.TermSurname) == "" {
			cands[i].terms = append(cands[i].terms, nameTerm{shared, nameapi.TermSurname, sharedPos})
		}
		pp, d := e.naturalPerson(c, nil, cands[i].terms)
		disputes = append(disputes, cands[i].disputes...)
		disputes = append(disputes, d...)
		group.People = append(group.People, *pp)
		like = math.Min(like, cands[i].likeliness)
		conf = math.Min(conf, cands[i].confidence)
		if pp.Gender != nil {
			genders[pp.Gender.Gender] = true
		}
		if pp.AddressingSurname != group.People[0].AddressingSurname {
			allSame = false
		}
	}
	if allSame {
		group.AddressingSurname = group.People[0].AddressingSurname
	}
	if len(genders) == 1 {
		for g := range genders {
			group.Gender = &nameapi.GenderizerResult{Gender: g, Confidence: round3(conf)}
		}
	} else {
		group.Gender = &nameapi.GenderizerResult{Gender: nameapi.GenderIndeterminable, Confidence: round3(conf)}
	}
	disputes = append(disputes, syntaxDisputes(fl, nil)...)
	if disputes == nil {
		disputes = []nameapi.ParserDispute{}
	}
	_ = p
	return nameapi.ParsedPersonMatch{
		ParsedPerson:   group,
		ParserDisputes: disputes,
		Likeliness:     round3(math.Max(0.6, like*0.95)),
		Confidence:     round3(conf * 0.9),
	}
}

func onlySalutations(ts []nameTerm) bool {
	if len(ts) == 0 {
		return false
	}
	for _, t := range ts {
		if t.typ != nameapi.TermSalutation && t.typ != nameapi.TermTitle {
			return false
		}
	}
	return true
}

// salutationGenderOfTerms returns the gender implied by the first salutation in
// ts, or "".
func salutationGenderOfTerms(ts []nameTerm) string {
	l := text.Lists()
	for _, t := range ts {
		if t.typ == nameapi.TermSalutation {
			return l.Salutations[text.NKey(t.text)]
		}
	}
	return ""
}
