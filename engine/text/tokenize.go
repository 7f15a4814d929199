package text

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// TokenKind is the kind of a name token.
type TokenKind uint8

const (
	TokWord  TokenKind = iota // a name word, title, initial, ...
	TokComma                  // ',' or ';'
	TokConj                   // '&', '+', "and", "und", ...
	TokNick                   // text in quotes or parentheses: a nickname
)

// Token is one lexical unit of a name string.
type Token struct {
	Text string // as written (for tokNick: the inner text)
	Key  string // NKey(Text)
	Kind TokenKind
	Pos  int // index in the token list, for keeping input order
	// WeakConj marks a word that may be a conjunction joining two people
	// (see WeakConjunctions); the parser decides.
	WeakConj bool
}

// TokFlags are oddities noticed while tokenizing (reported as SYNTAX
// disputes by the parser).
type TokFlags struct {
	OddChars   bool // digits or symbols that do not belong in a name
	Unbalanced bool // an opening quote or parenthesis without its end
}

// Conjunctions join two people in one name field ("and" in English,
// German, French, Dutch, the Nordic languages, Albanian, Romanian, the
// Cyrillic languages, Turkish, Hungarian, Greek, Armenian, Georgian, Hindi,
// Bengali, Thai, Vietnamese …: the STRONG words of
// engine/lists/conjunctions.txt). Written in lower case they are always
// conjunctions; "and" and "und" in any case.
//
// WeakConjunctions are "and" in Spanish (y), Portuguese and Italian (e),
// Polish, Catalan and Croatian (i), Czech and Slovak (a), Romanian without
// diacritics (si), Latvian (un), Lithuanian (ir), Slovenian (in), Malay
// and Indonesian (dan), Filipino (at), Basque (eta) … and the German
// abbreviation "u." (the WEAK words of the list). They are also initials,
// surname joiners ("Ortega y Gasset", "Puig i Cadafalch") and names, so
// the tokenizer keeps them as words (Token.WeakConj set when written in
// lower case) and the parser decides from the words around them. In a
// name written all in capitals every conjunction is such a word ("HANS
// UND PETRA", but "KIM JA YOUNG"), and so is a conjunction typed in a
// case no convention writes ("InGáLVUR oG sTeInBjøRN", "ԻսԿ"): its case
// says nothing.
var Conjunctions, WeakConjunctions, SurnameJoiners = loadConjunctions()

// SurnameJoiners are the WeakConjunctions that also join the two
// surnames of one person in their language ("Ortega y Gasset", "Puig i
// Cadafalch": the JOINER words of the list); the others ("ir", "un", "u.")
// join two people whenever a whole person follows them.

// loadConjunctions reads engine/lists/conjunctions.txt; the list is part
// of the binary, so a fault in it is a programming error.
func loadConjunctions() (strong, weak, joiners map[string]bool) {
	strong, weak, joiners = map[string]bool{}, map[string]bool{}, map[string]bool{}
	err := readList("conjunctions.txt", func(f []string) error {
		if len(f) != 2 {
			return fmt.Errorf("want word|STRONG, word|WEAK or word|JOINER, got %q", strings.Join(f, "|"))
		}
		k := strings.TrimSuffix(NKey(f[0]), ".")
		if k == "" {
			k = f[0]
		}
		switch f[1] {
		case "STRONG":
			strong[k] = true
		case "WEAK":
			weak[k] = true
		case "JOINER":
			weak[k] = true
			joiners[k] = true
		default:
			return fmt.Errorf("unknown kind %q", f[1])
		}
		return nil
	})
	if err != nil {
		panic(err)
	}
	return strong, weak, joiners
}

// closer returns the closer of an opening quote or bracket character, or
// 0 when r opens nothing.
func closer(r rune) rune {
	switch r {
	case '"', '\'':
		return r
	case '“':
		return '”'
	case '„':
		return '“'
	case '‚':
		return '‘'
	case '«':
		return '»'
	case '»':
		return '«'
	case '(':
		return ')'
	case '[':
		return ']'
	case '‘':
		return '’'
	}
	return 0
}

// conjFirst marks the first bytes of the keys of Conjunctions and
// WeakConjunctions: a word whose key starts otherwise is neither.
var conjFirst = func() (b [256]bool) {
	for k := range Conjunctions {
		b[k[0]] = true
	}
	for k := range WeakConjunctions {
		b[k[0]] = true
	}
	return b
}()

// conjFilter holds the keys of Conjunctions and WeakConjunctions: most
// words that start like one ("Elena", "Schmidt") are no key
// (BenchmarkKeyFilter).
var conjFilter = func() (f KeyFilter) {
	for _, m := range []map[string]bool{Conjunctions, WeakConjunctions} {
		for k := range m {
			f.Add(k)
		}
	}
	return f
}()

// Tokenize splits a name string into tokens.
func Tokenize(s string) ([]Token, TokFlags) {
	return TokenizeInto(make([]Token, 0, 8), s)
}

// TokenizeInto is tokenize appending to toks (callers pass a buffer on
// their stack).
func TokenizeInto(toks []Token, s string) ([]Token, TokFlags) {
	var fl TokFlags
	l := Lists()
	// For an ASCII name, the keys of plain words are slices of the name in
	// lower case: one allocation per name instead of one per word.
	low := ""
	if IsASCII(s) {
		low = strings.ToLower(s)
	}
	word := func(part string, k string) {
		if k != "" && (!conjFirst[k[0]] || !conjFilter.MayHold(k)) {
			toks = append(toks, Token{Text: part, Key: k, Kind: TokWord})
			return
		}
		if Conjunctions[k] && (k == "and" || k == "und" || part == k) {
			toks = append(toks, Token{Text: part, Key: k, Kind: TokConj})
			return
		}
		weak := len(k) <= 3 && WeakConjunctions[k] && (part == k || part == "u." && k == "u") ||
			(len(k) <= 3 && WeakConjunctions[k] || Conjunctions[k]) && part == strings.ToUpper(k) && IsAllUpper(s) ||
			Conjunctions[k] && OddCase(part) // typed in random case: "oG", "ԻսԿ"
		toks = append(toks, Token{Text: part, Key: k, Kind: TokWord, WeakConj: weak})
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
				word(text, NKey(text))
			}
			return
		}
		for _, part := range SplitDotted(text, l) {
			word(part, NKey(part))
		}
	}
	emit := func(text string, kind TokenKind) {
		if text == "" {
			return
		}
		toks = append(toks, Token{Text: text, Key: NKey(text), Kind: kind})
	}
	start := -1 // start of the current word
	for i := 0; i < len(s); {
		if c := s[i]; wordByte[c] || c == '\'' && start >= 0 {
			// An ASCII letter, '.', '-' or '/', or an apostrophe inside a
			// word: what the default case below does, without decoding.
			if start < 0 {
				start = i
			}
			i++
			continue
		}
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
			toks = append(toks, Token{Text: ",", Key: ",", Kind: TokComma})
		case r == '&' || r == '+':
			if start >= 0 {
				emitWord(start, i)
				start = -1
			}
			toks = append(toks, Token{Text: string(r), Key: string(r), Kind: TokConj})
		case start < 0 && closer(r) != 0:
			// A quote or bracket opening a word: find its closer.
			cl := closer(r)
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
					fl.Unbalanced = true
				}
				i += size
				continue
			}
			inner := strings.TrimSpace(s[i+size : i+size+j])
			emit(inner, TokNick)
			i += size + j + utf8.RuneLen(cl)
			continue
		default:
			if start < 0 {
				start = i
			}
			if !IsNameRune(r) {
				fl.OddChars = true
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
		if t.Kind == TokWord && t.Text != "" && (mayBeStray(t.Text[0]) || mayBeStray(t.Text[len(t.Text)-1])) {
			trimmed := strings.TrimFunc(t.Text, func(r rune) bool {
				return r == '"' || r == ')' || r == ']' || r == '”' || r == '“' || r == '»' || r == '«' || r == '(' || r == '['
			})
			if trimmed != t.Text {
				fl.Unbalanced = true
				if trimmed == "" {
					continue
				}
				t.Text, t.Key = trimmed, NKey(trimmed)
			}
		}
		t.Pos = len(out)
		out = append(out, t)
	}
	return out, fl
}

// wordByte marks the ASCII bytes that continue or start a word and are
// name runes (IsNameRune), but for the apostrophe, which opens a quote
// at the start of a word.
var wordByte = func() (b [256]bool) {
	for c := 'A'; c <= 'Z'; c++ {
		b[c], b[c+'a'-'A'] = true, true
	}
	b['.'], b['-'], b['/'] = true, true, true
	return b
}()

// mayBeStray reports whether a word that starts or ends with the byte c
// may start or end with a stray quote or bracket (TokenizeInto trims
// them): c is one of the ASCII ones or part of another character.
func mayBeStray(c byte) bool {
	return c >= utf8.RuneSelf || c == '"' || c == ')' || c == ']' || c == '(' || c == '['
}

// IsNameRune reports whether r may appear inside a name word.
func IsNameRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.Is(unicode.Mn, r) || r == '.' || r == '-' || r == '\'' || r == '’' || r == '/' || r == '‐'
}

// SplitDotted splits "Dr.Peter" and "J.Smith" into "Dr." "Peter" and "J."
// "Smith", but keeps initials ("J.R.R."), known abbreviations ("Ph.D.",
// "Dipl.-Ing.") and words with a single trailing dot together.
func SplitDotted(w string, l *WordLists) []string {
	i := strings.IndexByte(w, '.')
	if i < 0 || i == len(w)-1 {
		return []string{w}
	}
	k := NKey(w)
	if l.Titles[k] || l.Qualifiers[k].TermType != "" || l.Salutations[k] != "" || l.LegalForms[k] != "" {
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

// IsInitial reports whether w is an initial: one letter, optionally
// followed by a dot ("T", "T."), or a run of dotted initials ("J.R.").
// One Han, Hangul or kana character without a dot is a whole syllable of
// a name, not an initial (the surname 李, 박).
func IsInitial(w string) bool {
	if strings.IndexByte(w, '.') < 0 {
		// Without a dot: exactly one letter.
		r, size := utf8.DecodeRuneInString(w)
		return size > 0 && size == len(w) && unicode.IsLetter(r) && !unicode.In(r, unicode.Han, unicode.Hangul, unicode.Hiragana, unicode.Katakana)
	}
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

// SplitInitials splits "J.R.R." into "J.", "R.", "R.".
func SplitInitials(w string) []string {
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

// IsAllUpper reports whether w has at least two letters and no lower-case
// letter ("MÜLLER").
func IsAllUpper(w string) bool {
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

func IsASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
