package dict

import "math"

// MaleProportion returns the share (0..1) of male bearers of the given
// name in a country (upper-case ISO 3166 code such as "IT") or language
// (lower-case ISO 639-1 code such as "it", or a locale such as "de-AT"),
// or in all data for "". ok is false when the data has no sex for the name
// there.
func (d *Dict) MaleProportion(given, placeOrLang string) (float64, bool) {
	p, _, ok := d.GenderVotes(given, placeOrLang)
	return p, ok
}

// GenderVotes is MaleProportion plus the number of source votes behind
// the answer (a measure of how much data backs it).
//
// For a name written with diacritics whose folded spelling is a name of
// its own ("Jürgen", "Jurgen"), the better-backed answer of the two is
// taken when both say the same (male proportions within 0.3 of each
// other) or only the folded spelling answers in the scope: the sources
// list most names without accents.
func (d *Dict) GenderVotes(given, placeOrLang string) (p float64, votes int, ok bool) {
	sp, found, alt, altFound := d.givenSpans(given)
	return d.genderVotes(given, placeOrLang, sp, found, alt, altFound)
}

// GenderVotesIn is GenderVotes in the first of scopes (places or
// languages, "" for all data) where the data knows the name with a sex,
// with one lookup of the name: at is that scope's index in scopes.
func (d *Dict) GenderVotesIn(given string, scopes []string) (p float64, votes, at int, ok bool) {
	sp, found, alt, altFound := d.givenSpans(given)
	for i, s := range scopes {
		if p, votes, ok := d.genderVotes(given, s, sp, found, alt, altFound); ok {
			return p, votes, i, true
		}
	}
	return 0, 0, -1, false
}

// genderVotes is GenderVotes for the entries givenSpans found for given.
func (d *Dict) genderVotes(given, placeOrLang string, sp span, found bool, alt span, altFound bool) (p float64, votes int, ok bool) {
	if kp, kv, kok, isKo := d.koreanVotes(given, placeOrLang, sp, found); isKo {
		return kp, kv, kok
	}
	if !found || sp.n == 0 {
		// A name in another script than Latin that no list holds: the
		// names of its script ending the same way, as one vote.
		if placeOrLang == "" && (len(given) == 0 || given[0] >= 0x80) {
			if p, ok := d.suffixGender(given); ok {
				return p, 1, true
			}
		}
		return 0, 0, false
	}
	p, votes, ok = d.spanGenderVotes(sp, placeOrLang)
	if !altFound {
		return p, votes, ok
	}
	fp, fv, fok := d.spanGenderVotes(alt, placeOrLang)
	if fok && fv > votes && (!ok || math.Abs(fp-p) < 0.3) {
		return fp, fv, true
	}
	return p, votes, ok
}

// spanGenderVotes is GenderVotes for one entry of the given-name data.
func (d *Dict) spanGenderVotes(sp span, placeOrLang string) (p float64, votes int, ok bool) {
	if sp.n == 0 {
		return 0, 0, false
	}
	st := d.stats[sp.start : sp.start+uint32(sp.n)]
	langs := Languages(placeOrLang)
	if placeOrLang != "" && len(langs) == 0 {
		return 0, 0, false
	}
	var sum float64
	for _, s := range st {
		if len(langs) > 0 && !contains(langs, d.langs[s.lang]) {
			continue
		}
		sum += float64(s.male) / 100 * float64(s.votes)
		votes += int(s.votes)
	}
	if votes == 0 {
		return 0, 0, false
	}
	return sum / float64(votes), votes, true
}
