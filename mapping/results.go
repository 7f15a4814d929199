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
	k    int // index among the operation's fields
}

// ErrorColumn is the name (without prefix) of the error column, always the
// last output column.
const ErrorColumn = "error"

// ResultFields returns every result field of op, in output order (none
// for an unknown operation).
func ResultFields(op Op) []ResultField {
	if d := lookup(op); d != nil {
		return d.fields()
	}
	return nil
}

func fieldNames(op Op) []string {
	var out []string
	for _, f := range ResultFields(op) {
		out = append(out, f.Name)
	}
	return out
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
// and the people with "; " (see perPerson).
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
		vals := make([]string, len(pp.People))
		for i := range pp.People {
			vals[i] = personTerms(&pp.People[i], termTypes)
		}
		return perPerson(vals)
	}
}

// perPerson writes one value per person of a MULTIPLE or FAMILY result,
// in the people's order, joined with "; ": "Altin; Sidorela". A person
// without the value keeps its place ("Robert; " for "Mr. and Mrs. Robert
// Taylor"), so that the n-th value is always the n-th person's; a value
// all people share is written once ("Hoxha"); none at all is NULL.
func perPerson(vals []string) record.Value {
	same := true
	for _, v := range vals[1:] {
		if v != vals[0] {
			same = false
			break
		}
	}
	if same {
		return str(vals[0])
	}
	return str(strings.Join(vals, "; "))
}

// The given-name initials of a person, by place: firstInitial is a
// GIVENNAMEINITIAL before any other given or middle name ("J." of "J.
// Kenneth Kline"), the given-name column's; laterInitial one after
// ("F." of "John F. Kennedy", which the real service and the engine type
// GIVENNAMEINITIAL), the middle-name column's. They are pseudo term types
// for terms.
const (
	firstInitial = "^" + nameapi.TermGivennameInitial
	laterInitial = "+" + nameapi.TermGivennameInitial
)

// personTerms joins the terms of the given types of one person with a
// space; a single term is returned as it is, without allocating.
func personTerms(p *nameapi.ParsedPerson, termTypes []string) string {
	if p.OutputPersonName == nil {
		return ""
	}
	first, n := "", 0
	var parts []string
	seenGiven := false // a given or middle name came before this term
	for _, t := range p.OutputPersonName.Terms {
		if t.String == "" {
			continue
		}
		typ := t.TermType
		switch typ {
		case nameapi.TermGivennameInitial:
			if seenGiven {
				typ = laterInitial
			} else {
				typ = firstInitial
			}
			seenGiven = true
		case nameapi.TermGivenname, nameapi.TermMiddlename, nameapi.TermMiddlenameInitial:
			seenGiven = true
		}
		for _, tt := range termTypes {
			if typ != tt && t.TermType != tt {
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
func riskJoin(sep string, field func(nameapi.DetectedRisk) string) func(*nameapi.RiskDetectorResult) record.Value {
	return func(r *nameapi.RiskDetectorResult) record.Value {
		vals := make([]string, 0, joinRoom) // on the stack for a few risks
		for _, k := range r.Risks {
			vals = append(vals, field(k))
		}
		return distinctJoin(vals, sep)
	}
}

// joinRoom is the number of values distinctJoin and riskJoin keep on the
// stack (BenchmarkApplyOp's risk case): a row seldom has more risks.
const joinRoom = 8

func distinctJoin(vals []string, sep string) record.Value {
	out := make([]string, 0, joinRoom)
	for _, v := range vals {
		if v != "" && !contains(out, v) {
			out = append(out, v)
		}
	}
	return str(strings.Join(out, sep))
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
