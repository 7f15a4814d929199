package genderize

import (
	"strings"

	"github.com/namepipe/namepipe/country"
	"github.com/namepipe/namepipe/engine/text"
	"github.com/namepipe/namepipe/nameapi"
)

// appendScopes appends to out where to look a name up, most specific
// first: the context's place, the person's correspondence language, the
// context's language, the person's nationalities and native languages. The
// caller falls back to all data ("") after these. Callers pass a buffer on
// their stack.
func appendScopes(out []string, c *nameapi.Context, p *nameapi.InputPerson) []string {
	if c != nil {
		out = addScope(out, c.Place, true)
	}
	if p != nil {
		out = addScope(out, p.CorrespondenceLanguage, false)
	}
	if c != nil {
		out = addScope(out, c.Language, false)
	}
	if p != nil {
		for _, n := range p.Nationalities {
			out = addScope(out, n, true)
		}
		for _, l := range p.NativeLanguages {
			out = addScope(out, l, false)
		}
	}
	return out
}

// addScope appends the scope s (a country in upper case when upper, else a
// language, two-letter codes in lower case) to out unless it is empty or
// there already.
func addScope(out []string, s string, upper bool) []string {
	// A code written as it should be, as a context's place usually is,
	// needs no trimming or casing (BenchmarkRecent's people have one).
	if !isCode(s, upper) {
		s = strings.TrimSpace(s)
		if s == "" {
			return out
		}
		code, isCountry := "", false
		if upper {
			// A country's name in any language of the country tables, or
			// its ISO-3 code ("Italia", "États-Unis", "USA"), is its
			// ISO-2 code, as the remote service is sent (mapping).
			code, isCountry = country.Code(s)
		}
		switch {
		case isCountry:
			s = code
		case upper && !strings.ContainsAny(s, "-_"):
			s = strings.ToUpper(s)
		case !upper && len(s) == 2:
			s = strings.ToLower(s)
		}
	}
	for _, x := range out {
		if x == s {
			return out
		}
	}
	return append(out, s)
}

// lookup returns the male proportion and votes of one name, from the
// first scope that knows it, and whether that was a specific scope (not
// the all-data fallback). scopes end with "" (all data).
func (e *Genderizer) lookup(name string, scopes []string) (p float64, votes int, specific, ok bool) {
	if e.dict != nil {
		if p, v, at, ok := e.dict.GenderVotesIn(name, scopes); ok {
			return p, v, at < len(scopes)-1, true
		}
	} else {
		for i, s := range scopes {
			if p, v, ok := e.lex.GenderVotes(name, s); ok {
				return p, v, i < len(scopes)-1, true
			}
		}
	}
	// A short form or spelling the data lacks ("Mohd."): the names the
	// nickname list gives for it, when they agree.
	var sum float64
	n := 0
	var kb [64]byte // the key on the stack: no allocation for a capitalised name
	for _, full := range text.Lists().Nicknames[string(text.AppendNKey(kb[:0], name))] {
		if fp, _, fok := e.lex.GenderVotes(full, ""); fok {
			sum += fp
			n++
		}
	}
	if n == 0 {
		// A Latin-script name no list holds: the listed names ending
		// the same way, as one vote.
		if p, ok := e.lex.EndingMaleProportion(name); ok {
			return p, 1, false, true
		}
		return 0, 0, false, false
	}
	p = sum / float64(n)
	return p, 1, false, p >= 0.9 || p <= 0.1
}

// isCode reports whether s is two ASCII letters in upper case (upper) or
// lower case.
func isCode(s string, upper bool) bool {
	a, z := byte('a'), byte('z')
	if upper {
		a, z = 'A', 'Z'
	}
	return len(s) == 2 && s[0] >= a && s[0] <= z && s[1] >= a && s[1] <= z
}
