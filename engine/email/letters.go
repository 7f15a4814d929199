package email

import "math"

// Letter statistics of names: which letters follow which in the given
// names and in the surnames of the licensed lists, as two character
// trigram models. They read a local part no list holds as a name
// ("inunnguaqberthelsen": inunnguaq + berthelsen; "shevchenko": a
// surname) and tell where a run-together name is cut, from how likely each
// side is spelt as a given name or a surname. A cut leaves the same number
// of letters to be explained whatever its place, so the log-likelihoods
// of the cuts of one word compare directly.

// letterAlpha is the size of the models' alphabet: the boundary (0), a–z
// (1–26), any other letter (27) and the end (28).
const letterAlpha = 29

// letterModel is a character trigram model with add-k smoothing.
type letterModel struct {
	tri [letterAlpha * letterAlpha * letterAlpha]uint32
	bi  [letterAlpha * letterAlpha]uint32
	// lens counts the words by length (the last slot: longer), for the
	// log-probability of a word's length: a cut that leaves a 15-letter
	// given name is unlikely however its letters run.
	lens  [letterMaxLen + 1]uint32
	words uint32
}

// letterMaxLen is the longest length counted on its own.
const letterMaxLen = 20

// letterCode maps a rune of a lower-case word to the models' alphabet.
func letterCode(r rune) int {
	if r >= 'a' && r <= 'z' {
		return int(r-'a') + 1
	}
	return 27
}

// add counts the trigrams of w (lower-case ASCII letters).
func (m *letterModel) add(w string) {
	a, b := 0, 0
	for _, r := range w {
		c := letterCode(r)
		m.tri[(a*letterAlpha+b)*letterAlpha+c]++
		m.bi[a*letterAlpha+b]++
		a, b = b, c
	}
	m.tri[(a*letterAlpha+b)*letterAlpha+28]++
	m.bi[a*letterAlpha+b]++
	m.lens[min(len(w), letterMaxLen)]++
	m.words++
}

// logLen returns the log-probability of a word of n letters.
func (m *letterModel) logLen(n int) float64 {
	return math.Log((float64(m.lens[min(n, letterMaxLen)]) + 1) / (float64(m.words) + letterMaxLen + 1))
}

// letterK is the add-k smoothing of unseen trigrams.
const letterK = 0.05

// logp returns the natural log-likelihood of w (its letters and its end)
// under m.
func (m *letterModel) logp(w string) float64 {
	a, b := 0, 0
	lp := 0.0
	step := func(c int) {
		n := float64(m.tri[(a*letterAlpha+b)*letterAlpha+c]) + letterK
		d := float64(m.bi[a*letterAlpha+b]) + letterK*letterAlpha
		lp += math.Log(n / d)
		a, b = b, c
	}
	for _, r := range w {
		step(letterCode(r))
	}
	step(28)
	return lp
}

// letterModels are the given-name and surname models of a lexicon.
type letterModels struct {
	given, surname letterModel
	ok             bool // the lexicon could list its names
}

// nameLister is the part of a Lexicon that lists its names (dict.Dict).
type nameLister interface {
	EachName(yield func(key string, given, surname bool) bool)
}

// letters returns the letter models of the checker's lexicon, built on
// first use (a run-together name the lists do not hold), not at start-up.
func (e *Checker) letters() *letterModels {
	e.lettersOnce.Do(func() {
		m := &letterModels{}
		if l, ok := e.lex.(nameLister); ok {
			l.EachName(func(k string, given, surname bool) bool {
				for i := 0; i < len(k); i++ {
					if k[i] < 'a' || k[i] > 'z' {
						return true // ASCII keys only: the folded spelling is listed too
					}
				}
				if given {
					m.given.add(k)
				}
				if surname {
					m.surname.add(k)
				}
				m.ok = true
				return true
			})
		}
		e.letterModels = m
	})
	return e.letterModels
}

// letterFloor is the least mean log-likelihood per letter of a reading
// by letters alone: pairs of listed names score above it (99 % of 2,000
// random given name + surname pairs), random letters below (90 %).
const letterFloor = -3.3

// wholeMargin is how much less likely per event the whole word may be
// than the best cut and still be read as one surname.
const wholeMargin = 0.1

// surnameFirstMargin is how much more likely (log) the surname-first cut
// must be than the given-first one to be read so: given-first is the
// usual order of an address.
const surnameFirstMargin = 1.0

// byLetters reads a local part of one word that no list holds, from the
// letter models alone: one surname ("shevchenko") or a given name and a
// surname run together ("jokubaspaulauskas"), cut where both sides are
// likeliest spelt so (each side three letters or more). ok is false when
// no reading is spelt like a name.
func (e *Checker) byLetters(w string) (r reading, ok bool) {
	m := e.letters()
	n := len([]rune(w))
	if !m.ok || n < 4 {
		return reading{}, false
	}
	events := float64(n + 2)
	bestG, bestS := math.Inf(-1), math.Inf(-1)
	var gCut, sCut int
	runes := []rune(w)
	for i := 3; i <= n-3; i++ {
		a, b := string(runes[:i]), string(runes[i:])
		if v := m.given.logp(a) + m.surname.logp(b) + m.given.logLen(i) + m.surname.logLen(n-i); v > bestG {
			bestG, gCut = v, i
		}
		if v := m.surname.logp(a) + m.given.logp(b) + m.surname.logLen(i) + m.given.logLen(n-i); v > bestS {
			bestS, sCut = v, i
		}
	}
	// The whole word as one surname against the best cut, per event
	// (one word has one end fewer): with the margin wholeMargin this tells
	// a listed surname from a listed given name + surname run together
	// 97 % of the time (3,000 such words drawn from the lists).
	whole := m.surname.logp(w) + m.surname.logLen(n)
	if whole/float64(n+1) >= max(bestG, bestS)/events-wholeMargin && whole/float64(n+1) >= letterFloor {
		return reading{surname: []string{w}, conf: 0.4}, true
	}
	switch {
	case bestS > bestG+surnameFirstMargin && bestS/events >= letterFloor:
		return reading{given: []string{string(runes[sCut:])}, surname: []string{string(runes[:sCut])}, conf: 0.4}, true
	case bestG/events >= letterFloor && gCut > 0:
		return reading{given: []string{string(runes[:gCut])}, surname: []string{string(runes[gCut:])}, conf: 0.4}, true
	}
	return reading{}, false
}
