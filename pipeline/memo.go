package pipeline

import (
	"hash/maphash"
	"slices"
	"sync"
	"time"

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

// memoEntry holds the answers of a memoGroup's operations, in its order.
type memoEntry []memoAnswer

// memo is a bounded map of recent answers of a group of operations by the
// cells they read, shared by the local workers. A key is known by two
// independent 64-bit hashes with seeds of its own (maphash): the first
// picks one of the shards, each with a lock, and is the key of the
// shard's index; the second must match too. Two different keys are
// taken for one only when both 64-bit hashes collide, which for the keys
// of any run is less likely than 1 in 10^20; keeping no key bytes makes a
// lookup touch the index alone and an insertion allocate nothing
// (BenchmarkMemo).
//
// A shard evicts by the clock algorithm: its entries sit in a ring of
// slots, a hit marks its slot, and an insertion into a full shard sweeps
// the ring from where the last one stopped, unmarking marked slots and
// re-using the first unmarked one. A hit moves nothing.
type memo struct {
	seed, check maphash.Seed
	shards      [memoShards]memoShard
}

const memoShards = 16

type memoShard struct {
	mu    sync.Mutex
	index map[uint64]memoSlot // key's first hash → its entry and slot
	// The ring: slot i holds the first hash of its key and hit[i],
	// looked up since the hand last passed. It grows to its capacity,
	// then is re-used.
	hashes []uint64
	hit    []bool
	hand   int // where the next sweep starts
}

type memoSlot struct {
	e     memoEntry
	check uint64 // the key's second hash
	slot  int32
}

// newMemo returns a memo of at most size entries.
func newMemo(size int) *memo {
	m := &memo{seed: maphash.MakeSeed(), check: maphash.MakeSeed()}
	n := max(size/memoShards, 1)
	for i := range m.shards {
		m.shards[i] = memoShard{index: make(map[uint64]memoSlot, n), hashes: make([]uint64, 0, n), hit: make([]bool, n)}
	}
	return m
}

// shard returns key's hashes and shard.
func (m *memo) shard(key []byte) (h, check uint64, s *memoShard) {
	h = maphash.Bytes(m.seed, key)
	return h, maphash.Bytes(m.check, key), &m.shards[h%memoShards]
}

func (m *memo) get(key []byte) (memoEntry, bool) {
	h, check, s := m.shard(key)
	s.mu.Lock()
	v, ok := s.index[h]
	if ok = ok && v.check == check; ok {
		s.hit[v.slot] = true
	}
	s.mu.Unlock()
	return v.e, ok
}

func (m *memo) put(key []byte, e memoEntry) {
	h, check, s := m.shard(key)
	s.mu.Lock()
	defer s.mu.Unlock()
	if v, ok := s.index[h]; ok {
		// The same cells, answered by another worker meanwhile; or
		// other cells of the same first hash, which take the slot over.
		s.index[h] = memoSlot{e: e, check: check, slot: v.slot}
		return
	}
	if len(s.hashes) < cap(s.hashes) {
		s.index[h] = memoSlot{e: e, check: check, slot: int32(len(s.hashes))}
		s.hashes = append(s.hashes, h)
		return
	}
	for s.hit[s.hand] {
		s.hit[s.hand] = false
		s.hand = (s.hand + 1) % len(s.hashes)
	}
	delete(s.index, s.hashes[s.hand])
	s.hashes[s.hand] = h
	s.index[h] = memoSlot{e: e, check: check, slot: int32(s.hand)}
	s.hand = (s.hand + 1) % len(s.hashes)
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
