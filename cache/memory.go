package cache

import (
	"hash/maphash"
	"sync"
	"unsafe"

	"github.com/namepipe/namepipe/internal/hugepage"
)

// Memory is a bounded map of values by key bytes, safe for concurrent use
// (the pipeline's local workers share one per group of operations, keyed
// by the cells they read). A key is known by two
// independent 64-bit hashes with seeds of its own (maphash): the first
// picks one of the shards, each with a lock, and the key's place in the
// shard's table; the second must match too. Two different keys are taken
// for one only when both 64-bit hashes collide, which for the keys of any
// run is less likely than 1 in 10^20; keeping no key bytes makes a lookup
// touch the table alone and an insertion allocate nothing (BenchmarkMemory).
//
// A shard's table is open addressing with linear probing, at most half
// full: a slot is one cache line holding both hashes, the entry and the
// clock's mark, so that a hit reads one line before the entry itself (a
// Go map read two or three). A shard evicts by the clock algorithm: its
// entries' slots are listed in a ring, a hit marks its slot, and an
// insertion into a full shard sweeps the ring from where the last one
// stopped, unmarking marked slots and evicting the first unmarked one. A
// hit moves nothing. The shards' tables are one allocation in huge pages
// where the system gives them (hugepage.Slice).
type Memory[V any] struct {
	seed, check maphash.Seed
	shards      [shards]shard[V]
}

const shards = 16

type shard[V any] struct {
	mu    sync.Mutex
	table []slot[V] // len a power of two, at least twice the ring's capacity
	mask  uint64    // len(table) - 1
	// ring[i] is the table index of the i-th entry stored; it grows to
	// its capacity, then is re-used.
	ring []int32
	hand int // where the next sweep starts
}

// slot is a slot of a shard's table: one cache line (64 bytes) for a
// value of 40 bytes, as the pipeline's memo entries are.
type slot[V any] struct {
	h, check uint64 // the key's hashes (used = false: none)
	v        V
	ring     int32 // the entry's place in the ring
	used     bool
	hit      bool // looked up since the clock's hand last passed
}

// NewMemory returns a Memory of at most size entries.
func NewMemory[V any](size int) *Memory[V] {
	m := &Memory[V]{seed: maphash.MakeSeed(), check: maphash.MakeSeed()}
	n := max(size/shards, 1)
	t := 1
	for t < 2*n {
		t *= 2
	}
	// The shards' tables are one allocation, so that it is large enough
	// for huge pages (hugepage.Slice).
	tables := hugepage.Slice[slot[V]](shards * t)
	for i := range m.shards {
		m.shards[i] = shard[V]{table: tables[i*t : (i+1)*t : (i+1)*t], mask: uint64(t - 1), ring: make([]int32, 0, n)}
		prefault(m.shards[i].table)
	}
	return m
}

// prefault writes to every page of a new table. The operating system maps
// the pages of a large allocation on their first write, a fault of a few
// µs; left to the first insertions, those faults land in the probe's
// timing of the memo (probe) at the start of the run and made it switch
// off the memo of the names with one worker (1M bench rows,
// --concurrency 1: a miss's median lookup and insertion 2,984 ns instead
// of ~500, 2,449 hits instead of ~830,000).
func prefault[V any](table []slot[V]) {
	step := pageBytes / int(unsafe.Sizeof(slot[V]{}))
	for j := 0; j < len(table); j += max(step, 1) {
		table[j].used = false
	}
}

// pageBytes is the smallest page size of the systems Go runs on.
const pageBytes = 4096

// Cap returns the number of entries m holds at most.
func (m *Memory[V]) Cap() int {
	n := 0
	for i := range m.shards {
		n += cap(m.shards[i].ring)
	}
	return n
}

// shard returns key's hashes and shard.
func (m *Memory[V]) shard(key []byte) (h, check uint64, s *shard[V]) {
	h = maphash.Bytes(m.seed, key)
	return h, maphash.Bytes(m.check, key), &m.shards[h%shards]
}

// find returns the index of the slot holding hash h, or of the free slot
// where it would go, and whether it holds h.
func (s *shard[V]) find(h uint64) (int, bool) {
	// The shard took h's low bits: the table starts from higher ones.
	i := (h >> 8) & s.mask
	for {
		t := &s.table[i]
		if !t.used {
			return int(i), false
		}
		if t.h == h {
			return int(i), true
		}
		i = (i + 1) & s.mask
	}
}

// Get implements Store; its error is always nil.
func (m *Memory[V]) Get(key []byte) (V, bool, error) {
	h, check, s := m.shard(key)
	s.mu.Lock()
	i, ok := s.find(h)
	var v V
	if t := &s.table[i]; ok && t.check == check {
		t.hit = true
		v = t.v
	} else {
		ok = false
	}
	s.mu.Unlock()
	return v, ok, nil
}

// Put implements Store; its error is always nil. A full shard evicts an
// entry not looked up since the clock's hand last passed it.
func (m *Memory[V]) Put(key []byte, v V) error {
	h, check, s := m.shard(key)
	s.mu.Lock()
	s.insert(h, check, v)
	s.mu.Unlock()
	return nil
}

// insert stores v under hashes h and check, evicting an entry when the
// shard is full.
func (s *shard[V]) insert(h, check uint64, v V) {
	if i, ok := s.find(h); ok {
		// The same cells, answered by another worker meanwhile; or
		// other cells of the same first hash, which take the slot over.
		s.table[i].check, s.table[i].v = check, v
		return
	}
	r := len(s.ring)
	if r < cap(s.ring) {
		s.ring = append(s.ring, 0)
	} else {
		for s.table[s.ring[s.hand]].hit {
			s.table[s.ring[s.hand]].hit = false
			s.hand = (s.hand + 1) % len(s.ring)
		}
		r = s.hand
		s.remove(int(s.ring[r]))
		s.hand = (s.hand + 1) % len(s.ring)
	}
	i, _ := s.find(h)
	s.table[i] = slot[V]{h: h, check: check, v: v, ring: int32(r), used: true}
	s.ring[r] = int32(i)
}

// remove empties table slot i, moving back the slots after it that
// would no longer be found (backward-shift deletion: linear probing then
// needs no tombstones).
func (s *shard[V]) remove(i int) {
	j := i
	for {
		j = int(uint64(j+1) & s.mask)
		t := &s.table[j]
		if !t.used {
			break
		}
		// t may move to i when its home is not in the cyclic range (i, j].
		home := int((t.h >> 8) & s.mask)
		if (j > i && (home <= i || home > j)) || (j < i && home <= i && home > j) {
			s.table[i] = *t
			s.ring[t.ring] = int32(i)
			i = j
		}
	}
	s.table[i] = slot[V]{}
}
