package conformance

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"slices"
)

// The closed enumerations of the answers (docs/protocol.md, "JSON shapes"):
// a value outside these lists makes the official clients reject the answer.
var (
	enumGender          = []string{"MALE", "FEMALE", "NEUTRAL", "UNKNOWN", "INDETERMINABLE", "CONFLICT"}
	enumPersonType      = []string{"NATURAL", "MULTIPLE", "FAMILY", "LEGAL"}
	enumPersonRole      = []string{"GROUP", "PRIMARY", "RECEIVER", "RESIDENT", "CONTACT", "OWNER", "MEMBER"}
	enumTermType        = []string{"GIVENNAME", "SURNAME", "MIDDLENAME", "NICKNAME", "GIVENNAMEINITIAL", "MIDDLENAMEINITIAL", "SURNAMEINITIAL", "QUALIFIER", "TITLE", "SALUTATION", "SUFFIX", "PROFESSION", "BUSINESSSECTOR", "BUSINESSINDICATOR", "BUSINESSLEGALFORM", "BUSINESSNAME"}
	enumDisputeType     = []string{"GENDER", "SPELLING", "TRANSPOSITION", "TERM_INTERPRETATION", "DUPLICATE_CONTENT", "SYNTAX"}
	enumDisposable      = []string{"YES", "NO", "UNKNOWN"}
	enumEmailResultType = []string{"FUNCTIONAL", "INITIALS", "PERSON_NAME", "PSEUDONYM", "NOT_A_NAME", "UNKNOWN"}
	enumEmailNameType   = []string{"NAME", "INITIAL"}
	enumMatchType       = []string{"EQUAL", "MATCHING", "SIMILAR", "RELATION", "DIFFERENT"}
	enumComposition     = []string{"FULL", "PARTIAL", "INTERSECTION", "NOT_APPLICABLE"}
	enumNameMatchType   = []string{"EQUAL", "MATCHING", "SIMILAR", "PARTIAL", "NO_SIMILARITY_FOUND", "DIFFERENT"}
	enumGenderMatchType = []string{"EQUAL", "POSSIBLY_EQUAL", "POSSIBLY_DIFFERENT", "NOT_APPLICABLE", "DIFFERENT"}
	enumAgeMatchType    = []string{"EQUAL", "PARTIAL", "NOT_APPLICABLE", "DIFFERENT"}
	enumDataItem        = []string{"NAME", "ADDRESS", "AGE", "EMAIL", "TEL"}
	enumRiskType        = []string{"RANDOM_TYPING", "PLACEHOLDER", "FICTIONAL", "FAMOUS", "HUMOROUS", "INVALID", "STRING_SIMILARITY", "OTHER", "PADDING", "STUTTER_TYPING", "SPACED_TYPING"}
)

// op names the operation whose answer is validated.
type op int

const (
	opParse op = iota
	opGenderize
	opRisk
	opFormat
	opEmailName
	opDisposable
	opMatch
)

func (o op) String() string {
	return [...]string{"parser", "genderizer", "risk detector", "formatter", "email name parser", "disposable detector", "matcher"}[o]
}

// checker collects the violations found in one answer.
type checker struct{ errs []string }

func (c *checker) fail(path, format string, args ...any) {
	c.errs = append(c.errs, path+": "+fmt.Sprintf(format, args...))
}

func (c *checker) obj(path string, v any) map[string]any {
	m, ok := v.(map[string]any)
	if !ok {
		c.fail(path, "want an object, got %s", kind(v))
		return nil
	}
	return m
}

// field returns m[name] and fails when it is absent or null.
func (c *checker) field(path string, m map[string]any, name string) (any, bool) {
	v, ok := m[name]
	if !ok || v == nil {
		c.fail(path+"."+name, "required field missing")
		return nil, false
	}
	return v, true
}

func (c *checker) str(path string, m map[string]any, name string) (string, bool) {
	v, ok := c.field(path, m, name)
	if !ok {
		return "", false
	}
	s, ok := v.(string)
	if !ok {
		c.fail(path+"."+name, "want a string, got %s", kind(v))
	}
	return s, ok
}

func (c *checker) enum(path string, m map[string]any, name string, allowed []string) {
	if s, ok := c.str(path, m, name); ok && !slices.Contains(allowed, s) {
		c.fail(path+"."+name, "%q is not one of %v", s, allowed)
	}
}

// num checks a required number in [lo, hi] (exclusive low end when openLo).
func (c *checker) num(path string, m map[string]any, name string, lo, hi float64, openLo bool) (float64, bool) {
	v, ok := c.field(path, m, name)
	if !ok {
		return 0, false
	}
	n, ok := v.(json.Number)
	if !ok {
		c.fail(path+"."+name, "want a number, got %s", kind(v))
		return 0, false
	}
	f, err := n.Float64()
	if err != nil || math.IsNaN(f) || f < lo || f > hi || (openLo && f == lo) {
		open := "["
		if openLo {
			open = "("
		}
		c.fail(path+"."+name, "%s outside %s%v, %v]", n, open, lo, hi)
		return f, false
	}
	return f, true
}

func (c *checker) optNum(path string, m map[string]any, name string, lo, hi float64) {
	if v, ok := m[name]; ok && v != nil {
		c.num(path, m, name, lo, hi, false)
	}
}

func (c *checker) arr(path string, m map[string]any, name string) []any {
	v, ok := c.field(path, m, name)
	if !ok {
		return nil
	}
	a, ok := v.([]any)
	if !ok {
		c.fail(path+"."+name, "want an array, got %s", kind(v))
	}
	return a
}

func kind(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case map[string]any:
		return "object"
	case []any:
		return "array"
	case string:
		return "string"
	case json.Number:
		return "number"
	case bool:
		return "boolean"
	}
	return fmt.Sprintf("%T", v)
}

// validate checks the raw JSON answer of operation o and returns every
// violation of the rules real clients apply.
func validate(o op, raw []byte) []string {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return []string{"answer is not JSON: " + err.Error()}
	}
	c := &checker{}
	m := c.obj("$", v)
	if m == nil {
		return c.errs
	}
	switch o {
	case opParse:
		c.parserResult(m)
	case opGenderize:
		c.genderizerResult("$", m)
	case opRisk:
		c.riskResult(m)
	case opFormat:
		c.str("$", m, "formatted")
		if v, ok := c.field("$", m, "unknown"); ok {
			if _, ok := v.(bool); !ok {
				c.fail("$.unknown", "want a boolean, got %s", kind(v))
			}
		}
	case opEmailName:
		c.emailNameResult(m)
	case opDisposable:
		c.enum("$", m, "disposable", enumDisposable)
	case opMatch:
		c.matcherResult(m)
	}
	return c.errs
}

func (c *checker) parserResult(m map[string]any) {
	for i, mv := range c.arr("$", m, "matches") {
		path := fmt.Sprintf("$.matches[%d]", i)
		match := c.obj(path, mv)
		if match == nil {
			continue
		}
		c.num(path, match, "likeliness", 0, 1, false)
		c.num(path, match, "confidence", 0, 1, false)
		if pv, ok := c.field(path, match, "parsedPerson"); ok {
			if p := c.obj(path+".parsedPerson", pv); p != nil {
				c.parsedPerson(path+".parsedPerson", p, 0)
			}
		}
		if dv, ok := match["parserDisputes"]; ok && dv != nil {
			for j, d := range c.arr(path, match, "parserDisputes") {
				dp := fmt.Sprintf("%s.parserDisputes[%d]", path, j)
				if dm := c.obj(dp, d); dm != nil {
					c.enum(dp, dm, "disputeType", enumDisputeType)
					c.str(dp, dm, "message")
				}
			}
		}
	}
}

func (c *checker) parsedPerson(path string, p map[string]any, depth int) {
	if depth > 4 {
		c.fail(path, "people nested deeper than 4 levels")
		return
	}
	c.enum(path, p, "personType", enumPersonType)
	c.enum(path, p, "personRole", enumPersonRole)
	if gv, ok := p["gender"]; ok && gv != nil {
		if g := c.obj(path+".gender", gv); g != nil {
			c.genderizerResult(path+".gender", g)
		}
	}
	for _, name := range []string{"addressingGivenName", "addressingSurname"} {
		if v, ok := p[name]; ok && v != nil {
			if _, ok := v.(string); !ok {
				c.fail(path+"."+name, "want a string, got %s", kind(v))
			}
		}
	}
	if nv, ok := p["outputPersonName"]; ok && nv != nil {
		if n := c.obj(path+".outputPersonName", nv); n != nil {
			for i, tv := range c.arr(path+".outputPersonName", n, "terms") {
				tp := fmt.Sprintf("%s.outputPersonName.terms[%d]", path, i)
				if tm := c.obj(tp, tv); tm != nil {
					if s, ok := c.str(tp, tm, "string"); ok && s == "" {
						c.fail(tp+".string", "empty term")
					}
					c.enum(tp, tm, "termType", enumTermType)
				}
			}
		}
	}
	if pv, ok := p["people"]; ok && pv != nil {
		for i, qv := range c.arr(path, p, "people") {
			qp := fmt.Sprintf("%s.people[%d]", path, i)
			if q := c.obj(qp, qv); q != nil {
				c.parsedPerson(qp, q, depth+1)
			}
		}
	}
}

func (c *checker) genderizerResult(path string, m map[string]any) {
	c.enum(path, m, "gender", enumGender)
	c.num(path, m, "confidence", 0, 1, false)
	c.optNum(path, m, "maleProportion", 0, 1)
}

func (c *checker) riskResult(m map[string]any) {
	score, _ := c.num("$", m, "score", -1, 1, false)
	risks := c.arr("$", m, "risks")
	for i, rv := range risks {
		rp := fmt.Sprintf("$.risks[%d]", i)
		r := c.obj(rp, rv)
		if r == nil {
			continue
		}
		c.enum(rp, r, "dataItem", enumDataItem)
		c.enum(rp, r, "riskType", enumRiskType) // a plain string in v5.3
		c.num(rp, r, "riskScore", 0, 1, true)
		if s, ok := c.str(rp, r, "reason"); ok && s == "" {
			c.fail(rp+".reason", "empty reason")
		}
	}
	// 2.12: (0, 1] means one or more risks, [-1, 0] none.
	if _, ok := m["risks"]; ok {
		if len(risks) > 0 && score <= 0 {
			c.fail("$.score", "%v with %d risks, want > 0", score, len(risks))
		}
		if len(risks) == 0 && score > 0 {
			c.fail("$.score", "%v without risks, want <= 0", score)
		}
	}
}

func (c *checker) emailNameResult(m map[string]any) {
	c.enum("$", m, "resultType", enumEmailResultType)
	for i, mv := range c.arr("$", m, "nameMatches") {
		mp := fmt.Sprintf("$.nameMatches[%d]", i)
		nm := c.obj(mp, mv)
		if nm == nil {
			continue
		}
		c.num(mp, nm, "confidence", 0, 1, false)
		for _, list := range []string{"givenNames", "surnames"} {
			if v, ok := nm[list]; !ok || v == nil {
				continue
			}
			for j, nv := range c.arr(mp, nm, list) {
				np := fmt.Sprintf("%s.%s[%d]", mp, list, j)
				if n := c.obj(np, nv); n != nil {
					c.str(np, n, "name")
					c.enum(np, n, "nameType", enumEmailNameType)
				}
			}
		}
	}
}

func (c *checker) matcherResult(m map[string]any) {
	c.enum("$", m, "matchType", enumMatchType)
	c.enum("$", m, "personMatchComposition", enumComposition)
	c.num("$", m, "points", -1, 1, false)
	c.num("$", m, "confidence", 0, 1, false)
	sub := func(name string, allowed []string) map[string]any {
		v, ok := c.field("$", m, name)
		if !ok {
			return nil
		}
		s := c.obj("$."+name, v)
		if s != nil {
			c.enum("$."+name, s, "matchType", allowed)
		}
		return s
	}
	sub("personNameMatcherResult", enumNameMatchType)
	if g := sub("genderMatcherResult", enumGenderMatchType); g != nil {
		c.optNum("$.genderMatcherResult", g, "confidence", 0, 1)
	}
	sub("ageMatcherResult", enumAgeMatchType)
}
