package report

import (
	"container/heap"
	"sort"
	"strings"
)

// TopK counts the most frequent strings of a stream in fixed memory, with
// the Space-Saving algorithm (Metwally, Agrawal, El Abbadi 2005): it keeps
// at most Capacity counters; a new string takes over the smallest counter
// and inherits its count as a possible overestimate. Counts are exact as
// long as no more than Capacity distinct strings were seen; otherwise a
// string's true count lies in [Count-Over, Count], and every string seen
// more than total/Capacity times is kept.
type TopK struct {
	capacity int
	index    map[string]*tkEntry
	h        tkHeap
	total    int64
}

// Counted is one string of a TopK with its count. Over bounds the
// overestimate: the true count is at least Count-Over.
type Counted struct {
	Key   string
	Count int64
	Over  int64
}

type tkEntry struct {
	Counted
	pos int
}

// NewTopK returns a TopK of the given capacity (at least 1).
func NewTopK(capacity int) *TopK {
	capacity = max(capacity, 1)
	return &TopK{capacity: capacity, index: make(map[string]*tkEntry, min(capacity, 1024))}
}

// Add counts one occurrence of key.
func (t *TopK) Add(key string) {
	t.total++
	if e, ok := t.index[key]; ok {
		e.Count++
		t.h.down(e.pos)
		return
	}
	key = strings.Clone(key) // do not pin the caller's larger string
	if len(t.h) < t.capacity {
		e := &tkEntry{Counted: Counted{Key: key, Count: 1}}
		t.index[key] = e
		heap.Push(&t.h, e)
		return
	}
	// Take over the smallest counter.
	e := t.h[0]
	delete(t.index, e.Key)
	e.Over = e.Count
	e.Key = key
	e.Count++
	t.index[key] = e
	t.h.down(0)
}

// Total returns the number of Add calls.
func (t *TopK) Total() int64 { return t.total }

// Exact reports whether every count is exact (no counter was ever taken
// over).
func (t *TopK) Exact() bool {
	for _, e := range t.h {
		if e.Over > 0 {
			return false
		}
	}
	return true
}

// Top returns the n largest counts, largest first (ties by key).
func (t *TopK) Top(n int) []Counted {
	out := make([]Counted, len(t.h))
	for i, e := range t.h {
		out[i] = e.Counted
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Count != out[j].Count {
			return out[i].Count > out[j].Count
		}
		return out[i].Key < out[j].Key
	})
	if len(out) > n {
		out = out[:n]
	}
	return out
}

// tkHeap is a min-heap of counters by count.
type tkHeap []*tkEntry

// down moves the counter at i down the heap after its count grew (what
// heap.Fix does, without the interface calls: this runs for every row).
func (h tkHeap) down(i int) {
	n := len(h)
	for {
		l := 2*i + 1
		if l >= n {
			return
		}
		j := l
		if r := l + 1; r < n && h[r].Count < h[l].Count {
			j = r
		}
		if h[j].Count >= h[i].Count {
			return
		}
		h[i], h[j] = h[j], h[i]
		h[i].pos, h[j].pos = i, j
		i = j
	}
}

func (h tkHeap) Len() int           { return len(h) }
func (h tkHeap) Less(i, j int) bool { return h[i].Count < h[j].Count }
func (h tkHeap) Swap(i, j int) {
	h[i], h[j] = h[j], h[i]
	h[i].pos, h[j].pos = i, j
}
func (h *tkHeap) Push(x any) {
	e := x.(*tkEntry)
	e.pos = len(*h)
	*h = append(*h, e)
}
func (h *tkHeap) Pop() any {
	old := *h
	e := old[len(old)-1]
	*h = old[:len(old)-1]
	return e
}
