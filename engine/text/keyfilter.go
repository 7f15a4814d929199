package text

// KeyFilter is a filter of a set of keys by their length and their first
// and last bytes: a word whose key was added always passes, most other
// words do not, so that a caller can skip building a word's key and
// looking it up in a map (BenchmarkKeyFilter). It holds one bit per
// (length, first, last) hash; a few hundred keys set a few percent of
// them. The zero KeyFilter passes no word that MayHoldLower checks.
type KeyFilter struct {
	bits [keyFilterBits / 64]uint64
}

const keyFilterBits = 4096

// keyFilterBit returns the bit of a key of n bytes, the first and last of
// them given.
func keyFilterBit(n int, first, last byte) uint {
	h := uint(n)*0x9e37 ^ uint(first)*0x85eb ^ uint(last)*0xc2b3
	return (h ^ h>>13) % keyFilterBits
}

// Add adds key k; the empty key is not held.
func (f *KeyFilter) Add(k string) {
	if k != "" {
		b := keyFilterBit(len(k), k[0], k[len(k)-1])
		f.bits[b/64] |= 1 << (b % 64)
	}
}

// MayHold reports whether k may be an added key: false means it was not
// added (a word's key known, no loop over its bytes). The empty key
// passes.
func (f *KeyFilter) MayHold(k string) bool {
	if k == "" {
		return true
	}
	b := keyFilterBit(len(k), k[0], k[len(k)-1])
	return f.bits[b/64]&(1<<(b%64)) != 0
}

// MayHoldLower reports whether w in lower case may be an added key. A word
// of other bytes than ASCII letters, hyphens and apostrophes, whose key a
// caller builds otherwise, and the empty word always pass.
func (f *KeyFilter) MayHoldLower(w string) bool {
	if w == "" {
		return true
	}
	for i := 0; i < len(w); i++ {
		if c := w[i] | 0x20; (c < 'a' || c > 'z') && c != '-' && c != '\'' {
			return true
		}
	}
	b := keyFilterBit(len(w), w[0]|0x20, w[len(w)-1]|0x20)
	return f.bits[b/64]&(1<<(b%64)) != 0
}
