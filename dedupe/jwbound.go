package dedupe

import "github.com/xrash/smetrics"

// Most name words a pair of rows compares are different names, for
// which smetrics.JaroWinkler (two allocations and a quadratic match
// scan) says no. jaroWinklerAtLeast first bounds it from above with no
// allocation: a byte of one word that the other does not hold cannot be
// a Jaro match, so the matches are at most the bytes each word shares
// with the other's set of bytes; with no transposition that bounds the
// Jaro similarity, and the Winkler boost of the words' common prefix,
// which grows with it, bounds JaroWinkler. Only a pair the bound cannot
// rule out is scored; the answer is the same (TestJaroWinklerAtLeast,
// BenchmarkJaroWinklerAtLeast).

// jaroWinklerAtLeast reports whether smetrics.JaroWinkler(a, b, boost,
// prefix) >= want, for 0 <= boost.
func jaroWinklerAtLeast(a, b string, boost float64, prefix int, want float64) bool {
	if len(a) > 0 && len(b) > 0 && len(a) <= 64 && len(b) <= 64 && jaroWinklerBound(a, b, prefix) < want-1e-9 {
		return false
	}
	return smetrics.JaroWinkler(a, b, boost, prefix) >= want
}

// jaroWinklerBound returns a number at least smetrics.JaroWinkler(a, b,
// boost, prefix) for any boost >= 0, for non-empty a and b.
func jaroWinklerBound(a, b string, prefix int) float64 {
	var sa, sb [4]uint64 // the bytes of a and of b
	for i := 0; i < len(a); i++ {
		sa[a[i]>>6] |= 1 << (a[i] & 63)
	}
	for i := 0; i < len(b); i++ {
		sb[b[i]>>6] |= 1 << (b[i] & 63)
	}
	ma, mb := 0, 0
	for i := 0; i < len(a); i++ {
		if sb[a[i]>>6]&(1<<(a[i]&63)) != 0 {
			ma++
		}
	}
	for i := 0; i < len(b); i++ {
		if sa[b[i]>>6]&(1<<(b[i]&63)) != 0 {
			mb++
		}
	}
	m := float64(min(ma, mb))
	j := (m/float64(len(a)) + m/float64(len(b)) + 1) / 3
	if m == 0 {
		j = 0
	}
	p := 0
	for p < prefix && p < len(a) && p < len(b) && a[p] == b[p] {
		p++
	}
	return j + 0.1*float64(p)*(1-j)
}
