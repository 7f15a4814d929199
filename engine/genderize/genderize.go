// Package genderize is the engine's genderizer: the gender of a person
// from given names looked up by place and language, the salutation and the
// input gender field.
//
// The names' gender (namesGender) comes from the lists (engine/dict) in
// the scopes of the context and the person, except where a culture's own
// model reads the given name better. Each model is a file of its own and
// answers only behind that culture's surname or place, in this order
// (the last one in personGender, where no salutation or gender field
// decides):
//   - pinyin.go: Chinese given names in pinyin, by syllable;
//   - japanese.go: Japanese given names in romaji, by their last morae;
//   - thai.go: Thai given names in Latin letters, by loose key and ending;
//   - pinyin_korean.go: pinyin after a surname also spelt as a Korean one,
//     where the Korean syllable model cannot read the name;
//   - southasian.go: South Asian given names no list holds, by ending;
//   - persian.go: Persian given names no list holds, by consonant skeleton;
//   - patronymic.go: a patronymic alone;
//   - surname_lang.go: a name the lists give both sexes, by the language
//     its surname tells (the last scope before all data).
//
// Korean given names are judged inside the lists' look-up (dict's Korean
// syllable model; korean.go here only reads their words).
package genderize

import (
	"iter"
	"math"
	"strings"
	"unicode"

	"github.com/namepipe/namepipe/engine/dict"
	"github.com/namepipe/namepipe/engine/lexicon"
	"github.com/namepipe/namepipe/engine/script"
	"github.com/namepipe/namepipe/engine/text"
	"github.com/namepipe/namepipe/nameapi"
)

// Op is the genderizer's operation name, as in its REST path.
var Op = nameapi.EndpointPersonGenderizer.Name()

// Genderizer answers the genderizer from a Lexicon. Create it with New.
type Genderizer struct {
	lex lexicon.Lexicon
	// dict is lex when it is the embedded data, which looks a name up
	// in all scopes at once (Dict.GenderVotesIn); a concrete type, so
	// that the scopes stay on the caller's stack.
	dict   *dict.Dict
	recent *recentNames // the answers of recent names (recent.go)
}

// New returns a genderizer over lex.
func New(lex lexicon.Lexicon) *Genderizer {
	d, _ := lex.(*dict.Dict)
	return &Genderizer{lex: lex, dict: d, recent: &recentNames{}}
}

// Thresholds of the genderizer: a combined male proportion at or above
// maleAt is MALE, at or below femaleAt FEMALE, in between NEUTRAL.
const (
	maleAt   = 0.8
	femaleAt = 0.2
	// strong is the name confidence from which a salutation or input
	// gender that disagrees gives CONFLICT instead of overriding the names.
	strong = 0.8
)

// salutation looks a lower-case salutation (dots removed) up in the one
// table of salutations of many languages (engine/lists/salutations.txt:
// "herr", "frk", "doamna", "г-н").
func salutation(k string) (string, bool) {
	g, ok := text.Lists().SalutationGender[text.NKey(k)]
	return g, ok
}

// SalutationGender returns the gender a salutation implies, or "".
// "Mr. & Mrs." and other combined forms imply none.
func SalutationGender(s string) string {
	if s == "" {
		return ""
	}
	k := strings.ToLower(strings.TrimSpace(strings.ReplaceAll(s, ".", "")))
	if k == "" {
		return ""
	}
	if g, ok := salutation(k); ok {
		return g
	}
	// "Sehr geehrter Herr", "Dear Mrs": the last word decides, when every
	// salutation word agrees.
	g := ""
	for f := range strings.FieldsSeq(k) {
		if x, ok := salutation(f); ok {
			if g != "" && g != x {
				return ""
			}
			g = x
		}
	}
	return g
}

// nameParts yields the names to look up in a list of given-name
// strings, word by word: hyphenated names whole ("Hans-Peter"); their
// parts are the fallback (see statsForNames). Initials ("J.", "J") carry no
// gender and are skipped.
func nameParts(given []string) iter.Seq[string] { return givenWords(given, nil) }

// givenWords is nameParts, but a word for which whole reports true is
// yielded as written, even where it would be skipped as an initial.
func givenWords(given []string, whole func(string) bool) iter.Seq[string] {
	return func(yield func(string) bool) {
		for _, g := range given {
			for w := range strings.FieldsSeq(g) {
				if whole == nil || !whole(w) {
					if strings.IndexByte(nameMarks, w[0]) >= 0 || strings.IndexByte(nameMarks, w[len(w)-1]) >= 0 {
						w = strings.Trim(w, nameMarks)
					}
					if !longEnough(w) || !hasLetter(w) {
						continue
					}
				}
				if !yield(w) {
					return
				}
			}
		}
	}
}

// nameMarks are the marks trimmed off the words of given names.
const nameMarks = ".,;:()\"'"

// longEnough reports whether w has more than one rune besides dots (is
// not an initial), or is one character of a script whose characters are
// words (Chinese 伟, Japanese 誠).
func longEnough(w string) bool {
	n := 0
	for _, r := range w {
		if r != '.' {
			n++
			if n > 1 {
				return true
			}
		}
	}
	return n == 1 && script.Of(w).SurnameFirst()
}

func hasLetter(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) {
			return true
		}
	}
	return false
}

// stat is the statistical answer from the names alone.
type stat struct {
	known    bool
	p        float64 // combined male proportion
	votes    int     // source votes behind the dominant name
	specific bool    // the dominant name was found in a specific scope
}

// statsForNames combines the names (looked up in scopes, which end with
// "" for all data): the first known name dominates (weight
// up to 5 when it is decisive), every further known name adds weight 1. A hyphenated name is looked
// up whole, else its known parts count, the first one dominating.
func (e *Genderizer) statsForNames(given []string, scopes []string) stat {
	var st stat
	var sum, wsum float64
	for name := range nameParts(given) {
		p, v, spec, ok := e.lookup(name, scopes)
		if !ok && strings.Contains(name, "-") {
			// Hyphenated, unknown as a whole: combine the parts like
			// separate names.
			var ps, pw float64
			for a := range strings.SplitSeq(name, "-") {
				if ap, av, as, aok := e.lookup(a, scopes); aok {
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

// confidence is how sure the statistics are of their gender call: the
// skew of the proportion times how much data backs it.
func confidence(st stat, gender string) float64 {
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
	return round(c)
}

func round(f float64) float64 { return math.Round(f*1000) / 1000 }

// ForNames is the statistical genderizer: given names (several
// combine, the first dominates; initials are ignored), looked up in the
// context's place, then the correspondence and context languages, then
// all data; then the salutation and the input person's gender field
// override weak data and give CONFLICT against strong data or each other.
// c and p may be nil. It never returns nil.
func (e *Genderizer) ForNames(given []string, salutation string, c *nameapi.Context, p *nameapi.InputPerson) *nameapi.GenderizerResult {
	return e.ForPerson(given, "", salutation, c, p)
}

// ForPerson is ForNames with the surname as further evidence: a surname
// that carries its bearer's sex ("Ivanova", "Kowalski", "Nováková") decides
// when the given names do not, or only weakly ("Sasha Ivanov", "Nikita
// Popov": male).
//
// The answer of the names alone is taken from the last PersonGender calls
// when one had the same names (recent.go).
func (e *Genderizer) ForPerson(given []string, surname, salutation string, c *nameapi.Context, p *nameapi.InputPerson) *nameapi.GenderizerResult {
	res := e.personGender(given, surname, salutation, c, p, nil)
	return &res
}

// PersonGender is ForPerson returning the result as a value, for the
// parser, which keeps it inside its parsed people. It remembers the
// answer of the names alone for a ForPerson call of the same names that
// follows (a pipeline's genderizer call after the parser's), in mem (nil:
// a new Memory), which must not be used again.
func (e *Genderizer) PersonGender(given []string, surname, salutation string, c *nameapi.Context, p *nameapi.InputPerson, mem *Memory) nameapi.GenderizerResult {
	if mem == nil {
		mem = new(Memory)
	}
	return e.personGender(given, surname, salutation, c, p, mem)
}

// personGender is ForPerson when mem is nil (the answer of the names is
// looked for among the remembered ones), else PersonGender.
func (e *Genderizer) personGender(given []string, surname, salutation string, c *nameapi.Context, p *nameapi.InputPerson, mem *Memory) nameapi.GenderizerResult {
	// A Vietnamese middle name marks the sex: "Nguyễn Thị Minh Khai" (not
	// after a salutation; only after a Vietnamese surname).
	if salutation == "" && text.IsVietnameseSurname(surname) {
		for w := range nameParts(given) {
			if sex, ok := text.VietnameseMarker(surname, w); ok {
				return nameapi.GenderizerResult{Gender: sex, Confidence: 0.9}
			}
			break
		}
	}
	var pairBuf [1]string
	given = e.koreanPair(given, surname, pairBuf[:0])
	var scopeBuf [5]string
	scopes := append(appendScopes(scopeBuf[:0], c, p), "")
	var res nameapi.GenderizerResult
	ok := false
	if mem == nil {
		res, ok = e.recent.get(given, surname, scopes)
	}
	if !ok {
		res = e.namesGender(given, surname, scopes)
		if mem != nil {
			e.recent.put(given, surname, scopes, res, mem)
		}
	}

	// Declared evidence: the salutation, and the input gender field.
	sal := SalutationGender(salutation)
	declared := ""
	if p != nil && !p.IsLegal() {
		declared = declaredGender(p.Gender)
	}
	if sal != "" && declared != "" && sal != declared {
		return nameapi.GenderizerResult{Gender: nameapi.GenderConflict, Confidence: 0.9}
	}
	claim := declared
	claimConf := 0.95 // the input's own gender field
	if claim == "" {
		claim, claimConf = sal, 0.9
	}
	if claim == "" {
		if res.Gender == nameapi.GenderNeutral {
			// Names the data gives both sexes: the surname's language
			// decides, after every scope the input gives (surname_lang.go),
			// and only without a salutation or gender, which decide such
			// names fully.
			if r, ok := e.bySurnameLanguage(given, surname, scopes); ok {
				return r
			}
		}
		return res
	}
	if sal != "" && declared != "" {
		claimConf = 0.98 // both agree
	}
	switch res.Gender {
	case claim:
		res.Confidence = round(math.Max(claimConf, 1-(1-claimConf)*(1-res.Confidence)))
		return res
	case nameapi.GenderMale, nameapi.GenderFemale:
		if res.Confidence >= strong && !e.mixedAcrossPlaces(given) {
			// Strong name data says the other sex.
			return nameapi.GenderizerResult{Gender: nameapi.GenderConflict, Confidence: round(math.Min(claimConf, res.Confidence))}
		}
		// Weak name data: the declaration wins, less sure.
		return nameapi.GenderizerResult{Gender: claim, Confidence: round(claimConf * (1 - res.Confidence/2))}
	default:
		// Unknown or neutral names: the declaration decides.
		return nameapi.GenderizerResult{Gender: claim, Confidence: claimConf}
	}
}

// koreanPair returns given as one Korean given name ("hae-yun", in out)
// when it is the two syllables of one written as two words ("Hae Yun",
// "Young Hee", "A Reum": koreanParts) and the surname is Korean (Kim, Park, Lee): the syllables
// are judged together (dict.KoreanGivenPair), not each as a name of other
// languages. Else it returns given.
func (e *Genderizer) koreanPair(given []string, surname string, out []string) []string {
	if e.dict == nil || surname == "" || !e.dict.IsKoreanSurname(surname) {
		return given
	}
	var words [3]string
	n := 0
	for w := range koreanParts(given) {
		if n == len(words) {
			return given
		}
		words[n] = w
		n++
	}
	if n != 2 {
		return given
	}
	pair, ok := e.dict.KoreanGivenPair(words[0], words[1])
	if !ok {
		return given
	}
	return append(out, pair)
}

// declaredGender returns the gender of an input person's gender field
// (MALE, FEMALE in any case), or "".
func declaredGender(g string) string {
	switch g {
	case "": // the usual values first, without casing them
		return ""
	case nameapi.StorageGenderMale:
		return nameapi.GenderMale
	case nameapi.StorageGenderFemale:
		return nameapi.GenderFemale
	}
	switch strings.ToUpper(strings.TrimSpace(g)) {
	case nameapi.StorageGenderMale:
		return nameapi.GenderMale
	case nameapi.StorageGenderFemale:
		return nameapi.GenderFemale
	}
	return ""
}

// namesGender is the gender of the names alone (PersonGender without the
// Vietnamese marker, the salutation and the input gender), looked up in
// scopes.
func (e *Genderizer) namesGender(given []string, surname string, scopes []string) nameapi.GenderizerResult {
	if res, ok := e.pinyinGender(given, surname, scopes); ok {
		return res // a Chinese given name in pinyin (pinyin.go)
	}
	if res, ok := e.japaneseGender(given, surname, scopes); ok {
		return res // a Japanese given name in romaji (japanese.go)
	}
	st := e.statsForNames(given, scopes)
	if !st.known || st.p > femaleAt && st.p < maleAt || st.votes < thaiOverVotes {
		// Names the lists do not give one sex, or from few votes: a
		// Thai given name in Latin letters (thai.go)?
		if res, ok := e.thaiGender(given, surname, scopes); ok {
			return res
		}
	}
	if !st.known {
		if res, ok := e.pinyinBehindKorean(given, surname, scopes); ok {
			return res // "Yinglai Wang", "Lee Xiaoming" (pinyin_korean.go)
		}
		if res, ok := e.southAsianGender(given, surname, scopes); ok {
			return res // unlisted South Asian given names (southasian.go)
		}
		if res, ok := e.persianGender(given, surname); ok {
			return res // unlisted Persian given names in Latin letters (persian.go)
		}
	}
	res := statResult(st)
	if !st.known {
		if g := e.patronymicGender(given); g != "" {
			res.Gender, res.Confidence = g, 0.85
		}
	}
	if surname != "" && res.Confidence < surnameOverrides {
		res = e.withSurname(res, surname)
	}
	return res
}

// statResult is the answer of the statistics st: MALE or FEMALE past the
// thresholds, else NEUTRAL with the proportion; UNKNOWN when no name is
// known.
func statResult(st stat) nameapi.GenderizerResult {
	res := nameapi.GenderizerResult{Gender: nameapi.GenderUnknown}
	if !st.known {
		return res
	}
	switch {
	case st.p >= maleAt:
		res.Gender = nameapi.GenderMale
	case st.p <= femaleAt:
		res.Gender = nameapi.GenderFemale
	default:
		res.Gender = nameapi.GenderNeutral
		mp := round(st.p)
		res.MaleProportion = &mp
	}
	res.Confidence = confidence(st, res.Gender)
	return res
}

// surnameOverrides is the confidence of the given names' answer below which
// a surname that carries its bearer's sex decides.
const surnameOverrides = 0.85

// withSurname returns the sex the surname carries (see ForPerson) instead
// of res, or res when the surname tells nothing. Each word of a double
// surname counts; words that disagree tell nothing.
func (e *Genderizer) withSurname(res nameapi.GenderizerResult, surname string) nameapi.GenderizerResult {
	sex := ""
	for w := range strings.FieldsFuncSeq(surname, func(r rune) bool { return r == ' ' || r == '-' }) {
		mp, ok := e.lex.SurnameMaleProportion(w)
		if !ok {
			continue
		}
		g := nameapi.GenderFemale
		if mp >= 0.5 {
			g = nameapi.GenderMale
		}
		if sex != "" && sex != g {
			return res
		}
		sex = g
	}
	switch {
	case sex == "" || sex == res.Gender:
		return res
	case res.Gender == nameapi.GenderUnknown:
		return nameapi.GenderizerResult{Gender: sex, Confidence: 0.75}
	}
	return nameapi.GenderizerResult{Gender: sex, Confidence: 0.7}
}

// mixedAcrossPlaces reports whether the given names are borne by both
// sexes when all places are taken together ("Andrea": female in Germany,
// male in Italy). A salutation or input gender that contradicts the
// place's answer for such a name is believed ("Herr Andrea Conti" in
// Germany) instead of reported as a conflict.
func (e *Genderizer) mixedAcrossPlaces(given []string) bool {
	st := e.statsForNames(given, []string{""})
	return st.known && st.p > 0.15 && st.p < 0.85
}
