package genderize

// The service's request: a person's fields, or the parser's reading of
// them, to the given names, surname and salutation the genderizer judges.

import (
	"math"
	"strings"

	"github.com/namepipe/namepipe/nameapi"
)

// Person detects a natural person's gender from the given names
// (found by the name parser when the name is a FULLNAME), the salutation
// and the person's gender field, in the context's place and language (see
// ForNames). parse returns the parse of the person's name; it is called
// only when the name needs the parser (a FULLNAME, prefixes, legal or
// Arabic fields).
//
// A nil person is invalid input, and so is a person without name fields
// and without a gender. A legal person (or a name the parser reads as a
// company) has no gender: the answer is UNKNOWN with confidence 0, not an
// error, so that mixed customer lists genderize without failures. Several
// people in one name ("Peter and Maria Meyer") give their common gender
// when they share one, else INDETERMINABLE.
func (e *Genderizer) Person(in *nameapi.InputWithPerson, parse func() *nameapi.PersonNameParserResult) (*nameapi.GenderizerResult, error) {
	if in == nil || in.InputPerson == nil {
		return nil, nameapi.NewInputError(Op, "inputPerson is missing")
	}
	p := in.InputPerson
	switch p.Type {
	case nameapi.TypeNaturalInputPerson, "":
	case nameapi.TypeLegalInputPerson:
		return &nameapi.GenderizerResult{Gender: nameapi.GenderUnknown}, nil
	default:
		return nil, nameapi.NewInputError(Op, "inputPerson has unknown type %q", p.Type)
	}
	var given []string
	sal, sur := "", ""
	needParser := false
	if p.PersonName != nil {
		for _, f := range p.PersonName.NameFields {
			if strings.TrimSpace(f.String) == "" {
				continue
			}
			switch strings.ToUpper(f.FieldType) {
			case nameapi.FieldGivenname, nameapi.FieldMiddlename:
				given = append(given, f.String)
			case nameapi.FieldSalutation:
				if sal == "" {
					sal = f.String
				}
			case nameapi.FieldSurname:
				if sur == "" {
					sur = f.String
				}
			case nameapi.FieldTitle, nameapi.FieldQualifier, nameapi.FieldNameSuffix,
				nameapi.FieldMaidenSurname, nameapi.FieldNickname:
			default: // FULLNAME, prefixes, legal and Arabic fields: let the parser read them
				needParser = true
			}
		}
	}
	if !needParser {
		if len(given) == 0 && sal == "" && strings.TrimSpace(p.Gender) == "" && !hasSurname(p) {
			return nil, nameapi.NewInputError(Op, "inputPerson has no name fields and no gender")
		}
		return e.ForPerson(given, sur, sal, in.Context, p), nil
	}
	// The terms of the best match do not depend on the input gender or
	// the culture hints, so any memoised parse of the name will do.
	best := parse().Best()
	if best == nil || best.ParsedPerson == nil {
		return &nameapi.GenderizerResult{Gender: nameapi.GenderUnknown}, nil
	}
	return e.ofParsed(best.ParsedPerson, in.Context, p), nil
}

// hasSurname reports whether p has a non-empty name field.
func hasSurname(p *nameapi.InputPerson) bool {
	if p.PersonName == nil {
		return false
	}
	for _, f := range p.PersonName.NameFields {
		if strings.TrimSpace(f.String) != "" {
			return true
		}
	}
	return false
}

// ofParsed returns the gender of a parsed person from its terms (given
// and middle names, salutation), or for a group the common gender of its
// people.
func (e *Genderizer) ofParsed(pp *nameapi.ParsedPerson, c *nameapi.Context, p *nameapi.InputPerson) *nameapi.GenderizerResult {
	if pp.PersonType == nameapi.PersonTypeLegal {
		return &nameapi.GenderizerResult{Gender: nameapi.GenderUnknown}
	}
	if len(pp.People) > 0 {
		// A group: the input gender field cannot apply to every member.
		var common *nameapi.GenderizerResult
		for i := range pp.People {
			g := e.ofParsed(&pp.People[i], c, nil)
			switch {
			case common == nil:
				common = g
			case common.Gender != g.Gender:
				return &nameapi.GenderizerResult{Gender: nameapi.GenderIndeterminable, Confidence: round(math.Max(common.Confidence, g.Confidence))}
			case g.Confidence < common.Confidence:
				common = g
			}
		}
		return common
	}
	var givenBuf [4]string
	given := givenBuf[:0]
	sal, sur := "", ""
	if pp.OutputPersonName != nil {
		for _, t := range pp.OutputPersonName.Terms {
			switch t.TermType {
			case nameapi.TermGivenname, nameapi.TermMiddlename:
				given = append(given, t.String)
			case nameapi.TermSalutation:
				if sal == "" {
					sal = t.String
				}
			case nameapi.TermSurname:
				if sur == "" {
					sur = t.String
				}
			}
		}
	}
	g := e.ForPerson(given, sur, sal, c, p)
	if g != nil {
		if v := CapFakeValue(*g, pp.AddressingGivenName, pp.AddressingSurname); v != *g {
			g = &v
		}
	}
	return g
}
