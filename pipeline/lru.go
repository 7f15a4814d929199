package pipeline

import "container/list"

// lru is a bounded map of recent outcomes, least recently used evicted
// first. It is not safe for concurrent use; the caller locks.
type lru struct {
	max   int
	ll    *list.List
	items map[string]*list.Element
}

type lruEntry struct {
	key string
	val Outcome
}

func newLRU(maxEntries int) *lru {
	return &lru{max: maxEntries, ll: list.New(), items: make(map[string]*list.Element)}
}

func (c *lru) get(key string) (Outcome, bool) {
	if c == nil || c.max <= 0 {
		return Outcome{}, false
	}
	if e, ok := c.items[key]; ok {
		c.ll.MoveToFront(e)
		return e.Value.(*lruEntry).val, true
	}
	return Outcome{}, false
}

func (c *lru) add(key string, val Outcome) {
	if c == nil || c.max <= 0 {
		return
	}
	if e, ok := c.items[key]; ok {
		c.ll.MoveToFront(e)
		e.Value.(*lruEntry).val = val
		return
	}
	c.items[key] = c.ll.PushFront(&lruEntry{key: key, val: val})
	for c.ll.Len() > c.max {
		last := c.ll.Back()
		c.ll.Remove(last)
		delete(c.items, last.Value.(*lruEntry).key)
	}
}
