package email

import (
	"encoding/binary"
	"hash/maphash"
	"sync/atomic"
)

// domainCache remembers the disposable answer (domainInvalid, domainKept
// or domainDisposable) of the domains of recent addresses, by the domain
// as written: most addresses of a file share a few domains, and a hit
// skips the domain's syntax check and the lookups of it and its parent
// domains in the disposable list (BenchmarkDisposable in package engine).
//
// It is a direct-mapped table of slots that hold a domain of up to
// domainKeyMax bytes in place: nothing is allocated, and the answer of a
// longer domain is not remembered. Each slot is a sequence lock over
// atomic words, safe for concurrent use without a mutex: a slot's state
// word holds a write count, a writing flag and the domain's length and
// answer; a writer sets the flag while it writes (and skips a slot that
// another writer holds), a reader takes the answer only when the state
// was the same, without the flag, before and after it read the domain. A
// slot's domain may be replaced by another at any time; a reader only
// ever misses.
type domainCache struct {
	seed  maphash.Seed
	slots [domainSlots]domainSlot
}

// domainSlots is the number of slots: a power of two.
const domainSlots = 512

// domainKeyMax is the longest domain remembered, in bytes.
const domainKeyMax = 8 * domainKeyWords

const domainKeyWords = 4

// The answers of a domain (non-zero: an empty slot holds none).
const (
	domainInvalid    = 1 + iota // not a valid domain: DisposableUnknown
	domainKept                  // valid, not on a disposable list
	domainDisposable            // on a disposable list (or a parent domain is)
)

type domainSlot struct {
	state atomic.Uint64 // writes << 17 | writing << 16 | answer << 8 | length; 0: empty
	words [domainKeyWords]atomic.Uint64
	_     [24]byte // one slot per cache line
}

const (
	stateWriting = 1 << 16
	stateCount   = 1 << 17
)

func newDomainCache() *domainCache { return &domainCache{seed: maphash.MakeSeed()} }

// packDomain returns the bytes of d (at most domainKeyMax) as words.
func packDomain(d string) (w [domainKeyWords]uint64) {
	var b [domainKeyMax]byte
	copy(b[:], d)
	for i := range w {
		w[i] = binary.LittleEndian.Uint64(b[8*i:])
	}
	return w
}

func (c *domainCache) slot(d string) *domainSlot {
	return &c.slots[maphash.String(c.seed, d)&(domainSlots-1)]
}

// get returns the remembered answer of domain d.
func (c *domainCache) get(d string) (answer uint8, ok bool) {
	if d == "" || len(d) > domainKeyMax {
		return 0, false
	}
	s := c.slot(d)
	st := s.state.Load()
	if st&stateWriting != 0 || int(st&0xff) != len(d) {
		return 0, false
	}
	w := packDomain(d)
	for i := range (len(d) + 7) / 8 {
		if s.words[i].Load() != w[i] {
			return 0, false
		}
	}
	if s.state.Load() != st {
		return 0, false
	}
	return uint8(st >> 8), true
}

// put remembers answer as the answer of domain d, unless d is too long or
// another writer holds its slot.
func (c *domainCache) put(d string, answer uint8) {
	if d == "" || len(d) > domainKeyMax {
		return
	}
	s := c.slot(d)
	st := s.state.Load()
	if st&stateWriting != 0 || !s.state.CompareAndSwap(st, st|stateWriting) {
		return
	}
	w := packDomain(d)
	for i := range (len(d) + 7) / 8 {
		s.words[i].Store(w[i])
	}
	s.state.Store((st&^(stateCount-1) + stateCount) | uint64(answer)<<8 | uint64(len(d)))
}
