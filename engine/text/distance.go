package text

import (
	"slices"
	"unicode/utf8"

	"github.com/xrash/smetrics"
)

// DamerauLevenshtein is the optimal-string-alignment edit distance between
// a and b (insertions, deletions, substitutions and transpositions of
// adjacent letters each cost 1), counted in runes.
func DamerauLevenshtein(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	n, m := len(ra), len(rb)
	if n == 0 {
		return m
	}
	if m == 0 {
		return n
	}
	// Three rows suffice for the transposition step.
	prev2 := make([]int, m+1)
	prev := make([]int, m+1)
	cur := make([]int, m+1)
	for j := 0; j <= m; j++ {
		prev[j] = j
	}
	for i := 1; i <= n; i++ {
		cur[0] = i
		for j := 1; j <= m; j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			v := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				v = min(v, prev2[j-2]+1)
			}
			cur[j] = v
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[m]
}

// JaroWinkler is the Jaro-Winkler similarity of a and b in [0, 1], counted
// in runes, with the prefix bonus of up to 4 runes (scale 0.1) whenever the
// strings share a letter. smetrics counts bytes: for text beyond ASCII,
// each distinct rune of the pair is written as one byte of its own, which
// keeps the comparisons (the measure only asks whether two letters are
// equal) and the lengths in runes.
func JaroWinkler(a, b string) float64 {
	if ra, rb, ok := runesAsBytes(a, b); ok {
		a, b = ra, rb
	}
	return smetrics.JaroWinkler(a, b, 0, 4)
}

// runesAsBytes writes a and b with one byte per rune, the same byte for
// the same rune; ok is false when both are ASCII already, or when the pair
// has more than 256 distinct runes (no name has; they are then compared
// by bytes).
func runesAsBytes(a, b string) (ra, rb string, ok bool) {
	ascii := true
	for i := 0; i < len(a) && ascii; i++ {
		ascii = a[i] < utf8.RuneSelf
	}
	for i := 0; i < len(b) && ascii; i++ {
		ascii = b[i] < utf8.RuneSelf
	}
	if ascii {
		return a, b, false
	}
	var seen []rune
	code := func(s string) (string, bool) {
		out := make([]byte, 0, len(s))
		for _, r := range s {
			k := slices.Index(seen, r)
			if k < 0 {
				if len(seen) == 256 {
					return "", false
				}
				k = len(seen)
				seen = append(seen, r)
			}
			out = append(out, byte(k))
		}
		return string(out), true
	}
	ra, okA := code(a)
	rb, okB := code(b)
	return ra, rb, okA && okB
}
