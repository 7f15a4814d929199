package genderize

import (
	"github.com/namepipe/namepipe/engine/dict"
	"github.com/namepipe/namepipe/nameapi"
)

// Thresholds of the Thai model's answers: the male share from which a
// listed name (its loose key a listed name's) is MALE (at most 1 - it
// FEMALE; between, NEUTRAL), and the same for a name judged by its ending
// (between, the lists decide). Chosen on the tune half of faker's th names
// with one sex, which the model is built without
// (engine/testdata/th-given-holdout.tsv, dict's TestThaiHoldout), as the
// lowest whose answers there are at least 93 % right: listed 174 right,
// 11 wrong (the threshold does not matter, nearly every key has one sex);
// endings 382 right, 28 wrong at 0.95 (0.9: 462 right, 42 wrong, 91.7 %).
// On the test half: listed 159 right, 14 wrong; endings 403 right, 22
// wrong.
// thaiOverVotes is the fewest source votes behind a given name's one sex
// in the lists from which the lists answer before the Thai model does:
// only names the lists know less well (or not, or as both sexes) are
// looked for in the Thai lists, which spares most rows the Thai surname
// test. Chosen on the tune half of testdata/th-given-holdout.tsv in two
// fields behind a Thai surname (1,116 spellings: the Thai model first 1,094
// right, 0 wrong; from 3 votes 1,092 / 2; from 2 votes 1,085 / 9; from 1
// vote 1,001 / 106, as many romanized Thai names are another language's
// rare name).
const thaiOverVotes = 3

const (
	thaiListedAt = 0.75
	thaiEndingAt = 0.95
)

// thaiGender returns the gender of a Thai given name written in Latin
// letters, for a name the lists do not give one sex from thaiOverVotes
// votes ("Kanokporn", "Weerachet", "Sirilak"), when the name is Thai:
// the context's place is Thailand or its language Thai, or the surname is
// Thai (dict.ThaiModel.IsSurname: "Srisombat", "Chaiwongsakul"). The one
// given word is found by its loose key among the Thai lists' names
// (romanized after RTGS), or, when no list holds it and the lists of other
// languages do not know it either, judged by its ending ("-porn", "-chai",
// "-wan"). A listed name the lists give both sexes is NEUTRAL; an ending
// that does not decide leaves the name to the lists (ok false).
func (e *Genderizer) thaiGender(given []string, surname string, scopes []string) (res nameapi.GenderizerResult, ok bool) {
	if e.dict == nil || len(given) == 0 || !thaiShaped(surname) && !thaiScope(scopes) {
		return res, false
	}
	var word string
	n := 0
	for w := range nameParts(given) {
		if n++; n > 1 {
			return res, false
		}
		word = w
	}
	if n != 1 {
		return res, false
	}
	m := e.dict.Thai()
	if !thaiScope(scopes) && !m.IsSurname(surname) {
		return res, false
	}
	return thaiAnswer(m, word, func(w string) bool {
		_, _, known := e.dict.GenderVotes(w, "")
		return known
	})
}

// thaiAnswer is thaiGender's answer for the one given word of a Thai
// name, from the model m; known reports whether the lists of any
// language know a name.
func thaiAnswer(m *dict.ThaiModel, word string, known func(string) bool) (res nameapi.GenderizerResult, ok bool) {
	j, ok := m.Given(word)
	if !ok {
		return res, false
	}
	at := thaiListedAt
	if !j.Listed {
		if known(word) {
			return res, false // another language's name ("Anna", "Michael")
		}
		at = thaiEndingAt
	}
	st := stat{known: true, p: j.P, votes: j.N, specific: j.Listed}
	switch {
	case st.p >= at:
		res.Gender = nameapi.GenderMale
	case st.p <= 1-at:
		res.Gender = nameapi.GenderFemale
	case j.Listed:
		res.Gender = nameapi.GenderNeutral
		mp := round(st.p)
		res.MaleProportion = &mp
	default:
		return res, false
	}
	res.Confidence = confidence(st, res.Gender)
	return res, true
}

// thaiScope reports whether the scopes (appendScopes) name Thailand or
// the Thai language.
func thaiScope(scopes []string) bool {
	for _, s := range scopes {
		if s == "TH" || s == "th" {
			return true
		}
	}
	return false
}

// thaiShaped reports whether s can be a Thai surname in Latin letters:
// at least thaiSurnameLetters ASCII letters (spaces and hyphens allowed).
// It keeps the many shorter surnames of other languages ("Smith", "Kim",
// "Zhang") from computing the loose key, which costs about a thousand
// instructions; of the Thai lists' 650 surname readings, 13 have a
// shorter key ("Sae-Lim" แซ่ลิ้ม, selim), and place TH still reads their
// bearers' names as Thai.
func thaiShaped(s string) bool {
	if len(s) < thaiSurnameLetters {
		return false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		c := s[i] | 0x20
		switch {
		case c >= 'a' && c <= 'z':
			n++
		case s[i] != '-' && s[i] != ' ':
			return false
		}
	}
	return n >= thaiSurnameLetters
}

// thaiSurnameLetters is the fewest letters of a surname thaiShaped
// passes.
const thaiSurnameLetters = 6
