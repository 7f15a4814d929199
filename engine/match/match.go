// Package match is the engine's person matcher: it compares two people by
// name (typos, transliteration, initials, nicknames, order), gender and age.
package match

import (
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/namepipe/namepipe/engine/script"
	"github.com/namepipe/namepipe/engine/text"

	"github.com/namepipe/namepipe/nameapi"
)

// Op is the matcher's operation name, as in its REST path.
var Op = nameapi.EndpointPersonMatcher.Name()

// ParseFunc parses a person's name (c may be nil); it never fails.
type ParseFunc func(c *nameapi.Context, p *nameapi.InputPerson) *nameapi.PersonNameParserResult

// mName is one person's name reduced for comparison: folded given names
// (given and middle), initials, surname parts, qualifier and gender.
type mName struct {
	given    []string
	initials []byte // first letters of initials
	surnames []string
	// joined is the whole surname, particles included, folded without
	// blanks, hyphens and apostrophes: "Mac Cárthaigh" and
	// "MacCárthaigh" are one surname written two ways.
	joined string
	birth  []string // birth surname parts ("geb. Weber")
	qual   string
	gender *nameapi.GenderizerResult
	conf   float64
	legal  string // folded business name for legal persons
	// How the name was written, which EQUAL requires to agree: the
	// surname particles ("binti", "van"; not compared otherwise), whether
	// a salutation or title is written ("Monsieur", "Dr."; on one side
	// only: "Herr" against "Frau" is a matter of gender), and whether the
	// surname came before the given name; and the nicknames ("Kristýna
	// \"Týna\" Nováková": a part the other side may not write).
	particles    []string
	affixes      []string
	nicknames    []string
	surnameFirst bool
}

// Persons compares two people, parsing their names with parse, by name (typos, transliteration such
// as ü = ue, initials, nicknames such as Bill = William, swapped order),
// gender and age.
//
// "Petra Müller" and "Petra Mueller" are EQUAL; "Petra K. Müller" and
// "Petra Mueller-Meyer" MATCHING (composition INTERSECTION: each has a part
// the other lacks); a typo gives SIMILAR; the same surname with other given
// names, or "Jr" against "Sr", gives RELATION; a gender or birth date
// conflict gives DIFFERENT. Points are in [-1, 1] (positive = same person).
//
// A missing person or name is invalid input, and so is an impossible age
// (month 13, day 32, 31 February): the matcher compares ages and cannot
// compare a date that does not exist (the risk detector reports such dates
// as risks instead).
func Persons(in *nameapi.InputWithTwoPeople, parse ParseFunc) (*nameapi.PersonMatcherResult, error) {
	if in == nil || in.InputPerson1 == nil || in.InputPerson2 == nil {
		return nil, nameapi.NewInputError(Op, "inputPerson1 and inputPerson2 are required")
	}
	for i, p := range []*nameapi.InputPerson{in.InputPerson1, in.InputPerson2} {
		if p.PersonName == nil || len(p.PersonName.NameFields) == 0 {
			return nil, nameapi.NewInputError(Op, "inputPerson%d has no name fields", i+1)
		}
		if err := validateAge(p.Age); err != nil {
			return nil, nameapi.NewInputError(Op, "inputPerson%d: %v", i+1, err)
		}
	}
	a := matchName(parse, in.Context, in.InputPerson1)
	b := matchName(parse, in.Context, in.InputPerson2)
	nameType, extraA, extraB, relation := compareNames(a, b, text.Lists())
	res := &nameapi.PersonMatcherResult{
		PersonNameMatcherResult: nameapi.PersonNameMatcherResult{MatchType: nameType},
		GenderMatcherResult:     acrossScripts(compareGender(a.gender, b.gender), a, b),
		AgeMatcherResult:        nameapi.AgeMatcherResult{MatchType: compareAge(in.InputPerson1.Age, in.InputPerson2.Age)},
	}
	g, ag := res.GenderMatcherResult.MatchType, res.AgeMatcherResult.MatchType
	conf := math.Min(a.conf, b.conf)
	switch nameType {
	case nameapi.MatchEqual:
		res.MatchType, res.Points = nameapi.MatchEqual, 1
		if ag == nameapi.MatchPartial || g == nameapi.MatchPossiblyDifferent {
			res.MatchType, res.Points = nameapi.MatchMatching, 0.8
		}
	case nameapi.MatchMatching:
		res.MatchType, res.Points = nameapi.MatchMatching, 0.7
	case nameapi.MatchSimilar:
		res.MatchType, res.Points = nameapi.MatchSimilar, 0.4
	case nameapi.MatchPartial:
		res.MatchType, res.Points = nameapi.MatchDifferent, -0.5
		if relation {
			res.MatchType, res.Points = nameapi.MatchRelation, -0.2
		}
	default:
		res.MatchType, res.Points = nameapi.MatchDifferent, -1
	}
	if relation && nameType == nameapi.MatchEqual {
		// Same name, but "Jr" against "Sr".
		res.MatchType, res.Points = nameapi.MatchRelation, -0.2
	}
	if res.Points > 0 && (g == nameapi.MatchDifferent || ag == nameapi.MatchDifferent) {
		res.MatchType, res.Points = nameapi.MatchDifferent, -0.6
	}
	if res.Points > 0 && ag == nameapi.MatchEqual {
		res.Points = math.Min(1, res.Points+0.1)
		conf = math.Min(1, conf+0.1)
	}
	switch {
	case res.MatchType == nameapi.MatchDifferent || res.MatchType == nameapi.MatchRelation:
		res.PersonMatchComposition = nameapi.CompositionNotApplicable
	case extraA && extraB:
		res.PersonMatchComposition = nameapi.CompositionIntersection
	case extraA || extraB:
		res.PersonMatchComposition = nameapi.CompositionPartial
	default:
		res.PersonMatchComposition = nameapi.CompositionFull
	}
	res.Points = round3(res.Points)
	res.Confidence = round3(math.Max(0.1, conf))
	return res, nil
}

// matchName parses p and reduces the best reading for comparison.
func matchName(parse ParseFunc, c *nameapi.Context, p *nameapi.InputPerson) mName {
	r := parse(c, p)
	m := r.Best()
	pp := m.ParsedPerson
	if len(pp.People) > 0 {
		pp = &pp.People[0]
	}
	n := mName{gender: pp.Gender, conf: m.Confidence}
	if pp.PersonType == nameapi.PersonTypeLegal {
		n.legal = text.FoldSpace(pp.OutputPersonName.First(nameapi.TermBusinessName))
		return n
	}
	l := text.Lists()
	seenGiven := false
	for _, t := range pp.OutputPersonName.Terms {
		switch t.TermType {
		case nameapi.TermGivenname, nameapi.TermMiddlename:
			seenGiven = true
			// A term of punctuation only (".") folds to nothing.
			if f := text.FoldSpace(t.String); f != "" {
				n.given = append(n.given, f)
			}
		case nameapi.TermGivennameInitial, nameapi.TermMiddlenameInitial:
			if f := text.Fold(t.String); f != "" {
				n.initials = append(n.initials, initialByte(f))
			}
		case nameapi.TermSurname:
			if !seenGiven && len(n.surnames) == 0 && !hasComma(p) {
				// "Müller Petra"; "Müller, Petra" is the usual
				// written form of "Petra Müller".
				n.surnameFirst = true
			}
			for _, part := range strings.FieldsFunc(text.Fold(t.String), func(r rune) bool { return r == ' ' || r == '-' }) {
				n.joined += noApostrophes(part)
				if k := text.NKey(part); l.Particles[k] {
					n.particles = append(n.particles, k)
				} else if part = noApostrophes(part); part != "" {
					n.surnames = append(n.surnames, part)
				}
			}
		case nameapi.TermSurnameAtBirth:
			n.birth = append(n.birth, strings.FieldsFunc(text.Fold(t.String), func(r rune) bool { return r == ' ' || r == '-' })...)
		case nameapi.TermQualifier:
			n.qual = text.NKey(t.String)
		case nameapi.TermSalutation, nameapi.TermTitle:
			n.affixes = append(n.affixes, text.NKey(t.String))
		case nameapi.TermNickname:
			if f := text.FoldSpace(t.String); f != "" {
				n.nicknames = append(n.nicknames, f)
			}
		}
	}
	return n
}

// noApostrophes returns the folded word w without its apostrophes: they
// are spelling, not letters ("O'Neil" and "Oneil", "D'Angelo" and
// "DAngelo" are one name).
func noApostrophes(w string) string {
	if !strings.ContainsAny(w, "'’ʼ") {
		return w
	}
	return strings.Map(func(r rune) rune {
		if r == '\'' || r == '’' || r == 'ʼ' {
			return -1
		}
		return r
	}, w)
}

// hasComma reports whether a name field of p holds a comma.
func hasComma(p *nameapi.InputPerson) bool {
	if p.PersonName == nil {
		return false
	}
	for _, f := range p.PersonName.NameFields {
		if strings.Contains(f.String, ",") {
			return true
		}
	}
	return false
}

// compareGender compares two computed genders.
func compareGender(a, b *nameapi.GenderizerResult) nameapi.GenderMatcherResult {
	known := func(g *nameapi.GenderizerResult) bool {
		return g != nil && (g.Gender == nameapi.GenderMale || g.Gender == nameapi.GenderFemale)
	}
	if !known(a) || !known(b) {
		if a != nil && b != nil && (a.Gender == nameapi.GenderNeutral || b.Gender == nameapi.GenderNeutral) {
			return nameapi.GenderMatcherResult{MatchType: nameapi.MatchPossiblyEqual, Confidence: 0.4}
		}
		return nameapi.GenderMatcherResult{MatchType: nameapi.MatchNotApplicable, Confidence: 0}
	}
	conf := round3(math.Min(a.Confidence, b.Confidence))
	if a.Gender == b.Gender {
		if conf >= 0.6 {
			return nameapi.GenderMatcherResult{MatchType: nameapi.MatchEqual, Confidence: conf}
		}
		return nameapi.GenderMatcherResult{MatchType: nameapi.MatchPossiblyEqual, Confidence: conf}
	}
	if conf >= 0.6 {
		return nameapi.GenderMatcherResult{MatchType: nameapi.MatchDifferent, Confidence: conf}
	}
	return nameapi.GenderMatcherResult{MatchType: nameapi.MatchPossiblyDifferent, Confidence: conf,
		Warnings: []string{"The genders differ, but at least one is uncertain."}}
}

// acrossScripts softens a gender difference between names written in two
// scripts ("Nino" and "ნინო"): each side's sex then comes from other data
// (Italian Nino is a man, Georgian Nino a woman), so it does not tell two
// people apart.
func acrossScripts(g nameapi.GenderMatcherResult, a, b mName) nameapi.GenderMatcherResult {
	if g.MatchType != nameapi.MatchDifferent || len(a.given) == 0 || len(b.given) == 0 ||
		script.Of(a.given[0]) == script.Of(b.given[0]) {
		return g
	}
	return nameapi.GenderMatcherResult{MatchType: nameapi.MatchPossiblyDifferent, Confidence: g.Confidence,
		Warnings: []string{"The genders differ, but the names are written in different scripts, whose name data differ."}}
}

// validateAge rejects impossible age data.
func validateAge(a *nameapi.AgeInfo) error {
	if a.Empty() {
		return nil
	}
	switch a.Type {
	case nameapi.TypeBirthDate, "":
		if a.Month < 1 || a.Month > 12 {
			return fmt.Errorf("month %d does not exist", a.Month)
		}
		if a.Day < 1 || a.Day > 31 {
			return fmt.Errorf("day %d does not exist", a.Day)
		}
		t := time.Date(int(a.Year), time.Month(a.Month), int(a.Day), 0, 0, 0, 0, time.UTC)
		if t.Day() != int(a.Day) {
			return fmt.Errorf("%04d-%02d-%02d does not exist", a.Year, a.Month, a.Day)
		}
	case nameapi.TypeBirthYearMonth:
		if a.Month < 1 || a.Month > 12 {
			return fmt.Errorf("month %d does not exist", a.Month)
		}
	}
	return nil
}

// ageSpan converts age info to the inclusive range of possible birth days
// (as yyyymmdd numbers) and its precision (3 day, 2 month, 1 year, 0 range).
func ageSpan(a *nameapi.AgeInfo) (lo, hi int, prec int, ok bool) {
	if a.Empty() {
		return 0, 0, 0, false
	}
	switch a.Type {
	case nameapi.TypeBirthDate, "":
		d := int(a.Year)*10000 + int(a.Month)*100 + int(a.Day)
		return d, d, 3, true
	case nameapi.TypeBirthYearMonth:
		return int(a.Year)*10000 + int(a.Month)*100 + 1, int(a.Year)*10000 + int(a.Month)*100 + 31, 2, true
	case nameapi.TypeBirthYear:
		return int(a.Year)*10000 + 101, int(a.Year)*10000 + 1231, 1, true
	case nameapi.TypeBirthYearRange:
		lo, hi = 0, 99991231
		if r := a.YearRange; r != nil {
			if r.StartIncluding != nil {
				lo = int(*r.StartIncluding)*10000 + 101
			}
			if r.EndIncluding != nil {
				hi = int(*r.EndIncluding)*10000 + 1231
			}
		}
		return lo, hi, 0, true
	}
	return 0, 0, 0, false
}

// compareAge compares two age infos: EQUAL for the same data, PARTIAL when
// one is less precise but compatible (1980 against 1980-05-17), DIFFERENT
// when they cannot both be true, NOT_APPLICABLE when one is missing.
func compareAge(a, b *nameapi.AgeInfo) string {
	loA, hiA, pA, okA := ageSpan(a)
	loB, hiB, pB, okB := ageSpan(b)
	if !okA || !okB {
		return nameapi.MatchNotApplicable
	}
	if loA == loB && hiA == hiB && pA == pB {
		return nameapi.MatchEqual
	}
	if hiA < loB || hiB < loA {
		return nameapi.MatchDifferent
	}
	return nameapi.MatchPartial
}

func round3(f float64) float64 { return math.Round(f*1000) / 1000 }

// vowelVav returns the match key of a name in Arabic or Hebrew script with
// its w/v letters dropped: و and ו write the vowels o and u as often as
// the consonant ("נועם" Noam, "انوشه" Anousheh; but "לוי" Levi), so
// either reading may be the other script's. For other scripts it returns
// "", which matches no key.
func vowelVav(sc script.Script, key string) string {
	if sc != script.Arabic && sc != script.Hebrew || !strings.ContainsRune(key, 'v') {
		return ""
	}
	return strings.ReplaceAll(key, "v", "")
}
