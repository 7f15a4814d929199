package dict

import (
	"bytes"
	"iter"
	"math"
	"strings"
	"unicode/utf8"
)

// The sex of Korean given names from their syllables. A Korean given name
// is mostly two syllables, each a word of its own, and the syllables
// carry the sex: the last one most (…희, …숙, …자 for women; …호, …준, …철
// for men), the first one less (서…, 미… for women), some either (영, 지,
// 윤). The listed Korean given names (in Hangul) vote for the syllables
// they have in first and last place; a name is judged on the weighed
// evidence of its syllables and its own listing, and the answer is even
// (NEUTRAL) when the syllables disagree rather than a guess. A romanized
// name whose parts are syllables ("Young-hee", "Seo-yeon") is judged on the
// same evidence, through the Revised Romanization of each syllable.

// koSyllables holds the syllable votes of the listed Korean given names,
// by the syllable in Hangul and by its Revised Romanization.
type koSyllables struct {
	first, last     map[string]sexVotes
	rrFirst, rrLast map[string]sexVotes
	rrAll           map[string]bool // the Revised Romanization of every Hangul syllable
	tot             sexVotes
}

// Weights of the evidence: the last syllable counts twice as much as
// the first, the name's own listing like a syllable seen on koListed names
// of its sex only.
const (
	koLastWeight  = 2.0
	koFirstWeight = 1.0
	koListed      = 2.0
	koSmooth      = 0.5 // added to each side of a syllable's votes
	koScale       = 1.5 // log odds of the weighed sum per unit of male proportion's logit
)

// koIndex returns the syllable votes, built on the first call.
func (d *Dict) koIndex() *koSyllables {
	d.koOnce.Do(func() {
		k := koSyllables{first: map[string]sexVotes{}, last: map[string]sexVotes{}, rrFirst: map[string]sexVotes{}, rrLast: map[string]sexVotes{}}
		add := func(m map[string]sexVotes, s string, v sexVotes) {
			a := m[s]
			a.m += v.m
			a.f += v.f
			m[s] = a
		}
		// In byte order, so that the float sums are the same in every
		// run.
		for name, sp := range d.sexedGivenNames {
			// A Hangul syllable (U+AC00-U+D7A3) starts with a byte of
			// 0xEA-0xED in UTF-8, and the names come in byte order: the
			// names before are passed at a glance, and none after is
			// Hangul.
			if name[0] > 0xED {
				break
			}
			if name[0] < 0xEA || !hangulSyllables(name) {
				continue
			}
			sv := d.spanSexVotes(sp)
			k.tot.m += sv.m
			k.tot.f += sv.f
			r, size := utf8.DecodeLastRuneInString(name)
			add(k.last, name[len(name)-size:], sv)
			add(k.rrLast, hangulRR(r), sv)
			if len(name) > size {
				r, size := utf8.DecodeRuneInString(name)
				add(k.first, name[:size], sv)
				add(k.rrFirst, hangulRR(r), sv)
			}
		}
		k.rrAll = make(map[string]bool, 4096)
		for r := rune(0xAC00); r <= 0xD7A3; r++ {
			k.rrAll[hangulRR(r)] = true
		}
		d.ko = k
	})
	return &d.ko
}

// hangulSyllables reports whether s is one or more precomposed Hangul
// syllables and nothing else.
func hangulSyllables(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < 0xAC00 || r > 0xD7A3 {
			return false
		}
	}
	return true
}

// Revised Romanization of the parts of a Hangul syllable, standing alone.
var (
	rrInitial = [...]string{"g", "kk", "n", "d", "tt", "r", "m", "b", "pp", "s", "ss", "", "j", "jj", "ch", "k", "t", "p", "h"}
	rrMedial  = [...]string{"a", "ae", "ya", "yae", "eo", "e", "yeo", "ye", "o", "wa", "wae", "oe", "yo", "u", "wo", "we", "wi", "yu", "eu", "ui", "i"}
	rrFinal   = [...]string{"", "k", "k", "k", "n", "n", "n", "t", "l", "k", "m", "l", "l", "l", "p", "l", "m", "p", "p", "t", "t", "ng", "t", "t", "k", "t", "p", "t"}
)

// hangulRR returns the Revised Romanization of one Hangul syllable
// standing alone ("희" → "hui", "숙" → "suk").
func hangulRR(r rune) string {
	i := int(r - 0xAC00)
	return rrInitial[i/588] + rrMedial[i%588/28] + rrFinal[i%28]
}

// koLogOdds is the log odds (male over female) that the names with a
// syllable are men, weighed against all names' totals, and the votes behind it.
func koLogOdds(v sexVotes, tot sexVotes) (float64, float64) {
	n := float64(v.m + v.f)
	if n == 0 {
		return 0, 0
	}
	m := float64(v.m) * float64(tot.f) / float64(tot.m)
	return math.Log((m + koSmooth) / (float64(v.f) + koSmooth)), n
}

// koreanGender judges a Korean given name, in Hangul ("영희") or romanized
// with a hyphen between its syllables ("young-hee", lower case), on the
// evidence of its syllables and its own listing (listed, the male
// proportion of the name's listing, when listedOK). It returns ok=false
// when no syllable of the name is seen in the data.
func (d *Dict) koreanGender(lower string, listed float64, listedOK bool) (p float64, votes int, ok bool) {
	k := d.koIndex()
	if k.tot.m == 0 || k.tot.f == 0 {
		return 0, 0, false
	}
	var first, last sexVotes
	var two bool
	if hangulSyllables(lower) {
		_, size := utf8.DecodeLastRuneInString(lower)
		last = k.last[lower[len(lower)-size:]]
		if len(lower) > size {
			_, fs := utf8.DecodeRuneInString(lower)
			first, two = k.first[lower[:fs]], true
		}
	} else {
		a, b, hy := strings.Cut(lower, "-")
		if !hy || strings.Contains(b, "-") {
			return 0, 0, false
		}
		a, b = koreanSpellings.Replace(a), koreanSpellings.Replace(b)
		first, two = k.rrFirst[a], true
		last = k.rrLast[b]
		if !k.rrAll[a] || !k.rrAll[b] || first.m+first.f+last.m+last.f == 0 {
			// Not two Korean syllables ("Hans-Peter"), or none
			// seen in names.
			return 0, 0, false
		}
	}
	return koJudge(first, last, two, k.tot, listed, listedOK)
}

// koJudge weighs the votes of a name's first and last syllables (two:
// it has both) and its own listing into a male proportion.
func koJudge(first, last sexVotes, two bool, tot sexVotes, listed float64, listedOK bool) (p float64, votes int, ok bool) {
	lo, n := koLogOdds(last, tot)
	sum := koLastWeight * lo
	seen := n
	if two {
		lo, n := koLogOdds(first, tot)
		sum += koFirstWeight * lo
		seen += n
	}
	if listedOK {
		sum += koListed * (2*listed - 1)
		seen++
	}
	if seen == 0 {
		return 0, 0, false
	}
	p = 1 / (1 + math.Exp(-sum/koScale))
	return p, 1 + int(min(seen, 8))/4, true
}

// koreanVotes is GenderVotes for Korean given names: isKo reports whether
// given is one (Hangul, or romanized syllables joined by a hyphen that the
// syllable data knows), and the answer then comes from koreanGender, in
// all data or a Korean scope only. sp is the name's entry, when found.
func (d *Dict) koreanVotes(given, placeOrLang string, sp span, found bool) (p float64, votes int, ok, isKo bool) {
	given = strings.TrimSpace(given)
	var lower string
	if given == "" {
		return 0, 0, false, false
	} else if given[0] >= utf8.RuneSelf {
		// Hangul has no case: the name as written, checked first
		// without allocating.
		if r, _ := utf8.DecodeRuneInString(given); r < 0xAC00 || r > 0xD7A3 || !hangulSyllables(given) {
			return 0, 0, false, false
		}
		lower = given
	} else {
		var buf [asciiKeyMax]byte
		b, ok := asciiLower(given, &buf)
		if !ok {
			return 0, 0, false, false
		}
		if bytes.IndexByte(b, '-') <= 0 {
			// Run together ("Jungmin", "Seoyeon"): only a name the lists
			// do not hold, cut into two syllables of listed Korean names.
			if found && sp.n > 0 {
				return 0, 0, false, false
			}
			p, votes, ok = d.koreanCuts(b)
			if !ok {
				return 0, 0, false, false
			}
			if placeOrLang != "" && !contains(Languages(placeOrLang), "ko") {
				return 0, 0, false, true
			}
			return p, votes, true, true
		} else {
			lower = string(b)
		}
	}
	var listed float64
	var listedOK bool
	if found && sp.n > 0 {
		listed, _, listedOK = d.spanGenderVotes(sp, "ko")
	}
	p, votes, ok = d.koreanGender(lower, listed, listedOK)
	if !ok {
		return 0, 0, false, false
	}
	if placeOrLang != "" && !contains(Languages(placeOrLang), "ko") {
		return 0, 0, false, true
	}
	return p, votes, true, true
}

// koreanCuts judges a run-together romanized name ("jungmin", lower
// case, no hyphen) as the two syllables of a Korean given name
// ("jung-min"): every cut whose first part is a syllable seen first and
// whose second is a syllable seen last in the listed Korean given names
// (in their Revised Romanization or customary spelling). "Daeun" reads as
// 다은 (a woman's) or 대운 (a man's): where the cuts' answers disagree
// (one a sex, another another sex or even), there is none, nor where the
// syllables do not lean to one sex. A Western name seldom cuts so ("Hans",
// "Peter" do not).
func (d *Dict) koreanCuts(b []byte) (p float64, votes int, ok bool) {
	if len(b) < 4 || len(b) > 12 {
		return 0, 0, false
	}
	k := d.koIndex()
	side := func(p float64) int {
		switch {
		case p >= 0.8:
			return 1
		case p <= 0.2:
			return -1
		}
		return 0
	}
	n := 0
	// The syllables in their Revised Romanization, in buffers on the
	// stack: a name the lists do not hold is looked up without allocating.
	var abuf, cbuf [2 * asciiKeyMax]byte
	for i := 2; i <= len(b)-2; i++ {
		a, c := appendKoreanRR(abuf[:0], b[:i]), appendKoreanRR(cbuf[:0], b[i:])
		if !k.rrAll[string(a)] || !k.rrAll[string(c)] {
			continue
		}
		f, l := k.rrFirst[string(a)], k.rrLast[string(c)]
		if f.m+f.f == 0 || l.m+l.f == 0 {
			continue
		}
		cp, cv, cok := koJudge(f, l, true, k.tot, 0, false)
		if !cok {
			continue
		}
		if n > 0 && side(cp) != side(p) {
			return 0, 0, false
		}
		if n == 0 || cv > votes {
			p, votes = cp, cv
		}
		n++
	}
	// An even answer is none: a name of another culture that happens to
	// cut so ("Hasan") is left to the other models.
	return p, votes, n > 0 && side(p) != 0
}

// KoreanGivenPair reports whether a and b are the two syllables of a
// Korean given name written as two words ("Hae Yun", "Ji In", "Young Hee":
// lists that split a name into first and middle name write them so), each
// a romanized syllable (Revised Romanization or a customary spelling) that
// the listed Korean given names have in that place, and returns the name
// with a hyphen ("hae-yun"), which GenderVotes judges by its syllables.
// Word by word, other languages' lists answer for such syllables ("Jin",
// "Young"), wrongly for one name in five of the listed Korean names that
// they know (TestKoreanGivenPairLeaveOneOut).
func (d *Dict) KoreanGivenPair(a, b string) (string, bool) {
	var abuf, bbuf [asciiKeyMax]byte
	al, ok := asciiLower(strings.TrimSpace(a), &abuf)
	if !ok || len(al) == 0 || bytes.IndexByte(al, '-') >= 0 {
		return "", false
	}
	bl, ok := asciiLower(strings.TrimSpace(b), &bbuf)
	if !ok || len(bl) == 0 || bytes.IndexByte(bl, '-') >= 0 {
		return "", false
	}
	k := d.koIndex()
	var rbuf [2 * asciiKeyMax]byte
	ar := appendKoreanRR(rbuf[:0], al)
	if !k.rrAll[string(ar)] || k.rrFirst[string(ar)] == (sexVotes{}) {
		return "", false
	}
	br := appendKoreanRR(rbuf[:0], bl)
	if !k.rrAll[string(br)] || k.rrLast[string(br)] == (sexVotes{}) {
		return "", false
	}
	return string(al) + "-" + string(bl), true
}

// KoreanGivenNames yields every listed Korean given name of two Hangul
// syllables whose sources agree on a sex (at least four votes in five),
// each syllable in Revised Romanization ("ji", "won"), and whether it is a
// man's name, in no particular order: the names the parser's and the
// genderizer's checks write in Latin letters (engine's
// TestKoreanNameShapes).
func (d *Dict) KoreanGivenNames() iter.Seq2[[2]string, bool] {
	return func(yield func([2]string, bool) bool) {
		for name, sp := range d.givenNames() {
			if !hangulSyllables(name) || utf8.RuneCountInString(name) != 2 {
				continue
			}
			v := d.spanSexVotes(sp)
			if v.m+v.f == 0 {
				continue
			}
			pm := float64(v.m) / float64(v.m+v.f)
			if pm > 0.2 && pm < 0.8 {
				continue
			}
			r1, size := utf8.DecodeRuneInString(name)
			r2, _ := utf8.DecodeRuneInString(name[size:])
			if !yield([2]string{hangulRR(r1), hangulRR(r2)}, pm >= 0.8) {
				return
			}
		}
	}
}
