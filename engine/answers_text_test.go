package engine

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"github.com/namepipe/namepipe/nameapi"
)

// This file holds the text forms of TestAnswersUnchanged's files: a
// record's input as one line of JSON with short keys (caseInput), and each
// operation's answer as one line of text, every field of the result type
// written (TestAnswerTextCoversFields holds the renderers to the types).

// caseInput is one record of the answer files: a person as the risk
// detector gets it, in a short, lossless form. The parse and genderize
// requests and the email checks' address follow from it as the pipeline
// builds them (see records).
type caseInput struct {
	Legal  bool        `json:"legal,omitempty"`
	Name   string      `json:"name,omitempty"`
	Gender string      `json:"gender,omitempty"`
	Email  string      `json:"email,omitempty"`
	Tel    string      `json:"tel,omitempty"`
	Age    string      `json:"age,omitempty"`
	Addr   *caseAddr   `json:"addr,omitempty"`
	Place  string      `json:"place,omitempty"`
	Extra  *caseExtras `json:"extra,omitempty"`
}

// caseExtras are the person fields the parse request carries besides the
// name (none of the current records has them; kept so the form is total
// for what namePart copies).
type caseExtras struct {
	Nationalities          []string `json:"nat,omitempty"`
	NativeLanguages        []string `json:"native,omitempty"`
	CorrespondenceLanguage string   `json:"corr,omitempty"`
}

// caseAddr is an address: structured (a single-string street or a street
// name and house number, postal code, locality, country), one string, or
// lines.
type caseAddr struct {
	Street string   `json:"street,omitempty"`
	Name   string   `json:"streetName,omitempty"`
	House  string   `json:"house,omitempty"`
	Postal string   `json:"postal,omitempty"`
	City   string   `json:"city,omitempty"`
	CC     string   `json:"cc,omitempty"`
	String string   `json:"string,omitempty"`
	Lines  []string `json:"lines,omitempty"`
}

// encodeCase writes r's risk request in the short form; it fails when the
// form would lose part of it (checked by decoding it again).
func encodeCase(r *pipeRecord) (string, error) {
	p := r.risk.InputPerson
	var c caseInput
	c.Legal = p.Type == nameapi.TypeLegalInputPerson
	if p.PersonName != nil {
		if len(p.PersonName.NameFields) != 1 || p.PersonName.NameFields[0].FieldType != nameapi.FieldFullname {
			return "", fmt.Errorf("name fields %v: only one FULLNAME field has a short form", p.PersonName.NameFields)
		}
		c.Name = p.PersonName.NameFields[0].String
	}
	c.Gender = p.Gender
	if len(p.EmailAddresses) == 1 {
		c.Email = p.EmailAddresses[0].EmailAddress
	}
	if len(p.TelNumbers) == 1 {
		c.Tel = p.TelNumbers[0].FullNumber
	}
	if a := p.Age; a != nil {
		switch a.Type {
		case nameapi.TypeBirthDate:
			c.Age = fmt.Sprintf("%d-%d-%d", a.Year, a.Month, a.Day)
		case nameapi.TypeBirthYearMonth:
			c.Age = fmt.Sprintf("%d-%d", a.Year, a.Month)
		case nameapi.TypeBirthYear:
			c.Age = fmt.Sprint(a.Year)
		}
	}
	if len(p.Addresses) == 1 {
		a := p.Addresses[0].Address
		var ca caseAddr
		switch {
		case a == nil:
		case a.Type == nameapi.TypeSingleStringAddress:
			ca.String = a.String
		case a.Type == nameapi.TypeMultiLineAddress:
			ca.Lines = a.AddressLines
		case a.Type == nameapi.TypeStructuredAddress:
			if s := a.StreetInfo; s != nil {
				ca.Street, ca.Name, ca.House = s.String, s.StreetName, s.HouseNumber
			}
			if pl := a.PlaceInfo; pl != nil {
				ca.Postal, ca.City, ca.CC = pl.PostalCode, pl.Locality, pl.Country
			}
		}
		c.Addr = &ca
	}
	if len(p.Nationalities)+len(p.NativeLanguages) > 0 || p.CorrespondenceLanguage != "" {
		c.Extra = &caseExtras{p.Nationalities, p.NativeLanguages, p.CorrespondenceLanguage}
	}
	if r.risk.Context != nil {
		c.Place = r.risk.Context.Place
	}
	b, err := json.Marshal(c)
	if err != nil {
		return "", err
	}
	back, err := decodeCase(string(b))
	if err != nil {
		return "", err
	}
	if !reflect.DeepEqual(back.risk, r.risk) || !reflect.DeepEqual(back.parse, r.parse) ||
		!reflect.DeepEqual(back.genderize, r.genderize) || back.email != r.email {
		return "", fmt.Errorf("record %s: the short form loses part of it", b)
	}
	return string(b), nil
}

// decodeCase builds a record from its short form, its four requests as
// the pipeline builds them (benchRow.record, mapping.Request.Payload).
func decodeCase(s string) (pipeRecord, error) {
	var c caseInput
	dec := json.NewDecoder(strings.NewReader(s))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&c); err != nil {
		return pipeRecord{}, fmt.Errorf("record %s: %w", s, err)
	}
	p := &nameapi.InputPerson{Type: nameapi.TypeNaturalInputPerson, Gender: c.Gender}
	if c.Legal {
		p.Type = nameapi.TypeLegalInputPerson
	}
	if c.Name != "" {
		p.PersonName = &nameapi.InputPersonName{NameFields: []nameapi.NameField{nameapi.Field(nameapi.FieldFullname, c.Name)}}
	}
	if c.Email != "" {
		p.EmailAddresses = []nameapi.EmailAddress{nameapi.NewEmailAddress(c.Email)}
	}
	if c.Tel != "" {
		p.TelNumbers = []nameapi.TelNumber{nameapi.NewTelNumber(c.Tel)}
	}
	if c.Age != "" {
		var n [3]int
		parts := strings.Split(c.Age, "-")
		if len(parts) > 3 {
			return pipeRecord{}, fmt.Errorf("record %s: age %q", s, c.Age)
		}
		for i, f := range parts {
			v, err := strconv.Atoi(f)
			if err != nil {
				return pipeRecord{}, fmt.Errorf("record %s: age %q: %w", s, c.Age, err)
			}
			n[i] = v
		}
		switch len(parts) {
		case 1:
			p.Age = nameapi.NewBirthYear(n[0])
		case 2:
			p.Age = nameapi.NewBirthYearMonth(n[0], n[1])
		case 3:
			p.Age = nameapi.NewBirthDate(n[0], n[1], n[2])
		}
	}
	if a := c.Addr; a != nil {
		var addr *nameapi.InputAddress
		switch {
		case a.String != "":
			addr = &nameapi.InputAddress{Type: nameapi.TypeSingleStringAddress, String: a.String}
		case a.Lines != nil:
			addr = &nameapi.InputAddress{Type: nameapi.TypeMultiLineAddress, AddressLines: a.Lines}
		default:
			street := &nameapi.StreetInfo{Type: nameapi.TypeSingleStringStreetInfo, String: a.Street}
			if a.Street == "" {
				street = &nameapi.StreetInfo{Type: nameapi.TypeStructuredStreetInfo, StreetName: a.Name, HouseNumber: a.House}
			}
			addr = &nameapi.InputAddress{Type: nameapi.TypeStructuredAddress, StreetInfo: street,
				PlaceInfo: &nameapi.PlaceInfo{Type: nameapi.TypeStructuredPlaceInfo, PostalCode: a.Postal, Locality: a.City, Country: a.CC}}
		}
		p.Addresses = []nameapi.AddressRelation{{Type: nameapi.TypeUseForAllAddressRelation, Address: addr}}
	}
	if x := c.Extra; x != nil {
		p.Nationalities, p.NativeLanguages, p.CorrespondenceLanguage = x.Nationalities, x.NativeLanguages, x.CorrespondenceLanguage
	}
	var ctx *nameapi.Context
	if c.Place != "" {
		ctx = &nameapi.Context{Place: c.Place}
	}
	namePart := func(gender string) *nameapi.InputPerson {
		return &nameapi.InputPerson{Type: p.Type, PersonName: p.PersonName, Gender: gender,
			Nationalities: p.Nationalities, NativeLanguages: p.NativeLanguages,
			CorrespondenceLanguage: p.CorrespondenceLanguage}
	}
	return pipeRecord{
		parse:     &nameapi.InputWithPerson{Context: ctx, InputPerson: namePart(p.Gender)},
		genderize: &nameapi.InputWithPerson{Context: ctx, InputPerson: namePart("")},
		risk:      &nameapi.InputWithPerson{Context: ctx, InputPerson: p},
		email:     c.Email,
	}, nil
}

// word writes s as it is when that cannot be misread in an answer line,
// else quoted (Go syntax).
func word(s string) string {
	if s == "" || strings.ContainsFunc(s, func(r rune) bool {
		return !strconv.IsPrint(r) || strings.ContainsRune(" \t\"=|;,()[]{}\\", r)
	}) {
		return strconv.Quote(s)
	}
	return s
}

// num writes f in the shortest form that reads back as f.
func num(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }

// parseText writes a parser result: its matches, separated by " || ",
// each as likeliness/confidence, the parsed person and its disputes.
func parseText(r *nameapi.PersonNameParserResult) string {
	if r == nil {
		return "nil"
	}
	if len(r.Matches) == 0 {
		return "no matches"
	}
	var b strings.Builder
	for i, m := range r.Matches {
		if i > 0 {
			b.WriteString(" || ")
		}
		fmt.Fprintf(&b, "%s/%s ", num(m.Likeliness), num(m.Confidence))
		personText(&b, m.ParsedPerson)
		for _, d := range m.ParserDisputes {
			fmt.Fprintf(&b, " dispute=%s:%s", word(d.DisputeType), word(d.Message))
		}
	}
	return b.String()
}

// personText writes a parsed person: type/role, mailing roles, gender,
// addressing names, terms (text=TYPE), and the people of a group in (...).
func personText(b *strings.Builder, p *nameapi.ParsedPerson) {
	if p == nil {
		b.WriteString("nil")
		return
	}
	fmt.Fprintf(b, "%s/%s", word(p.PersonType), word(p.PersonRole))
	if p.MailingPersonRoles != nil {
		fmt.Fprintf(b, " roles=%s", strings.Join(p.MailingPersonRoles, ","))
	}
	if p.Gender != nil {
		b.WriteString(" gender=" + genderText(p.Gender))
	}
	if p.AddressingGivenName != "" || p.AddressingSurname != "" {
		b.WriteString(" addressing=" + word(p.AddressingGivenName) + "/" + word(p.AddressingSurname))
	}
	if n := p.OutputPersonName; n != nil {
		b.WriteString(" [")
		for i, t := range n.Terms {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(word(t.String) + "=" + word(t.TermType))
		}
		b.WriteString("]")
	}
	if p.People != nil {
		b.WriteString(" people(")
		for i := range p.People {
			if i > 0 {
				b.WriteString("; ")
			}
			personText(b, &p.People[i])
		}
		b.WriteString(")")
	}
}

// genderText writes a genderizer result: gender, confidence and, when
// present, the male proportion ("MALE 0.9 male=0.95").
func genderText(g *nameapi.GenderizerResult) string {
	if g == nil {
		return "nil"
	}
	s := word(g.Gender) + " " + num(g.Confidence)
	if g.MaleProportion != nil {
		s += " male=" + num(*g.MaleProportion)
	}
	return s
}

// riskText writes a risk result: the score, then each risk as
// "| ITEM/TYPE score reason".
func riskText(r *nameapi.RiskDetectorResult) string {
	if r == nil {
		return "nil"
	}
	s := num(r.Score)
	if r.Risks == nil {
		s += " risks=nil"
	}
	for _, k := range r.Risks {
		s += fmt.Sprintf(" | %s/%s %s %s", word(k.DataItem), word(string(k.RiskType)), num(k.RiskScore), word(k.Reason))
	}
	return s
}

// errText writes an operation's error in place of its answer.
func errText(err error) string { return "error: " + word(err.Error()) }

// renderedFields lists, for each result type the answer files write, the
// fields its renderer writes; TestAnswerTextCoversFields holds it to the
// types, so that a field added to a result cannot go unwritten.
var renderedFields = map[reflect.Type][]string{
	reflect.TypeFor[nameapi.PersonNameParserResult]():               {"Matches"},
	reflect.TypeFor[nameapi.ParsedPersonMatch]():                    {"ParsedPerson", "ParserDisputes", "Likeliness", "Confidence"},
	reflect.TypeFor[nameapi.ParserDispute]():                        {"DisputeType", "Message"},
	reflect.TypeFor[nameapi.ParsedPerson]():                         {"PersonType", "PersonRole", "MailingPersonRoles", "Gender", "AddressingGivenName", "AddressingSurname", "OutputPersonName", "People"},
	reflect.TypeFor[nameapi.OutputPersonName]():                     {"Terms"},
	reflect.TypeFor[nameapi.Term]():                                 {"String", "TermType"},
	reflect.TypeFor[nameapi.GenderizerResult]():                     {"Gender", "MaleProportion", "Confidence"},
	reflect.TypeFor[nameapi.RiskDetectorResult]():                   {"Score", "Risks"},
	reflect.TypeFor[nameapi.DetectedRisk]():                         {"DataItem", "RiskType", "RiskScore", "Reason"},
	reflect.TypeFor[nameapi.DisposableEmailAddressDetectorResult](): {"Disposable"},
	reflect.TypeFor[nameapi.EmailDomainTypeClassifierResult]():      {"DomainType"},
}
