package engine

import (
	"context"
	"fmt"

	"github.com/namepipe/namepipe/engine/email"
	"github.com/namepipe/namepipe/engine/format"
	"github.com/namepipe/namepipe/engine/genderize"
	"github.com/namepipe/namepipe/engine/match"
	"github.com/namepipe/namepipe/engine/parse"
	"github.com/namepipe/namepipe/engine/risk"
	"github.com/namepipe/namepipe/nameapi"
)

// GenderizePerson detects a natural person's gender; see
// genderize.Genderizer.Person.
func (e *Engine) GenderizePerson(ctx context.Context, in *nameapi.InputWithPerson) (*nameapi.GenderizerResult, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("engine %s: %w", genderize.Op, err)
	}
	// The terms of the best match do not depend on the input gender or
	// the culture hints, so any memoised parse of the name will do.
	return e.gz.Person(in, func() *nameapi.PersonNameParserResult { return e.parseShared(in.Context, in.InputPerson, true) })
}

// ParsePersonName parses the name of in.InputPerson into its terms.
//
// Natural persons may carry a FULLNAME ("Dr. Peter T. Johnson jr",
// "Johnson, Peter", "JOHNSON Peter", "Peter and Maria Meyer") or separate
// fields (GIVENNAME, SURNAME, MIDDLENAME, SALUTATION, TITLE, QUALIFIER,
// NAMEPREFIX, NAMESUFFIX, NICKNAME, ...). A FULLNAME that ends in a legal
// form ("Acme GmbH") and every LegalInputPerson parse as a LEGAL person
// with BUSINESSNAME and BUSINESSLEGALFORM terms. Several people in one field
// give a MULTIPLE person (role GROUP) with one NATURAL person per name.
//
// Where the order of the words is ambiguous, several matches are returned,
// the most likely first. A missing person or name is invalid input
// (*nameapi.Error). The age, if any, is not used by the parser and is
// therefore not checked; the risk detector reports impossible dates.
func (e *Engine) ParsePersonName(ctx context.Context, in *nameapi.InputWithPerson) (*nameapi.PersonNameParserResult, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("parse person name: %w", err)
	}
	if in == nil || in.InputPerson == nil {
		return nil, nameapi.NewInputError(parse.Op, "inputPerson is missing")
	}
	p := in.InputPerson
	if p.PersonName == nil || len(p.PersonName.NameFields) == 0 {
		return nil, nameapi.NewInputError(parse.Op, "inputPerson has no name fields")
	}
	if e.parses == nil {
		return e.parser.Person(in.Context, p), nil
	}
	var buf [memoKeyBuf]byte
	key, attrs := memoKeys(buf[:0], in.Context, p)
	if v, ok := e.parses.get(key); ok && v.attrs == attrs {
		if e.readOnly {
			return v.res, nil
		}
		return cloneParse(v.res), nil
	}
	r := e.parser.Person(in.Context, p)
	if e.readOnly {
		e.parses.put(key, parsed{attrs: attrs, res: r})
		return r, nil
	}
	e.parses.put(key, parsed{attrs: attrs, res: cloneParse(r)})
	return r, nil
}

// DetectDisposableEmail tells whether an address belongs to a disposable
// (throwaway) mail service; see email.Checker.DetectDisposable. With
// WithReadOnlyResults, the result is one of three shared values: the call
// allocates nothing.
func (e *Engine) DetectDisposableEmail(ctx context.Context, emailAddress string) (*nameapi.DisposableEmailAddressDetectorResult, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("engine %s: %w", email.OpDisposable, err)
	}
	v := e.email.Disposable(emailAddress)
	if e.readOnly {
		for i := range disposableAnswers {
			if disposableAnswers[i].Disposable == v {
				return &disposableAnswers[i], nil
			}
		}
	}
	return &nameapi.DisposableEmailAddressDetectorResult{Disposable: v}, nil
}

// disposableAnswers are the results that DetectDisposableEmail shares
// with callers that only read them (WithReadOnlyResults).
var disposableAnswers = [...]nameapi.DisposableEmailAddressDetectorResult{
	{Disposable: nameapi.DisposableYes}, {Disposable: nameapi.DisposableNo}, {Disposable: nameapi.DisposableUnknown},
}

// ClassifyEmailDomain classifies the domain of an email address; see
// email.Checker.ClassifyDomain.
func (e *Engine) ClassifyEmailDomain(ctx context.Context, emailAddress string) (*nameapi.EmailDomainTypeClassifierResult, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("engine %s: %w", email.OpClassify, err)
	}
	return e.email.ClassifyDomain(emailAddress)
}

// ParseEmailName reads a person's name from the local part of an email
// address; see email.Checker.ParseName.
func (e *Engine) ParseEmailName(ctx context.Context, in *nameapi.InputWithEmail) (*nameapi.EmailNameParserResult, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("engine %s: %w", email.OpEmailName, err)
	}
	return e.email.ParseName(in)
}

// MatchPersons compares two people by name, gender and age; see
// match.Persons. Both names are parsed through the engine's memo of
// parses (parseExact): a matcher compares the same names again and
// again (dedupe asks it about one name against each of its block's).
func (e *Engine) MatchPersons(ctx context.Context, in *nameapi.InputWithTwoPeople) (*nameapi.PersonMatcherResult, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("match persons: %w", err)
	}
	return match.Persons(in, e.parseExact)
}

// parseExact is parser.Person through the memo of parses: the parse the
// memo holds for p's name computed with p's attrs (gender and culture
// hints, which the matcher's gender comparison reads), else a new one,
// remembered. The result is shared: match.Persons only reads it.
func (e *Engine) parseExact(c *nameapi.Context, p *nameapi.InputPerson) *nameapi.PersonNameParserResult {
	return e.parseShared(c, p, false)
}

// FormatPersonName formats the name of in.InputPerson; see format.Person.
func (e *Engine) FormatPersonName(ctx context.Context, in *nameapi.PersonNameFormatterInput) (*nameapi.FormatterResult, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("format person name: %w", err)
	}
	return format.Person(in, e.parser.Person), nil
}

// DetectRisk tells whether the person's data looks fake or disguised; see
// risk.Detector.Detect. Only a missing person is invalid input.
func (e *Engine) DetectRisk(ctx context.Context, in *nameapi.InputWithPerson) (*nameapi.RiskDetectorResult, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("detect risk: %w", err)
	}
	if in == nil || in.InputPerson == nil {
		return nil, nameapi.NewInputError(risk.Op, "inputPerson is missing")
	}
	return e.risk.Detect(in.InputPerson, e.nameChecks(in.Context, in.InputPerson)), nil
}
