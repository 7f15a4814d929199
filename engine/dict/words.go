package dict

import (
	"encoding/binary"
	"fmt"
	"hash/maphash"
	"iter"
	"math"
	"strings"

	"github.com/namepipe/namepipe/internal/hugepage"
)

// wordTable is Dict.words: the name keys and their entries in an
// open-addressing table (linear probing, at most 4/7 full) whose slots
// hold the key itself when it is short, next to its entry. The parser
// looks up every word of a name it has not seen, and in a pipeline run the
// data is rarely in the processor's caches: a Go map reads its control
// word, then the slot, then the key's text elsewhere, where this table
// reads one slot, usually one cache line (BenchmarkWordLookup), and its
// slots are in huge pages where the system gives them (hugepage.Slice: a
// look-up rarely misses the TLB too). Read-only
// after newWordTable, safe for concurrent use; it holds one pointer (the
// long keys' text), so the garbage collector does not scan it.
type wordTable struct {
	slots []wordSlot
	long  string // the keys longer than wordInline, one after the other
	seed  maphash.Seed
	n     int // keys
}

// wordInline is the longest key held in its slot.
const wordInline = 19

// wordSlot is a key and its entry; n == 0 marks a free slot. A key longer
// than wordInline has its offset in wordTable.long in key[:4].
type wordSlot struct {
	n   uint8 // the key's length
	key [wordInline]byte
	e   wordEntry
}

// newWordTable returns a table of the entries of m, whose keys must be
// non-empty.
func newWordTable(m map[string]wordEntry) (*wordTable, error) {
	b := newWordBuilder(len(m))
	for k, e := range m {
		p, err := b.entry(k)
		if err != nil {
			return nil, err
		}
		*p = e
	}
	return b.table(), nil
}

// wordBuilder fills a wordTable key by key, so that the data is loaded
// into the table directly, without a Go map in between (that map and the
// copy out of it were a third of dict.Load: BenchmarkLoad).
type wordBuilder struct {
	t    *wordTable
	long strings.Builder
	max  int // keys the table has room for
}

// newWordBuilder returns a builder with room for n keys.
func newWordBuilder(n int) *wordBuilder {
	return &wordBuilder{t: &wordTable{seed: maphash.MakeSeed(), slots: hugepage.Slice[wordSlot](n*7/4 + 1)}, max: n}
}

// entry returns the entry of key k, adding k with a zero entry when it is
// new. The pointer is good until the next call.
func (b *wordBuilder) entry(k string) (*wordEntry, error) {
	if k == "" {
		return nil, fmt.Errorf("dict: empty name key")
	}
	if len(k) > math.MaxUint8 || b.long.Len() > math.MaxUint32-len(k) {
		return nil, fmt.Errorf("dict: name key %.20q… too long", k)
	}
	t := b.t
	for i := t.start(maphash.String(t.seed, k)); ; i = t.next(i) {
		s := &t.slots[i]
		switch {
		case s.n == 0:
			if t.n >= b.max {
				return nil, fmt.Errorf("dict: more than %d name keys", b.max)
			}
			s.n = uint8(len(k))
			if len(k) <= wordInline {
				copy(s.key[:], k)
			} else {
				binary.LittleEndian.PutUint32(s.key[:], uint32(b.long.Len()))
				b.long.WriteString(k)
			}
			t.n++
			return &s.e, nil
		case int(s.n) != len(k):
		case len(k) <= wordInline:
			if string(s.key[:len(k)]) == k {
				return &s.e, nil
			}
		default:
			off := binary.LittleEndian.Uint32(s.key[:])
			if b.long.String()[off:off+uint32(s.n)] == k {
				return &s.e, nil
			}
		}
	}
}

// addNew adds distinct keys that the table does not hold yet, with their
// entries (keys[i] with es[i]). They go in in the order of their first
// slots, so that the writes sweep the table once instead of landing
// anywhere in it: filling the table key by key waited on memory for most
// of its time (BenchmarkLoad). A repeated key would be found only as its
// first copy; the data generator writes each key once.
func (b *wordBuilder) addNew(keys []string, es []wordEntry) error {
	t := b.t
	if t.n+len(keys) > b.max {
		return fmt.Errorf("dict: more than %d name keys", b.max)
	}
	// A counting sort of the keys by their first slot's block of 64.
	const blockBits = 6
	slot := make([]uint32, len(keys))
	count := make([]int32, len(t.slots)>>blockBits+2)
	for i, k := range keys {
		if k == "" {
			return fmt.Errorf("dict: empty name key")
		}
		if len(k) > math.MaxUint8 || b.long.Len() > math.MaxUint32-len(k) {
			return fmt.Errorf("dict: name key %.20q… too long", k)
		}
		slot[i] = uint32(t.start(maphash.String(t.seed, k)))
		count[slot[i]>>blockBits+1]++
	}
	for i := 1; i < len(count); i++ {
		count[i] += count[i-1]
	}
	order := make([]int32, len(keys))
	for i, s := range slot {
		order[count[s>>blockBits]] = int32(i)
		count[s>>blockBits]++
	}
	for _, i := range order {
		k := keys[i]
		j := int(slot[i])
		for t.slots[j].n != 0 {
			j = t.next(j)
		}
		s := &t.slots[j]
		s.n, s.e = uint8(len(k)), es[i]
		if len(k) <= wordInline {
			copy(s.key[:], k)
		} else {
			binary.LittleEndian.PutUint32(s.key[:], uint32(b.long.Len()))
			b.long.WriteString(k)
		}
		t.n++
	}
	return nil
}

// table returns the filled table; the builder is done.
func (b *wordBuilder) table() *wordTable {
	b.t.long = b.long.String()
	return b.t
}

// start returns the first slot to probe for hash h.
func (t *wordTable) start(h uint64) int {
	return int(uint64(uint32(h)) * uint64(len(t.slots)) >> 32)
}

// next returns the slot probed after slot i.
func (t *wordTable) next(i int) int {
	if i++; i == len(t.slots) {
		return 0
	}
	return i
}

// key returns the key of a used slot longer than wordInline.
func (t *wordTable) key(s *wordSlot) string {
	off := binary.LittleEndian.Uint32(s.key[:])
	return t.long[off : off+uint32(s.n)]
}

// get returns the entry of key k (the zero entry when k is not listed).
func (t *wordTable) get(k string) wordEntry {
	if len(k) == 0 || len(k) > math.MaxUint8 {
		return wordEntry{}
	}
	return probe(t, k, maphash.String(t.seed, k))
}

// getBytes is get for a key in a byte slice (without allocating; maphash
// gives a string and its bytes the same hash).
func (t *wordTable) getBytes(k []byte) wordEntry {
	if len(k) == 0 || len(k) > math.MaxUint8 {
		return wordEntry{}
	}
	return probe(t, k, maphash.Bytes(t.seed, k))
}

// probe returns the entry of key k, of hash h, in t.
func probe[K string | []byte](t *wordTable, k K, h uint64) wordEntry {
	for i := t.start(h); ; i = t.next(i) {
		s := &t.slots[i]
		switch {
		case s.n == 0:
			return wordEntry{}
		case int(s.n) != len(k):
		case len(k) <= wordInline:
			if string(s.key[:len(k)]) == string(k) {
				return s.e
			}
		case t.key(s) == string(k):
			return s.e
		}
	}
}

// all yields every key and its entry, in no particular order. The keys
// held in slots are copied into one string first: the indexes built from
// the keys keep substrings of them.
func (t *wordTable) all() iter.Seq2[string, wordEntry] {
	return func(yield func(string, wordEntry) bool) {
		var b []byte
		for i := range t.slots {
			if s := &t.slots[i]; s.n != 0 && s.n <= wordInline {
				b = append(b, s.key[:s.n]...)
			}
		}
		inline := string(b)
		off := 0
		for i := range t.slots {
			s := &t.slots[i]
			switch {
			case s.n == 0:
				continue
			case s.n <= wordInline:
				k := inline[off : off+int(s.n)]
				off += int(s.n)
				if !yield(k, s.e) {
					return
				}
			case !yield(t.key(s), s.e):
				return
			}
		}
	}
}
