// Package match is the engine's person matcher: it compares two people by
// name (typos, transliteration, initials, nicknames, order), gender and age.
package match

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

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

// wordRel is how two name words relate.
type wordRel int

const (
	relDifferent  wordRel = iota
	relSimilar            // a typo apart
	relCompatible         // nickname, or initial against name
	relEqual
)

func compareWords(a, b string, l *text.WordLists) wordRel {
	if a == b {
		return relEqual
	}
	// Transliteration leftovers: "muller" (ü without e) against "mueller".
	if strings.ReplaceAll(a, "ue", "u") == strings.ReplaceAll(b, "ue", "u") &&
		strings.ReplaceAll(strings.ReplaceAll(a, "ae", "a"), "oe", "o") == strings.ReplaceAll(strings.ReplaceAll(b, "ae", "a"), "oe", "o") {
		return relEqual
	}
	// Nicknames and short forms ("Bill", "Mohd.").
	ta, tb := strings.TrimRight(a, "."), strings.TrimRight(b, ".")
	for _, n := range l.Nicknames[ta] {
		if n == tb {
			return relCompatible
		}
	}
	// One name in two scripts ("Ivan", "Иван"; "Hassan", "حسّان").
	if sa, sb := script.Of(a), script.Of(b); sa != sb && sa != script.None && sb != script.None {
		if ka, kb := script.MatchKey(a), script.MatchKey(b); ka != "" && (ka == kb || vowelVav(sa, ka) == kb || ka == vowelVav(sb, kb)) {
			return relCompatible
		}
	}
	la, lb := len([]rune(a)), len([]rune(b))
	if min(la, lb) >= 4 {
		d := text.DamerauLevenshtein(a, b)
		if d == 1 || (d == 2 && min(la, lb) >= 7) || text.JaroWinkler(a, b) >= 0.94 {
			return relSimilar
		}
	}
	return relDifferent
}

// compareNames compares two reduced names. extraA/extraB say whether a
// side has name parts the other lacks; relation is true for the same
// surname with other given names or other generational qualifiers.
func compareNames(a, b mName, l *text.WordLists) (typ string, extraA, extraB, relation bool) {
	if a.legal != "" || b.legal != "" {
		switch {
		case a.legal == b.legal:
			return nameapi.MatchEqual, false, false, false
		case a.legal != "" && b.legal != "" && compareWords(strings.ReplaceAll(a.legal, " ", ""), strings.ReplaceAll(b.legal, " ", ""), l) >= relSimilar:
			return nameapi.MatchSimilar, false, false, false
		}
		return nameapi.MatchDifferent, false, false, false
	}
	if len(a.surnames) == 0 && len(b.surnames) == 0 && len(a.given) == 0 && len(b.given) == 0 {
		return nameapi.MatchNoSimilarityFound, false, false, false
	}
	sRel, sExtraA, sExtraB := compareSurnames(a.surnames, b.surnames, l)
	if sRel < relEqual && a.joined != "" && a.joined == b.joined {
		// One surname split otherwise: "Mac Cárthaigh", "MacCárthaigh".
		sRel, sExtraA, sExtraB = relEqual, false, false
	}
	sRel, sExtraA, sExtraB = birthSurnames(a, b, sRel, sExtraA, sExtraB, l)
	gRel, gExtraA, gExtraB := compareGiven(a, b, l)
	// Swapped order: "Müller Petra" read as given "Müller".
	if sRel == relDifferent && gRel == relDifferent && len(a.given) > 0 && len(b.given) > 0 && len(a.surnames) > 0 && len(b.surnames) > 0 {
		if compareWords(a.given[0], b.surnames[len(b.surnames)-1], l) == relEqual && compareWords(a.surnames[len(a.surnames)-1], b.given[0], l) == relEqual {
			return nameapi.MatchMatching, false, false, false
		}
	}
	extraA, extraB = sExtraA || gExtraA, sExtraB || gExtraB
	qualRel := a.qual != "" && b.qual != "" && a.qual != b.qual
	switch {
	case sRel == relEqual && gRel == relEqual && !extraA && !extraB:
		if a.surnameFirst != b.surnameFirst && !surnameFirstCulture(a) || !slices.Equal(a.particles, b.particles) || (len(a.affixes) == 0) != (len(b.affixes) == 0) ||
			!slices.Equal(a.nicknames, b.nicknames) {
			// The same name written another way: "Müller Petra",
			// "Fatima Hussain" for "Fatima binti Hussain", "Monsieur
			// Jean-Claude Laforge" for "Jean-Claude Laforge", "Kristýna
			// \"Týna\" Nováková" for "Kristýna Nováková".
			return nameapi.MatchMatching, false, false, qualRel
		}
		return nameapi.MatchEqual, false, false, qualRel
	case sRel >= relCompatible && gRel >= relCompatible:
		return nameapi.MatchMatching, extraA, extraB, qualRel
	case sRel >= relSimilar && gRel >= relSimilar:
		return nameapi.MatchSimilar, extraA, extraB, qualRel
	case sRel >= relCompatible && gRel == relDifferent:
		return nameapi.MatchPartial, extraA, extraB, true
	case sRel == relDifferent && gRel >= relCompatible:
		return nameapi.MatchPartial, extraA, extraB, false
	}
	return nameapi.MatchDifferent, extraA, extraB, false
}

// birthSurnames lets a birth name stand for the surname: "Maria Schmidt
// geb. Weber" and "Maria Weber" are the same woman before and after her
// marriage (compatible, each side with a part the other lacks). A birth
// name only one side gives is a part the other lacks.
func birthSurnames(a, b mName, rel wordRel, extraA, extraB bool, l *text.WordLists) (wordRel, bool, bool) {
	if len(a.birth) == 0 && len(b.birth) == 0 {
		return rel, extraA, extraB
	}
	if rel == relDifferent {
		for _, pair := range [][2][]string{{a.birth, b.surnames}, {a.surnames, b.birth}, {a.birth, b.birth}} {
			if len(pair[0]) == 0 || len(pair[1]) == 0 {
				continue
			}
			if r, _, _ := compareSurnames(pair[0], pair[1], l); r >= relCompatible {
				return relCompatible, true, true
			}
		}
		return rel, extraA, extraB
	}
	return rel, extraA || len(a.birth) > 0 && len(b.birth) == 0, extraB || len(b.birth) > 0 && len(a.birth) == 0
}

// compareSurnames compares surname parts: equal sets are equal; one set
// inside the other ("Müller" and "Mueller-Meyer") is compatible.
func compareSurnames(a, b []string, l *text.WordLists) (wordRel, bool, bool) {
	if len(a) == 0 || len(b) == 0 {
		return relCompatible, len(a) > 0, len(b) > 0
	}
	best := func(w string, set []string) wordRel {
		r := relDifferent
		for _, x := range set {
			if c := compareWords(w, x, l); c > r {
				r = c
			}
		}
		return r
	}
	worstA, anyA, extraA := relEqual, relDifferent, false
	for _, w := range a {
		r := best(w, b)
		worstA = min(worstA, r)
		anyA = max(anyA, r)
		if r == relDifferent {
			extraA = true
		}
	}
	extraB := false
	for _, w := range b {
		if best(w, a) == relDifferent {
			extraB = true
		}
	}
	switch {
	case !extraA && !extraB:
		return worstA, false, false
	case anyA >= relSimilar:
		// Shared part plus extra parts: compatible at best.
		return min(anyA, relCompatible), extraA, extraB
	}
	return relDifferent, extraA, extraB
}

// compareGiven compares given names and initials.
func compareGiven(a, b mName, l *text.WordLists) (wordRel, bool, bool) {
	na, nb := len(a.given)+len(a.initials), len(b.given)+len(b.initials)
	if na == 0 || nb == 0 {
		return relCompatible, na > 0, nb > 0
	}
	// First given names (or initials).
	firstA, firstB := "", ""
	if len(a.given) > 0 {
		firstA = a.given[0]
	}
	if len(b.given) > 0 {
		firstB = b.given[0]
	}
	var r wordRel
	switch {
	case firstA != "" && firstB != "":
		r = compareWords(firstA, firstB, l)
		if r < relCompatible && (shortForm(firstA, firstB) || compoundShortForm(firstA, firstB) || compoundShortForm(firstB, firstA)) {
			r = relCompatible
		}
	case firstA != "" && len(b.initials) > 0:
		r = initialRel(firstA, b.initials[0])
	case firstB != "" && len(a.initials) > 0:
		r = initialRel(firstB, a.initials[0])
	default:
		r = relDifferent
		if len(a.initials) > 0 && len(b.initials) > 0 && a.initials[0] == b.initials[0] {
			r = relCompatible
		}
	}
	if r == relDifferent {
		if laterGiven(a, b, l) {
			return relCompatible, false, true
		}
		if laterGiven(b, a, l) {
			return relCompatible, true, false
		}
		return r, true, true
	}
	// Middle names and initials beyond the first: more on one side is an
	// extra part; a conflicting initial is a difference.
	restA := restParts(a)
	restB := restParts(b)
	extraA, extraB := false, false
	for i := 0; i < max(len(restA), len(restB)); i++ {
		switch {
		case i >= len(restB):
			extraA = true
		case i >= len(restA):
			extraB = true
		case restA[i] == restB[i]:
		case initialByte(restA[i]) == initialByte(restB[i]) && (len(restA[i]) == 1 || len(restB[i]) == 1):
			r = min(r, relCompatible)
		default:
			extraA, extraB = true, true
		}
	}
	if (extraA || extraB) && r == relEqual {
		r = relCompatible
	}
	return r, extraA, extraB
}

// laterGiven reports whether a has one given name or initial only and it
// is one of b's later given names ("Fatimah Madani", "T. van Rijswijck"
// for "Anousheh Fatimah Madani", "Jan Theodoor van Rijswijck": people go
// by a middle name).
func laterGiven(a, b mName, l *text.WordLists) bool {
	if len(a.given)+len(a.initials) != 1 {
		return false
	}
	for _, w := range restParts(b) {
		switch {
		case len(a.given) == 1 && len(w) > 1:
			if compareWords(a.given[0], w, l) >= relCompatible {
				return true
			}
		case len(a.initials) == 1 && initialByte(w) == a.initials[0]:
			return true
		}
	}
	return false
}

// stemPetEndings are endings pet forms put in place of a given name's
// last vowel (Romanian Alin-uţa), folded. Endings added to the whole name
// (Turkish Ayşe-cik, Polish Piotr-uś, German Hans-chen) need no list: the
// name is a prefix of its pet form.
var stemPetEndings = []string{"uta"}

// otherEndings make another name of a name, most often the other sex's
// (Paul-a, Josef-ine, Andrea-s): a name and itself with one of these are
// two names, not a short form.
var otherEndings = []string{"a", "e", "s", "ia", "ie", "na", "ne", "ina", "ine", "ette"}

// shortForm reports whether one given name is a short or pet form of the
// other: cut to its first three letters or more ("Manu" for "Manuel",
// "Vero" for "Véronique", "Alina" for "Alina-Victoria"; not "Andrea" for
// "Andreas", "Paul" for "Paula" or "Josef" for "Josefine"), cut and ended
// in -i, -y or -ie ("Levi", "Ursi" for "Levente", "Ursula"), or the name
// with a pet ending ("Ayşecik", "Piotruś", "Alinuţa"). The words are
// folded.
func shortForm(a, b string) bool {
	if len(a) > len(b) {
		a, b = b, a
	}
	if utf8.RuneCountInString(a) < 3 || a == b {
		return false
	}
	if rest, ok := strings.CutPrefix(b, a); ok {
		return !slices.Contains(otherEndings, rest)
	}
	for _, end := range []string{"ie", "i", "y"} {
		if stem, ok := strings.CutSuffix(a, end); ok && utf8.RuneCountInString(stem) >= 3 && strings.HasPrefix(b, stem) && len(b) > len(stem)+len(end) {
			return true
		}
	}
	if stem := strings.TrimRight(a, "aeiou"); utf8.RuneCountInString(stem) >= 3 && stem != a {
		if rest, ok := strings.CutPrefix(b, stem); ok && slices.Contains(stemPetEndings, rest) {
			return true
		}
	}
	return false
}

// surnameFirstCulture reports whether n's surname is one of a culture
// that writes the surname first (Vietnamese: text.IsVietnameseSurname),
// where "Nguyễn Quang Dũng" and "Quang Dung Nguyen" are the one name in
// its native and its Western order, not a name written another way as
// "Müller Petra" is.
func surnameFirstCulture(n mName) bool {
	return n.joined != "" && text.IsVietnameseSurname(n.joined) // "Lê" is also a particle
}

// compoundShortForm reports whether a is a short or pet form of the first
// part of the compound given name b, written as one term ("Alinuţa" for
// "Alina-Victoria", "Hansi" for "Hans-Peter", "Vero" for "Véronique
// Anne"): a pet form is made of one of the names (shortForm), and a
// compound is named by its first. A part cut to its start is a prefix of
// the compound and needs no rule.
func compoundShortForm(a, b string) bool {
	i := strings.IndexAny(b, " -")
	if i <= 0 || strings.ContainsAny(a, " -") {
		return false
	}
	first := b[:i]
	return a != first && shortForm(a, first)
}

// restParts returns the middle names (folded) and initials after the first
// given name, initials as one-letter strings.
func restParts(n mName) []string {
	var out []string
	if len(n.given) > 1 {
		out = append(out, n.given[1:]...)
	}
	ini := n.initials
	if len(n.given) == 0 && len(ini) > 0 {
		ini = ini[1:]
	}
	for _, c := range ini {
		out = append(out, string(c))
	}
	return out
}

func initialRel(name string, initial byte) wordRel {
	if name != "" && initialByte(name) == initial {
		return relCompatible
	}
	return relDifferent
}

// initialByte returns the first letter of a folded name or initial as one
// byte: a Latin letter as it is, a letter of another script as the first
// letter of its Latin spelling ("Ա." and "Anahit" both 'a'), so that an
// initial meets its name across scripts and two letters of one script
// are not told alike by a shared first byte of their UTF-8.
func initialByte(s string) byte {
	if s == "" || s[0] < utf8.RuneSelf {
		if s == "" {
			return 0
		}
		return s[0]
	}
	if k := script.LatinKey(s); k != "" {
		return k[0]
	}
	return s[0]
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
