// Package parse is the engine's person-name parser: it reads a person's
// name fields (a FULLNAME or separate fields) into terms, for natural
// people, couples and groups, and for companies with their legal forms.
//
// Its files (the whole-string and structured readings, segments, middle
// and second given names, several people in one field, scripts, legal
// forms, the repair of disguised typing) share the term and candidate
// types, and splitting them into packages would export those for no other
// user.
package parse

import (
	"math"
	"slices"
	"strings"
	"unicode"

	"github.com/namepipe/namepipe/engine/genderize"
	"github.com/namepipe/namepipe/engine/lexicon"

	"github.com/namepipe/namepipe/engine/text"

	"github.com/namepipe/namepipe/nameapi"
)

// Op is the parser's operation name, as in its REST path.
var Op = nameapi.EndpointPersonNameParser.Name()

// Parser parses person names with a Lexicon. Create it with New.
type Parser struct {
	lex lexicon.Lexicon
	gz  *genderize.Genderizer // the gender of parsed natural people
}

// New returns a parser over lex that genderizes the people it parses with
// gz.
func New(lex lexicon.Lexicon, gz *genderize.Genderizer) *Parser {
	return &Parser{lex: lex, gz: gz}
}

// nameTerm is a parsed term with the position of its first token, so that
// terms can be put back into input order.
type nameTerm struct {
	text string
	typ  string
	pos  int
}

// candidate is one reading of one person's name.
type candidate struct {
	terms      []nameTerm
	likeliness float64
	confidence float64
	disputes   []nameapi.ParserDispute
}

// Person parses p's name (c may be nil); it never fails.
func (e *Parser) Person(c *nameapi.Context, p *nameapi.InputPerson) *nameapi.PersonNameParserResult {
	f := collectFields(p)
	if p.IsLegal() || f.legalName != "" || f.legalForm != "" {
		return &nameapi.PersonNameParserResult{Matches: []nameapi.ParsedPersonMatch{e.parseLegalFields(f)}}
	}
	if f.given == "" && f.surname == "" && f.middle == "" {
		full := strings.TrimSpace(f.full)
		if f.prefix != "" || f.suffix != "" {
			full = strings.TrimSpace(f.prefix + " " + f.full + " " + f.suffix)
		}
		if m, ok := e.parseLegalString(full, false); ok {
			return &nameapi.PersonNameParserResult{Matches: []nameapi.ParsedPersonMatch{m}}
		}
		return e.parseFullname(c, p, full, f.nick)
	}
	if e.coupleInFields(f) || familyOrBirthInFields(f) {
		// "John & Mary" + "Smith": a couple in the given-name field parses
		// as the same couple written in one field; so do "Familie" +
		// "Jensen" (the family) and "Ursula" + "Gregg née Konzett" (a
		// birth name in the surname field).
		return e.parseFullname(c, p, joinFields(f.prefix, f.given, f.middle, f.surname, f.suffix), f.nick)
	}
	// Spaced or stuttered typing in the separate fields.
	rp := repair{factor: 1}
	fixed := false
	for _, fld := range []*string{&f.given, &f.middle, &f.surname} {
		if s, r, ok := e.repairName(*fld); ok {
			*fld = s
			rp.factor *= r.factor
			rp.disputes = append(rp.disputes, r.disputes...)
			fixed = true
		}
	}
	res := e.parseStructured(c, p, f)
	if fixed {
		rp.apply(res)
	}
	return res
}

// familyOrBirthInFields reports whether the given-name field is only a
// word for "family" ("Familie", "Rodina") or the surname field holds a
// word introducing a birth name ("née", "geb.") between two names.
func familyOrBirthInFields(f fields) bool {
	// Cheap tests first: this runs for every name given in fields.
	if g := strings.TrimSpace(f.given); f.middle == "" && f.surname != "" && len(g) <= len("famiglia.") && familyBefore[text.NKey(g)] {
		return true
	}
	if strings.IndexByte(strings.TrimSpace(f.surname), ' ') < 0 {
		return false
	}
	words := strings.Fields(f.surname)
	l := text.Lists()
	for i := 1; i < len(words)-1; i++ {
		if l.BirthName[text.NKey(words[i])] {
			return true
		}
	}
	return false
}

// coupleInFields reports whether the given-name or middle-name field
// holds two people joined by a conjunction ("John & Mary", "Altin dhe
// Sidorela", "Juan y María").
func (e *Parser) coupleInFields(f fields) bool {
	for _, s := range [...]string{f.given, f.middle} {
		if s == "" {
			continue
		}
		var buf [8]text.Token
		toks, _ := text.TokenizeInto(buf[:0], s)
		if hasWeakConj(toks) {
			e.resolveWeakConjGiven(toks)
		}
		if hasConj(toks) && len(splitSegments(toks)) > 1 {
			return true
		}
	}
	return false
}

// joinFields joins the non-empty fields with spaces.
func joinFields(fs ...string) string {
	var b strings.Builder
	for _, s := range fs {
		if s = strings.TrimSpace(s); s == "" {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(s)
	}
	return b.String()
}

// fields are a person's name fields, gathered by role.
type fields struct {
	full, given, middle, surname, prefix, suffix, nick string
	legalName, legalForm                               string
}

func collectFields(p *nameapi.InputPerson) fields {
	var f fields
	add := func(dst *string, s string) {
		s = strings.TrimSpace(s)
		if s == "" {
			return
		}
		if *dst == "" {
			*dst = s
		} else {
			*dst += " " + s
		}
	}
	if p.PersonName == nil {
		return f
	}
	for _, nf := range p.PersonName.NameFields {
		switch strings.ToUpper(nf.FieldType) {
		case nameapi.FieldFullname:
			add(&f.full, nf.String)
		case nameapi.FieldGivenname, nameapi.FieldIsm:
			add(&f.given, nf.String)
		case nameapi.FieldMiddlename, nameapi.FieldAdditionalName:
			add(&f.middle, nf.String)
		case nameapi.FieldSurname, nameapi.FieldNasab, nameapi.FieldNisbah, nameapi.FieldLaqab, nameapi.FieldMaidenSurname:
			add(&f.surname, nf.String)
		case nameapi.FieldNamePrefix, nameapi.FieldSalutation, nameapi.FieldTitle:
			add(&f.prefix, nf.String)
		case nameapi.FieldNameSuffix, nameapi.FieldQualifier:
			add(&f.suffix, nf.String)
		case nameapi.FieldNickname, nameapi.FieldKunya:
			add(&f.nick, nf.String)
		case nameapi.FieldLegalName:
			add(&f.legalName, nf.String)
		case nameapi.FieldLegalForm:
			add(&f.legalForm, nf.String)
		default:
			add(&f.full, nf.String)
		}
	}
	return f
}

// ---------------------------------------------------------------------------
// Lexicon helpers

// ---------------------------------------------------------------------------
// Natural persons

// parseFullname parses a natural person's name from one string.
func (e *Parser) parseFullname(c *nameapi.Context, p *nameapi.InputPerson, full, nick string) *nameapi.PersonNameParserResult {
	fixed, rp, ok := e.repairName(full)
	if !ok {
		return e.parseFullnameAsIs(c, p, full, nick)
	}
	res := e.parseFullnameAsIs(c, p, fixed, nick)
	rp.apply(res)
	return res
}

// parseFullnameAsIs is parseFullname without repairing the string first.
func (e *Parser) parseFullnameAsIs(c *nameapi.Context, p *nameapi.InputPerson, full, nick string) *nameapi.PersonNameParserResult {
	var tokBuf [12]text.Token
	toks, fl := text.TokenizeInto(tokBuf[:0], full)
	var extra []nameTerm
	if nick != "" {
		extra = append(extra, nameTerm{text: nick, typ: nameapi.TermNickname, pos: len(toks)})
	}
	if m, ok := e.parseFamily(toks); ok {
		return &nameapi.PersonNameParserResult{Matches: []nameapi.ParsedPersonMatch{m}}
	}
	seg := toks
	if hasWeakConj(toks) {
		e.resolveWeakConj(toks)
	}
	if hasConj(toks) {
		// The segments are kept on the heap so that toks (the stack
		// buffer) does not escape.
		segs := splitSegments(slices.Clone(toks))
		if len(segs) > 1 {
			return &nameapi.PersonNameParserResult{Matches: []nameapi.ParsedPersonMatch{e.parseMultiple(c, p, segs, fl)}}
		}
		seg = nil
		if len(segs) == 1 {
			seg = segs[0]
		}
	}
	var candBuf [2]candidate
	cands := e.parseSegment(candBuf[:0], seg, false)
	res := newResult(len(cands))
	for _, cd := range cands {
		cd.terms = append(cd.terms, extra...)
		cd.disputes = append(cd.disputes, syntaxDisputes(fl, toks)...)
		res.Matches = append(res.Matches, e.naturalMatch(c, p, cd))
	}
	return res
}

// oneMatch is the memory of a parse result with one match, allocated as one
// object (BenchmarkPerson).
type oneMatch struct {
	res nameapi.PersonNameParserResult
	m   [1]nameapi.ParsedPersonMatch
}

// newResult returns a result with room for n matches (and none yet).
func newResult(n int) *nameapi.PersonNameParserResult {
	if n == 1 {
		b := &oneMatch{}
		b.res.Matches = b.m[:0:1]
		return &b.res
	}
	return &nameapi.PersonNameParserResult{Matches: make([]nameapi.ParsedPersonMatch, 0, n)}
}

// syntaxDisputes reports odd characters and punctuation.
func syntaxDisputes(fl text.TokFlags, toks []text.Token) []nameapi.ParserDispute {
	var d []nameapi.ParserDispute
	if fl.OddChars {
		d = append(d, nameapi.ParserDispute{DisputeType: nameapi.DisputeSyntax, Message: "The name contains digits or symbols that do not belong in a name."})
	}
	if fl.Unbalanced {
		d = append(d, nameapi.ParserDispute{DisputeType: nameapi.DisputeSyntax, Message: "The name contains an unbalanced quote or parenthesis."})
	}
	commas := 0
	l := text.Lists()
	for i, t := range toks {
		if t.Kind != text.TokComma {
			continue
		}
		// "Smith, John, Jr.": a comma before a qualifier or title is usual.
		if i+1 < len(toks) && (l.Qualifiers[toks[i+1].Key].TermType != "" || l.Titles[toks[i+1].Key]) {
			continue
		}
		commas++
	}
	if commas > 1 {
		d = append(d, nameapi.ParserDispute{DisputeType: nameapi.DisputeSyntax, Message: "The name contains more than one comma."})
	}
	return d
}

func hasKey(m map[string]string, k string) bool { _, ok := m[k]; return ok }

func tokenizeWords(s string) []string {
	if s == "" {
		return nil
	}
	toks, _ := text.Tokenize(s)
	var out []string
	for _, t := range toks {
		if t.Kind == text.TokWord || t.Kind == text.TokNick {
			out = append(out, t.Text)
		}
	}
	return out
}

func words(toks []text.Token) []text.Token { return appendWords(nil, toks) }

// appendWords appends the words of toks to dst.
func appendWords(dst, toks []text.Token) []text.Token {
	for _, t := range toks {
		if t.Kind == text.TokWord {
			dst = append(dst, t)
		}
	}
	return dst
}

func nickTokens(toks []text.Token) []string {
	var out []string
	for _, t := range toks {
		if t.Kind == text.TokNick {
			out = append(out, t.Text)
		}
	}
	return out
}

func firstOf(terms []nameTerm, typ string) string {
	for _, t := range terms {
		if t.typ == typ {
			return t.text
		}
	}
	return ""
}

// sortMatches orders matches by likeliness, then confidence, best first.
func sortMatches(m []nameapi.ParsedPersonMatch) {
	// A stable insertion sort: there are a handful of matches.
	better := func(a, b *nameapi.ParsedPersonMatch) bool {
		if a.Likeliness != b.Likeliness {
			return a.Likeliness > b.Likeliness
		}
		return a.Confidence > b.Confidence
	}
	for i := 1; i < len(m); i++ {
		for j := i; j > 0 && better(&m[j], &m[j-1]); j-- {
			m[j], m[j-1] = m[j-1], m[j]
		}
	}
}

// sortTermsByPos orders terms by position, stably (insertion sort: a name
// has a handful of terms, mostly in order already).
func sortTermsByPos(terms []nameTerm) {
	for i := 1; i < len(terms); i++ {
		for j := i; j > 0 && terms[j].pos < terms[j-1].pos; j-- {
			terms[j], terms[j-1] = terms[j-1], terms[j]
		}
	}
}

// naturalMatch turns a candidate into a match with a NATURAL person.
func (e *Parser) naturalMatch(c *nameapi.Context, p *nameapi.InputPerson, cd candidate) nameapi.ParsedPersonMatch {
	pp, disputes := e.naturalPerson(c, p, cd.terms)
	d := append(cd.disputes, disputes...)
	if d == nil {
		d = []nameapi.ParserDispute{}
	}
	return nameapi.ParsedPersonMatch{
		ParsedPerson:   pp,
		ParserDisputes: d,
		Likeliness:     round3(cd.likeliness),
		Confidence:     round3(cd.confidence),
	}
}

// naturalPerson builds a NATURAL/PRIMARY parsed person from terms, with
// addressing names and gender.
func (e *Parser) naturalPerson(c *nameapi.Context, p *nameapi.InputPerson, terms []nameTerm) (*nameapi.ParsedPerson, []nameapi.ParserDispute) {
	b := e.personBlock(terms)
	pp := &b.pp
	var givenBuf [4]string
	given := givenBuf[:0]
	sal := ""
	for _, t := range terms {
		switch t.typ {
		case nameapi.TermGivenname, nameapi.TermMiddlename:
			given = append(given, t.text)
		case nameapi.TermSalutation:
			if sal == "" {
				sal = t.text
			}
		}
	}
	g, disputes := e.parsedGender(c, p, given, pp.AddressingSurname, sal, &b.genderMem)
	b.gender = genderize.CapFakeValue(g, pp.AddressingGivenName, pp.AddressingSurname)
	pp.Gender = &b.gender
	return pp, disputes
}

// naturalPersonTerms is naturalPerson without the gender.
func (e *Parser) naturalPersonTerms(terms []nameTerm) *nameapi.ParsedPerson {
	return &e.personBlock(terms).pp
}

// personBlock returns the block of a NATURAL/PRIMARY parsed person with
// terms (sorted into input order) and addressing names, without gender.
func (e *Parser) personBlock(terms []nameTerm) *personBlock {
	sortTermsByPos(terms)
	// The addressing surname is the whole surname ("Fernández de la
	// Torre"), read before the surname is split into its names.
	surname := firstOf(terms, nameapi.TermSurname)
	terms = splitSurnames(terms)
	b := newPersonBlock(len(terms))
	out := b.pp.OutputPersonName.Terms
	for i, t := range terms {
		out[i] = nameapi.Term{String: t.text, TermType: t.typ}
	}
	pp := &b.pp
	pp.PersonType = nameapi.PersonTypeNatural
	pp.PersonRole = nameapi.RolePrimary
	pp.AddressingGivenName = firstOf(terms, nameapi.TermGivenname)
	pp.AddressingSurname = surname
	if pp.AddressingGivenName == "" {
		pp.AddressingGivenName = firstOf(terms, nameapi.TermNickname)
	}
	return b
}

// personBlock is the memory of a parsed natural person: the person, its
// name, its gender and the genderizer's memory of its names, allocated as
// one object with room for its terms (personBlock2..4, sized to the
// terms: BenchmarkPerson).
type personBlock struct {
	pp        nameapi.ParsedPerson
	name      nameapi.OutputPersonName
	gender    nameapi.GenderizerResult
	genderMem genderize.Memory
}

// personBlock2, personBlock3 and personBlock4 are a personBlock with room
// for up to 2, 3 and 4 terms.
type (
	personBlock2 struct {
		personBlock
		terms [2]nameapi.Term
	}
	personBlock3 struct {
		personBlock
		terms [3]nameapi.Term
	}
	personBlock4 struct {
		personBlock
		terms [4]nameapi.Term
	}
)

// newPersonBlock returns a personBlock whose person has its name, with n
// (zero) terms.
func newPersonBlock(n int) *personBlock {
	var b *personBlock
	var terms []nameapi.Term
	switch {
	case n <= 2:
		x := &personBlock2{}
		b, terms = &x.personBlock, x.terms[:n:n]
	case n == 3:
		x := &personBlock3{}
		b, terms = &x.personBlock, x.terms[:]
	case n == 4:
		x := &personBlock4{}
		b, terms = &x.personBlock, x.terms[:]
	default:
		b, terms = &personBlock{}, make([]nameapi.Term, n)
	}
	b.name.Terms = terms
	b.pp.OutputPersonName = &b.name
	return b
}

func round3(f float64) float64 { return math.Round(f*1000) / 1000 }

// startsLower reports whether s starts with a lower-case letter.
func startsLower(s string) bool {
	for _, r := range s {
		return unicode.IsLower(r)
	}
	return false
}
