package dedupe

import (
	"math/bits"
	"slices"
)

// Sorting the block keys' runs. Each of a 1M-row run's ~20 key runs
// (~360,000 entries) was sorted by slices.SortFunc with cmpKeyEntry:
// ~19 calls of the comparison an entry, ~3 CPU-s of the extract step.
// A key's hash is uniform, so one pass of a radix sort on the rule and
// the hash's top bits puts the entries in buckets of a few entries each
// (or in one bucket per key, for a key many rows share); each bucket is
// then sorted by cmpKeyEntry, which orders the entries in full. The
// result is the same order (cmpKeyEntry is a total order: row and slot
// differ between any two entries). BenchmarkSortKeys compares the two.

// newKeySorter is the sorter of the block keys (codec: keyEntryCodec,
// or keyEntryTieCodec with dedupe.idColumn).
func newKeySorter(dir *spillDir, codec recordCodec[keyEntry], memBytes int) *sorter[keyEntry] {
	s := newSorter(dir, "keys", codec, cmpKeyEntry, memBytes)
	s.sort = sortKeyEntries
	return s
}

// radixKey is e's rule and the top of its hash in one word, in
// cmpKeyEntry's order (a smaller key, a smaller entry).
func radixKey(e *keyEntry) uint64 {
	return uint64(e.rule)<<(64-ruleBits) | e.h>>ruleBits
}

// ruleBits is the width of a Rule in radixKey.
var ruleBits = bits.Len(uint(NumRules - 1))

// sortKeyEntries sorts es by cmpKeyEntry, as slices.SortFunc would, in
// place: an American flag sort on radixKey's top byte (the entries moved
// by cycles between 256 buckets, which stay in the cache; no second
// buffer), the same on its next byte in each bucket, then each bucket
// by comparison.
func sortKeyEntries(es []keyEntry) { sortKeysFrom(es, 56) }

// sortKeysFrom sorts es, whose radix keys agree above bit shift+8, by
// the byte at shift and then by comparison.
func sortKeysFrom(es []keyEntry, shift uint) {
	if len(es) <= 16 {
		insertionSortKeys(es)
		return
	}
	if len(es) < 1<<10 || shift < 48 {
		slices.SortFunc(es, cmpKeyEntry)
		return
	}
	var next, end [256]int
	for i := range es {
		end[byte(radixKey(&es[i])>>shift)]++
	}
	at := 0
	for d, n := range end {
		next[d] = at
		at += n
		end[d] = at
	}
	for d := range next {
		for next[d] < end[d] {
			e := es[next[d]]
			for {
				t := byte(radixKey(&e) >> shift)
				if int(t) == d {
					break
				}
				// put e in its bucket, go on with the entry it displaces
				e, es[next[t]] = es[next[t]], e
				next[t]++
			}
			es[next[d]] = e
			next[d]++
		}
	}
	lo := 0
	for _, hi := range end {
		sortKeysFrom(es[lo:hi], shift-8)
		lo = hi
	}
}

// insertionSortKeys sorts a few entries by cmpKeyEntry.
func insertionSortKeys(b []keyEntry) {
	for i := 1; i < len(b); i++ {
		for j := i; j > 0 && cmpKeyEntry(b[j], b[j-1]) < 0; j-- {
			b[j], b[j-1] = b[j-1], b[j]
		}
	}
}
