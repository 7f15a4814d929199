package engine

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// tokKind is the kind of a name token.
type tokKind uint8

const (
	tokWord  tokKind = iota // a name word, title, initial, ...
	tokComma                // ',' or ';'
	tokConj                 // '&', '+', "and", "und", ...
	tokNick                 // text in quotes or parentheses: a nickname
)

// token is one lexical unit of a name string.
type token struct {
	text string // as written (for tokNick: the inner text)
	key  string // nkey(text)
	kind tokKind
	pos  int // index in the token list, for keeping input order
}

// tokFlags are oddities noticed while tokenizing (reported as SYNTAX
// disputes by the parser).
type tokFlags struct {
	oddChars   bool // digits or symbols that do not belong in a name
	unbalanced bool // an opening quote or parenthesis without its end
}

// conjunctions joins two people in one name field. Ambiguous short words
// ("y", "e", "i") are not listed: they are surname particles or initials
// too often.
var conjunctions = map[string]bool{"and": true, "und": true, "et": true, "en": true, "och": true, "og": true, "&": true, "+": true}

// closers maps opening quote and bracket characters to their closers.
var closers = map[rune]rune{'"': '"', '“': '”', '„': '“', '«': '»', '»': '«', '(': ')', '[': ']', '\'': '\'', '‘': '’', '‚': '‘'}

// tokenize splits a name string into tokens.
func tokenize(s string) ([]token, tokFlags) {
	toks := make([]token, 0, 8)
	var fl tokFlags
	l := lists()
	// For an ASCII name, the keys of plain words are slices of the name in
	// lower case: one allocation per name instead of one per word.
	low := ""
	if isASCII(s) {
		low = strings.ToLower(s)
	}
	word := func(part string, k string) {
		if conjunctions[k] && (k == "and" || k == "und" || part == k) {
			toks = append(toks, token{text: part, key: k, kind: tokConj})
			return
		}
		toks = append(toks, token{text: part, key: k, kind: tokWord})
	}
	// emitWord emits the word s[a:b].
	emitWord := func(a, b int) {
		text := s[a:b]
		if i := strings.IndexByte(text, '.'); i < 0 || i == len(text)-1 {
			// The common case, without splitDotted's slice.
			switch {
			case low != "" && i < 0:
				word(text, low[a:b])
			case low != "":
				word(text, low[a:b-1])
			default:
				word(text, nkey(text))
			}
			return
		}
		for _, part := range splitDotted(text, l) {
			word(part, nkey(part))
		}
	}
	emit := func(text string, kind tokKind) {
		if text == "" {
			return
		}
		toks = append(toks, token{text: text, key: nkey(text), kind: kind})
	}
	start := -1 // start of the current word
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case unicode.IsSpace(r):
			if start >= 0 {
				emitWord(start, i)
				start = -1
			}
		case r == ',' || r == ';':
			if start >= 0 {
				emitWord(start, i)
				start = -1
			}
			toks = append(toks, token{text: ",", key: ",", kind: tokComma})
		case r == '&' || r == '+':
			if start >= 0 {
				emitWord(start, i)
				start = -1
			}
			toks = append(toks, token{text: string(r), key: string(r), kind: tokConj})
		case start < 0 && closers[r] != 0:
			// A quote or bracket opening a word: find its closer.
			cl := closers[r]
			j := strings.IndexRune(s[i+size:], cl)
			if r == '\'' && j >= 0 {
				// 'Bob' is a nickname only when the closing quote ends a word.
				end := i + size + j + 1
				if end < len(s) && !unicode.IsSpace(rune(s[end])) && s[end] != ',' {
					j = -1
				}
			}
			if j < 0 {
				if r != '\'' {
					fl.unbalanced = true
				}
				i += size
				continue
			}
			inner := strings.TrimSpace(s[i+size : i+size+j])
			emit(inner, tokNick)
			i += size + j + utf8.RuneLen(cl)
			continue
		default:
			if start < 0 {
				start = i
			}
			if !isNameRune(r) {
				fl.oddChars = true
			}
		}
		i += size
	}
	if start >= 0 {
		emitWord(start, len(s))
	}
	// Strip stray closing quotes/brackets and remember them as oddities.
	out := toks[:0]
	for _, t := range toks {
		if t.kind == tokWord {
			trimmed := strings.TrimFunc(t.text, func(r rune) bool {
				return r == '"' || r == ')' || r == ']' || r == '”' || r == '“' || r == '»' || r == '«' || r == '(' || r == '['
			})
			if trimmed != t.text {
				fl.unbalanced = true
				if trimmed == "" {
					continue
				}
				t.text, t.key = trimmed, nkey(trimmed)
			}
		}
		t.pos = len(out)
		out = append(out, t)
	}
	return out, fl
}

// isNameRune reports whether r may appear inside a name word.
func isNameRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.Is(unicode.Mn, r) || r == '.' || r == '-' || r == '\'' || r == '’' || r == '/' || r == '‐'
}

// splitDotted splits "Dr.Peter" and "J.Smith" into "Dr." "Peter" and "J."
// "Smith", but keeps initials ("J.R.R."), known abbreviations ("Ph.D.",
// "Dipl.-Ing.") and words with a single trailing dot together.
func splitDotted(w string, l *wordLists) []string {
	i := strings.IndexByte(w, '.')
	if i < 0 || i == len(w)-1 {
		return []string{w}
	}
	k := nkey(w)
	if l.titles[k] || l.qualifiers[k].termType != "" || l.salutations[k] != "" || l.legalForms[k] != "" {
		return []string{w}
	}
	parts := strings.SplitAfter(w, ".")
	allShort := true
	for _, p := range parts {
		if utf8.RuneCountInString(strings.TrimSuffix(p, ".")) > 1 {
			allShort = false
			break
		}
	}
	if allShort || strings.Contains(w, ".-") {
		return []string{w}
	}
	out := parts[:0]
	for _, p := range parts {
		if p != "" {
			out = append(out, p)
		}
	}
	return out
}

// isInitial reports whether w is an initial: one letter, optionally
// followed by a dot ("T", "T."), or a run of dotted initials ("J.R.").
func isInitial(w string) bool {
	n := 0
	for _, r := range w {
		if r == '.' {
			continue
		}
		if !unicode.IsLetter(r) {
			return false
		}
		n++
	}
	if n == 0 {
		return false
	}
	if n == 1 {
		return true
	}
	// "J.R." style: every letter followed by a dot.
	return strings.Count(w, ".") >= n
}

// splitInitials splits "J.R.R." into "J.", "R.", "R.".
func splitInitials(w string) []string {
	if utf8.RuneCountInString(strings.ReplaceAll(w, ".", "")) <= 1 {
		return []string{w}
	}
	var out []string
	for _, p := range strings.SplitAfter(w, ".") {
		if p != "" {
			out = append(out, p)
		}
	}
	return out
}

// isAllUpper reports whether w has at least two letters and no lower-case
// letter ("MÜLLER").
func isAllUpper(w string) bool {
	n := 0
	for _, r := range w {
		if unicode.IsLower(r) {
			return false
		}
		if unicode.IsLetter(r) {
			n++
		}
	}
	return n >= 2
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
