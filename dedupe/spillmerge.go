package dedupe

import (
	"context"
	"errors"
	"fmt"
	"io"
)

// The sorter's merge (Each). The keys of a 1M-row run are ~7M entries in
// ~20 runs, merged twice (the group step's two passes); a binary heap of
// sources that each read one record at a time through a closure cost
// ~1.5 CPU-s a pass. Here each run is read a block of records at a time
// and decoded in a loop, and the sources play a tournament of losers:
// one comparison per level of the tree for each record out, instead of
// two for a heap. BenchmarkSorterMerge measures it.

// mergeBlock is the number of records a run source decodes at a time.
const mergeBlock = 2048

// runSource is one sorted input of the merge: a run file read
// mergeBlock records at a time, or the sorter's last buffer.
type runSource[T any] struct {
	recs []T // decoded, not yet merged
	pos  int
	// the run file's part not yet read (f nil: recs is all there is)
	run  sortRun
	off  int64
	left int64
}

// fill decodes the run's next block into recs (buf is scratch space of
// at least mergeBlock records); it returns false at the run's end.
func (r *runSource[T]) fill(codec recordCodec[T], buf []byte) (bool, error) {
	if r.run.f == nil || r.left == 0 {
		return false, nil
	}
	k := min(r.left, mergeBlock)
	b := buf[:int(k)*codec.size]
	if _, err := r.run.f.ReadAt(b, r.off); err != nil && err != io.EOF {
		return false, fmt.Errorf("dedupe: reading %s: %w", r.run.f.Name(), err)
	}
	r.off += int64(len(b))
	r.left -= k
	r.recs = r.recs[:0]
	for ; len(b) > 0; b = b[codec.size:] {
		r.recs = append(r.recs, codec.get(b))
	}
	r.pos = 0
	return true, nil
}

// eachBatch is the number of merged records handed from the merging
// goroutine to Each's caller at a time; eachBatches of them circulate.
const (
	eachBatch   = 4096
	eachBatches = 4
)

// errStopped ends the merge when Each's caller stopped taking records.
var errStopped = errors.New("dedupe: merge stopped")

// Each calls fn with every record in order (after Finish). The merge
// runs on a goroutine of its own and hands the records over in batches,
// so that the merge and fn keep two cores busy: the group step's first
// pass (block sizes) was the merge and fn in turn on one goroutine.
func (s *sorter[T]) Each(ctx context.Context, fn func(T) error) error {
	full := make(chan []T, eachBatches)
	free := make(chan []T, eachBatches)
	for range eachBatches {
		free <- make([]T, 0, eachBatch)
	}
	stop := make(chan struct{})
	var merr error
	go func() {
		defer close(full)
		cur := <-free
		merr = s.merge(ctx, func(v T) error {
			cur = append(cur, v)
			if len(cur) < eachBatch {
				return nil
			}
			select {
			case full <- cur:
			case <-stop:
				return errStopped
			}
			cur = <-free // never blocks for long: fn's side returns every batch
			return nil
		})
		if merr == nil && len(cur) > 0 {
			full <- cur // full has room: at most eachBatches batches exist
		}
	}()
	var err error
	for b := range full {
		if err == nil {
			for _, v := range b {
				if err = fn(v); err != nil {
					close(stop)
					break
				}
			}
		}
		free <- b[:0]
	}
	if err != nil {
		return err
	}
	return merr
}

// merge calls fn with every record in order, on the caller's goroutine.
func (s *sorter[T]) merge(ctx context.Context, fn func(T) error) error {
	buf := make([]byte, mergeBlock*s.codec.size)
	var srcs []*runSource[T]
	for _, r := range s.runs {
		src := &runSource[T]{run: r, left: r.n, recs: make([]T, 0, mergeBlock)}
		ok, err := src.fill(s.codec, buf)
		if err != nil {
			return err
		}
		if ok {
			srcs = append(srcs, src)
		}
	}
	if len(s.buf) > 0 {
		srcs = append(srcs, &runSource[T]{recs: s.buf})
	}
	if len(srcs) == 0 {
		return nil
	}
	// A tournament of losers over the sources: tree[0] is the source
	// whose record is the smallest, tree[i] (0 < i < k) the loser of the
	// match at node i, whose children are nodes 2i and 2i+1; source j
	// is leaf k+j. An exhausted source loses every match; equal records
	// go to the lower source.
	k := len(srcs)
	cur := make([]T, k) // each source's smallest record not yet out
	done := make([]bool, k)
	for i, src := range srcs {
		cur[i] = src.recs[0]
	}
	less := func(a, b int) bool {
		if done[a] || done[b] {
			return !done[a] && done[b]
		}
		if c := s.cmp(cur[a], cur[b]); c != 0 {
			return c < 0
		}
		return a < b
	}
	tree := make([]int, k)
	var build func(node int) int
	build = func(node int) int {
		if node >= k {
			return node - k
		}
		l, r := build(2*node), build(2*node+1)
		if less(r, l) {
			tree[node] = l
			return r
		}
		tree[node] = r
		return l
	}
	tree[0] = build(1) // leaf 0 itself when k is 1
	for n := 0; ; n++ {
		if n&0xffff == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		w := tree[0]
		if done[w] {
			return nil
		}
		if err := fn(cur[w]); err != nil {
			return err
		}
		src := srcs[w]
		if src.pos++; src.pos == len(src.recs) {
			ok, err := src.fill(s.codec, buf)
			if err != nil {
				return err
			}
			done[w] = !ok
		}
		if !done[w] {
			cur[w] = src.recs[src.pos]
		}
		for node := (w + k) / 2; node >= 1; node /= 2 {
			if less(tree[node], w) {
				tree[node], w = w, tree[node]
			}
		}
		tree[0] = w
	}
}
