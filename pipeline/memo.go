package pipeline

import (
	"hash/maphash"
	"slices"
	"sync"
	"time"
	"unsafe"

	"github.com/namepipe/namepipe/record"
)

// memoAnswer is a remembered answer of one operation: the outcome, and
// its result column values as ApplyInto sets them (nil for an error); or
// skip, the operation does not apply to such cells.
type memoAnswer struct {
	o    Outcome
	vals []record.Value
	skip bool
}

// memoEntry holds the answers of a memoGroup's operations, in its order,
// and, when the run's writer encodes cells ahead (writers.CellEncoder),
// the group's result cells as it encoded them (nil otherwise).
type memoEntry struct {
	answers []memoAnswer
	cells   record.Value
}

// memo is a bounded map of recent answers of a group of operations by the
// cells they read, shared by the local workers. A key is known by two
// independent 64-bit hashes with seeds of its own (maphash): the first
// picks one of the shards, each with a lock, and the key's place in the
// shard's table; the second must match too. Two different keys are taken
// for one only when both 64-bit hashes collide, which for the keys of any
// run is less likely than 1 in 10^20; keeping no key bytes makes a lookup
// touch the table alone and an insertion allocate nothing (BenchmarkMemo).
//
// A shard's table is open addressing with linear probing, at most half
// full: a slot is one cache line holding both hashes, the entry and the
// clock's mark, so that a hit reads one line before the entry itself (a
// Go map read two or three). A shard evicts by the clock algorithm: its
// entries' slots are listed in a ring, a hit marks its slot, and an
// insertion into a full shard sweeps the ring from where the last one
// stopped, unmarking marked slots and evicting the first unmarked one. A
// hit moves nothing.
type memo struct {
	seed, check maphash.Seed
	shards      [memoShards]memoShard
}

const memoShards = 16

type memoShard struct {
	mu    sync.Mutex
	table []memoSlot // len a power of two, at least twice the ring's capacity
	mask  uint64     // len(table) - 1
	// ring[i] is the table index of the i-th entry stored; it grows to
	// its capacity, then is re-used.
	ring []int32
	hand int // where the next sweep starts
}

// memoSlot is a slot of a shard's table, 64 bytes (one cache line).
type memoSlot struct {
	h, check uint64 // the key's hashes (used = false: none)
	e        memoEntry
	ring     int32 // the entry's place in the ring
	used     bool
	hit      bool // looked up since the clock's hand last passed
	_        [2]byte
}

// newMemo returns a memo of at most size entries.
func newMemo(size int) *memo {
	m := &memo{seed: maphash.MakeSeed(), check: maphash.MakeSeed()}
	n := max(size/memoShards, 1)
	t := 1
	for t < 2*n {
		t *= 2
	}
	for i := range m.shards {
		m.shards[i] = memoShard{table: make([]memoSlot, t), mask: uint64(t - 1), ring: make([]int32, 0, n)}
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
func prefault(table []memoSlot) {
	step := pageBytes / int(unsafe.Sizeof(memoSlot{}))
	for j := 0; j < len(table); j += max(step, 1) {
		table[j].used = false
	}
}

// pageBytes is the smallest page size of the systems Go runs on.
const pageBytes = 4096

// shard returns key's hashes and shard.
func (m *memo) shard(key []byte) (h, check uint64, s *memoShard) {
	h = maphash.Bytes(m.seed, key)
	return h, maphash.Bytes(m.check, key), &m.shards[h%memoShards]
}

// find returns the index of the slot holding hash h, or of the free slot
// where it would go, and whether it holds h.
func (s *memoShard) find(h uint64) (int, bool) {
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

func (m *memo) get(key []byte) (memoEntry, bool) {
	h, check, s := m.shard(key)
	s.mu.Lock()
	i, ok := s.find(h)
	var e memoEntry
	if t := &s.table[i]; ok && t.check == check {
		t.hit = true
		e = t.e
	} else {
		ok = false
	}
	s.mu.Unlock()
	return e, ok
}

func (m *memo) put(key []byte, e memoEntry) {
	h, check, s := m.shard(key)
	s.mu.Lock()
	s.insert(h, check, e)
	s.mu.Unlock()
}

// insert stores e under hashes h and check, evicting an entry when the
// shard is full.
func (s *memoShard) insert(h, check uint64, e memoEntry) {
	if i, ok := s.find(h); ok {
		// The same cells, answered by another worker meanwhile; or
		// other cells of the same first hash, which take the slot over.
		s.table[i].check, s.table[i].e = check, e
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
	s.table[i] = memoSlot{h: h, check: check, e: e, ring: int32(r), used: true}
	s.ring[r] = int32(i)
}

// remove empties table slot i, moving back the slots after it that
// would no longer be found (backward-shift deletion: linear probing then
// needs no tombstones).
func (s *memoShard) remove(i int) {
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
	s.table[i] = memoSlot{}
}

// probe is one worker's use of one group's memo. A memo pays when what
// its hits save is more than what it costs: a key, a lookup per row and an
// insertion per miss. For an operation whose input rarely repeats (risk
// detection gets the whole person) or that costs less than a lookup (the
// disposable-email check), it does not. So for its first memoProbe rows a
// worker times its lookups (with the insertion of a miss) and the
// computing of the answers that missed; then it keeps the memo only if
// the hits saved more time than the memo took, with each kind's median
// time (a median, because a goroutine paused by the scheduler in one of
// them would make a mean say anything). BenchmarkLocalMemoMisses shows
// what switching off saves.
type probe struct {
	lookups, hits int
	// The times (ns) of lookups that hit, of lookups that missed with
	// their insertion, and of computing a miss's answers.
	hitTimes, missTimes, answerTimes []int64
	off                              bool
}

// memoProbe is a variable for BenchmarkLocalMemoMisses.
var memoProbe = 4096

// probing reports whether the probe still times lookups.
func (p *probe) probing() bool { return !p.off && p.lookups < memoProbe }

// count notes a lookup that hit or not, the time it took (with the
// insertion of a miss's answers) and, for a miss, the time of computing
// its answers. After memoProbe lookups it decides.
func (p *probe) count(hit bool, memoTime, answerTime time.Duration) {
	if !p.probing() {
		return
	}
	p.lookups++
	if hit {
		p.hits++
		p.hitTimes = append(p.hitTimes, int64(memoTime))
	} else {
		p.missTimes = append(p.missTimes, int64(memoTime))
		p.answerTimes = append(p.answerTimes, int64(answerTime))
	}
	if p.lookups < memoProbe {
		return
	}
	if misses := len(p.missTimes); misses > 0 && p.hits > 0 {
		saved := int64(p.hits) * median(p.answerTimes)
		cost := int64(p.hits)*median(p.hitTimes) + int64(misses)*median(p.missTimes)
		p.off = saved < cost
	} else {
		p.off = p.hits == 0
	}
	p.hitTimes, p.missTimes, p.answerTimes = nil, nil, nil
}

// median returns the median of xs, which it sorts.
func median(xs []int64) int64 {
	slices.Sort(xs)
	return xs[len(xs)/2]
}
