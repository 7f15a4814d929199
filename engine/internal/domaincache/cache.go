// Package domaincache remembers an answer (a small non-zero number) for
// each of the email domains of recent addresses, for the operations that
// check every row's domain (the disposable check, the risk detector's
// email checks): most addresses of a file share a few domains.
package domaincache

import (
	"encoding/binary"
	"hash/maphash"
	"sync/atomic"
)

// Cache remembers an answer (1..255, the caller's) for each of the
// domains of recent addresses, by the domain as the caller gives it: a
// hit skips the caller's checks and lookups of the domain
// (BenchmarkDisposable and BenchmarkRiskParts in package engine).
//
// It is a direct-mapped table of slots that hold a domain of up to
// MaxKey bytes in place: nothing is allocated, and the answer of a
// longer domain is not remembered. Each slot is a sequence lock over
// atomic words, safe for concurrent use without a mutex: a slot's state
// word holds a write count, a writing flag and the domain's length and
// answer; a writer sets the flag while it writes (and skips a slot that
// another writer holds), a reader takes the answer only when the state
// was the same, without the flag, before and after it read the domain. A
// slot's domain may be replaced by another at any time; a reader only
// ever misses.
type Cache struct {
	seed  maphash.Seed
	slots [domainSlots]domainSlot
}

// domainSlots is the number of slots: a power of two.
const domainSlots = 512

// MaxKey is the longest domain remembered, in bytes.
const MaxKey = 8 * domainKeyWords

const domainKeyWords = 4

type domainSlot struct {
	state atomic.Uint64 // writes << 17 | writing << 16 | answer << 8 | length; 0: empty
	words [domainKeyWords]atomic.Uint64
	_     [24]byte // one slot per cache line
}

const (
	stateWriting = 1 << 16
	stateCount   = 1 << 17
)

// New returns an empty Cache.
func New() *Cache { return &Cache{seed: maphash.MakeSeed()} }

// packDomain returns the bytes of d (at most MaxKey) as words.
func packDomain(d string) (w [domainKeyWords]uint64) {
	var b [MaxKey]byte
	copy(b[:], d)
	for i := range w {
		w[i] = binary.LittleEndian.Uint64(b[8*i:])
	}
	return w
}

func (c *Cache) slot(d string) *domainSlot {
	return &c.slots[maphash.String(c.seed, d)&(domainSlots-1)]
}

// Get returns the remembered answer of domain d.
func (c *Cache) Get(d string) (answer uint8, ok bool) {
	if d == "" || len(d) > MaxKey {
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

// Put remembers answer (non-zero) as the answer of domain d, unless d is
// too long or another writer holds its slot.
func (c *Cache) Put(d string, answer uint8) {
	if d == "" || len(d) > MaxKey {
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
