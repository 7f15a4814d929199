package genderize

import (
	"strings"

	"github.com/namepipe/namepipe/nameapi"
)

// persianGender returns the gender of given names no list holds (the
// caller's statistics know none of them) written in Latin letters when
// the surname is Persian by its skeleton (dict.IsPersianSurname: "Ahmadi",
// "Mohammadi", "Hosseinzadeh"): the first given word whose skeleton is
// that of Persian-script names of one sex (dict.PersianLatinSex:
// "Goodarz", "Azarmidokht", "Shahrzad") decides, unless a later one says
// the other sex. The answer is as sure as a name of one vote. Without the
// surname check the skeleton would answer for many unlisted names of other
// languages: of the lists' own Latin-script given names with a clear sex
// that it answers for, a fifth have the other sex
// (dict.TestPersianOtherLanguages). ok is false when it does not answer.
func (e *Genderizer) persianGender(given []string, surname string) (res nameapi.GenderizerResult, ok bool) {
	if e.dict == nil || len(given) == 0 || surname == "" {
		return res, false
	}
	decided, male := false, false
	for w := range nameParts(given) {
		m, known := e.dict.PersianLatinSex(w)
		if !known {
			continue
		}
		if decided && m != male {
			return res, false
		}
		decided, male = true, m
	}
	if !decided || !e.persianSurname(surname) {
		return res, false
	}
	st := stat{known: true, p: 0, votes: 1}
	res.Gender = nameapi.GenderFemale
	if male {
		st.p = 1
		res.Gender = nameapi.GenderMale
	}
	res.Confidence = confidence(st, res.Gender)
	return res, true
}

// persianSurname reports whether a word of the surname is a Persian one
// (dict.IsPersianSurname).
func (e *Genderizer) persianSurname(surname string) bool {
	for w := range strings.FieldsFuncSeq(surname, func(r rune) bool { return r == ' ' || r == '-' }) {
		if e.dict.IsPersianSurname(w) {
			return true
		}
	}
	return false
}
