package email

// This file reads a local part written as one word ("johnsmith",
// "jsmith", "franziaufdermaur"): where the given name ends.

import "math"

// single reads a local part of one word: a whole name, initial +
// surname ("jsmith"), given + surname ("johnsmith"), surname + initial
// ("smithj"), or initials only ("jfk"). It returns nil when it finds no
// name.
func (e *Checker) single(w string) []reading {
	n := len([]rune(w))
	sur := func(x string) float64 { // surname strength: a strong given name is a weak surname
		if !e.isSurname(x) {
			return 0
		}
		return 1 - 0.5*e.givenStrength(x)
	}
	var rs []reading
	if pseudoSegments(w) >= 2 && !e.isGiven(w) {
		return nil // "darkknight": a nickname
	}
	if n >= 3 {
		gw, sw := e.givenStrength(w), sur(w)
		switch {
		case gw > 0 && gw >= sw:
			rs = append(rs, reading{given: []string{w}, conf: 0.5 + 0.25*gw - 0.1*sw})
		case sw > 0:
			rs = append(rs, reading{surname: []string{w}, conf: 0.45 + 0.15*sw})
		}
	}
	if n < 4 && len(rs) == 0 {
		if n >= 2 && n <= 3 {
			// Initials only: "js", "jfk".
			r := []rune(w)
			g := make([]string, 0, 2)
			for _, x := range r[:len(r)-1] {
				g = append(g, string(x))
			}
			return []reading{{given: g, surname: []string{string(r[len(r)-1])}, conf: 0.4}}
		}
		return nil
	}
	// Splits.
	runes := []rune(w)
	var best *reading
	consider := func(r reading) {
		if best == nil || r.conf > best.conf {
			c := r
			best = &c
		}
	}
	for i := 1; i < len(runes); i++ {
		a, b := string(runes[:i]), string(runes[i:])
		la, lb := i, len(runes)-i
		if la == 1 && lb >= 3 {
			if sb := sur(b); sb > 0 {
				consider(reading{given: []string{a}, surname: []string{b}, conf: 0.65 + 0.2*sb})
			}
			continue
		}
		if lb == 1 && la >= 3 {
			if sa := sur(a); sa > 0 {
				consider(reading{given: []string{b}, surname: []string{a}, conf: 0.45 + 0.15*sa})
			}
			if ga := e.givenStrength(a); ga > 0 {
				consider(reading{given: []string{a}, surname: []string{b}, conf: 0.45 + 0.1*ga})
			}
			continue
		}
		if la < 3 || lb < 3 {
			continue
		}
		if ga, sb := e.givenStrength(a), sur(b); ga > 0 && sb > 0 {
			consider(reading{given: []string{a}, surname: []string{b}, conf: 0.55 + 0.15*ga + 0.15*sb})
		}
		if gb, sa := e.givenStrength(b), sur(a); gb > 0 && sa > 0 {
			consider(reading{given: []string{b}, surname: []string{a}, conf: 0.45 + 0.15*gb + 0.15*sa})
		}
		// A known given name run together with a surname the lists do not
		// hold ("klauslauda", "anahithovhannisyan"): the longer given name
		// explains more of the word ("anahit", not "ana"), and a rest that
		// is a known name word counts ("fatima" + "hussein"). A given name
		// of three letters must be a common one ("ana", not "son" +
		// "nenschein").
		// Unless the first part leans to a surname and the rest less so:
		// then the surname-first reading above explains both words
		// better ("meyerdaniela" is Daniela Meyer, not a given name Meyer;
		// "sarahconnor" stays Sarah Connor).
		ga, gb := e.givenStrength(a), e.givenStrength(b)
		leanA := e.givenLean(a, ga)
		if (ga >= 0.5 && la > 3 || ga >= 1) && nameShaped(b) && !(leanA < 0 && e.givenLean(b, gb) > leanA) {
			c := 0.5 + 0.1*ga + 0.02*float64(min(la, 8))
			listedB := gb > 0 || e.isSurname(b)
			if listedB {
				c += 0.1
			}
			r := reading{given: []string{a}, surname: []string{b}, conf: c}
			if !listedB {
				r = e.longerGiven(runes, i, r)
			}
			consider(r)
		}
		// The mirror image: a surname the lists hold after a given name
		// they do not ("marielossanchez": Marielos Sánchez). The longer
		// listed part explains more of the word, as above, and the given
		// name must not be a listed word of its own.
		if sb := sur(b); sb > 0 && lb > 3 && la > 3 && ga == 0 && !e.isSurname(a) && nameShaped(a) {
			consider(reading{given: []string{a}, surname: []string{b}, conf: 0.5 + 0.1*sb + 0.02*float64(min(lb, 8))})
		}
	}
	if best != nil {
		if len(rs) > 0 {
			// The whole word is a name too: keep it first unless the
			// split is clearly better.
			if best.conf > rs[0].conf+0.1 {
				return []reading{*best, rs[0]}
			}
			best.conf = min(best.conf, rs[0].conf-0.05)
			return append(rs, *best)
		}
		return []reading{*best}
	}
	return rs
}

// longerGivenMargin is how much likelier (log, by the letter models) the
// cut after a longer given name must be than the cut after the listed
// given name it holds, for the longer one to be read. Over the corpus's
// listed given names run together with their surnames, a longer cut is
// this much likelier for 0.02 % (margin 3: 1.1 %, 4: 0.4 %, 5: 0.1 %;
// TestLongerGivenRare).
const longerGivenMargin = 6.0

// longerGiven returns r, the reading of the word runes cut after the
// listed given name runes[:i] with a rest no list holds, or the reading
// cut one or two letters later when that longer given name is no listed
// word, its rest is spelt like a name of three letters or more and the
// letter models find that cut clearly likelier: a longer given name
// holds a shorter one ("franziaufdermaur" is Franzi Aufdermaur, not Franz
// Iaufdermaur; "dodongjulagay" is Dodong Julagay).
func (e *Checker) longerGiven(runes []rune, i int, r reading) reading {
	j, gain := e.longerCut(runes, i)
	if j == 0 || gain < longerGivenMargin {
		return r
	}
	return reading{given: []string{string(runes[:j])}, surname: []string{string(runes[j:])}, conf: r.conf}
}

// longerCut returns the cut j one or two letters after i where runes[:j]
// is no listed word and runes[j:] is spelt like a name of three letters
// or more, the likeliest by the letter models as given name + surname (0
// when there is none), and how much likelier (log) it is than the cut at
// i.
func (e *Checker) longerCut(runes []rune, i int) (int, float64) {
	m := e.letters()
	if !m.ok {
		return 0, 0
	}
	n := len(runes)
	cut := func(j int) float64 {
		return m.given.logp(string(runes[:j])) + m.surname.logp(string(runes[j:])) + m.given.logLen(j) + m.surname.logLen(n-j)
	}
	bestJ, best := 0, math.Inf(-1)
	for j := i + 1; j <= i+2 && n-j >= 3; j++ {
		a, b := string(runes[:j]), string(runes[j:])
		if e.isGiven(a) || e.isSurname(a) || !nameShaped(b) {
			continue
		}
		if v := cut(j); v > best {
			best, bestJ = v, j
		}
	}
	if bestJ == 0 {
		return 0, 0
	}
	return bestJ, best - cut(i)
}
