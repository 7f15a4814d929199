package mapping

import (
	"strings"

	"github.com/namepipe/namepipe/nameapi"
	"github.com/namepipe/namepipe/record"
)

// operations is the table of operations, one entry each, in canonical
// order. Adding an operation is an entry here (with its nameapi.Endpoint
// and the Service method behind it); nothing else in this package names
// an operation.
var operations = []operation{Parser, Genderizer, RiskDetector, DisposableDetector, EmailNameParser, Formatter, Classifier}

// The operations. Their keys normalise the input where the operation's
// answer cannot depend on it, so that more rows share a call and a cache
// entry:
//   - parse, format: name texts with blank runs collapsed and trimmed
//     (case is kept: the answer echoes the text);
//   - genderize: name texts also case-folded;
//   - risk: nothing (padding and odd spacing are risks in themselves);
//   - disposable: the address trimmed and lower-cased;
//   - emailname: trimmed, the domain lower-cased (the local part is echoed);
//   - classify: only the lower-cased domain.
var (
	// Parser splits a name into its parts.
	Parser = &Operation[*nameapi.InputWithPerson, nameapi.PersonNameParserResult]{
		Op: OpParse, Endpoint: nameapi.EndpointPersonNameParser, Input: NameInput,
		Payload: func(r *Request, _ string) *nameapi.InputWithPerson {
			return r.withPerson(r.namePerson(true))
		},
		Key: func(e *keyEnc, r *Request, _ string) { e.namePerson(r, true, nameCollapse) },
		Fields: []Field[nameapi.PersonNameParserResult]{
			{Name: "given_name", Type: record.String, Doc: "given name(s) found by the parser (GIVENNAME terms, and a GIVENNAMEINITIAL before any other given name)",
				Get: terms(nameapi.TermGivenname, firstInitial)},
			{Name: "middle_name", Type: record.String, Doc: "middle name(s) (MIDDLENAME, MIDDLENAMEINITIAL, and a GIVENNAMEINITIAL after another given name: \"F.\" of \"John F. Kennedy\")",
				Get: terms(nameapi.TermMiddlename, nameapi.TermMiddlenameInitial, laterInitial)},
			{Name: "surname", Type: record.String, Doc: "surname(s) (SURNAME, SURNAMEINITIAL)",
				Get: terms(nameapi.TermSurname, nameapi.TermSurnameInitial)},
			{Name: "nickname", Type: record.String, Doc: "nickname (NICKNAME)", Get: terms(nameapi.TermNickname)},
			{Name: "title", Type: record.String, Doc: "title such as Dr. (TITLE)", Get: terms(nameapi.TermTitle)},
			{Name: "salutation", Type: record.String, Doc: "salutation such as Mrs (SALUTATION)", Get: terms(nameapi.TermSalutation)},
			{Name: "qualifier", Type: record.String, Doc: "qualifier or suffix such as jr (QUALIFIER, SUFFIX)",
				Get: terms(nameapi.TermQualifier, nameapi.TermSuffix)},
			{Name: "legal_name", Type: record.String, Doc: "organisation name of a legal person (BUSINESSNAME)", Get: terms(nameapi.TermBusinessName)},
			{Name: "legal_form", Type: record.String, Doc: "legal form such as GmbH or Inc. (BUSINESSLEGALFORM)", Get: terms(nameapi.TermBusinessLegalForm)},
			{Name: "person_type", Type: record.String, Doc: "NATURAL, LEGAL, MULTIPLE or FAMILY",
				Get: func(r *nameapi.PersonNameParserResult) record.Value {
					if m := r.Best(); m != nil && m.ParsedPerson != nil {
						return str(m.ParsedPerson.PersonType)
					}
					return nil
				}},
			{Name: "parsed_gender", Type: record.String, Doc: "gender the parser inferred: MALE, FEMALE, NEUTRAL, UNKNOWN, INDETERMINABLE or CONFLICT",
				Get: func(r *nameapi.PersonNameParserResult) record.Value {
					people := parsedPeople(r)
					if len(people) == 0 {
						return nil
					}
					gs := make([]string, len(people))
					for i, p := range people {
						if p.Gender != nil {
							gs[i] = p.Gender.Gender
						}
					}
					return perPerson(gs)
				}},
			{Name: "parse_confidence", Type: record.Double, Doc: "confidence of the best parse, 0..1",
				Get: func(r *nameapi.PersonNameParserResult) record.Value {
					if m := r.Best(); m != nil {
						return m.Confidence
					}
					return nil
				}},
			{Name: "parse_disputes", Type: record.String, Doc: "comma-separated dispute types of the best parse (GENDER, SPELLING, TRANSPOSITION, …)",
				Get: func(r *nameapi.PersonNameParserResult) record.Value {
					m := r.Best()
					if m == nil {
						return nil
					}
					var ds []string
					for _, d := range m.ParserDisputes {
						ds = append(ds, d.DisputeType)
					}
					return distinctJoin(ds, ",")
				}},
		},
	}

	// Genderizer tells a person's gender from the name. It does not get
	// the stored gender, so that its answer is an independent check of it.
	Genderizer = &Operation[*nameapi.InputWithPerson, nameapi.GenderizerResult]{
		Op: OpGenderize, Endpoint: nameapi.EndpointPersonGenderizer, Input: NameInput,
		Payload: func(r *Request, _ string) *nameapi.InputWithPerson {
			return r.withPerson(r.namePerson(false))
		},
		Key: func(e *keyEnc, r *Request, _ string) { e.namePerson(r, false, nameFold) },
		Fields: []Field[nameapi.GenderizerResult]{
			{Name: "gender", Type: record.String, Doc: "MALE, FEMALE, NEUTRAL, UNKNOWN, INDETERMINABLE or CONFLICT",
				Get: func(r *nameapi.GenderizerResult) record.Value { return str(r.Gender) }},
			{Name: "gender_confidence", Type: record.Double, Doc: "confidence of the gender, 0..1",
				Get: func(r *nameapi.GenderizerResult) record.Value { return r.Confidence }},
			{Name: "male_proportion", Type: record.Double, Doc: "share of male bearers of the name, 0..1, given only with gender NEUTRAL (a name borne by men and women), as the NameAPI service gives it; empty for MALE, FEMALE and UNKNOWN, where the gender and its confidence say it",
				Get: func(r *nameapi.GenderizerResult) record.Value {
					if r.MaleProportion == nil {
						return nil
					}
					return *r.MaleProportion
				}},
		},
	}

	// RiskDetector tells whether the person's data looks fake; it gets all of it.
	RiskDetector = &Operation[*nameapi.InputWithPerson, nameapi.RiskDetectorResult]{
		Op: OpRisk, Endpoint: nameapi.EndpointRiskDetector, Input: PersonInput,
		Payload: func(r *Request, _ string) *nameapi.InputWithPerson {
			return r.withPerson(r.Person)
		},
		Key: func(e *keyEnc, r *Request, _ string) {
			e.context(r.Context)
			e.person(r.Person, nameAsIs)
		},
		Fields: []Field[nameapi.RiskDetectorResult]{
			{Name: "risk_score", Type: record.Double, Doc: "overall risk score, -1 (trustworthy) .. 1 (certainly fake)",
				Get: func(r *nameapi.RiskDetectorResult) record.Value { return r.Score }},
			{Name: "risk_types", Type: record.String, Doc: "comma-separated risk types found (PLACEHOLDER, RANDOM_TYPING, FICTIONAL, FAMOUS, HUMOROUS, INVALID, STRING_SIMILARITY, PADDING, STUTTER_TYPING, SPACED_TYPING, OTHER)",
				Get: riskJoin(",", func(k nameapi.DetectedRisk) string { return string(k.RiskType) })},
			{Name: "risk_items", Type: record.String, Doc: "comma-separated data items with a risk (NAME, ADDRESS, AGE, EMAIL, TEL)",
				Get: riskJoin(",", func(k nameapi.DetectedRisk) string { return k.DataItem })},
			{Name: "risk_reasons", Type: record.String, Doc: "the service's reasons, joined with \"; \"",
				Get: riskJoin("; ", func(k nameapi.DetectedRisk) string { return k.Reason })},
		},
	}

	// DisposableDetector tells whether an email address is a throw-away one.
	DisposableDetector = &Operation[string, nameapi.DisposableEmailAddressDetectorResult]{
		Op: OpDisposable, Endpoint: nameapi.EndpointDisposableEmailDetector, Input: EmailInput,
		Payload: func(_ *Request, email string) string { return email },
		Key: func(e *keyEnc, _ *Request, email string) {
			e.str(strings.ToLower(strings.TrimSpace(email)))
		},
		Fields: []Field[nameapi.DisposableEmailAddressDetectorResult]{
			{Name: "disposable_email", Type: record.String, Doc: "YES, NO or UNKNOWN: whether the email address is a disposable (throw-away) one",
				Get: func(r *nameapi.DisposableEmailAddressDetectorResult) record.Value { return str(r.Disposable) }},
		},
	}

	// EmailNameParser reads a person's name from an email address.
	EmailNameParser = &Operation[*nameapi.InputWithEmail, nameapi.EmailNameParserResult]{
		Op: OpEmailName, Endpoint: nameapi.EndpointEmailNameParser, Input: EmailInput,
		Payload: func(r *Request, email string) *nameapi.InputWithEmail {
			return &nameapi.InputWithEmail{Context: r.Context, EmailAddress: email}
		},
		Key: func(e *keyEnc, r *Request, email string) {
			addr := strings.TrimSpace(email)
			if i := strings.LastIndexByte(addr, '@'); i >= 0 {
				addr = addr[:i] + strings.ToLower(addr[i:])
			}
			e.context(r.Context)
			e.str(addr)
		},
		Fields: []Field[nameapi.EmailNameParserResult]{
			{Name: "email_name_type", Type: record.String, Doc: "what the local part is: PERSON_NAME, INITIALS, FUNCTIONAL, PSEUDONYM, NOT_A_NAME or UNKNOWN",
				Get: func(r *nameapi.EmailNameParserResult) record.Value { return str(r.ResultType) }},
			{Name: "email_given_name", Type: record.String, Doc: "given name(s) read from the email address (best match)",
				Get: func(r *nameapi.EmailNameParserResult) record.Value {
					if len(r.NameMatches) == 0 {
						return nil
					}
					return joinEmailNames(r.NameMatches[0].GivenNames)
				}},
			{Name: "email_surname", Type: record.String, Doc: "surname(s) read from the email address (best match)",
				Get: func(r *nameapi.EmailNameParserResult) record.Value {
					if len(r.NameMatches) == 0 {
						return nil
					}
					return joinEmailNames(r.NameMatches[0].Surnames)
				}},
			{Name: "email_name_confidence", Type: record.Double, Doc: "confidence of the best match, 0..1; empty without a match",
				Get: func(r *nameapi.EmailNameParserResult) record.Value {
					if len(r.NameMatches) == 0 {
						return nil
					}
					return r.NameMatches[0].Confidence
				}},
		},
	}

	// Formatter formats a name for display.
	Formatter = &Operation[*nameapi.PersonNameFormatterInput, nameapi.FormatterResult]{
		Op: OpFormat, Endpoint: nameapi.EndpointPersonNameFormatter, Input: NameInput,
		Payload: func(r *Request, _ string) *nameapi.PersonNameFormatterInput {
			return &nameapi.PersonNameFormatterInput{Context: r.Context, InputPerson: r.namePerson(true)}
		},
		Key: func(e *keyEnc, r *Request, _ string) { e.namePerson(r, true, nameCollapse) },
		Fields: []Field[nameapi.FormatterResult]{
			{Name: "formatted_name", Type: record.String, Doc: "the name formatted for display (letter case, order)",
				Get: func(r *nameapi.FormatterResult) record.Value { return str(r.Formatted) }},
			{Name: "format_unknown", Type: record.Bool, Doc: "true when the formatter did not recognise the name and returned it unchanged",
				Get: func(r *nameapi.FormatterResult) record.Value { return r.Unknown }},
		},
	}

	// Classifier tells the kind of an email address's domain.
	Classifier = &Operation[string, nameapi.EmailDomainTypeClassifierResult]{
		Op: OpClassify, Endpoint: nameapi.EndpointEmailDomainTypeClassifier, Input: EmailInput,
		Payload: func(_ *Request, email string) string { return email },
		Key: func(e *keyEnc, _ *Request, email string) {
			addr := strings.ToLower(strings.TrimSpace(email))
			if i := strings.LastIndexByte(addr, '@'); i >= 0 {
				addr = addr[i+1:]
			}
			e.str(addr)
		},
		Fields: []Field[nameapi.EmailDomainTypeClassifierResult]{
			{Name: "email_domain_type", Type: record.String, Doc: "kind of the email domain: FREEMAIL, ORGANIZATION, ISP, DISPOSABLE or UNKNOWN",
				Get: func(r *nameapi.EmailDomainTypeClassifierResult) record.Value { return str(r.DomainType) }},
		},
	}
)
