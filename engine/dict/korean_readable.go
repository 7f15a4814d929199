package dict

import "strings"

// KoreanReadable reports whether the given-name words ("Min-Jun", "Ji
// Hoon", "Seoyeon", "Jun") can be read as a Korean given name by the
// Korean syllable model: one syllable that listed Korean given names
// have, or two, the first one seen first and the second one seen last in
// them (in their Revised Romanization or a customary spelling: the
// readings of KoreanGivenPair and of GenderVotes' run-together cuts,
// which also take a one-letter syllable here). A word of other letters
// (Hangul, accents) is read as Korean, so that only a name the Korean
// model cannot read at all ("Yinglai", "Chuanfang", "Xiao Ming", "Wei":
// syllables Korean romanization does not have, or that no listed Korean
// name has where they stand) is none: the pinyin model may then read
// it after a surname that is also a Korean one (Wang, Lee, Kang).
func (d *Dict) KoreanReadable(words []string) bool {
	var parts [3]string
	n := 0
	for _, w := range words {
		for p := range strings.FieldsFuncSeq(w, func(r rune) bool { return r == '-' || r == ' ' || r == '\'' || r == '’' }) {
			if n == len(parts) {
				return true // three or more: not the pinyin model's either
			}
			parts[n] = p
			n++
		}
	}
	k := d.koIndex()
	var buf [asciiKeyMax]byte
	var rbuf [2 * asciiKeyMax]byte
	// rr returns the part's Revised Romanization, or ok=false when it is
	// not ASCII.
	rr := func(p string) (string, bool) {
		b, ok := asciiLower(p, &buf)
		if !ok {
			return "", false
		}
		return string(appendKoreanRR(rbuf[:0], b)), true
	}
	switch n {
	case 0:
		return true
	case 1:
		b, ok := asciiLower(parts[0], &buf)
		if !ok {
			return true
		}
		one := string(appendKoreanRR(rbuf[:0], b))
		if k.rrAll[one] && (k.rrLast[one] != (sexVotes{}) || k.rrFirst[one] != (sexVotes{})) {
			return true
		}
		var abuf, cbuf [2 * asciiKeyMax]byte
		for i := 1; i < len(b); i++ {
			a, c := appendKoreanRR(abuf[:0], b[:i]), appendKoreanRR(cbuf[:0], b[i:])
			if k.rrAll[string(a)] && k.rrAll[string(c)] &&
				k.rrFirst[string(a)] != (sexVotes{}) && k.rrLast[string(c)] != (sexVotes{}) {
				return true
			}
		}
		return false
	case 2:
		a, ok := rr(parts[0])
		if !ok {
			return true
		}
		if !k.rrAll[a] || k.rrFirst[a] == (sexVotes{}) {
			return false
		}
		c, ok := rr(parts[1])
		if !ok {
			return true
		}
		return k.rrAll[c] && k.rrLast[c] != (sexVotes{})
	}
	return true
}
