package server

import "github.com/namepipe/namepipe/nameapi"

// normalize returns res with every list the official clients read sent as
// [] instead of null. It never modifies the backend's value (a backend may
// share or cache results): the parts that need a change are copied.
func normalize(res any) any {
	switch v := res.(type) {
	case *nameapi.PersonNameParserResult:
		return normParser(v)
	case *nameapi.RiskDetectorResult:
		if v.Risks == nil {
			c := *v
			c.Risks = []nameapi.DetectedRisk{}
			return &c
		}
	case *nameapi.EmailNameParserResult:
		return normEmailName(v)
	}
	return res
}

func normParser(v *nameapi.PersonNameParserResult) *nameapi.PersonNameParserResult {
	if v.Matches == nil {
		c := *v
		c.Matches = []nameapi.ParsedPersonMatch{}
		return &c
	}
	var out []nameapi.ParsedPersonMatch
	for i := range v.Matches {
		m := v.Matches[i]
		changed := false
		if m.ParserDisputes == nil {
			m.ParserDisputes = []nameapi.ParserDispute{}
			changed = true
		}
		if p, ok := normPerson(m.ParsedPerson); ok {
			m.ParsedPerson = p
			changed = true
		}
		if changed && out == nil {
			out = make([]nameapi.ParsedPersonMatch, len(v.Matches))
			copy(out, v.Matches)
		}
		if out != nil {
			out[i] = m
		}
	}
	if out == nil {
		return v
	}
	c := *v
	c.Matches = out
	return &c
}

// normPerson returns a copy of p with nil term lists made empty, and true,
// when p (or a person in People) needs it.
func normPerson(p *nameapi.ParsedPerson) (*nameapi.ParsedPerson, bool) {
	if p == nil {
		return nil, false
	}
	var c *nameapi.ParsedPerson
	if p.OutputPersonName != nil && p.OutputPersonName.Terms == nil {
		cp := *p
		c = &cp
		c.OutputPersonName = &nameapi.OutputPersonName{Terms: []nameapi.Term{}}
	}
	var people []nameapi.ParsedPerson
	for i := range p.People {
		if q, ok := normPerson(&p.People[i]); ok {
			if people == nil {
				people = make([]nameapi.ParsedPerson, len(p.People))
				copy(people, p.People)
			}
			people[i] = *q
		}
	}
	if people != nil {
		if c == nil {
			cp := *p
			c = &cp
		}
		c.People = people
	}
	return c, c != nil
}

func normEmailName(v *nameapi.EmailNameParserResult) *nameapi.EmailNameParserResult {
	if v.NameMatches == nil {
		c := *v
		c.NameMatches = []nameapi.EmailNameParserMatch{}
		return &c
	}
	var out []nameapi.EmailNameParserMatch
	for i := range v.NameMatches {
		m := v.NameMatches[i]
		if m.GivenNames != nil && m.Surnames != nil {
			continue
		}
		if out == nil {
			out = make([]nameapi.EmailNameParserMatch, len(v.NameMatches))
			copy(out, v.NameMatches)
		}
		if m.GivenNames == nil {
			m.GivenNames = []nameapi.NameFromEmailAddress{}
		}
		if m.Surnames == nil {
			m.Surnames = []nameapi.NameFromEmailAddress{}
		}
		out[i] = m
	}
	if out == nil {
		return v
	}
	c := *v
	c.NameMatches = out
	return &c
}
