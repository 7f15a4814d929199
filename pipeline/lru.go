package pipeline

import "hash/maphash"

// lru is a bounded map of recent outcomes, least recently used evicted
// first. An entry is found by the index of its operation and its request
// key, so that callers need not build a combined key string. It is not
// safe for concurrent use; the caller locks.
//
// The entries live in one slice linked by index, so that adding, hitting
// and evicting allocate nothing once the cache is full (a container/list
// version cost two allocations per added entry and a pointer chase per
// hit, a tenth of the pipeline's own CPU time).
type lru struct {
	max int
	// items finds an entry by the hash of its key: a map of short fixed
	// keys probes faster than one of long strings. A hit is confirmed by
	// comparing the entry's key; two keys with the same hash (1 in 2^64)
	// share a slot and evict each other, which only costs a miss.
	items map[uint64]int32
	seed  maphash.Seed
	// ents[0] is the sentinel of the circular recency list: ents[0].next
	// is the most recently used entry, ents[0].prev the least.
	ents []lruEntry
}

type lruEntry struct {
	op         int
	key        string
	val        Outcome
	prev, next int32
}

func newLRU(maxEntries int) *lru {
	return &lru{max: maxEntries, items: make(map[uint64]int32), seed: maphash.MakeSeed(), ents: make([]lruEntry, 1, 1+min(max(maxEntries, 0), 1024))}
}

// hash mixes the operation index into the key's hash.
func (c *lru) hash(op int, key string) uint64 {
	return maphash.String(c.seed, key) ^ (uint64(op+1) * 0x9e3779b97f4a7c15)
}

// unlink removes entry i from the recency list.
func (c *lru) unlink(i int32) {
	e := &c.ents[i]
	c.ents[e.prev].next = e.next
	c.ents[e.next].prev = e.prev
}

// pushFront links entry i as the most recently used.
func (c *lru) pushFront(i int32) {
	first := c.ents[0].next
	c.ents[i].prev, c.ents[i].next = 0, first
	c.ents[first].prev = i
	c.ents[0].next = i
}

func (c *lru) get(op int, key string) (Outcome, bool) {
	if c == nil || c.max <= 0 {
		return Outcome{}, false
	}
	if i, ok := c.items[c.hash(op, key)]; ok && c.ents[i].op == op && c.ents[i].key == key {
		if c.ents[0].next != i {
			c.unlink(i)
			c.pushFront(i)
		}
		return c.ents[i].val, true
	}
	return Outcome{}, false
}

func (c *lru) add(op int, key string, val Outcome) {
	if c == nil || c.max <= 0 {
		return
	}
	h := c.hash(op, key)
	if i, ok := c.items[h]; ok {
		c.ents[i].op, c.ents[i].key, c.ents[i].val = op, key, val
		c.unlink(i)
		c.pushFront(i)
		return
	}
	var i int32
	if len(c.ents)-1 < c.max {
		c.ents = append(c.ents, lruEntry{})
		i = int32(len(c.ents) - 1)
	} else {
		// Full: re-use the least recently used entry's slot.
		i = c.ents[0].prev
		c.unlink(i)
		delete(c.items, c.hash(c.ents[i].op, c.ents[i].key))
	}
	c.ents[i].op, c.ents[i].key, c.ents[i].val = op, key, val
	c.pushFront(i)
	c.items[h] = i
}
