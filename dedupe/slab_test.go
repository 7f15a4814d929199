package dedupe

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestEntrySlab drives an entrySlab with blocks of random sizes (most of
// one entry, some past a whole slab), keeping some and dropping the
// others: the current block is always the entries added since the last
// keep or drop, and no block kept is changed by what comes after it.
func TestEntrySlab(t *testing.T) {
	t.Parallel()
	for _, seed := range []uint64{1, 2, 3} {
		r := rand.New(rand.NewPCG(seed, 9))
		var s entrySlab
		type kept struct{ got, want []keyEntry }
		var all []kept
		row := int32(0)
		for range 20_000 {
			n := 1
			switch r.IntN(10) {
			case 0:
				n = 2 + r.IntN(50)
			case 1:
				n = 1 + r.IntN(3*slabEntries)/100
			}
			if r.IntN(500) == 0 {
				n = slabEntries + r.IntN(slabEntries)
			}
			var want []keyEntry
			for range n {
				e := keyEntry{row: row, h: uint64(row) * 7}
				row++
				s.add(e)
				want = append(want, e)
			}
			b := s.block()
			if !slices.Equal(b, want) {
				t.Fatalf("seed %d: block of %d entries differs from what was added", seed, n)
			}
			if cap(b) != len(b) {
				t.Fatalf("seed %d: block has room past its end (cap %d, len %d)", seed, cap(b), len(b))
			}
			if r.IntN(3) == 0 {
				all = append(all, kept{b, want})
				s.keep()
			}
			s.drop()
		}
		for i, k := range all {
			if !slices.Equal(k.got, k.want) {
				t.Fatalf("seed %d: kept block %d of %d was overwritten", seed, i, len(all))
			}
		}
		if len(all) < 1000 {
			t.Fatalf("seed %d: only %d blocks kept", seed, len(all))
		}
	}
}

// BenchmarkEntrySlab compares entrySlab with a new slice per block, on
// blocks as the compare step's producer sees them (four in five of one
// entry, dropped; the others of 2-40 entries, kept).
func BenchmarkEntrySlab(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 1))
	sizes := make([]int, 1<<16)
	for i := range sizes {
		sizes[i] = 1
		if r.IntN(5) == 0 {
			sizes[i] = 2 + r.IntN(39)
		}
	}
	var sink []keyEntry
	b.Run("slab", func(b *testing.B) {
		var s entrySlab
		for i := 0; b.Loop(); i++ {
			n := sizes[i%len(sizes)]
			for j := range n {
				s.add(keyEntry{row: int32(j)})
			}
			if n > 1 {
				sink = s.block()
				s.keep()
			}
			s.drop()
		}
	})
	b.Run("alloc", func(b *testing.B) {
		var g []keyEntry
		for i := 0; b.Loop(); i++ {
			n := sizes[i%len(sizes)]
			for j := range n {
				g = append(g, keyEntry{row: int32(j)})
			}
			if n > 1 {
				sink = g
				g = nil
				continue
			}
			g = g[:0]
		}
	})
	_ = sink
}
