package pipeline

import (
	"hash/maphash"
	"sync"

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
// cells they read, shared by the local workers. It is split into
// shards with a lock each. A shard keeps two generations: when the
// current one is full, it becomes the old one and the old one is emptied
// for re-use; a hit in the old generation moves the entry to the current
// one. It allocates nothing but new keys once both generations have grown.
type memo struct {
	seed   maphash.Seed
	shards [memoShards]memoShard
}

const memoShards = 16

type memoShard struct {
	mu       sync.Mutex
	max      int
	cur, old map[string]memoEntry
}

// newMemo returns a memo of at most size entries.
func newMemo(size int) *memo {
	m := &memo{seed: maphash.MakeSeed()}
	for i := range m.shards {
		m.shards[i] = memoShard{max: max(size/(2*memoShards), 1), cur: make(map[string]memoEntry), old: make(map[string]memoEntry)}
	}
	return m
}

func (m *memo) shard(key []byte) *memoShard {
	return &m.shards[maphash.Bytes(m.seed, key)%memoShards]
}

func (m *memo) get(key []byte) (memoEntry, bool) {
	s := m.shard(key)
	s.mu.Lock()
	defer s.mu.Unlock()
	if e, ok := s.cur[string(key)]; ok {
		return e, true
	}
	if e, ok := s.old[string(key)]; ok {
		s.put(key, e)
		return e, true
	}
	return nil, false
}

func (m *memo) put(key []byte, e memoEntry) {
	s := m.shard(key)
	s.mu.Lock()
	s.put(key, e)
	s.mu.Unlock()
}

func (s *memoShard) put(key []byte, e memoEntry) {
	if len(s.cur) >= s.max {
		s.old, s.cur = s.cur, s.old
		clear(s.cur)
	}
	s.cur[string(key)] = e
}

// probe is one worker's use of one operation's memo. A memo that rarely
// hits costs a key and an insertion per row for nothing (risk detection
// gets the whole person, contact data included, and such rows almost
// never repeat). So after its first memoProbe lookups, a worker whose
// lookups hit fewer than one in memoMinShare times stops using the memo
// (BenchmarkLocalMemoMisses shows what that saves).
type probe struct {
	lookups, hits int
	off           bool
}

// memoProbe is a variable for BenchmarkLocalMemoMisses.
var memoProbe = 4096

const memoMinShare = 8

// count notes a lookup.
func (p *probe) count(hit bool) {
	if p.lookups >= memoProbe {
		return
	}
	p.lookups++
	if hit {
		p.hits++
	}
	if p.lookups == memoProbe && p.hits*memoMinShare < p.lookups {
		p.off = true
	}
}
