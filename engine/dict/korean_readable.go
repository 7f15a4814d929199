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
	var rbuf, cbuf [2 * asciiKeyMax]byte
	switch n {
	case 0:
		return true
	case 1:
		b, ok := asciiLower(parts[0], &buf)
		if !ok {
			return true
		}
		one := appendKoreanRR(rbuf[:0], b)
		if k.rrAll[string(one)] && (k.rrLast[string(one)] != (sexVotes{}) || k.rrFirst[string(one)] != (sexVotes{})) {
			return true
		}
		for i := 1; i < len(b); i++ {
			a, c := appendKoreanRR(rbuf[:0], b[:i]), appendKoreanRR(cbuf[:0], b[i:])
			if k.rrAll[string(a)] && k.rrAll[string(c)] &&
				k.rrFirst[string(a)] != (sexVotes{}) && k.rrLast[string(c)] != (sexVotes{}) {
				return true
			}
		}
		return false
	case 2:
		b, ok := asciiLower(parts[0], &buf)
		if !ok {
			return true
		}
		a := appendKoreanRR(rbuf[:0], b)
		if !k.rrAll[string(a)] || k.rrFirst[string(a)] == (sexVotes{}) {
			return false
		}
		if b, ok = asciiLower(parts[1], &buf); !ok {
			return true
		}
		c := appendKoreanRR(cbuf[:0], b)
		return k.rrAll[string(c)] && k.rrLast[string(c)] != (sexVotes{})
	}
	return true
}
