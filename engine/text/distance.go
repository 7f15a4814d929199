package text

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

// JaroWinkler is the Jaro-Winkler similarity of a and b in [0, 1].
func JaroWinkler(a, b string) float64 {
	ra, rb := []rune(a), []rune(b)
	n, m := len(ra), len(rb)
	if n == 0 && m == 0 {
		return 1
	}
	if n == 0 || m == 0 {
		return 0
	}
	window := max(n, m)/2 - 1
	if window < 0 {
		window = 0
	}
	ma := make([]bool, n)
	mb := make([]bool, m)
	matches := 0
	for i := 0; i < n; i++ {
		lo, hi := max(0, i-window), min(m-1, i+window)
		for j := lo; j <= hi; j++ {
			if !mb[j] && ra[i] == rb[j] {
				ma[i], mb[j] = true, true
				matches++
				break
			}
		}
	}
	if matches == 0 {
		return 0
	}
	trans := 0
	j := 0
	for i := 0; i < n; i++ {
		if !ma[i] {
			continue
		}
		for !mb[j] {
			j++
		}
		if ra[i] != rb[j] {
			trans++
		}
		j++
	}
	mf := float64(matches)
	jaro := (mf/float64(n) + mf/float64(m) + (mf-float64(trans/2))/mf) / 3
	prefix := 0
	for prefix < min(4, n, m) && ra[prefix] == rb[prefix] {
		prefix++
	}
	return jaro + float64(prefix)*0.1*(1-jaro)
}
