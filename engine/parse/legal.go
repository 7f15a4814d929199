package parse

import (
	"bytes"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/namepipe/namepipe/engine/lexicon"
	"github.com/namepipe/namepipe/engine/text"
	"github.com/namepipe/namepipe/nameapi"
)

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
	if !l.LegalEndFilter.MayHoldLower(last) {
		return "", "", false // the usual last word: no key built
	}
	var buf [64]byte
	// The key without leading commas is another key only when it starts
	// with one.
	if lk := text.AppendNKey(buf[:0], last); !l.LegalSuffixes[string(lk)] &&
		(len(lk) == 0 || lk[0] != ',' || !l.LegalSuffixes[string(bytes.TrimLeft(lk, ","))]) {
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
func (e *Parser) parseLegalString(s string, requireForm bool) (nameapi.ParsedPersonMatch, bool) {
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
		if l.BusinessFilter.MayHoldLower(w) && l.BusinessWords[string(text.AppendNKey(buf[:0], w))] {
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
func (e *Parser) parseLegalFields(f fields) nameapi.ParsedPersonMatch {
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
