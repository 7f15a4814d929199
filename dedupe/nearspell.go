package dedupe

import "math"

// Near spellings: a name word misspelt on one side (Jhon against John)
// is scored by the chance that another row's word is a misspelling of the
// common spelling, not by the common spelling's own share. Two rows whose
// names are a typo apart agree at the "similar" level, whose average u is
// the chance that a random pair's words are a typo apart; the value's u
// of the same kind is the share of rows holding a spelling within a typo
// of the word, the word itself left out (its near spellings). Of the
// duplicates of a John, those misspelt spread over its near spellings,
// so the chance that a misspelling is this very Jhon is n(jhon) over the
// near spellings' rows, and the pair's likelihood ratio is m·q(w|v)/s(w)
// = m/near(v) (divided by 2k more: the typo may be in either row and in
// any of k shared words, nameShares.logU): a typo of a common word with
// few near spellings is strong evidence, one of a word with many (Anna:
// Anne, Hanna, Ana) weak.
//
// The word counts hold hashes, so the near spellings are counted by
// deletion neighbourhoods: every word of minTypoWord letters or more
// adds its rows under the key of each word its one-letter deletions
// leave (nearKey), and a word's near spellings are then the words that
// share one of its deletions (a letter changed or two swapped), plus the
// words one letter longer that it is a deletion of, plus its deletions
// that are words themselves. Two swapped letters share two deletions and
// count twice, an overcount of what is rare anyway.

const (
	// nearBit marks a deletion key in the word counts (a word key has it
	// clear, a pair key has pairBit set instead).
	nearBit = uint64(1) << 62
	// minTypoWord is the shortest word wordRel finds a typo in.
	minTypoWord = 4
)

// nearKey is the deletion key of word w with its byte i left out (i < 0:
// none).
func nearKey(w string, i int) uint64 { return hashSkip(254, w, i)&^pairBit | nearBit }

// wordKeySkip is wordKey of w with its byte i left out (i < 0: none).
func wordKeySkip(w string, i int) uint64 { return hashSkip(255, w, i) &^ (pairBit | nearBit) }

// hashSkip is hashKey(r, w) of w with its byte i left out (i < 0: none),
// without making the string. hashKey is hashSkip(r, w, -1): the compiler
// drops the test of i there (BenchmarkHashKey: the same instructions).
func hashSkip(r Rule, w string, i int) uint64 {
	h := newKeyHash(r)
	for j := 0; j < len(w); j++ {
		if j != i {
			h = h.byte(w[j])
		}
	}
	return uint64(h)
}

// countNear adds, for each word of counts' words (a word and the rows
// holding it, of this call), its rows under each distinct deletion key.
func countNear(counts map[uint64]uint32, words map[string]uint32) {
	for w, n := range words {
		if len(w) < minTypoWord {
			continue
		}
		for i := range len(w) {
			if i > 0 && w[i] == w[i-1] {
				continue // the same deletion as the byte before
			}
			counts[nearKey(w, i)] += n
		}
	}
}

// nearRows returns the rows holding a near spelling of v (a spelling a
// typo apart, v itself left out) from counts, or 0 when v is not
// counted.
func nearRows(counts map[uint64]uint32, v string) float64 {
	nv, ok := counts[wordKey(v)]
	if !ok || len(v) < minTypoWord {
		return 0
	}
	sum := float64(counts[nearKey(v, -1)]) // words one letter longer
	for i := range len(v) {
		if i > 0 && v[i] == v[i-1] {
			continue
		}
		sum += float64(counts[nearKey(v, i)]) - float64(nv) // a letter changed or swapped
		if len(v) > minTypoWord {
			sum += float64(counts[wordKeySkip(v, i)]) // a letter left out
		}
	}
	return math.Max(sum, 0)
}
