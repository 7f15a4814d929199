package dedupe

import (
	"slices"
	"strings"

	"github.com/xrash/smetrics"
)

// bestOf compares every value of a with every value of b and returns the
// best (lowest non-missing) level.
func bestOf(a, b []string, cmp func(x, y string) Level) Level {
	if len(a) == 0 || len(b) == 0 {
		return Missing
	}
	best := Level(255)
	for _, x := range a {
		for _, y := range b {
			if l := cmp(x, y); l < best {
				best = l
			}
		}
	}
	return best
}

// compareBirth compares two YYYYMMDD dates: equal, day and month swapped
// (03.04. against 04.03.), one typo (one digit changed, two adjacent
// digits swapped, or the year off by one with day and month equal), or
// different. A date known only to its year or its year and month (a
// partial date: month or day 0, or given as 1 January) agrees partially
// (typo) with a date of the same year, unless both months are known and
// differ.
func compareBirth(a, b int32) Level {
	if a == 0 || b == 0 {
		return Missing
	}
	if a == b {
		return BirthEqual
	}
	ya, ma, da := a/10000, a/100%100, a%100
	yb, mb, db := b/10000, b/100%100, b%100
	// 1 January is how many systems fill in a date known only to its
	// year: against another day of that year it is a partial agreement.
	if ma == 0 || mb == 0 || da == 0 || db == 0 || ma == 1 && da == 1 || mb == 1 && db == 1 {
		fillerA, fillerB := ma == 1 && da == 1, mb == 1 && db == 1
		if ya == yb && (ma == 0 || mb == 0 || fillerA || fillerB || ma == mb) {
			return BirthTypo
		}
		return BirthDifferent
	}
	if ya == yb && ma == db && da == mb {
		return BirthSwapped
	}
	if ma == mb && da == db && (ya-yb == 1 || yb-ya == 1) {
		return BirthTypo
	}
	sa, sb := itoa8(a), itoa8(b)
	if withinEdits(string(sa[:]), string(sb[:]), 1) {
		return BirthTypo
	}
	return BirthDifferent
}

func itoa8(n int32) [8]byte {
	var b [8]byte
	for i := 7; i >= 0; i-- {
		b[i] = byte('0' + n%10)
		n /= 10
	}
	return b
}

// withinEdits reports whether a and b are at most k edits apart
// (insertions, deletions, substitutions and swaps of two adjacent bytes:
// the optimal string alignment distance). Common ends are skipped, and
// the dynamic programme stops as soon as a row exceeds k.
func withinEdits(a, b string, k int) bool {
	for len(a) > 0 && len(b) > 0 && a[0] == b[0] {
		a, b = a[1:], b[1:]
	}
	for len(a) > 0 && len(b) > 0 && a[len(a)-1] == b[len(b)-1] {
		a, b = a[:len(a)-1], b[:len(b)-1]
	}
	if len(a)-len(b) > k || len(b)-len(a) > k {
		return false
	}
	if len(a) == 0 || len(b) == 0 {
		return max(len(a), len(b)) <= k
	}
	if k == 1 {
		// Both ends differ: one edit is one substitution or one swap
		// of two adjacent bytes (an insertion would leave an end equal).
		return len(a) == len(b) && (len(a) == 1 || len(a) == 2 && a[0] == b[1] && a[1] == b[0])
	}
	return withinEditsDP(a, b, k)
}

// withinEditsDP is withinEdits' dynamic programme, for a and b whose
// first and last bytes differ.
func withinEditsDP(a, b string, k int) bool {
	if len(b) > 63 {
		return smetrics.WagnerFischer(a, b, 1, 1, 1) <= k
	}
	var rows [3][64]int
	prev2, prev, cur := &rows[0], &rows[1], &rows[2]
	for j := 0; j <= len(b); j++ {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		best := i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d = min(d, prev2[j-2]+1)
			}
			cur[j] = d
			best = min(best, d)
		}
		if best > k {
			return false
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)] <= k
}

// compareEmail: equal; close (the same local part at another domain, or
// at most two edits apart with the same digits); different. Addresses
// that differ only in their numbers (john.smith7@ and john.smith82@) are
// different: they are how namesakes' addresses differ.
func compareEmail(a, b string) Level {
	if a == b {
		return Equal
	}
	la, _, _ := strings.Cut(a, "@")
	lb, _, _ := strings.Cut(b, "@")
	if sameNormLocal(la, lb) {
		return Close
	}
	if sameDigits(la, lb) && withinEdits(a, b, 2) {
		return Close
	}
	return Different
}

// sameNormLocal reports whether normLocal(a) == normLocal(b) and that is
// at least 3 bytes long, without building either (compareEmail's hot
// path: TestSameNormLocal holds it to normLocal).
func sameNormLocal(a, b string) bool {
	i, j, n := 0, 0, 0
	for {
		for i < len(a) && a[i] == '.' {
			i++
		}
		for j < len(b) && b[j] == '.' {
			j++
		}
		endA := i == len(a) || a[i] == '+'
		endB := j == len(b) || b[j] == '+'
		if endA || endB {
			return endA && endB && n >= 3
		}
		if a[i] != b[j] {
			return false
		}
		i, j, n = i+1, j+1, n+1
	}
}

// sameDigits reports whether digits(a) == digits(b), without building
// either.
func sameDigits(a, b string) bool {
	i, j := 0, 0
	for {
		for i < len(a) && (a[i] < '0' || a[i] > '9') {
			i++
		}
		for j < len(b) && (b[j] < '0' || b[j] > '9') {
			j++
		}
		if i == len(a) || j == len(b) {
			return i == len(a) && j == len(b)
		}
		if a[i] != b[j] {
			return false
		}
		i, j = i+1, j+1
	}
}

// sameLocalFromName reports whether a and b have addresses whose local
// parts are equal but for dots and a +tag, and that local part is made of
// the row's own name words or their initials (and digits), or looks like
// a name itself (anna.schmidt: namesakes' addresses at two providers,
// whatever part of the name the rows kept). Both rows must have a name:
// otherwise the address is the only trace of it.
func sameLocalFromName(a, b *Features) bool {
	if len(a.Tokens) == 0 || len(b.Tokens) == 0 {
		return false
	}
	for _, x := range a.Emails {
		lx, _, _ := strings.Cut(x, "@")
		nx := normLocal(lx)
		for _, y := range b.Emails {
			if x == y {
				return false // an equal address is never "close"
			}
			ly, _, _ := strings.Cut(y, "@")
			if normLocal(ly) == nx && (fromName(lx, a.Tokens) || fromName(ly, b.Tokens) || nameWordsOf(lx) != nil || nameWordsOf(ly) != nil) {
				return true
			}
		}
	}
	return false
}

// equalFromName reports whether a and b share an address whose local
// part is spelt from both rows' names (both rows have one).
func equalFromName(a, b *Features) bool {
	if len(a.Tokens) == 0 || len(b.Tokens) == 0 {
		return false
	}
	for _, x := range a.Emails {
		if !slices.Contains(b.Emails, x) {
			continue
		}
		l, _, _ := strings.Cut(x, "@")
		if fromName(l, a.Tokens) && fromName(l, b.Tokens) {
			return true
		}
	}
	return false
}

// fromName reports whether an email's local part is spelt from the name
// words: each piece between separators (. _ - +) without its digits is a
// name word or the initial of one, or the pieces joined are name words
// and initials run together (jsmith, johnsmith).
func fromName(local string, tokens []string) bool {
	if len(tokens) == 0 {
		return false
	}
	var letters []byte
	for i := 0; i < len(local); i++ {
		if c := local[i]; c >= 'a' && c <= 'z' {
			letters = append(letters, c)
		}
	}
	if len(letters) < 2 {
		return false
	}
	return spelt(string(letters), tokens, 0)
}

// spelt reports whether s is a run of the words of tokens (each used at
// most once, mask marking the used ones), each whole or as its initial.
func spelt(s string, tokens []string, mask uint) bool {
	if s == "" {
		return mask != 0
	}
	for i, t := range tokens {
		if i >= 16 || mask&(1<<i) != 0 || t == "" {
			continue
		}
		if strings.HasPrefix(s, t) && spelt(s[len(t):], tokens, mask|1<<i) {
			return true
		}
		if s[0] == t[0] && spelt(s[1:], tokens, mask|1<<i) {
			return true
		}
	}
	return false
}

// normLocal drops dots and a +tag from an email's local part.
func normLocal(s string) string {
	s, _, _ = strings.Cut(s, "+")
	return strings.ReplaceAll(s, ".", "")
}

// comparePhone: equal digits; close (one digit changed or swapped, or the
// last seven digits equal); different.
func comparePhone(a, b string) Level {
	if a == b {
		return Equal
	}
	if len(a) >= 7 && len(b) >= 7 && a[len(a)-7:] == b[len(b)-7:] || withinEdits(a, b, 1) {
		return Close
	}
	return Different
}

// compareAddress compares two addresses, sorted word hashes whose
// postal code words are marked postcodeWord. Every word taken as one set:
// a Jaccard overlap of at least 0.8 is equal, of at least 0.6 close, and
// close too when the two share a word and each has at most one the
// other lacks (one word changed is close however short the address: a
// postcode's inward code, a house number). Part by part (the postal code,
// the rest), over the parts both rows have: close at an overlap of 0.6,
// or when in each such part the two share a word and each has at most
// one the other lacks (a town with a region added and another inward
// code), so that a row with a town alone and one with the town and a
// postal code agree; rows that have no part in common (a postal code
// alone, a town alone) are missing, not different: nothing they could
// disagree on was given.
func compareAddress(a, b []uint32) Level {
	if len(a) == 0 || len(b) == 0 {
		return Missing
	}
	aRest, aPost := splitPostcode(a)
	bRest, bPost := splitPostcode(b)
	var o overlap // the parts both have
	for _, pr := range [2][2][]uint32{{aRest, bRest}, {aPost, bPost}} {
		if x, y := pr[0], pr[1]; len(x) > 0 && len(y) > 0 {
			o.add(x, y)
		}
	}
	if o.parts == 0 {
		return Missing
	}
	var all overlap // every word, as one part
	all.add(a, b)
	switch {
	case all.jaccard() >= 0.8:
		return Equal
	case all.jaccard() >= 0.6, all.oneOff, o.jaccard() >= 0.6, o.oneOff:
		return Close
	}
	return Different
}

// splitPostcode splits sorted address hashes into the words that are not
// a postal code's and those that are (marked postcodeWord, sorted last).
func splitPostcode(a []uint32) (rest, post []uint32) {
	i, _ := slices.BinarySearch(a, postcodeWord)
	return a[:i], a[i:]
}

// overlap adds up the word overlap of an address's parts.
type overlap struct {
	common, union int
	// oneOff: in every part added, the two share a word and each has at
	// most one the other lacks.
	oneOff bool
	parts  int
}

// add adds the overlap of one part's sorted words x and y.
func (o *overlap) add(x, y []uint32) {
	common, i, j := 0, 0, 0
	for i < len(x) && j < len(y) {
		switch {
		case x[i] == y[j]:
			common++
			i++
			j++
		case x[i] < y[j]:
			i++
		default:
			j++
		}
	}
	one := common > 0 && len(x)-common <= 1 && len(y)-common <= 1
	o.oneOff = one && (o.parts == 0 || o.oneOff)
	o.parts++
	o.common += common
	o.union += len(x) + len(y) - common
}

func (o *overlap) jaccard() float64 { return float64(o.common) / float64(o.union) }

// compareNamesLocal compares two rows' names without the service: word by
// word, ignoring order, with initials, prefixes and typos.
func compareNamesLocal(a, b *Features) Level {
	if len(a.Tokens) == 0 || len(b.Tokens) == 0 {
		return Missing
	}
	var xb, yb [8]string // most names: sorted without allocating
	x, y := append(xb[:0], a.Tokens...), append(yb[:0], b.Tokens...)
	slices.Sort(x)
	slices.Sort(y)
	if slices.Equal(x, y) {
		return NameEqual
	}
	if len(x) > len(y) {
		x, y = y, x
	}
	// Every word of the shorter name must find a partner in the longer.
	var ub [8]bool
	var used []bool
	if len(y) <= len(ub) {
		used = ub[:len(y)]
	} else {
		used = make([]bool, len(y))
	}
	worst := 3 // 3 equal, 2 initial/prefix, 1 typo
	for _, w := range x {
		best, bi := 0, -1
		for j, v := range y {
			if used[j] {
				continue
			}
			r := wordRel(w, v)
			if r > best {
				best, bi = r, j
			}
		}
		if bi < 0 || best == 0 {
			if surnameEqual(a, b) {
				return NameRelation
			}
			return NameDifferent
		}
		used[bi] = true
		worst = min(worst, best)
	}
	switch worst {
	case 3:
		return NameMatching // equal words, one side has more
	case 2:
		return NameMatching
	}
	return NameSimilar
}

// wordRel is how two name words relate: 3 equal, 2 one is an initial or
// a prefix of the other, 1 a typo apart (one edit, or Jaro–Winkler 0.93,
// in words of four letters or more; two edits in words of five or more
// with the same first letter), 0 different.
func wordRel(a, b string) int {
	if a == b {
		return 3
	}
	if len(a) == 1 || len(b) == 1 {
		if a[0] == b[0] {
			return 2
		}
		return 0
	}
	if len(a) >= 3 && strings.HasPrefix(b, a) || len(b) >= 3 && strings.HasPrefix(a, b) {
		return 2
	}
	if min(len(a), len(b)) >= 4 && (withinEdits(a, b, 1) || jaroWinklerAtLeast(a, b, 0.7, 4, 0.93)) {
		return 1
	}
	if min(len(a), len(b)) >= 5 && a[0] == b[0] && withinEdits(a, b, 2) {
		// Two errors in one word (a respelling: ph for f; a typo on a
		// typo; rn read for m) leave a word of five letters or more
		// that keeps its first letter the same name; in a shorter word
		// they make another name (Noah, Nora). The first letter is
		// the one typed and read wrong least often; without it, more
		// random pairs agree this way for few more true ones.
		return 1
	}
	return 0
}

// surnameEqual reports whether the two rows share a surname word.
func surnameEqual(a, b *Features) bool {
	for _, s := range a.Surname {
		if slices.Contains(b.Surname, s) {
			return true
		}
	}
	return false
}
