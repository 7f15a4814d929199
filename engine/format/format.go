// Package format is the engine's person-name formatter: proper letter case
// and order of a parsed name.
package format

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/namepipe/namepipe/engine/script"
	"github.com/namepipe/namepipe/engine/text"

	"github.com/namepipe/namepipe/nameapi"
)

// Person formats the name of in.InputPerson, parsed with parse: proper letter case
// from any input case ("petra MÜLLER" → "Petra Müller", "mcdonald" →
// "McDonald", "o'neill" → "O'Neill", "LUDWIG VAN BEETHOVEN" → "Ludwig van
// Beethoven", "jean-pierre" → "Jean-Pierre"; in every cased script:
// "аНАХИТ" → "Анахит", "աՆաՀիՏ" → "Անահիտ") and the culture's order:
// "Salutation Title Given Middle Surname Qualifier" ("Müller, Petra" →
// "Petra Müller", "MÜLLER Petra" → "Petra Müller"), surname first and
// without spaces for Chinese, Japanese and Korean ("王小明"), and the typed
// order where the parser cannot tell which word is the surname ("Jigme
// tenzin" → "Jigme Tenzin"). Words the
// user cased deliberately ("DeVito", "MacLeod") are kept. Legal persons
// keep the canonical spelling of their legal form ("acme gmbh" → "Acme
// GmbH"). Unknown is true when the input was not understood as a name (no
// name words found, or only with very low confidence); the formatter then
// still returns its best attempt. A missing person or name formats to ""
// with Unknown set.
func Person(in *nameapi.PersonNameFormatterInput, parse func(c *nameapi.Context, p *nameapi.InputPerson) *nameapi.PersonNameParserResult) *nameapi.FormatterResult {
	if in == nil || in.InputPerson == nil || in.InputPerson.PersonName == nil || len(in.InputPerson.PersonName.NameFields) == 0 {
		return &nameapi.FormatterResult{Formatted: "", Unknown: true}
	}
	res := parse(in.Context, in.InputPerson)
	m := res.Best()
	if m == nil {
		return &nameapi.FormatterResult{Unknown: true}
	}
	pp := m.ParsedPerson
	tr := turkishCase(in.Context, in.InputPerson)
	var out string
	switch {
	case pp.PersonType == nameapi.PersonTypeLegal:
		out = formatLegal(pp)
	case len(pp.People) > 0:
		out = formatGroup(pp.People, inputConjunction(in.InputPerson), tr)
	case pp.PersonType == nameapi.PersonTypeFamily:
		// "The Smith family" keeps its words' order.
		out = formatNatural(pp.OutputPersonName, true, true, tr)
	default:
		out = formatNatural(pp.OutputPersonName, true, keepOrder(in.InputPerson, m), tr)
	}
	unknown := out == "" || m.Confidence < 0.15 || !hasNameTerm(pp)
	for _, d := range m.ParserDisputes {
		if d.DisputeType == nameapi.DisputeSyntax {
			unknown = true
		}
	}
	if out == "" {
		// Not understood: return the input with tidied spaces.
		var raw []string
		for _, f := range in.InputPerson.PersonName.NameFields {
			raw = append(raw, strings.Fields(f.String)...)
		}
		out = strings.Join(raw, " ")
	}
	return &nameapi.FormatterResult{Formatted: out, Unknown: unknown}
}

func hasNameTerm(pp *nameapi.ParsedPerson) bool {
	if len(pp.People) > 0 {
		for i := range pp.People {
			if hasNameTerm(&pp.People[i]) {
				return true
			}
		}
		return false
	}
	if pp.OutputPersonName == nil {
		return false
	}
	for _, t := range pp.OutputPersonName.Terms {
		switch t.TermType {
		case nameapi.TermGivenname, nameapi.TermSurname, nameapi.TermBusinessName, nameapi.TermGivennameInitial:
			return true
		}
	}
	return false
}

// nameOrder is the order of a formatted name's terms where the given name
// comes first; surnameFirstOrder where the culture writes the surname
// first (Chinese, Japanese, Korean).
var (
	nameOrder = []string{nameapi.TermSalutation, nameapi.TermTitle, nameapi.TermGivenname, nameapi.TermGivennameInitial, nameapi.TermMiddlename,
		nameapi.TermMiddlenameInitial, nameapi.TermSurname, nameapi.TermSurnameInitial, nameapi.TermNameAtBirthIndicator, nameapi.TermSurnameAtBirth,
		nameapi.TermQualifier, nameapi.TermSuffix}
	surnameFirstOrder = []string{nameapi.TermSalutation, nameapi.TermTitle, nameapi.TermSurname, nameapi.TermSurnameInitial, nameapi.TermGivenname,
		nameapi.TermGivennameInitial, nameapi.TermMiddlename, nameapi.TermMiddlenameInitial, nameapi.TermNameAtBirthIndicator, nameapi.TermSurnameAtBirth,
		nameapi.TermQualifier, nameapi.TermSuffix}
)

// keepOrder reports whether the name is written in the order it was
// typed: one full name without a comma, whose capitals do not mark the
// surname. A comma ("Müller, Petra") or capitals ("MÜLLER Petra") mark the
// surname, and the culture's order wins; else the typed order is the
// writer's own ("Szabó Levente Máté", "Nguyễn Quang Dũng", "Jigme
// tenzin"), whatever case it was typed in.
func keepOrder(p *nameapi.InputPerson, m *nameapi.ParsedPersonMatch) bool {
	if len(p.PersonName.NameFields) != 1 {
		return false
	}
	f := p.PersonName.NameFields[0]
	if !strings.EqualFold(f.FieldType, nameapi.FieldFullname) || strings.Contains(f.String, ",") {
		return false
	}
	return m.Likeliness < 0.8 || !capitalsMark(f.String)
}

// capitalsMark reports whether some words of s (of two letters or more)
// are in capitals and others are not ("MÜLLER Petra"): the capitals then
// mark the surname.
func capitalsMark(s string) bool {
	upper, other := false, false
	for _, w := range strings.Fields(s) {
		up, low := 0, 0
		for _, r := range w {
			if unicode.IsUpper(r) {
				up++
			} else if unicode.IsLower(r) {
				low++
			}
		}
		switch {
		case up+low < 2:
		case low == 0:
			upper = true
		default:
			other = true
		}
	}
	return upper && other
}

// formatNatural writes a natural person's name: salutation, title, given
// name, middle names, surname, birth name, qualifiers, with the surname first where
// the name's script says the culture writes it so ("王小明"), or in the
// terms' own (typed) order when asIs is set. first says whether the name
// starts the output (a leading particle is then capitalised). The names of
// scripts written without spaces between words stay without them.
func formatNatural(n *nameapi.OutputPersonName, first, asIs, tr bool) string {
	if n == nil {
		return ""
	}
	order := nameOrder
	sc := script.Of(n.First(nameapi.TermSurname))
	if sc.SurnameFirst() {
		order = surnameFirstOrder
	}
	if _, viet := text.VietnameseMarker(n.First(nameapi.TermSurname), n.First(nameapi.TermMiddlename)); viet {
		// Vietnamese: surname, middle names, given name, as parsed.
		asIs = true
	}
	var words []string
	add := func(t nameapi.Term) {
		for _, w := range strings.Fields(t.String) {
			words = append(words, caseTermWord(w, t.TermType, first && len(words) == 0, tr))
		}
	}
	if asIs {
		for _, t := range n.Terms {
			if slices.Contains(nameOrder, t.TermType) {
				add(t)
			}
		}
	} else {
		for _, typ := range order {
			for _, t := range n.Terms {
				if t.TermType == typ {
					add(t)
				}
			}
		}
	}
	if sc.SurnameFirst() {
		// Chinese, Japanese and Korean names are written without a space.
		return strings.Join(words, "")
	}
	return strings.Join(words, " ")
}

// formatGroup writes several people joined with conj, the input's own
// word for "and": "Peter und Daniela Meyer" when they share the surname,
// else "Peter Meyer and Jane Doe"; people named by salutations, with given
// names in the first person at most, keep them in front ("Herr und Frau
// Becker", "Mr. and Mrs. Robert Taylor").
func formatGroup(people []nameapi.ParsedPerson, conj string, tr bool) string {
	shared := people[0].AddressingSurname
	for _, p := range people[1:] {
		if p.AddressingSurname != shared {
			shared = ""
		}
	}
	if s := salutationGroup(people, conj, tr); shared != "" && s != "" {
		return s
	}
	var parts []string
	for i, p := range people {
		if shared == "" || i == len(people)-1 {
			parts = append(parts, formatNatural(p.OutputPersonName, i == 0, false, tr))
			continue
		}
		// Drop the shared surname from all but the last person.
		n := &nameapi.OutputPersonName{}
		for _, t := range p.OutputPersonName.Terms {
			if t.TermType != nameapi.TermSurname {
				n.Terms = append(n.Terms, t)
			}
		}
		s := formatNatural(n, i == 0, false, tr)
		if s == "" {
			s = formatNatural(p.OutputPersonName, i == 0, false, tr)
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, " "+conj+" ")
}

// salutationGroup writes "Sal1 conj Sal2 Given Surname" when every person
// has a salutation and only the first may have given names; else "".
func salutationGroup(people []nameapi.ParsedPerson, conj string, tr bool) string {
	sals := make([]string, len(people))
	for i, p := range people {
		if p.OutputPersonName == nil {
			return ""
		}
		for _, t := range p.OutputPersonName.Terms {
			switch t.TermType {
			case nameapi.TermSalutation:
				if sals[i] == "" {
					sals[i] = caseTermWord(t.String, t.TermType, true, tr)
				}
			case nameapi.TermGivenname, nameapi.TermGivennameInitial, nameapi.TermMiddlename, nameapi.TermMiddlenameInitial:
				if i > 0 {
					return ""
				}
			}
		}
		if sals[i] == "" {
			return ""
		}
	}
	rest := &nameapi.OutputPersonName{}
	for _, t := range people[0].OutputPersonName.Terms {
		if t.TermType != nameapi.TermSalutation {
			rest.Terms = append(rest.Terms, t)
		}
	}
	return strings.Join(sals, " "+conj+" ") + " " + formatNatural(rest, false, false, tr)
}

// inputConjunction returns the word that joins the people in the input
// name ("und", "et", "&"), in lower case, or "and" when it finds none.
func inputConjunction(p *nameapi.InputPerson) string {
	weak := ""
	for _, f := range p.PersonName.NameFields {
		toks, _ := text.Tokenize(f.String)
		for _, t := range toks {
			switch {
			case t.Kind == text.TokConj:
				return strings.ToLower(t.Text)
			case t.WeakConj && weak == "":
				weak = strings.ToLower(t.Text)
			}
		}
	}
	if weak != "" {
		return weak
	}
	return "and"
}

// formatLegal writes a business name with its legal form in canonical
// spelling.
func formatLegal(pp *nameapi.ParsedPerson) string {
	l := text.Lists()
	var words []string
	for _, t := range pp.OutputPersonName.Terms {
		switch t.TermType {
		case nameapi.TermBusinessName:
			for _, w := range strings.Fields(t.String) {
				if needsRecase(w) {
					w = capitalizeParts(w)
				}
				words = append(words, w)
			}
		case nameapi.TermBusinessLegalForm:
			if c, ok := l.LegalForms[text.NKey(t.String)]; ok {
				words = append(words, c)
			} else {
				words = append(words, t.String)
			}
		}
	}
	return strings.Join(words, " ")
}

// caseTermWord gives one word of a term its proper case.
func caseTermWord(w, typ string, first, tr bool) string {
	l := text.Lists()
	k := text.NKey(w)
	switch typ {
	case nameapi.TermTitle:
		if c, ok := l.TitleCanon[k]; ok {
			return c
		}
	case nameapi.TermQualifier, nameapi.TermSuffix:
		if q, ok := l.Qualifiers[k]; ok {
			return q.Canonical
		}
		return strings.ToUpper(w)
	case nameapi.TermNameAtBirthIndicator:
		return strings.ToLower(w)
	case nameapi.TermGivennameInitial, nameapi.TermMiddlenameInitial, nameapi.TermSurnameInitial:
		w = strings.ToUpper(w)
		if utf8.RuneCountInString(w) == 1 {
			w += "."
		}
		return w
	}
	if (l.Particles[k] && !l.ParticlesCapital[k] || l.ParticlesAfter[k]) && !first && typ != nameapi.TermMiddlename && (needsRecase(w) || innerUpper(w)) {
		// "van DeR Berg", "Zhanybek UULU": a particle is written in lower
		// case (one written capitalised on purpose, Belgian "Van", is
		// kept; Irish "Ó", "Mac", "Ní" are capitalised).
		return strings.ToLower(w)
	}
	if !needsRecase(w) {
		return w
	}
	return caseName(w, first, tr)
}

// needsRecase reports whether w is in one case only or oddly mixed
// ("jOhN"); a deliberately cased word ("McDonald", "Müller") is kept.
func needsRecase(w string) bool {
	up, low := 0, 0
	for _, r := range w {
		if unicode.IsUpper(r) {
			up++
		} else if unicode.IsLower(r) {
			low++
		}
	}
	if up == 0 || low == 0 {
		return true
	}
	if r, _ := utf8.DecodeRuneInString(w); unicode.IsLower(r) && strings.ContainsAny(w, "'’") {
		// "o'Ktamovich", "d'alembert": a name word that starts in lower
		// case before an apostrophe takes the apostrophe conventions of
		// caseName (Uzbek O'ktamovich, Irish O'Neill, French d'Alembert);
		// particles never get here.
		return true
	}
	if parts := strings.Split(w, "-"); len(parts) > 1 && unicode.IsUpper([]rune(w)[0]) {
		// "Alina-victoria": a part after a capitalised first part is
		// written in lower case by mistake.
		for _, part := range parts[1:] {
			if utf8.RuneCountInString(part) >= 2 && strings.ToLower(part) == part && strings.ToUpper(part) != part {
				return true
			}
		}
	}
	return text.OddCase(w)
}

// caseName cases a name word: each hyphen part capitalised, with the
// Mc/Mac, O' and d' conventions.
func caseName(w string, first, tr bool) string {
	parts := strings.Split(w, "-")
	for i, p := range parts {
		parts[i] = caseNamePart(p, first && i == 0, tr)
	}
	return strings.Join(parts, "-")
}

// macExceptions are names starting with "Mac" that are not Mac+Name.
var macExceptions = map[string]bool{
	"mack": true, "macy": true, "mace": true, "macey": true, "machado": true, "macias": true, "machin": true,
	"machlin": true, "mackie": true, "mackle": true, "macklin": true, "mackin": true, "macomber": true, "macon": true,
	"macedo": true, "maciel": true, "macario": true, "macek": true, "macho": true, "macht": true, "machen": true,
	"macri": true, "macura": true, "maczka": true, "macchi": true, "macchia": true, "machacek": true, "mackowiak": true,
	"macaluso": true, "mackenzie": true,
}

func caseNamePart(p string, first, tr bool) string {
	lower := strings.ToLower(p)
	if tr {
		lower = strings.ToLowerSpecial(unicode.TurkishCase, p)
	}
	if strings.HasSuffix(lower, "σ") && script.Of(lower) == script.Greek {
		// Greek writes a final sigma at the end of a word.
		lower = strings.TrimSuffix(lower, "σ") + "ς"
	}
	for _, ap := range []string{"'", "’"} {
		if i := strings.Index(lower, ap); i > 0 && i < len(lower)-len(ap) {
			pre, rest := lower[:i], lower[i+len(ap):]
			switch pre {
			case "d", "l", "dell", "degl", "all", "sant":
				if !first {
					return pre + ap + capitalizeCase(rest, tr)
				}
				return capitalizeCase(pre, tr) + ap + capitalizeCase(rest, tr)
			case "o":
				if !gaelicOnset(rest) {
					// Uzbek writes the letter oʻ as o' ("O'ktamovich",
					// "O'tkir"): the word goes on in lower case.
					return capitalizeCase(pre, tr) + ap + rest
				}
				return capitalizeCase(pre, tr) + ap + capitalizeCase(rest, tr)
			default:
				return capitalizeCase(pre, tr) + ap + capitalizeCase(rest, tr)
			}
		}
	}
	switch {
	case strings.HasPrefix(lower, "mc") && utf8.RuneCountInString(lower) > 3:
		return "Mc" + capitalizeCase(lower[2:], tr)
	case strings.HasPrefix(lower, "mac") && utf8.RuneCountInString(lower) >= 6 && !macExceptions[lower]:
		return "Mac" + capitalizeCase(lower[3:], tr)
	}
	if isRoman(lower) {
		return strings.ToUpper(lower)
	}
	return capitalizeCase(lower, tr)
}

// capitalizeParts capitalises each hyphen part of a word.
func capitalizeParts(w string) string {
	parts := strings.Split(strings.ToLower(w), "-")
	for i, p := range parts {
		parts[i] = capitalize(p)
	}
	return strings.Join(parts, "-")
}

// capitalizeCase is capitalize, with the Turkish dotted capital İ for i
// when tr is set.
func capitalizeCase(s string, tr bool) string {
	if !tr {
		return capitalize(s)
	}
	r, size := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError {
		return s
	}
	return string(unicode.TurkishCase.ToTitle(r)) + s[size:]
}

func capitalize(s string) string {
	r, size := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError {
		return s
	}
	return string(unicode.ToTitle(r)) + s[size:]
}

func isRoman(s string) bool {
	switch s {
	case "ii", "iii", "iv", "vi", "vii", "viii", "ix", "xi", "xii":
		return true
	}
	return false
}

// innerUpper reports whether w has an upper-case letter after its first
// letter ("DeR").
func innerUpper(w string) bool {
	for i, r := range w {
		if i > 0 && unicode.IsUpper(r) {
			return true
		}
	}
	return false
}

// gaelicOnsets are the two-consonant starts of the names after the Irish
// O' ("O'Brien", "O'Shea", "O'Dwyer", "O'Flaherty", "O'Grady").
var gaelicOnsets = map[string]bool{
	"bl": true, "br": true, "ch": true, "cl": true, "cr": true, "dr": true, "dw": true, "fl": true,
	"fr": true, "gl": true, "gr": true, "kr": true, "ph": true, "pr": true, "sc": true, "sh": true,
	"sl": true, "sm": true, "sn": true, "sp": true, "st": true, "sw": true, "th": true, "tr": true, "wr": true,
}

// gaelicOnset reports whether the lower-case rest of a word after "o'"
// starts as the Irish names after O' do: a vowel, a consonant and a vowel,
// or a consonant pair of gaelicOnsets. "ktamovich" and "tkir" (Uzbek oʻ)
// do not.
func gaelicOnset(rest string) bool {
	vowel := func(b byte) bool { return strings.IndexByte("aeiouy", b) >= 0 }
	switch {
	case rest == "":
		return false
	case vowel(rest[0]):
		return true
	case len(rest) >= 2 && vowel(rest[1]):
		return true
	}
	return len(rest) >= 2 && gaelicOnsets[rest[:2]]
}
