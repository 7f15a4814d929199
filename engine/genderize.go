package engine

import (
	"context"
	"fmt"
	"iter"
	"math"
	"strings"
	"unicode"

	"github.com/namepipe/namepipe/nameapi"
)

// Thresholds of the genderizer: a combined male proportion at or above
// gzMaleAt is MALE, at or below gzFemaleAt FEMALE, in between NEUTRAL.
const (
	gzMaleAt   = 0.8
	gzFemaleAt = 0.2
	// gzStrong is the name confidence from which a salutation or input
	// gender that disagrees gives CONFLICT instead of overriding the names.
	gzStrong = 0.8
)

// gzSalutations maps salutations (lower case, dots removed) to the gender
// they imply. Gender-free forms (Mx, Dr) are absent.
var gzSalutations = map[string]string{
	// English
	"mr": nameapi.GenderMale, "mister": nameapi.GenderMale, "sir": nameapi.GenderMale, "lord": nameapi.GenderMale,
	"mrs": nameapi.GenderFemale, "missus": nameapi.GenderFemale, "ms": nameapi.GenderFemale, "miss": nameapi.GenderFemale,
	"dame": nameapi.GenderFemale, "lady": nameapi.GenderFemale, "madam": nameapi.GenderFemale,
	// German
	"herr": nameapi.GenderMale, "herrn": nameapi.GenderMale, "hr": nameapi.GenderMale,
	"frau": nameapi.GenderFemale, "fr": nameapi.GenderFemale, "fräulein": nameapi.GenderFemale, "frl": nameapi.GenderFemale,
	// French
	"monsieur": nameapi.GenderMale, "m": nameapi.GenderMale,
	"madame": nameapi.GenderFemale, "mme": nameapi.GenderFemale, "mademoiselle": nameapi.GenderFemale, "mlle": nameapi.GenderFemale,
	// Spanish
	"señor": nameapi.GenderMale, "senor": nameapi.GenderMale, "sr": nameapi.GenderMale, "don": nameapi.GenderMale,
	"señora": nameapi.GenderFemale, "senora": nameapi.GenderFemale, "sra": nameapi.GenderFemale,
	"señorita": nameapi.GenderFemale, "senorita": nameapi.GenderFemale, "srta": nameapi.GenderFemale,
	"doña": nameapi.GenderFemale, "dona": nameapi.GenderFemale,
	// Italian
	"signor": nameapi.GenderMale, "signore": nameapi.GenderMale, "sig": nameapi.GenderMale,
	"signora": nameapi.GenderFemale, "sigra": nameapi.GenderFemale, "signorina": nameapi.GenderFemale, "signa": nameapi.GenderFemale,
	// Portuguese
	"senhor": nameapi.GenderMale, "senhora": nameapi.GenderFemale,
	// Dutch
	"meneer": nameapi.GenderMale, "dhr": nameapi.GenderMale, "heer": nameapi.GenderMale,
	"mevrouw": nameapi.GenderFemale, "mevr": nameapi.GenderFemale, "mw": nameapi.GenderFemale,
	// Polish, Czech
	"pan": nameapi.GenderMale, "pani": nameapi.GenderFemale, "pán": nameapi.GenderMale, "paní": nameapi.GenderFemale,
}

// salutationGender returns the gender a salutation implies, or "".
// "Mr. & Mrs." and other combined forms imply none.
func salutationGender(s string) string {
	k := strings.ToLower(strings.TrimSpace(strings.ReplaceAll(s, ".", "")))
	if k == "" {
		return ""
	}
	if g, ok := gzSalutations[k]; ok {
		return g
	}
	// "Sehr geehrter Herr", "Dear Mrs": the last word decides, when every
	// salutation word agrees.
	g := ""
	for f := range strings.FieldsSeq(k) {
		if x, ok := gzSalutations[f]; ok {
			if g != "" && g != x {
				return ""
			}
			g = x
		}
	}
	return g
}

// gzScopes returns where to look a name up, most specific first: the
// context's place, the person's correspondence language, the context's
// language, the person's nationalities and native languages. The caller
// falls back to all data ("") after these.
func gzScopes(c *nameapi.Context, p *nameapi.InputPerson) []string {
	var out []string
	add := func(s string, upper bool) {
		s = strings.TrimSpace(s)
		if s == "" {
			return
		}
		if upper && !strings.ContainsAny(s, "-_") {
			s = strings.ToUpper(s)
		} else if !upper && len(s) == 2 {
			s = strings.ToLower(s)
		}
		for _, x := range out {
			if x == s {
				return
			}
		}
		out = append(out, s)
	}
	if c != nil {
		add(c.Place, true)
	}
	if p != nil {
		add(p.CorrespondenceLanguage, false)
	}
	if c != nil {
		add(c.Language, false)
	}
	if p != nil {
		for _, n := range p.Nationalities {
			add(n, true)
		}
		for _, l := range p.NativeLanguages {
			add(l, false)
		}
	}
	return out
}

// gzLookup returns the male proportion and votes of one name, from the
// first scope that knows it, and whether that was a specific scope (not
// the all-data fallback).
func (e *Engine) gzLookup(name string, scopes []string) (p float64, votes int, specific, ok bool) {
	look := func(scope string) (float64, int, bool) { return e.lex.GenderVotes(name, scope) }
	for _, s := range scopes {
		if p, v, ok := look(s); ok {
			return p, v, true, true
		}
	}
	p, v, ok := look("")
	return p, v, false, ok
}

// gzNameParts yields the names to look up in a list of given-name
// strings, word by word: hyphenated names whole ("Hans-Peter"); their
// parts are the fallback (see statsForNames). Initials ("J.", "J") carry no
// gender and are skipped.
func gzNameParts(given []string) iter.Seq[string] {
	return func(yield func(string) bool) {
		for _, g := range given {
			for w := range strings.FieldsSeq(g) {
				w = strings.Trim(w, ".,;:()\"'")
				if !gzLongEnough(w) || !gzHasLetter(w) {
					continue
				}
				if !yield(w) {
					return
				}
			}
		}
	}
}

// gzLongEnough reports whether w has more than one rune besides dots (is
// not an initial).
func gzLongEnough(w string) bool {
	n := 0
	for _, r := range w {
		if r != '.' {
			n++
			if n > 1 {
				return true
			}
		}
	}
	return false
}

func gzHasLetter(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) {
			return true
		}
	}
	return false
}

// gzStat is the statistical answer from the names alone.
type gzStat struct {
	known    bool
	p        float64 // combined male proportion
	votes    int     // source votes behind the dominant name
	specific bool    // the dominant name was found in a specific scope
}

// statsForNames combines the names: the first known name dominates (weight
// up to 5 when it is decisive), every further known name adds weight 1. A hyphenated name is looked
// up whole, else its known parts count, the first one dominating.
func (e *Engine) statsForNames(given []string, scopes []string) gzStat {
	var st gzStat
	var sum, wsum float64
	for name := range gzNameParts(given) {
		p, v, spec, ok := e.gzLookup(name, scopes)
		if !ok && strings.Contains(name, "-") {
			// Hyphenated, unknown as a whole: combine the parts like
			// separate names.
			var ps, pw float64
			for a := range strings.SplitSeq(name, "-") {
				if ap, av, as, aok := e.gzLookup(a, scopes); aok {
					w := 1.0
					if pw == 0 {
						w = 3
						v, spec = av, as
					}
					ps += ap * w
					pw += w
				}
			}
			if pw > 0 {
				p, ok = ps/pw, true
			}
		}
		if !ok {
			continue
		}
		w := 1.0
		if !st.known {
			// A decisive first name outweighs five others; a neutral
			// one counts like any other.
			w = 1 + 4*math.Abs(2*p-1)
			st.known = true
			st.votes = v
			st.specific = spec
		}
		sum += p * w
		wsum += w
	}
	if st.known {
		st.p = sum / wsum
	}
	return st
}

// gzConfidence is how sure the statistics are of their gender call: the
// skew of the proportion times how much data backs it.
func gzConfidence(st gzStat, gender string) float64 {
	if !st.known {
		return 0
	}
	data := 1 - 1/(1+float64(st.votes)) // 1 vote 0.5, 3 votes 0.75, 9 votes 0.9
	if !st.specific {
		data *= 0.9
	}
	skew := math.Abs(2*st.p - 1) // 0 = even, 1 = one sex only
	var c float64
	switch gender {
	case nameapi.GenderMale, nameapi.GenderFemale:
		// skew is at least 0.6 here
		c = 0.5 + 0.49*skew*data
	default: // NEUTRAL: sure when the proportion is near one half
		c = 0.35 + 0.5*(1-skew/0.6)*data
	}
	return gzRound(c)
}

func gzRound(f float64) float64 { return math.Round(f*1000) / 1000 }

// genderForNames is the statistical genderizer: given names (several
// combine, the first dominates; initials are ignored), looked up in the
// context's place, then the correspondence and context languages, then
// all data; then the salutation and the input person's gender field
// override weak data and give CONFLICT against strong data or each other.
// c and p may be nil. It never returns nil.
func (e *Engine) genderForNames(given []string, salutation string, c *nameapi.Context, p *nameapi.InputPerson) *nameapi.GenderizerResult {
	st := e.statsForNames(given, gzScopes(c, p))

	res := &nameapi.GenderizerResult{Gender: nameapi.GenderUnknown}
	if st.known {
		switch {
		case st.p >= gzMaleAt:
			res.Gender = nameapi.GenderMale
		case st.p <= gzFemaleAt:
			res.Gender = nameapi.GenderFemale
		default:
			res.Gender = nameapi.GenderNeutral
			mp := gzRound(st.p)
			res.MaleProportion = &mp
		}
		res.Confidence = gzConfidence(st, res.Gender)
	}

	// Declared evidence: the salutation, and the input gender field.
	sal := salutationGender(salutation)
	declared := ""
	if p != nil && !p.IsLegal() {
		switch strings.ToUpper(strings.TrimSpace(p.Gender)) {
		case nameapi.StorageGenderMale:
			declared = nameapi.GenderMale
		case nameapi.StorageGenderFemale:
			declared = nameapi.GenderFemale
		}
	}
	if sal != "" && declared != "" && sal != declared {
		return &nameapi.GenderizerResult{Gender: nameapi.GenderConflict, Confidence: 0.9}
	}
	claim := declared
	claimConf := 0.95 // the input's own gender field
	if claim == "" {
		claim, claimConf = sal, 0.9
	}
	if claim == "" {
		return res
	}
	if sal != "" && declared != "" {
		claimConf = 0.98 // both agree
	}
	switch res.Gender {
	case claim:
		res.Confidence = gzRound(math.Max(claimConf, 1-(1-claimConf)*(1-res.Confidence)))
		return res
	case nameapi.GenderMale, nameapi.GenderFemale:
		if res.Confidence >= gzStrong && !e.gzMixedAcrossPlaces(given) {
			// Strong name data says the other sex.
			return &nameapi.GenderizerResult{Gender: nameapi.GenderConflict, Confidence: gzRound(math.Min(claimConf, res.Confidence))}
		}
		// Weak name data: the declaration wins, less sure.
		return &nameapi.GenderizerResult{Gender: claim, Confidence: gzRound(claimConf * (1 - res.Confidence/2))}
	default:
		// Unknown or neutral names: the declaration decides.
		return &nameapi.GenderizerResult{Gender: claim, Confidence: claimConf}
	}
}

// GenderizePerson detects a natural person's gender from the given names
// (found by the name parser when the name is a FULLNAME), the salutation
// and the person's gender field, in the context's place and language (see
// genderForNames).
//
// A nil person is invalid input, and so is a person without name fields
// and without a gender. A legal person (or a name the parser reads as a
// company) has no gender: the answer is UNKNOWN with confidence 0, not an
// error, so that mixed customer lists genderize without failures. Several
// people in one name ("Peter and Maria Meyer") give their common gender
// when they share one, else INDETERMINABLE.
func (e *Engine) GenderizePerson(ctx context.Context, in *nameapi.InputWithPerson) (*nameapi.GenderizerResult, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("engine %s: %w", opGenderize, err)
	}
	if in == nil || in.InputPerson == nil {
		return nil, nameapi.NewInvalidInputError(opGenderize, "inputPerson is missing")
	}
	p := in.InputPerson
	switch p.Type {
	case nameapi.TypeNaturalInputPerson, "":
	case nameapi.TypeLegalInputPerson:
		return &nameapi.GenderizerResult{Gender: nameapi.GenderUnknown}, nil
	default:
		return nil, nameapi.NewInvalidInputError(opGenderize, "inputPerson has unknown type %q", p.Type)
	}
	var given []string
	sal := ""
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
			case nameapi.FieldSurname, nameapi.FieldTitle, nameapi.FieldQualifier, nameapi.FieldNameSuffix,
				nameapi.FieldMaidenSurname, nameapi.FieldNickname:
			default: // FULLNAME, prefixes, legal and Arabic fields: let the parser read them
				needParser = true
			}
		}
	}
	if !needParser {
		if len(given) == 0 && sal == "" && strings.TrimSpace(p.Gender) == "" && !gzHasSurname(p) {
			return nil, nameapi.NewInvalidInputError(opGenderize, "inputPerson has no name fields and no gender")
		}
		return e.genderForNames(given, sal, in.Context, p), nil
	}
	// The terms of the best match do not depend on the input gender or
	// the culture hints, so any memoised parse of the name will do.
	best := e.parseShared(in.Context, p, true).Best()
	if best == nil || best.ParsedPerson == nil {
		return &nameapi.GenderizerResult{Gender: nameapi.GenderUnknown}, nil
	}
	return e.gzOfParsed(best.ParsedPerson, in.Context, p), nil
}

// gzHasSurname reports whether p has a non-empty name field.
func gzHasSurname(p *nameapi.InputPerson) bool {
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

// gzOfParsed returns the gender of a parsed person from its terms (given
// and middle names, salutation), or for a group the common gender of its
// people.
func (e *Engine) gzOfParsed(pp *nameapi.ParsedPerson, c *nameapi.Context, p *nameapi.InputPerson) *nameapi.GenderizerResult {
	if pp.PersonType == nameapi.PersonTypeLegal {
		return &nameapi.GenderizerResult{Gender: nameapi.GenderUnknown}
	}
	if len(pp.People) > 0 {
		// A group: the input gender field cannot apply to every member.
		var common *nameapi.GenderizerResult
		for i := range pp.People {
			g := e.gzOfParsed(&pp.People[i], c, nil)
			switch {
			case common == nil:
				common = g
			case common.Gender != g.Gender:
				return &nameapi.GenderizerResult{Gender: nameapi.GenderIndeterminable, Confidence: gzRound(math.Max(common.Confidence, g.Confidence))}
			case g.Confidence < common.Confidence:
				common = g
			}
		}
		return common
	}
	var given []string
	sal := ""
	if pp.OutputPersonName != nil {
		for _, t := range pp.OutputPersonName.Terms {
			switch t.TermType {
			case nameapi.TermGivenname, nameapi.TermMiddlename:
				given = append(given, t.String)
			case nameapi.TermSalutation:
				if sal == "" {
					sal = t.String
				}
			}
		}
	}
	g := e.genderForNames(given, sal, c, p)
	return capFakeGender(g, pp.AddressingGivenName, pp.AddressingSurname)
}

// gzMixedAcrossPlaces reports whether the given names are borne by both
// sexes when all places are taken together ("Andrea": female in Germany,
// male in Italy). A salutation or input gender that contradicts the
// place's answer for such a name is believed ("Herr Andrea Conti" in
// Germany) instead of reported as a conflict.
func (e *Engine) gzMixedAcrossPlaces(given []string) bool {
	st := e.statsForNames(given, nil)
	return st.known && st.p > 0.15 && st.p < 0.85
}
