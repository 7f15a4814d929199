package genderize

import "github.com/namepipe/namepipe/nameapi"

// bySurnameLanguage decides a given name the lists give both sexes across
// languages ("Andrea": a woman's name in German and English, a man's in
// Italian) by the language the surname tells (dict.SurnameLanguage:
// "Andrea Bianchi" Italian, a man): the surname's language is the last
// scope before all data, after the context's place, languages and the
// person's nationalities. It answers only when the names alone (the
// earlier scopes) are NEUTRAL and the surname's language gives a clear
// vote (maleAt, femaleAt, as a place does); else ok is false. The surname
// is looked up only then, so that most names cost nothing more.
func (e *Genderizer) bySurnameLanguage(given []string, surname string, scopes []string) (res nameapi.GenderizerResult, ok bool) {
	if e.dict == nil || surname == "" {
		return res, false
	}
	lg, ok := e.dict.SurnameLanguage(surname)
	if !ok {
		return res, false
	}
	var buf [8]string
	sc := buf[:0]
	for _, s := range scopes[:len(scopes)-1] {
		if s == lg {
			return res, false // already a scope: it said NEUTRAL
		}
		sc = append(sc, s)
	}
	sc = append(sc, lg, "")
	st := e.statsForNames(given, sc)
	// A name the language's lists hardly hold is no clear vote: at least
	// surnameLangShare of the votes the language's best-listed names have.
	if !st.known || !st.specific || float64(st.votes) < max(1, surnameLangShare*float64(e.dict.MaxLanguageVotes(lg))) {
		return res, false
	}
	// Less sure than a place: the surname may be an immigrant's or a
	// spouse's (confidence as if the data were found in all data).
	st.specific = false
	res = statResult(st)
	return res, res.Gender == nameapi.GenderMale || res.Gender == nameapi.GenderFemale
}

// surnameLangShare is the share of a language's most votes for one name
// (dict.MaxLanguageVotes) that the dominant given name must have there:
// chosen on the tune half of testdata/surname-lang-holdout.tsv's pairs of
// the same culture (answers right 328, wrong 16 at 0.5; 358 / 30 at 0.4;
// 421 / 57 with one vote).
const surnameLangShare = 0.5
