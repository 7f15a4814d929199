package engine

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/namepipe/namepipe/engine/genderize"
	"github.com/namepipe/namepipe/engine/lexicon"

	"github.com/namepipe/namepipe/engine/text"

	"github.com/namepipe/namepipe/nameapi"
)

const opParse = "parser/personnameparser"

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
		return nil, nameapi.NewInvalidInputError(opParse, "inputPerson is missing")
	}
	p := in.InputPerson
	if p.PersonName == nil || len(p.PersonName.NameFields) == 0 {
		return nil, nameapi.NewInvalidInputError(opParse, "inputPerson has no name fields")
	}
	if e.memo == nil {
		return e.parsePerson(in.Context, p), nil
	}
	var buf [memoKeyBuf]byte
	key, attrs := memoKeys(buf[:0], in.Context, p)
	if r := e.memo.get(key, attrs, false); r != nil {
		return cloneParse(r), nil
	}
	r := e.parsePerson(in.Context, p)
	e.memo.put(key, attrs, cloneParse(r))
	return r, nil
}

// parsePerson parses p's name; it never fails.
func (e *Engine) parsePerson(c *nameapi.Context, p *nameapi.InputPerson) *nameapi.PersonNameParserResult {
	f := collectFields(p)
	if p.IsLegal() || f.legalName != "" || f.legalForm != "" {
		return &nameapi.PersonNameParserResult{Matches: []nameapi.ParsedPersonMatch{e.parseLegalFields(f)}}
	}
	if f.given == "" && f.surname == "" && f.middle == "" {
		full := strings.TrimSpace(f.prefix + " " + f.full + " " + f.suffix)
		if m, ok := e.parseLegalString(full, false); ok {
			return &nameapi.PersonNameParserResult{Matches: []nameapi.ParsedPersonMatch{m}}
		}
		return e.parseFullname(c, p, full, f.nick)
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
// Legal persons

// splitLegalForm finds a legal form at the end of s ("Acme GmbH & Co. KG")
// and returns the business name before it and the legal form as written.
func splitLegalForm(s string) (name, form string, ok bool) {
	l := text.Lists()
	// Quick rejection: every legal form's key ends with the key of its
	// last word.
	last := s
	if i := strings.LastIndexFunc(s, unicode.IsSpace); i >= 0 {
		_, n := utf8.DecodeRuneInString(s[i:])
		last = s[i+n:]
	}
	var buf [64]byte
	if lk := text.AppendNKey(buf[:0], last); !l.LegalSuffixes[string(lk)] && !l.LegalSuffixes[string(bytes.TrimLeft(lk, ","))] {
		return "", "", false
	}
	words := strings.Fields(s)
	max := l.LegalMaxWords
	if max > len(words) {
		max = len(words)
	}
	for k := max; k >= 1; k-- {
		tail := words[len(words)-k:]
		key := text.NKey(strings.Join(tail, ""))
		key = strings.TrimLeft(key, ",")
		if _, found := l.LegalForms[key]; !found {
			continue
		}
		// A two-letter form written in title case ("Ag", "Se") is more
		// likely a name than a legal form.
		if k == 1 && len(key) == 2 && isTitleCased(tail[0]) {
			continue
		}
		name = strings.TrimRight(strings.TrimSpace(strings.Join(words[:len(words)-k], " ")), ",")
		form = strings.TrimLeft(strings.Join(tail, " "), ",")
		return name, strings.TrimSpace(form), true
	}
	return "", "", false
}

// isTitleCased reports whether w is one upper-case letter followed by
// lower-case letters only.
func isTitleCased(w string) bool {
	for i, r := range w {
		if i == 0 {
			if !isUpperRune(r) {
				return false
			}
			continue
		}
		if isUpperRune(r) {
			return false
		}
	}
	return true
}

// parseLegalString parses s as a legal person when it carries a legal form
// or (unless requireForm) a word that marks an organisation.
func (e *Engine) parseLegalString(s string, requireForm bool) (nameapi.ParsedPersonMatch, bool) {
	if name, form, ok := splitLegalForm(s); ok && name != "" {
		return legalMatch(name, form, 0.95, 0.9), true
	}
	if requireForm {
		return nameapi.ParsedPersonMatch{}, false
	}
	// Quick rejection without splitting: no business word.
	l := text.Lists()
	var buf [64]byte
	n, found := 0, false
	for w := range strings.FieldsSeq(s) {
		n++
		if l.BusinessWords[string(text.AppendNKey(buf[:0], w))] {
			found = true
		}
	}
	if !found || n < 2 {
		return nameapi.ParsedPersonMatch{}, false
	}
	words := strings.Fields(s)
	for i, w := range words {
		if !l.BusinessWords[text.NKey(w)] {
			continue
		}
		// "Peter Bank" is a person; "Deutsche Bank" and "Hotel Adlon" are not.
		if i > 0 && lexicon.IsGiven(e.lex, words[0]) && len(words) == 2 {
			continue
		}
		return legalMatch(strings.Join(words, " "), "", 0.75, 0.6), true
	}
	return nameapi.ParsedPersonMatch{}, false
}

// parseLegalFields parses a LegalInputPerson or LEGAL_NAME/LEGAL_FORM fields.
func (e *Engine) parseLegalFields(f fields) nameapi.ParsedPersonMatch {
	name := f.legalName
	if name == "" {
		name = strings.TrimSpace(strings.Join([]string{f.full, f.given, f.middle, f.surname}, " "))
		name = strings.Join(strings.Fields(name), " ")
	}
	form := f.legalForm
	if form == "" {
		if n, fm, ok := splitLegalForm(name); ok && n != "" {
			name, form = n, fm
		}
	}
	conf := 0.9
	if form == "" {
		conf = 0.8
	}
	return legalMatch(name, form, 0.95, conf)
}

func legalMatch(name, form string, like, conf float64) nameapi.ParsedPersonMatch {
	var terms []nameapi.Term
	if name != "" {
		terms = append(terms, nameapi.Term{String: name, TermType: nameapi.TermBusinessName})
	}
	if form != "" {
		terms = append(terms, nameapi.Term{String: form, TermType: nameapi.TermBusinessLegalForm})
	}
	return nameapi.ParsedPersonMatch{
		ParsedPerson: &nameapi.ParsedPerson{
			PersonType:       nameapi.PersonTypeLegal,
			PersonRole:       nameapi.RolePrimary,
			OutputPersonName: &nameapi.OutputPersonName{Terms: terms},
		},
		ParserDisputes: []nameapi.ParserDispute{},
		Likeliness:     like,
		Confidence:     conf,
	}
}

// ---------------------------------------------------------------------------
// Lexicon helpers

// ---------------------------------------------------------------------------
// Natural persons

// parseFullname parses a natural person's name from one string.
func (e *Engine) parseFullname(c *nameapi.Context, p *nameapi.InputPerson, full, nick string) *nameapi.PersonNameParserResult {
	fixed, rp, ok := e.repairName(full)
	if !ok {
		return e.parseFullnameAsIs(c, p, full, nick)
	}
	res := e.parseFullnameAsIs(c, p, fixed, nick)
	rp.apply(res)
	return res
}

// parseFullnameAsIs is parseFullname without repairing the string first.
func (e *Engine) parseFullnameAsIs(c *nameapi.Context, p *nameapi.InputPerson, full, nick string) *nameapi.PersonNameParserResult {
	var tokBuf [12]text.Token
	toks, fl := text.TokenizeInto(tokBuf[:0], full)
	var extra []nameTerm
	if nick != "" {
		extra = append(extra, nameTerm{text: nick, typ: nameapi.TermNickname, pos: len(toks)})
	}
	seg := toks
	if hasConj(toks) {
		// The segments are kept on the heap so that toks (the stack
		// buffer) does not escape.
		segs := splitSegments(cloneSlice(toks))
		if len(segs) > 1 {
			return &nameapi.PersonNameParserResult{Matches: []nameapi.ParsedPersonMatch{e.parseMultiple(c, p, segs, fl)}}
		}
		seg = nil
		if len(segs) == 1 {
			seg = segs[0]
		}
	}
	cands := e.parseSegment(seg, false)
	res := &nameapi.PersonNameParserResult{Matches: make([]nameapi.ParsedPersonMatch, 0, len(cands))}
	for _, cd := range cands {
		cd.terms = append(cd.terms, extra...)
		cd.disputes = append(cd.disputes, syntaxDisputes(fl, toks)...)
		res.Matches = append(res.Matches, e.naturalMatch(c, p, cd))
	}
	return res
}

// splitSegments splits tokens at conjunctions into one slice per person.
// A conjunction at the start or end, or next to another, is dropped.
func splitSegments(toks []text.Token) [][]text.Token {
	var segs [][]text.Token
	start := 0
	for i, t := range toks {
		if t.Kind != text.TokConj {
			continue
		}
		if i > start {
			segs = append(segs, toks[start:i])
		}
		start = i + 1
	}
	if start < len(toks) {
		segs = append(segs, toks[start:])
	}
	return segs
}

// hasConj reports whether toks holds a conjunction.
func hasConj(toks []text.Token) bool {
	for _, t := range toks {
		if t.Kind == text.TokConj {
			return true
		}
	}
	return false
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

// parseStructured parses separate given/middle/surname/prefix/suffix fields.
func (e *Engine) parseStructured(c *nameapi.Context, p *nameapi.InputPerson, f fields) *nameapi.PersonNameParserResult {
	l := text.Lists()
	var terms []nameTerm
	pos := 0
	next := func() int { pos++; return pos }
	var disputes []nameapi.ParserDispute
	for _, t := range tokenizeWords(f.prefix) {
		k := text.NKey(t)
		switch {
		case l.Salutations[k] != "" || hasKey(l.Salutations, k):
			terms = append(terms, nameTerm{t, nameapi.TermSalutation, next()})
		default:
			terms = appendTitle(terms, t, next())
		}
	}
	givenToks, fl1 := text.Tokenize(f.given)
	gw := words(givenToks)
	// Titles and salutations typed into the given-name field.
	for len(gw) > 1 {
		k := gw[0].Key
		if hasKey(l.Salutations, k) {
			terms = append(terms, nameTerm{gw[0].Text, nameapi.TermSalutation, next()})
		} else if l.Titles[k] {
			terms = appendTitle(terms, gw[0].Text, next())
		} else {
			break
		}
		gw = gw[1:]
	}
	for i, t := range gw {
		switch {
		case text.IsInitial(t.Text):
			for j, in := range text.SplitInitials(t.Text) {
				typ := nameapi.TermGivennameInitial
				if i > 0 || j > 0 {
					typ = nameapi.TermMiddlenameInitial
				}
				terms = append(terms, nameTerm{in, typ, next()})
			}
		default:
			terms = append(terms, nameTerm{t.Text, nameapi.TermGivenname, next()})
		}
	}
	for _, t := range nickTokens(givenToks) {
		terms = append(terms, nameTerm{t, nameapi.TermNickname, next()})
	}
	for _, t := range tokenizeWords(f.middle) {
		typ := nameapi.TermMiddlename
		if text.IsInitial(t) {
			typ = nameapi.TermMiddlenameInitial
		}
		terms = append(terms, nameTerm{t, typ, next()})
	}
	surToks, fl2 := text.Tokenize(f.surname)
	sw := words(surToks)
	var quals []nameTerm
	for len(sw) > 1 {
		last := sw[len(sw)-1]
		q, ok := l.Qualifiers[last.Key]
		if !ok {
			break
		}
		quals = append([]nameTerm{{last.Text, q.TermType, 0}}, quals...)
		sw = sw[:len(sw)-1]
	}
	if len(sw) > 0 {
		parts := make([]string, len(sw))
		for i, t := range sw {
			parts[i] = t.Text
		}
		typ := nameapi.TermSurname
		if len(sw) == 1 && text.IsInitial(sw[0].Text) {
			typ = nameapi.TermSurnameInitial
		}
		terms = append(terms, nameTerm{strings.Join(parts, " "), typ, next()})
	}
	for _, q := range quals {
		q.pos = next()
		terms = append(terms, q)
	}
	for _, t := range tokenizeWords(f.suffix) {
		typ := nameapi.TermQualifier
		if q, ok := l.Qualifiers[text.NKey(t)]; ok {
			typ = q.TermType
		}
		terms = append(terms, nameTerm{t, typ, next()})
	}
	for _, t := range tokenizeWords(f.nick) {
		terms = append(terms, nameTerm{t, nameapi.TermNickname, next()})
	}
	disputes = append(disputes, syntaxDisputes(fl1, givenToks)...)
	disputes = append(disputes, syntaxDisputes(fl2, surToks)...)

	// Evidence: are the given and surname fields known as such?
	given0 := firstOf(terms, nameapi.TermGivenname)
	sur := firstOf(terms, nameapi.TermSurname)
	known, total := 0, 0
	if given0 != "" {
		total++
		if lexicon.IsGiven(e.lex, given0) {
			known++
		}
	}
	if sur != "" {
		total++
		if lexicon.IsSurname(e.lex, text.LastWord(sur)) {
			known++
		}
	}
	conf := 0.7
	if total > 0 {
		conf = 0.6 + 0.35*float64(known)/float64(total)
	}
	main := candidate{terms: terms, likeliness: 0.95, confidence: conf, disputes: disputes}
	res := &nameapi.PersonNameParserResult{}
	// Swapped fields: the given-name field holds a surname and vice versa.
	if given0 != "" && sur != "" && !strings.Contains(sur, " ") &&
		!lexicon.IsGiven(e.lex, given0) && lexicon.IsSurname(e.lex, given0) && lexicon.IsGiven(e.lex, sur) && !lexicon.IsSurname(e.lex, sur) {
		swapped := make([]nameTerm, len(terms))
		copy(swapped, terms)
		for i := range swapped {
			switch {
			case swapped[i].typ == nameapi.TermGivenname && swapped[i].text == given0:
				swapped[i].typ = nameapi.TermSurname
			case swapped[i].typ == nameapi.TermSurname:
				swapped[i].typ = nameapi.TermGivenname
			}
		}
		d := append(append([]nameapi.ParserDispute(nil), disputes...), nameapi.ParserDispute{
			DisputeType: nameapi.DisputeTransposition,
			Message:     fmt.Sprintf("The given name field holds %q, a surname, and the surname field %q, a given name: the fields look swapped.", given0, sur),
		})
		res.Matches = append(res.Matches, e.naturalMatch(c, p, candidate{terms: swapped, likeliness: 0.7, confidence: 0.75, disputes: d}))
		main.likeliness, main.confidence = 0.3, 0.5
	}
	res.Matches = append(res.Matches, e.naturalMatch(c, p, main))
	sortMatches(res.Matches)
	return res
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

func words(toks []text.Token) []text.Token {
	var out []text.Token
	for _, t := range toks {
		if t.Kind == text.TokWord {
			out = append(out, t)
		}
	}
	return out
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

// appendTitle adds a title, merging it into a directly preceding title
// ("Prof." "Dr." → "Prof. Dr.").
func appendTitle(terms []nameTerm, text string, pos int) []nameTerm {
	if n := len(terms); n > 0 && terms[n-1].typ == nameapi.TermTitle && terms[n-1].pos == pos-1 {
		terms[n-1].text += " " + text
		terms[n-1].pos = pos
		return terms
	}
	return append(terms, nameTerm{text, nameapi.TermTitle, pos})
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
func (e *Engine) naturalMatch(c *nameapi.Context, p *nameapi.InputPerson, cd candidate) nameapi.ParsedPersonMatch {
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
func (e *Engine) naturalPerson(c *nameapi.Context, p *nameapi.InputPerson, terms []nameTerm) (*nameapi.ParsedPerson, []nameapi.ParserDispute) {
	sortTermsByPos(terms)
	out := make([]nameapi.Term, len(terms))
	var givenBuf [4]string
	given := givenBuf[:0]
	sal := ""
	for i, t := range terms {
		out[i] = nameapi.Term{String: t.text, TermType: t.typ}
		switch t.typ {
		case nameapi.TermGivenname, nameapi.TermMiddlename:
			given = append(given, t.text)
		case nameapi.TermSalutation:
			if sal == "" {
				sal = t.text
			}
		}
	}
	pp := &nameapi.ParsedPerson{
		PersonType:          nameapi.PersonTypeNatural,
		PersonRole:          nameapi.RolePrimary,
		AddressingGivenName: firstOf(terms, nameapi.TermGivenname),
		AddressingSurname:   firstOf(terms, nameapi.TermSurname),
		OutputPersonName:    &nameapi.OutputPersonName{Terms: out},
	}
	if pp.AddressingGivenName == "" {
		pp.AddressingGivenName = firstOf(terms, nameapi.TermNickname)
	}
	g, disputes := e.parsedGender(c, p, given, sal)
	pp.Gender = genderize.CapFake(g, pp.AddressingGivenName, pp.AddressingSurname)
	return pp, disputes
}

func round3(f float64) float64 { return math.Round(f*1000) / 1000 }
