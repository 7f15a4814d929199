// Package lexicon says what the engine's operations need from the embedded
// name and domain data (the Lexicon interface, which dict.Dict implements
// and tests fake), and holds the name lookups built on it that the parser,
// the risk detector and the email-name parser share.
package lexicon

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Lexicon is the name and domain data. Lookups are case-insensitive and
// accept names with or without diacritics.
type Lexicon interface {
	// GenderVotes returns the share (0..1) of male bearers of a given
	// name for an ISO 3166 country or ISO 639-1 language code (""
	// = all data), and the number of source votes behind that answer;
	// ok=false when the data does not know the name there with a sex.
	GenderVotes(given, placeOrLang string) (p float64, votes int, ok bool)
	// GivenVotes is IsGivenName and the votes of GenderVotes(s, "") in
	// one lookup (votes is 0 when the data knows the name without a sex).
	GivenVotes(s string) (votes int, known bool)
	// IsGivenName reports whether the data knows s as a given name.
	IsGivenName(s string) bool
	// IsSurname reports whether the data knows s as a surname.
	IsSurname(s string) bool
	// IsDisposableDomain reports whether mail at domain (or a parent
	// domain listed as wildcard) is disposable.
	IsDisposableDomain(domain string) bool
	// IsFreemailDomain reports whether domain is a free-mail provider.
	IsFreemailDomain(domain string) bool
	// IsISPDomain reports whether domain is the mail domain of an
	// internet access provider.
	IsISPDomain(domain string) bool
	// SurnameMaleProportion returns the share (0..1) of men among the
	// bearers of a surname that carries its bearer's sex ("Ivanova" 0,
	// "Kowalski" 1); ok=false for surnames that tell nothing.
	SurnameMaleProportion(surname string) (p float64, ok bool)
	// SplitSurnameFirst splits a Chinese, Japanese or Korean name written
	// without a space ("王小明") into surname and given name; ok=false for
	// other text.
	SplitSurnameFirst(s string) (surname, given string, ok bool)
	// EndingMaleProportion guesses the share of men among the bearers of
	// a Latin-script given name the data does not list, from the listed
	// name it is derived from by a trade of endings the data shows keeping
	// the sex ("Janka": Jana) or from the listed names that end the same
	// way ("Sidorela": Daniela, Manuela); ok=false when neither answers.
	EndingMaleProportion(given string) (p float64, ok bool)
}

// IsGiven reports whether w (or, for "Jean-Pierre", each of its parts) is a
// known given name.
func IsGiven(lex Lexicon, w string) bool {
	w = trimMarks(w)
	if w == "" {
		return false
	}
	return lex.IsGivenName(w) || allPartsGiven(lex, w)
}

// allPartsGiven reports whether w is hyphenated and each of its parts is a
// known given name ("Jean-Pierre").
func allPartsGiven(lex Lexicon, w string) bool {
	if strings.IndexByte(w, '-') < 0 {
		return false
	}
	for p := range strings.SplitSeq(w, "-") {
		if p == "" || !lex.IsGivenName(p) {
			return false
		}
	}
	return true
}

// IsSurname is IsGiven for surnames; "Mueller-Meyer" counts when any part
// is a known surname.
func IsSurname(lex Lexicon, w string) bool {
	w = trimMarks(w)
	if w == "" {
		return false
	}
	return lex.IsSurname(w) || surnameShaped(w) || anyPartSurname(lex, w)
}

// anyPartSurname reports whether w is hyphenated and one of its parts is a
// known or Gaelic-shaped surname.
func anyPartSurname(lex Lexicon, w string) bool {
	if !strings.ContainsRune(w, '-') {
		return false
	}
	for p := range strings.SplitSeq(w, "-") {
		if p != "" && (lex.IsSurname(p) || surnameShaped(p)) {
			return true
		}
	}
	return false
}

// surnameShaped reports whether w has the shape of a Gaelic surname:
// "McDonald", "MacKenzie", "O'Neill", "FitzGerald" (a prefix followed by
// an upper-case letter and at least two more letters), or of an Icelandic
// or Scandinavian patronymic surname ("Grímsson", "Jónsdóttir"). The
// lists hold only a few of them.
func surnameShaped(w string) bool {
	if w == "" {
		return false
	}
	// Cheap rejects: each ending ends in n or r (letters that case-fold
	// only to N and R), each prefix starts with M, O or F.
	if c := w[len(w)-1] | 0x20; c == 'n' || c == 'r' {
		if surnameShapedEnd(w) {
			return true
		}
	}
	if c := w[0]; c != 'M' && c != 'O' && c != 'F' {
		return false
	}
	return surnameShapedPrefix(w)
}

// surnameShapedEnd reports whether w ends in an Icelandic or Scandinavian
// patronymic ending ("Grímsson", "Jónsdóttir").
func surnameShapedEnd(w string) bool {
	for _, end := range [...]string{"sson", "dóttir", "dottir"} {
		if len(w) > len(end)+2 && strings.EqualFold(w[len(w)-len(end):], end) {
			return true
		}
	}
	return false
}

// surnameShapedPrefix reports whether w has the shape of a Gaelic surname
// ("McDonald", "O'Neill").
func surnameShapedPrefix(w string) bool {
	for _, pre := range [...]string{"Mc", "Mac", "O'", "O’", "Fitz"} {
		rest, ok := strings.CutPrefix(w, pre)
		if !ok || utf8.RuneCountInString(rest) < 3 {
			continue
		}
		r, _ := utf8.DecodeRuneInString(rest)
		if !unicode.IsUpper(r) {
			continue
		}
		lower := 0
		for _, c := range rest {
			if unicode.IsLower(c) {
				lower++
			}
		}
		if lower >= 2 {
			return true
		}
	}
	return false
}

// GivenStrength is how strongly the data knows w as a given name: 1 for a
// name backed by many sources, less for one that a single source lists
// (the data lists many surnames as rare given names too), 0 for unknown.
func GivenStrength(lex Lexicon, w string) float64 {
	t := trimMarks(w)
	if t == "" {
		return 0
	}
	votes, known := lex.GivenVotes(t)
	if !known {
		// GivenVotes already answered IsGivenName(t): only the parts of
		// "Jean-Pierre" are left to look up.
		if allPartsGiven(lex, t) {
			return 0.5
		}
		return 0
	}
	return strengthOfVotes(votes, true)
}

// Word is what the name lists say of one word of a name (WordOf).
type Word struct {
	Given      float64 // GivenStrength
	Surname    bool    // IsSurname
	CJKSurname bool    // IsCJKSurname
	// Listed is Lexicon.IsSurname of the word itself: the data lists it
	// as a surname (Surname also counts Gaelic shapes and the parts of a
	// hyphenated word).
	Listed bool
}

// WordOf returns GivenStrength(lex, w), IsSurname(lex, w) and
// IsCJKSurname(lex, w): the parser asks them of every word of a name. A
// Lexicon with a NameWord method of its own (dict.Dict) answers all with
// one lookup of the word (BenchmarkWordOf; of GivenStrength and IsSurname
// alone, 2026-11-27, -cpu 1, six runs at load 25-34, CPU per word: one
// lookup 272-420 ns, two 363-526 ns, each run's one 20-30 % below its
// two).
func WordOf(lex Lexicon, w string) Word {
	t := trimMarks(w)
	if t == "" {
		return Word{}
	}
	var votes int
	var known, surname, cjk bool
	if nw, ok := lex.(interface {
		NameWord(s string) (votes int, known, surname, cjkSurname bool)
	}); ok {
		votes, known, surname, cjk = nw.NameWord(t)
	} else {
		votes, known = lex.GivenVotes(t)
		surname = lex.IsSurname(t)
		cjk = IsCJKSurname(lex, t)
	}
	var given float64
	switch {
	case known:
		given = strengthOfVotes(votes, true)
	case allPartsGiven(lex, t):
		given = 0.5
	}
	return Word{Given: given, Surname: surname || surnameShaped(t) || anyPartSurname(lex, t), CJKSurname: cjk, Listed: surname}
}

// strengthOfVotes maps the source votes behind a known given name to its
// strength (see GivenStrength); ok=false or 0 votes: known without a sex.
func strengthOfVotes(votes int, ok bool) float64 {
	switch {
	case !ok || votes == 0:
		return 0.5
	case votes >= 5:
		return 1
	case votes >= 3:
		return 0.7
	}
	return 0.3
}

// cultureLangs are the languages whose votes for a given name tell its
// culture (TopLanguage): those the name data covers well.
var cultureLangs = [...]string{"en", "de", "fr", "es", "it", "pt", "nl", "sv", "da", "nb", "fi", "pl", "cs", "ro", "hu"}

// TopLanguage returns the language whose data backs the given name w with
// the most votes, or "" when no language leads alone (a tie, or a name
// the data does not know with a sex). A Lexicon with a TopLanguage method
// of its own answers in one lookup (dict.Dict); others are asked language
// by language (BenchmarkTopLanguage, 2026-11-27, -cpu 1, three runs at
// load ~25, CPU per word: one lookup 347-403 ns, by language 2.6-3.6 µs).
func TopLanguage(lex Lexicon, w string) string {
	if tl, ok := lex.(interface {
		TopLanguage(given string, langs []string) string
	}); ok {
		return tl.TopLanguage(w, cultureLangs[:])
	}
	best, bestVotes, tie := "", 0, false
	for _, l := range cultureLangs {
		_, v, ok := lex.GenderVotes(w, l)
		switch {
		case !ok || v < bestVotes:
		case v == bestVotes:
			tie = true
		default:
			best, bestVotes, tie = l, v, false
		}
	}
	if tie {
		return ""
	}
	return best
}

// trimMarks is strings.Trim(w, ".'’") without its work for the usual word
// that neither starts nor ends with one of those marks.
func trimMarks(w string) string {
	if w == "" {
		return w
	}
	switch w[0] {
	case '.', '\'', "’"[0]:
	default:
		switch w[len(w)-1] {
		case '.', '\'', "’"[2]:
		default:
			return w
		}
	}
	return strings.Trim(w, ".'’")
}

// IsCJKSurname reports whether w is the Latin spelling of a Chinese
// (pinyin) or Korean surname ("Guo", "Kim"), for a Lexicon that knows them
// (dict.Dict); false for any other.
func IsCJKSurname(lex Lexicon, w string) bool {
	c, ok := lex.(interface{ IsCJKSurname(s string) bool })
	return ok && c.IsCJKSurname(trimMarks(w))
}

// IsKoreanSurname reports whether w is a customary Latin spelling of a
// Korean surname (Kim, Park, Lee), for a Lexicon that knows
// (dict.Dict.IsKoreanSurname); false for others.
func IsKoreanSurname(lex Lexicon, w string) bool {
	c, ok := lex.(interface{ IsKoreanSurname(s string) bool })
	return ok && c.IsKoreanSurname(trimMarks(w))
}

// KoreanGivenPair reports whether a and b are the two syllables of one
// Korean given name written as two words ("Dan Bi", "Min Ji"), for a
// Lexicon that knows (dict.Dict.KoreanGivenPair); false for others.
func KoreanGivenPair(lex Lexicon, a, b string) bool {
	c, ok := lex.(interface {
		KoreanGivenPair(a, b string) (string, bool)
	})
	if !ok {
		return false
	}
	_, pair := c.KoreanGivenPair(trimMarks(a), trimMarks(b))
	return pair
}

// KoreanSurnameRank returns the place of w among the Korean surnames,
// commonest first (Kim 1, Lee 2), for a Lexicon that knows
// (dict.Dict.KoreanSurnameRank); 0 when w is none or the Lexicon does not
// know.
func KoreanSurnameRank(lex Lexicon, w string) int {
	c, ok := lex.(interface{ KoreanSurnameRank(s string) int })
	if !ok {
		return 0
	}
	return c.KoreanSurnameRank(trimMarks(w))
}

// IsJapaneseSurname reports whether w is a Japanese surname in romaji
// (Tanaka, Satoh, Itō), for a Lexicon that knows
// (dict.Dict.IsJapaneseSurname); false for others.
func IsJapaneseSurname(lex Lexicon, w string) bool {
	c, ok := lex.(interface{ IsJapaneseSurname(s string) bool })
	return ok && c.IsJapaneseSurname(trimMarks(w))
}
