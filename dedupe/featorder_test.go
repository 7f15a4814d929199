package dedupe

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestFeatStoreReorder rewrites a store in a shuffled order through
// several buckets, setting block sizes given before and after the order
// is complete: every row reads back as written with its sizes, alone and
// in batches (with repeats), from the file and from memory, and no
// temporary file is left.
func TestFeatStoreReorder(t *testing.T) {
	t.Parallel()
	const n, maxBlock = 5000, 24
	for _, mem := range []bool{false, true} {
		t.Run(fmt.Sprint("mem ", mem), func(t *testing.T) {
			t.Parallel()
			s, dir := testFeatStore(t)
			r := rand.New(rand.NewPCG(3, 4))
			feats := make([]Features, n)
			keys := make([][]blockKey, n)
			for i := range n {
				feats[i] = Features{Row: int32(i), Tokens: []string{strings.Repeat("w", i%300)}}
				for range r.IntN(4) {
					keys[i] = append(keys[i], blockKey{h: r.Uint64(), rule: Rule(r.IntN(int(NumRules)))})
				}
				if err := s.append(appendFeatures(nil, &feats[i], keys[i])); err != nil {
					t.Fatal(err)
				}
			}
			if err := s.flush(); err != nil {
				t.Fatal(err)
			}
			rw, err := newRewriter(s, 64<<10)
			if err != nil {
				t.Fatal(err)
			}
			if len(rw.recs.fs) < 5 {
				t.Fatalf("%d buckets: the test wants several", len(rw.recs.fs))
			}
			ro := newReorder(n)
			var early []int32                   // rows placed, whose sizes come before the order is complete
			for _, i := range r.Perm(n)[:n/2] { // half placed, the rest by row
				ro.add(int32(i))
				ro.add(int32(i)) // placed once
				early = append(early, int32(i))
			}
			setSizes := func(rows []int32, place func(int32) int32) {
				for _, i := range rows {
					for slot := range keys[i] {
						k := &keys[i][slot]
						k.size = uint32(r.IntN(50))
						k.capped = int(k.size) > maxBlock
						if k.capped {
							k.pos = uint32(1 + r.IntN(1000))
						}
						if err := rw.size(place(i), uint16(slot), k.size, k.pos); err != nil {
							t.Fatal(err)
						}
					}
				}
			}
			setSizes(early, func(i int32) int32 { return ro.place[i] - 1 })
			rank := ro.finish()
			if !slices.Equal(slices.Sorted(slices.Values(slices.Clone(rank))), func() []int32 {
				out := make([]int32, n)
				for i := range out {
					out[i] = int32(i)
				}
				return out
			}()) {
				t.Fatal("ranks are not a permutation")
			}
			rw.setRank(rank)
			var late []int32
			for i := range int32(n) {
				if !slices.Contains(early, i) {
					late = append(late, i)
				}
			}
			setSizes(late, func(i int32) int32 { return rank[i] })
			for _, i := range r.Perm(n) { // any order
				rec, err := s.read(int32(i), nil)
				if err != nil {
					t.Fatal(err)
				}
				if err := rw.add(int32(i), rec); err != nil {
					t.Fatal(err)
				}
			}
			if err := rw.finish(context.Background(), maxBlock, 3); err != nil {
				t.Fatal(err)
			}
			limit := int64(0)
			if mem {
				limit = 1 << 30
			}
			if err := s.open(limit); err != nil {
				t.Fatal(err)
			}
			if (s.mem != nil) != mem {
				t.Fatalf("in memory %v, want %v", s.mem != nil, mem)
			}
			want := make([]string, n)
			for i := range n {
				want[i] = string(appendFeatures(nil, &feats[i], keys[i]))
				got, err := s.read(int32(i), nil)
				if err != nil {
					t.Fatal(err)
				}
				if string(got) != want[i] {
					t.Fatalf("row %d: got %q, want %q", i, got, want[i])
				}
			}
			var br batchReader
			for range 200 {
				rows := make([]int32, r.IntN(300))
				for k := range rows {
					rows[k] = int32(r.IntN(n))
					if k > 0 && r.IntN(4) == 0 {
						rows[k] = (rows[k-1] + 1) % n // neighbours too
					}
				}
				got, err := s.readBatch(rows, &br)
				if err != nil {
					t.Fatal(err)
				}
				for k, row := range rows {
					if got[k] != want[row] {
						t.Fatalf("batch entry %d (row %d): got %q, want %q", k, row, got[k], want[row])
					}
				}
			}
			s.close()
			if c := dir.cur.Load(); c != 0 {
				t.Errorf("%d bytes left after close", c)
			}
		})
	}
}

// BenchmarkFeatBatch reads batches of 2,048 rows as the compare step
// does, from a store of 400,000 records of 250 bytes (100 MB, too large
// to be kept in memory) whose rows come in runs of 30 of one name, as
// the first rule's blocks: a read per row from the file in row order
// (the rows of a run scattered), against the file rewritten in block
// order and read a batch at a time (featStore.readBatch). ns/op is per
// row read.
func BenchmarkFeatBatch(b *testing.B) {
	const n, run, batch = 400_000, 30, 2048
	s, _ := testFeatStore(b)
	rec := bytes.Repeat([]byte{'x'}, 250)
	for range n {
		if err := s.append(rec); err != nil {
			b.Fatal(err)
		}
	}
	if err := s.flush(); err != nil {
		b.Fatal(err)
	}
	// names: runs of rows, scattered over the file
	r := rand.New(rand.NewPCG(1, 2))
	byName := r.Perm(n)
	batches := func(yield func([]int32) bool) {
		var rows []int32
		for k := 0; ; k = (k + run) % (n - run) {
			for _, row := range byName[k : k+run] {
				rows = append(rows, int32(row))
			}
			if len(rows) >= batch {
				if !yield(rows) {
					return
				}
				rows = rows[:0]
			}
		}
	}
	b.Run("row order, a read per row", func(b *testing.B) {
		var buf []byte
		var err error
		b.SetBytes(250)
		i := 0
		for rows := range batches {
			for _, row := range rows {
				if buf, err = s.read(row, buf); err != nil {
					b.Fatal(err)
				}
			}
			if i += len(rows); i >= b.N {
				break
			}
		}
	})
	ro := newReorder(n)
	for _, row := range byName {
		ro.add(int32(row))
	}
	rw, err := newRewriter(s, bucketBytes)
	if err != nil {
		b.Fatal(err)
	}
	rw.setRank(ro.finish())
	for row := range int32(n) {
		if err := rw.add(row, rec); err != nil {
			b.Fatal(err)
		}
	}
	if err := rw.finish(context.Background(), 24, 2); err != nil {
		b.Fatal(err)
	}
	b.Run("block order, a batch at a time", func(b *testing.B) {
		var br batchReader
		b.SetBytes(250)
		i := 0
		for rows := range batches {
			if _, err := s.readBatch(rows, &br); err != nil {
				b.Fatal(err)
			}
			if i += len(rows); i >= b.N {
				break
			}
		}
	})
}
