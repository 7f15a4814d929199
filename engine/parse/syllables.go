package parse

import (
	"math/bits"
	"strings"
)

// syllableSet is a set of romanised syllables: an optional onset, a
// nucleus and an optional coda, each from its list. Every syllable of the
// sets is at most syllableMax bytes long, so the set is held as the
// syllables themselves, each packed into a uint64, in one open-addressing
// table built when the package loads: a match is one multiplication and
// (nearly always) one load, whatever the word (BenchmarkSyllables; the
// lists of parts, probed at every place a word may be split, cost a few
// map look-ups each, and cjkGivenShape tries each split of every word a
// name holds).
type syllableSet struct {
	onsets, nuclei, codas []string // the parts, as written (the tests hold the set to them)
	slots                 []uint64 // packed syllables and their proper prefixes; 0 is a free slot
	marks                 []uint8  // each slot's isSyllable and startsSyllable
	shift                 uint     // 64 - log2(len(slots))
}

// The marks of a table slot.
const (
	isSyllable     = 1 << iota // the key is a syllable
	startsSyllable             // the key is the start of a longer syllable
)

// syllableMax is the longest syllable a set holds, in bytes: a packed
// syllable fills at most a uint64.
const syllableMax = 8

// newSyllableSet returns the set of the blank-separated onsets, nuclei
// and codas (onsets and codas of at most two bytes).
func newSyllableSet(onsets, nuclei, codas string) *syllableSet {
	s := &syllableSet{onsets: strings.Fields(onsets), nuclei: strings.Fields(nuclei), codas: strings.Fields(codas)}
	var all []string
	for _, o := range append([]string{""}, s.onsets...) {
		for _, n := range s.nuclei {
			for _, c := range append([]string{""}, s.codas...) {
				all = append(all, o+n+c)
			}
		}
	}
	s.fill(all)
	return s
}

// unionSyllables returns the set of the syllables of a and of b (its
// parts are left empty: it is only matched).
func unionSyllables(a, b *syllableSet) *syllableSet {
	var all []string
	for _, s := range []*syllableSet{a, b} {
		for i, k := range s.slots {
			if s.marks[i]&isSyllable != 0 {
				all = append(all, unpackSyllable(k))
			}
		}
	}
	u := &syllableSet{}
	u.fill(all)
	return u
}

// fill builds the table of the syllables all (duplicates allowed) and
// of their proper prefixes, at most a quarter full so that a probe seldom
// goes on to the next slot.
func (s *syllableSet) fill(all []string) {
	keys := map[uint64]uint8{}
	for _, w := range all {
		for n := 1; n <= len(w); n++ {
			k, ok := packSyllable([]byte(w[:n]))
			if !ok {
				panic("parse: syllable " + w + " does not pack")
			}
			if n == len(w) {
				keys[k] |= isSyllable
			} else {
				keys[k] |= startsSyllable
			}
		}
	}
	size := 64
	for size < 4*len(keys) {
		size *= 2
	}
	s.slots, s.marks = make([]uint64, size), make([]uint8, size)
	s.shift = uint(64 - bits.TrailingZeros(uint(size)))
	for k, m := range keys {
		i := s.slot(k)
		for s.slots[i] != 0 {
			i = (i + 1) & (len(s.slots) - 1)
		}
		s.slots[i], s.marks[i] = k, m
	}
}

// slot is the first slot of packed key k.
func (s *syllableSet) slot(k uint64) int {
	return int((k * 0x9E3779B97F4A7C15) >> s.shift)
}

// match reports whether w (lower case) is one syllable of the set.
func (s *syllableSet) match(w []byte) bool {
	return s.marksOf(w)&isSyllable != 0
}

// marksOf returns w's marks: whether it is a syllable, and whether it is
// the start of a longer one (0: neither w nor any word starting with w is
// a syllable).
func (s *syllableSet) marksOf(w []byte) uint8 {
	k, ok := packSyllable(w)
	if !ok {
		return 0
	}
	for i := s.slot(k); ; i = (i + 1) & (len(s.slots) - 1) {
		switch s.slots[i] {
		case k:
			return s.marks[i]
		case 0:
			return 0
		}
	}
}

// packSyllable returns w's bytes as a little-endian uint64, and false
// where w cannot be a syllable: empty, longer than syllableMax or holding
// a NUL byte (which would pack like a shorter word).
func packSyllable(w []byte) (uint64, bool) {
	if len(w) == 0 || len(w) > syllableMax {
		return 0, false
	}
	var k uint64
	for i, c := range w {
		if c == 0 {
			return 0, false
		}
		k |= uint64(c) << (8 * i)
	}
	return k, true
}

// unpackSyllable is packSyllable's inverse.
func unpackSyllable(k uint64) string {
	var b []byte
	for ; k != 0; k >>= 8 {
		b = append(b, byte(k))
	}
	return string(b)
}
