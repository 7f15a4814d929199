package mapping

import (
	"strings"

	"github.com/namepipe/namepipe/nameapi"
	"github.com/namepipe/namepipe/record"
)

// ResultField describes one result column an operation can emit. Name is
// the column name without the prefix, as listed under an operation's
// "fields".
type ResultField struct {
	Op   Op
	Name string
	Type record.Type
	Doc  string
	get  func(v any) record.Value
}

// ErrorColumn is the name (without prefix) of the error column, always the
// last output column.
const ErrorColumn = "error"

// ResultFields returns every result field of op, in output order.
func ResultFields(op Op) []ResultField {
	fs := resultFields[op]
	out := make([]ResultField, len(fs))
	copy(out, fs)
	return out
}

func fieldNames(op Op) []string {
	var out []string
	for _, f := range resultFields[op] {
		out = append(out, f.Name)
	}
	return out
}

// typed adapts a getter on *T to any value of type T or *T; other values
// (nil, a different type) give nil.
func typed[T any](get func(*T) record.Value) func(any) record.Value {
	return func(v any) record.Value {
		switch x := v.(type) {
		case *T:
			if x == nil {
				return nil
			}
			return get(x)
		case T:
			return get(&x)
		}
		return nil
	}
}

func str(s string) record.Value {
	if s == "" {
		return nil
	}
	return s
}

// parsedPeople returns the best match's person, or its people for MULTIPLE
// and FAMILY results.
func parsedPeople(r *nameapi.PersonNameParserResult) []*nameapi.ParsedPerson {
	m := r.Best()
	if m == nil || m.ParsedPerson == nil {
		return nil
	}
	pp := m.ParsedPerson
	if len(pp.People) == 0 {
		return []*nameapi.ParsedPerson{pp}
	}
	out := make([]*nameapi.ParsedPerson, 0, len(pp.People))
	for i := range pp.People {
		out = append(out, &pp.People[i])
	}
	return out
}

// terms joins the terms of the given types of each person with a space,
// and the people with "; " (distinct values only).
func terms(termTypes ...string) func(*nameapi.PersonNameParserResult) record.Value {
	return func(r *nameapi.PersonNameParserResult) record.Value {
		m := r.Best()
		if m == nil || m.ParsedPerson == nil {
			return nil
		}
		pp := m.ParsedPerson
		if len(pp.People) == 0 {
			// One person, the common case: no list of people to build.
			return str(personTerms(pp, termTypes))
		}
		var perPerson []string
		for i := range pp.People {
			if s := personTerms(&pp.People[i], termTypes); s != "" && !contains(perPerson, s) {
				perPerson = append(perPerson, s)
			}
		}
		return str(strings.Join(perPerson, "; "))
	}
}

// personTerms joins the terms of the given types of one person with a
// space; a single term is returned as it is, without allocating.
func personTerms(p *nameapi.ParsedPerson, termTypes []string) string {
	if p.OutputPersonName == nil {
		return ""
	}
	first, n := "", 0
	var parts []string
	for _, t := range p.OutputPersonName.Terms {
		if t.String == "" {
			continue
		}
		for _, tt := range termTypes {
			if t.TermType != tt {
				continue
			}
			switch n {
			case 0:
				first = t.String
			case 1:
				parts = append(parts, first, t.String)
			default:
				parts = append(parts, t.String)
			}
			n++
		}
	}
	if n <= 1 {
		return first
	}
	return strings.Join(parts, " ")
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// riskJoin is the getter of a risk column: one field of every detected
// risk, distinct values joined with sep.
func riskJoin(sep string, field func(nameapi.DetectedRisk) string) func(any) record.Value {
	return typed(func(r *nameapi.RiskDetectorResult) record.Value {
		vals := make([]string, len(r.Risks))
		for i, k := range r.Risks {
			vals[i] = field(k)
		}
		return distinctJoin(vals, sep)
	})
}

func distinctJoin(vals []string, sep string) record.Value {
	var out []string
	for _, v := range vals {
		if v != "" && !contains(out, v) {
			out = append(out, v)
		}
	}
	return str(strings.Join(out, sep))
}

var resultFields = map[Op][]ResultField{
	OpParse: {
		{Name: "given_name", Type: record.String, Doc: "given name(s) found by the parser (GIVENNAME and GIVENNAMEINITIAL terms)",
			get: typed(terms(nameapi.TermGivenname, nameapi.TermGivennameInitial))},
		{Name: "middle_name", Type: record.String, Doc: "middle name(s) (MIDDLENAME, MIDDLENAMEINITIAL)",
			get: typed(terms(nameapi.TermMiddlename, nameapi.TermMiddlenameInitial))},
		{Name: "surname", Type: record.String, Doc: "surname(s) (SURNAME, SURNAMEINITIAL)",
			get: typed(terms(nameapi.TermSurname, nameapi.TermSurnameInitial))},
		{Name: "nickname", Type: record.String, Doc: "nickname (NICKNAME)", get: typed(terms(nameapi.TermNickname))},
		{Name: "title", Type: record.String, Doc: "title such as Dr. (TITLE)", get: typed(terms(nameapi.TermTitle))},
		{Name: "salutation", Type: record.String, Doc: "salutation such as Mrs (SALUTATION)", get: typed(terms(nameapi.TermSalutation))},
		{Name: "qualifier", Type: record.String, Doc: "qualifier or suffix such as jr (QUALIFIER, SUFFIX)",
			get: typed(terms(nameapi.TermQualifier, nameapi.TermSuffix))},
		{Name: "legal_name", Type: record.String, Doc: "organisation name of a legal person (BUSINESSNAME)", get: typed(terms(nameapi.TermBusinessName))},
		{Name: "legal_form", Type: record.String, Doc: "legal form such as GmbH or Inc. (BUSINESSLEGALFORM)", get: typed(terms(nameapi.TermBusinessLegalForm))},
		{Name: "person_type", Type: record.String, Doc: "NATURAL, LEGAL, MULTIPLE or FAMILY",
			get: typed(func(r *nameapi.PersonNameParserResult) record.Value {
				if m := r.Best(); m != nil && m.ParsedPerson != nil {
					return str(m.ParsedPerson.PersonType)
				}
				return nil
			})},
		{Name: "parsed_gender", Type: record.String, Doc: "gender the parser inferred: MALE, FEMALE, NEUTRAL, UNKNOWN, INDETERMINABLE or CONFLICT",
			get: typed(func(r *nameapi.PersonNameParserResult) record.Value {
				var gs []string
				for _, p := range parsedPeople(r) {
					if p.Gender != nil {
						gs = append(gs, p.Gender.Gender)
					}
				}
				return distinctJoin(gs, "; ")
			})},
		{Name: "parse_confidence", Type: record.Double, Doc: "confidence of the best parse, 0..1",
			get: typed(func(r *nameapi.PersonNameParserResult) record.Value {
				if m := r.Best(); m != nil {
					return m.Confidence
				}
				return nil
			})},
		{Name: "parse_disputes", Type: record.String, Doc: "comma-separated dispute types of the best parse (GENDER, SPELLING, TRANSPOSITION, …)",
			get: typed(func(r *nameapi.PersonNameParserResult) record.Value {
				m := r.Best()
				if m == nil {
					return nil
				}
				var ds []string
				for _, d := range m.ParserDisputes {
					ds = append(ds, d.DisputeType)
				}
				return distinctJoin(ds, ",")
			})},
	},
	OpGenderize: {
		{Name: "gender", Type: record.String, Doc: "MALE, FEMALE, NEUTRAL, UNKNOWN, INDETERMINABLE or CONFLICT",
			get: typed(func(r *nameapi.GenderizerResult) record.Value { return str(r.Gender) })},
		{Name: "gender_confidence", Type: record.Double, Doc: "confidence of the gender, 0..1",
			get: typed(func(r *nameapi.GenderizerResult) record.Value { return r.Confidence })},
		{Name: "male_proportion", Type: record.Double, Doc: "share of male bearers of the name, 0..1; empty when unknown",
			get: typed(func(r *nameapi.GenderizerResult) record.Value {
				if r.MaleProportion == nil {
					return nil
				}
				return *r.MaleProportion
			})},
	},
	OpRisk: {
		{Name: "risk_score", Type: record.Double, Doc: "overall risk score, -1 (trustworthy) .. 1 (certainly fake)",
			get: typed(func(r *nameapi.RiskDetectorResult) record.Value { return r.Score })},
		{Name: "risk_types", Type: record.String, Doc: "comma-separated risk types found (PLACEHOLDER, RANDOM_TYPING, FICTIONAL, FAMOUS, HUMOROUS, INVALID, STRING_SIMILARITY, PADDING, STUTTER_TYPING, SPACED_TYPING, OTHER)",
			get: riskJoin(",", func(k nameapi.DetectedRisk) string { return string(k.RiskType) })},
		{Name: "risk_items", Type: record.String, Doc: "comma-separated data items with a risk (NAME, ADDRESS, AGE, EMAIL, TEL)",
			get: riskJoin(",", func(k nameapi.DetectedRisk) string { return k.DataItem })},
		{Name: "risk_reasons", Type: record.String, Doc: "the service's reasons, joined with \"; \"",
			get: riskJoin("; ", func(k nameapi.DetectedRisk) string { return k.Reason })},
	},
	OpDisposable: {
		{Name: "disposable_email", Type: record.String, Doc: "YES, NO or UNKNOWN: whether the email address is a disposable (throw-away) one",
			get: typed(func(r *nameapi.DisposableEmailAddressDetectorResult) record.Value { return str(r.Disposable) })},
	},
	OpEmailName: {
		{Name: "email_name_type", Type: record.String, Doc: "what the local part is: PERSON_NAME, INITIALS, FUNCTIONAL, PSEUDONYM, NOT_A_NAME or UNKNOWN",
			get: typed(func(r *nameapi.EmailNameParserResult) record.Value { return str(r.ResultType) })},
		{Name: "email_given_name", Type: record.String, Doc: "given name(s) read from the email address (best match)",
			get: typed(func(r *nameapi.EmailNameParserResult) record.Value {
				if len(r.NameMatches) == 0 {
					return nil
				}
				return joinEmailNames(r.NameMatches[0].GivenNames)
			})},
		{Name: "email_surname", Type: record.String, Doc: "surname(s) read from the email address (best match)",
			get: typed(func(r *nameapi.EmailNameParserResult) record.Value {
				if len(r.NameMatches) == 0 {
					return nil
				}
				return joinEmailNames(r.NameMatches[0].Surnames)
			})},
		{Name: "email_name_confidence", Type: record.Double, Doc: "confidence of the best match, 0..1; empty without a match",
			get: typed(func(r *nameapi.EmailNameParserResult) record.Value {
				if len(r.NameMatches) == 0 {
					return nil
				}
				return r.NameMatches[0].Confidence
			})},
	},
	OpFormat: {
		{Name: "formatted_name", Type: record.String, Doc: "the name formatted for display (letter case, order)",
			get: typed(func(r *nameapi.FormatterResult) record.Value { return str(r.Formatted) })},
		{Name: "format_unknown", Type: record.Bool, Doc: "true when the formatter did not recognise the name and returned it unchanged",
			get: typed(func(r *nameapi.FormatterResult) record.Value { return r.Unknown })},
	},
	OpClassify: {
		{Name: "email_domain_type", Type: record.String, Doc: "kind of the email domain: FREEMAIL, ORGANIZATION, ISP, DISPOSABLE or UNKNOWN",
			get: typed(func(r *nameapi.EmailDomainTypeClassifierResult) record.Value { return str(r.DomainType) })},
	},
}

func joinEmailNames(ns []nameapi.NameFromEmailAddress) record.Value {
	var out []string
	for _, n := range ns {
		if n.Name != "" {
			out = append(out, n.Name)
		}
	}
	return str(strings.Join(out, " "))
}

func init() {
	for op, fs := range resultFields {
		for i := range fs {
			fs[i].Op = op
		}
	}
}
