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
	lg, byEnding, ok := e.dict.SurnameLanguageBy(surname)
	if !ok {
		return res, false
	}
	share := surnameLangShare
	if byEnding {
		share = surnameEndingShare
	}
	return e.byLanguage(given, lg, share, scopes)
}

// byLanguage is bySurnameLanguage for a surname that tells language lg:
// the dominant given name needs share of the language's most votes.
func (e *Genderizer) byLanguage(given []string, lg string, share float64, scopes []string) (res nameapi.GenderizerResult, ok bool) {
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
	// share of the votes the language's best-listed names have.
	if !st.known || !st.specific || float64(st.votes) < max(1, share*float64(e.dict.MaxLanguageVotes(lg))) {
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

// surnameEndingShare is surnameLangShare for a language only the
// surname's ending tells (a surname no list holds, dict.SurnameLanguageBy):
// chosen on the tune half of testdata/surname-ending-holdout.tsv (pairs
// with surnames held out of the endings' learning; engine/genderize's
// TestSurnameEndingHoldout), where 0.5 gave 205 right, 19 wrong (91.5 %;
// test 170 / 31, 84.6 %), more than half of the most votes 104 / 3 (test
// 58 / 8, 87.9 %, short of 90 %), 0.75 68 / 3 (95.8 %; test 40 / 1).
const surnameEndingShare = 0.75
