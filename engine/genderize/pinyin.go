package genderize

import (
	"math"
	"strings"

	"github.com/namepipe/namepipe/engine/text"
	"github.com/namepipe/namepipe/nameapi"
)

// pinyinAt is the probability of one sex from which the pinyin model's
// answer is MALE or FEMALE; below it the name is NEUTRAL. It was chosen
// on the tune half of faker's zh_CN names with their sex, which the model
// is not built from (engine/testdata/zh-pinyin-holdout.tsv): the lowest
// threshold whose answers there are at least 95 % right (0.8: 28 right,
// 1 wrong, 44 of 73 unanswered; 0.7: 46 right, 4 wrong).
const pinyinAt = 0.8

// pinyinGender returns the gender of a Chinese given name written in
// toneless pinyin ("Xiaoming Zhang", "Li Na Chen", "Hui-Min Liu"): when
// the surname is the pinyin of a Chinese surname (not a Vietnamese one,
// nor one that is also a Korean surname's spelling, "Wang", "Yang",
// "Kang", which keeps the Korean model, unless the context's place or
// language is Chinese: CN, TW, SG, zh) and the given names are one or two
// syllables, the syllables' counts in Chinese men's and women's
// names decide (dict.PinyinMaleShare), not a name of another language
// spelt the same ("Jun", "Yan", "Li"). A probability of one sex below
// pinyinAt is NEUTRAL with that proportion. ok is false when the name is
// not such a name. After a Korean spelling, namesGender asks
// pinyinBehindKorean once the lists know nothing.
func (e *Genderizer) pinyinGender(given []string, surname string, scopes []string) (res nameapi.GenderizerResult, ok bool) {
	if e.dict == nil || len(given) == 0 || !pinyinShaped(surname) {
		return res, false
	}
	if !e.dict.IsCJKSurname(surname) || text.IsVietnameseSurname(surname) ||
		e.dict.IsKoreanSurname(surname) && !chineseScope(scopes) {
		return res, false
	}
	return e.pinyinGiven(given, nil)
}

// pinyinGiven is the pinyin model's answer for the given names, once the
// surname is a Chinese one (pinyinGender, pinyinBehindKorean): ok is
// false unless they are one or two known syllables, not one word of other
// languages (otherLanguagesName), and not a name skip reports (nil: none).
func (e *Genderizer) pinyinGiven(given []string, skip func(words []string) bool) (res nameapi.GenderizerResult, ok bool) {
	var wordBuf [pinyinWords]string
	words := wordBuf[:0]
	for w := range nameParts(given) {
		if len(words) == len(wordBuf) {
			return res, false
		}
		words = append(words, w)
	}
	if len(words) == 0 || len(words) == 1 && e.otherLanguagesName(words[0]) || skip != nil && skip(words) {
		return res, false
	}
	p, ok := e.dict.PinyinMaleShare(words)
	if !ok {
		return res, false
	}
	switch {
	case p >= pinyinAt:
		return nameapi.GenderizerResult{Gender: nameapi.GenderMale, Confidence: round(p)}, true
	case p <= 1-pinyinAt:
		return nameapi.GenderizerResult{Gender: nameapi.GenderFemale, Confidence: round(1 - p)}, true
	}
	mp := round(p)
	return nameapi.GenderizerResult{Gender: nameapi.GenderNeutral, Confidence: round(0.35 + 0.5*(1-math.Abs(2*p-1)/0.6)*0.5), MaleProportion: &mp}, true
}

// otherLanguagesName reports whether the one-word given name w is a name
// of other languages more than a Chinese one: listed by at least
// otherLanguagesVotes sources and in no Chinese list ("Linda", "Alan",
// "Julian", "Annie" read as pinyin lin-da, a-lan, ...). Such a name keeps
// the lists' answer: of the names the data lists so, with a sex, that read
// as one or two syllables, the pinyin model contradicts the lists for 35,
// agrees for 83 and is unsure of 123, while 9 are also Chinese-listed
// ("Dan", "Yan", "Juan", which the model judges).
func (e *Genderizer) otherLanguagesName(w string) bool {
	if strings.IndexByte(w, '-') >= 0 {
		return false // "Hui-Min": written as Chinese names are
	}
	if _, v, ok := e.dict.GenderVotes(w, ""); !ok || v < otherLanguagesVotes {
		return false
	}
	_, _, zh := e.dict.GenderVotes(w, "zh")
	return !zh
}

// otherLanguagesVotes is the number of sources from which a given name
// not in a Chinese list is another language's (otherLanguagesName).
const otherLanguagesVotes = 5

// pinyinWords is the most given-name words read as pinyin syllables (each
// word is one or two syllables, two in all).
const pinyinWords = 2

// chineseScope reports whether the scopes (appendScopes) name China,
// Taiwan or Singapore, or the Chinese language.
func chineseScope(scopes []string) bool {
	for _, s := range scopes {
		switch s {
		case "CN", "TW", "SG", "zh":
			return true
		}
	}
	return false
}

// pinyinShaped reports whether s can be one pinyin syllable: one to six
// ASCII letters, ending as pinyin syllables end (a vowel, n, ng, r), not
// starting with two consonants other than zh, ch, sh. It keeps most
// surnames of other languages ("Smith", "Brown", "Müller") from the look-up
// of IsCJKSurname, which costs a few hundred instructions a row.
func pinyinShaped(s string) bool {
	if len(s) == 0 || len(s) > 6 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i] | 0x20; c < 'a' || c > 'z' {
			return false
		}
	}
	switch s[len(s)-1] | 0x20 {
	case 'a', 'e', 'i', 'o', 'u', 'v', 'n', 'g', 'r':
	default:
		return false
	}
	if len(s) >= 2 && !isVowel(s[0]) && !isVowel(s[1]) {
		switch s[1] | 0x20 {
		case 'h': // zh, ch, sh
			switch s[0] | 0x20 {
			case 'z', 'c', 's':
				return true
			}
		}
		return false
	}
	return true
}

func isVowel(c byte) bool {
	switch c | 0x20 {
	case 'a', 'e', 'i', 'o', 'u', 'v':
		return true
	}
	return false
}
