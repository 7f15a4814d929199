package genderize

import (
	"math"
	"strings"

	"github.com/namepipe/namepipe/nameapi"
)

// The South Asian model's thresholds, chosen on the tune half of the
// names held out of it (testdata/south-asian-holdout.tsv; the model's
// own constants in dict/south_asian.go were chosen there too):
//
//   - southAsianAt: the share of one sex from which the model's answer is
//     MALE or FEMALE; below it the model does not answer. The most right
//     answers among the choices at least 95 % right on the held-out South
//     Asian given names (355 right, 18 wrong, 162 of 535 unanswered).
//   - typicalGivenAt and typicalSurnameAt: how typical of South Asian
//     names the endings of the first given name and of a surname no list
//     holds must be for the person to count as South Asian without a
//     listed South Asian surname. The most right answers on held-out South
//     Asian given names paired with held-out South Asian surnames among
//     the choices at least 95 % right there and wrong for at most 0.2 % of
//     the held-out other languages' given names paired with held-out other
//     surnames.
//
// TestSouthAsianHoldout reports the test half.
const (
	southAsianAt     = 0.85
	typicalGivenAt   = 0.7
	typicalSurnameAt = 0.7
)

// southAsianGender returns the gender of given names no list holds (the
// caller's statistics know none of them) when the person is South Asian
// (southAsianPerson): the model of South Asian endings
// (dict.SouthAsianMaleShare) judges each name; the first one it knows
// dominates as in statsForNames. ok is false when it does not answer.
func (e *Genderizer) southAsianGender(given []string, surname string, scopes []string) (res nameapi.GenderizerResult, ok bool) {
	if e.dict == nil || len(given) == 0 || !e.southAsianPerson(given, surname, scopes) {
		return res, false
	}
	return e.southAsianAnswer(given)
}

// southAsianAnswer is the model's answer for given names (see
// southAsianGender), whoever bears them.
func (e *Genderizer) southAsianAnswer(given []string) (res nameapi.GenderizerResult, ok bool) {
	var sum, wsum float64
	for w := range nameParts(given) {
		p, known := e.dict.SouthAsianMaleShare(w)
		if !known {
			continue
		}
		wt := 1.0
		if wsum == 0 {
			wt = 1 + 4*math.Abs(2*p-1)
		}
		sum += p * wt
		wsum += wt
	}
	if wsum == 0 {
		return res, false
	}
	st := stat{known: true, p: sum / wsum, votes: 1}
	switch {
	case st.p >= southAsianAt:
		res.Gender = nameapi.GenderMale
	case st.p <= 1-southAsianAt:
		res.Gender = nameapi.GenderFemale
	default:
		return res, false
	}
	res.Confidence = confidence(st, res.Gender)
	return res, true
}

// southAsianPerson reports whether a person is South Asian: the context's
// place or language is (southAsianScope), a word of the surname is a
// South Asian list's surname (dict.IsSouthAsianSurname: "Reddy",
// "Chatterjee", "Shrestha"), or the surname is one no list holds and both
// it and the first given name end as South Asian names typically do
// (southAsianLooking). Without this check the model would answer for
// 89,535 of the 192,810 other languages' listed given names with a clear
// sex and get 17,731 of them wrong.
func (e *Genderizer) southAsianPerson(given []string, surname string, scopes []string) bool {
	if southAsianScope(scopes) {
		return true
	}
	for w := range strings.FieldsFuncSeq(surname, func(r rune) bool { return r == ' ' || r == '-' }) {
		if e.dict.IsSouthAsianSurname(w) {
			return true
		}
	}
	return !e.dict.IsSurname(surname) && e.southAsianLooking(given, surname)
}

// southAsianLooking reports whether the first given name and the surname
// end as South Asian names typically do (dict.SouthAsianGivenTypicality,
// SouthAsianSurnameTypicality at typicalGivenAt and typicalSurnameAt).
func (e *Genderizer) southAsianLooking(given []string, surname string) bool {
	if t, ok := e.dict.SouthAsianSurnameTypicality(surname); !ok || t < typicalSurnameAt {
		return false
	}
	for w := range nameParts(given) {
		t, ok := e.dict.SouthAsianGivenTypicality(w)
		return ok && t >= typicalGivenAt
	}
	return false
}

// southAsianScope reports whether the scopes (appendScopes) name a South
// Asian country (India, Sri Lanka, Bangladesh, Pakistan, Nepal) or
// language.
func southAsianScope(scopes []string) bool {
	for _, s := range scopes {
		switch s {
		case "IN", "LK", "BD", "PK", "NP",
			"hi", "ta", "te", "bn", "kn", "ml", "mr", "si", "ur", "ne", "gu", "pa", "or":
			return true
		}
	}
	return false
}
