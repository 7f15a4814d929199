package cache

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"
	"unsafe"
)

// TestMemory checks the clock eviction and the key's confirmation.
func TestMemory(t *testing.T) {
	t.Parallel()
	m := NewMemory[string](2 * shards) // 2 entries per shard
	var keys []string                  // keys of shard 0
	for i := 0; len(keys) < 4; i++ {
		if k := fmt.Sprint("k", i); func() bool { _, _, s := m.shard([]byte(k)); return s == &m.shards[0] }() {
			keys = append(keys, k)
		}
	}
	put := func(k string) {
		m.Put([]byte(k), strings.ToUpper(k))
	}
	has := func(k string) bool {
		e, ok, _ := m.Get([]byte(k))
		if ok && e != strings.ToUpper(k) {
			t.Fatalf("get %q = %v", k, e)
		}
		return ok
	}
	put(keys[0])
	put(keys[1])
	if !has(keys[0]) { // marks keys[0]
		t.Fatal("keys[0] missing")
	}
	put(keys[2]) // the hand passes keys[0] (unmarking it) and evicts keys[1]
	if has(keys[1]) || !has(keys[2]) {
		t.Fatal("the clock evicted another key than the one not looked up")
	}
	put(keys[3]) // keys[0], unmarked since, goes
	if has(keys[0]) || !has(keys[2]) || !has(keys[3]) {
		t.Fatal("the clock kept a key not looked up since its hand passed")
	}
	// A key whose first hash is another's but not its second is no hit.
	h, _, s := m.shard([]byte(keys[3]))
	i, _ := s.find(h)
	s.table[i].check++
	if has(keys[3]) {
		t.Error("a hit on the first hash alone")
	}
}

// TestProbe checks the probe's decision: keep the memo when its hits
// saved more time than its lookups and insertions took.
func TestProbe(t *testing.T) {
	t.Parallel()
	const lookup = 100 * time.Nanosecond
	cases := []struct {
		name    string
		hitEach int           // one lookup in hitEach hits (0: none)
		miss    time.Duration // computing a miss's answers
		off     bool
	}{
		{"no hits", 0, 10 * time.Microsecond, true},
		{"3 hits of dear answers", ProbeLookups / 3, 10 * time.Microsecond, true},
		{"one hit in 8, dear answers", 8, 10 * time.Microsecond, false},
		{"every other hits, answers cheaper than a lookup", 2, 50 * time.Nanosecond, true},
		{"every other hits, answers 4 lookups dear", 2, 4 * lookup, false},
		{"all hit", 1, 0, false},
	}
	for _, tc := range cases {
		var p Probe
		for i := range ProbeLookups {
			if i == ProbeLookups-1 && p.Off {
				t.Fatalf("%s: off before the probe ended", tc.name)
			}
			if hit := tc.hitEach > 0 && i%tc.hitEach == 0; hit {
				p.Count(true, lookup, 0)
			} else {
				p.Count(false, 2*lookup, tc.miss)
			}
		}
		if p.Off != tc.off || p.Probing() {
			t.Errorf("%s: off %v (probing %v), want %v", tc.name, p.Off, p.Probing(), tc.off)
		}
	}
}

// TestMemoryTable checks the open-addressing table through many insertions
// and evictions, with hashes made to collide in the table (few bits) so
// that probing and backward-shift deletion run across the table's end:
// after every step each stored hash is found at the slot the ring names,
// an evicted one is not, and a full shard evicts exactly one.
func TestMemoryTable(t *testing.T) {
	t.Parallel()
	if n := unsafe.Sizeof(slot[entry]{}); n != 64 {
		t.Errorf("a slot of a 40-byte entry is %d bytes, want one cache line (64)", n)
	}
	const capacity = 8
	s := &shard[entry]{table: make([]slot[entry], 16), mask: 15, ring: make([]int32, 0, capacity)}
	live := map[uint64]bool{} // the hashes stored
	rng := rand.New(rand.NewPCG(3, 4))
	for step := range 20000 {
		// Hashes whose table bits (>>8) collide often: 40 values.
		h := uint64(rng.IntN(40))<<8 | uint64(rng.IntN(2))
		if i, ok := s.find(h); ok {
			if !live[h] {
				t.Fatalf("step %d: found %#x, not stored", step, h)
			}
			s.table[i].hit = rng.IntN(2) == 0
			continue
		}
		if live[h] {
			t.Fatalf("step %d: %#x stored, not found", step, h)
		}
		s.insert(h, ^h, entry{answers: []int{1}})
		live[h] = true
		if len(live) > capacity {
			evicted := 0
			for k := range live {
				if _, ok := s.find(k); !ok {
					delete(live, k)
					evicted++
				}
			}
			if evicted != 1 {
				t.Fatalf("step %d: a full shard evicted %d entries, want 1", step, evicted)
			}
		}
		used := 0
		for i := range s.table {
			if s.table[i].used {
				used++
			}
		}
		if used != len(live) || len(s.ring) != len(live) {
			t.Fatalf("step %d: %d slots used, ring %d, want %d", step, used, len(s.ring), len(live))
		}
		for r, i := range s.ring {
			sl := s.table[i]
			if !sl.used || sl.ring != int32(r) || !live[sl.h] || sl.check != ^sl.h {
				t.Fatalf("step %d: ring %d → slot %d %+v", step, r, i, sl)
			}
			if j, ok := s.find(sl.h); !ok || j != int(i) {
				t.Fatalf("step %d: %#x at slot %d, found at %d (%v)", step, sl.h, i, j, ok)
			}
		}
	}
}
