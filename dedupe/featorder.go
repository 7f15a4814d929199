package dedupe

import (
	"bufio"
	"context"
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"slices"
	"sync/atomic"
	"unsafe"

	"golang.org/x/sync/errgroup"
)

// The feature file in block order. Extract appends the rows' records in
// row order; the compare step reads them block by block, and a read per
// row (one pread each, ~19 % of a 1M-row run's CPU) cost more than
// comparing them. So the group step, which has the sorted keys in hand,
// rewrites the file in the order of the first rule's blocks (the rows
// of one name follow each other, those without a name last, by row):
// the rows of a block of the name rules, and most of a row's duplicates
// in the smaller blocks of the other rules, lie side by side, and the
// compare step reads a batch of blocks with a few large reads
// (featStore.readBatch). BenchmarkFeatBatch compares it with a read per
// row. The rewrite is sequential: the records go to buckets by their new
// place (buckets of bucketBytes), and each bucket is put in order in
// memory and appended to the new file.

// bucketBytes is the size of one bucket of the rewrite, about what it
// holds in memory at once (twice: the bucket and its ordered copy).
const bucketBytes = 8 << 20

// reorder is the new order of the stored rows, built while the group
// step reads the first rule's keys: place[row] is the row's place in the
// new file plus one (0: not placed yet).
type reorder struct {
	place []int32
	next  int32
}

func newReorder(rows int) *reorder { return &reorder{place: make([]int32, rows)} }

// add places row next, unless it has its place already.
func (r *reorder) add(row int32) {
	if r.place[row] == 0 {
		r.next++
		r.place[row] = r.next
	}
}

// finish places the rows not placed after the others, by row, and
// returns rank: each row's place, 0-based.
func (r *reorder) finish() []int32 {
	rank := r.place
	for i, p := range rank {
		if p == 0 {
			r.next++
			p = r.next
		}
		rank[i] = p - 1
	}
	r.place = nil
	return rank
}

// rewriter writes the store's records, given in row order, into a new
// file in the order of rank, and the block sizes into them: both go to
// buckets by place (sizes as they come, so that they need no sort), and
// each bucket's records are put in order in memory, their sizes set,
// and appended to the new file.
type rewriter struct {
	s           *featStore
	rank        []int32
	off         []int64 // by place; off[len] is the end
	per         int32   // places per bucket
	recs, sizes bucketFiles
	// one size entry (size) and one place (add), written on different
	// goroutines; not local arrays, which Write would move to the heap
	sizeBuf  [14]byte
	placeBuf [4]byte
}

// bucketFiles are one buffered file per bucket.
type bucketFiles struct {
	fs  []*os.File
	ws  []*bufio.Writer
	cws []*countWriter
}

func (b *bucketFiles) create(d *spillDir, name string, n int) error {
	for range n {
		f, err := d.create(name)
		if err != nil {
			return err
		}
		cw := &countWriter{w: f, d: d}
		b.fs, b.cws = append(b.fs, f), append(b.cws, cw)
		b.ws = append(b.ws, bufio.NewWriterSize(cw, 32<<10))
	}
	return nil
}

// read flushes bucket i and reads it whole into buf.
func (b *bucketFiles) read(i int, buf []byte) ([]byte, error) {
	if err := b.ws[i].Flush(); err != nil {
		return buf, err
	}
	buf = slices.Grow(buf[:0], int(b.cws[i].n))[:b.cws[i].n]
	if _, err := b.fs[i].ReadAt(buf, 0); err != nil && err != io.EOF {
		return buf, err
	}
	return buf, nil
}

// remove deletes bucket i's file.
func (b *bucketFiles) remove(d *spillDir, i int) {
	if b.fs[i] != nil {
		d.remove(b.fs[i], b.cws[i].n)
		b.fs[i] = nil
	}
}

// newRewriter prepares the rewrite of s through buckets of about
// bucket bytes; the order follows (setRank).
func newRewriter(s *featStore, bucket int64) (*rewriter, error) {
	n := s.rows()
	nb := int(max(1, (s.off[n]+bucket-1)/bucket))
	rw := &rewriter{s: s, per: int32(max(1, (n+nb-1)/nb))}
	if err := rw.recs.create(s.dir, "order", nb); err != nil {
		rw.close()
		return nil, err
	}
	if err := rw.sizes.create(s.dir, "order-sizes", nb); err != nil {
		rw.close()
		return nil, err
	}
	return rw, nil
}

// setRank sets the new order: rank[row] is the row's place.
func (rw *rewriter) setRank(rank []int32) {
	s := rw.s
	n := s.rows()
	off := make([]int64, n+1)
	for row, p := range rank {
		off[p+1] = s.off[row+1] - s.off[row]
	}
	for p := range n {
		off[p+1] += off[p]
	}
	rw.rank, rw.off = rank, off
}

// size takes the size of key slot of the row at place p (before or
// after setRank), and the row's place in the block if it is capped
// (blockKey.pos).
func (rw *rewriter) size(p int32, slot uint16, size, pos uint32) error {
	b := rw.sizeBuf[:]
	keySizeCodec.put(b, keySizeEntry{row: p, slot: slot, size: size, pos: pos})
	_, err := rw.sizes.ws[p/rw.per].Write(b)
	return err
}

// add takes row's record (the rows in any order, each once; after
// setRank).
func (rw *rewriter) add(row int32, rec []byte) error {
	p := rw.rank[row]
	w := rw.recs.ws[p/rw.per]
	h := rw.placeBuf[:]
	binary.LittleEndian.PutUint32(h, uint32(p))
	w.Write(h)
	_, err := w.Write(rec)
	return err
}

// finish writes the new file from the buckets, on workers goroutines
// (each bucket is one range of the file), a key over maxBlock rows
// capped, and makes it the store's file, read by place.
func (rw *rewriter) finish(ctx context.Context, maxBlock, workers int) error {
	defer rw.close()
	s := rw.s
	f, err := s.dir.create("features")
	if err != nil {
		return err
	}
	var written atomic.Int64
	bucket := func(b int, in, buf []byte) ([]byte, []byte, error) {
		lo := int32(b) * rw.per
		hi := min(lo+rw.per, int32(len(rw.rank)))
		var err error
		if in, err = rw.recs.read(b, in); err != nil {
			return in, buf, err
		}
		base := rw.off[lo]
		if lo < hi {
			buf = slices.Grow(buf[:0], int(rw.off[hi]-base))[:rw.off[hi]-base]
		}
		for len(in) > 0 {
			if len(in) < 4 {
				return in, buf, errCorrupt
			}
			p := int32(binary.LittleEndian.Uint32(in))
			if p < lo || p >= hi {
				return in, buf, errCorrupt
			}
			n := rw.off[p+1] - rw.off[p]
			if int64(len(in)-4) < n {
				return in, buf, errCorrupt
			}
			copy(buf[rw.off[p]-base:], in[4:4+n])
			in = in[4+n:]
		}
		rw.recs.remove(s.dir, b)
		// A key no other row shares gets no size from the group step
		// (about a third of the keys): it is set here, where every
		// key's size is still 0 (as extracted, or as an index saved
		// it), before the sizes of the others.
		for p := lo; p < hi; p++ {
			rec := buf[rw.off[p]-base : rw.off[p+1]-base]
			if len(rec) < 2 {
				return in, buf, errCorrupt
			}
			n := int(binary.LittleEndian.Uint16(rec))
			if 2+int64(n)*keySize > int64(len(rec)) {
				return in, buf, errCorrupt
			}
			for slot := range n {
				if binary.LittleEndian.Uint32(rec[2+slot*keySize+keySizeAt:]) == 0 {
					setKeySize(rec, slot, 1, 1 > maxBlock, 0)
				}
			}
		}
		if in, err = rw.sizes.read(b, in); err != nil {
			return in, buf, err
		}
		for ; len(in) >= keySizeCodec.size; in = in[keySizeCodec.size:] {
			e := keySizeCodec.get(in)
			if e.row < lo || e.row >= hi || 2+(int64(e.slot)+1)*keySize > rw.off[e.row+1]-rw.off[e.row] {
				return in, buf, errCorrupt
			}
			setKeySize(buf[rw.off[e.row]-base:], int(e.slot), e.size, int(e.size) > maxBlock, e.pos)
		}
		rw.sizes.remove(s.dir, b)
		if lo < hi {
			n, err := f.WriteAt(buf, base)
			written.Add(int64(n))
			s.dir.grow(int64(n))
			if err != nil {
				return in, buf, err
			}
		}
		return in, buf, nil
	}
	g, gctx := errgroup.WithContext(ctx)
	var next atomic.Int64
	for range max(1, workers) {
		g.Go(func() error {
			var in, buf []byte
			for {
				b := int(next.Add(1)) - 1
				if b >= len(rw.recs.fs) {
					return nil
				}
				if err := gctx.Err(); err != nil {
					return err
				}
				var err error
				if in, buf, err = bucket(b, in, buf); err != nil {
					return err
				}
			}
		})
	}
	if err := g.Wait(); err != nil {
		s.dir.remove(f, written.Load())
		return fmt.Errorf("dedupe: ordering features: %w", err)
	}
	s.dir.remove(s.f, s.cw.n)
	s.f, s.cw, s.w, s.off, s.rank = f, &countWriter{w: f, d: s.dir, n: written.Load()}, nil, rw.off, rw.rank
	return nil
}

// close removes the buckets left.
func (rw *rewriter) close() {
	for b := range rw.recs.fs {
		rw.recs.remove(rw.s.dir, b)
	}
	for b := range rw.sizes.fs {
		rw.sizes.remove(rw.s.dir, b)
	}
}

// batchReader reads the records of a batch of rows with as few reads as
// the file's order allows (featStore.readBatch); its buffers are
// re-used from batch to batch.
type batchReader struct {
	order []uint64 // place<<32 | index of each row, sorted (by place)
	buf   []byte
	recs  []string
}

// gapBytes is the most bytes between two wanted records that one read
// reads through (a syscall costs about as much as copying a few KiB).
const gapBytes = 2 << 10

// readBatch returns the records of rows (recs[i] is that of rows[i]),
// substrings of the reader's buffer (or of the store's memory, for a
// small file): they, and every string decoded from them, stay valid
// only until the next call.
func (s *featStore) readBatch(rows []int32, b *batchReader) ([]string, error) {
	b.recs = slices.Grow(b.recs[:0], len(rows))[:len(rows)]
	if s.mem != nil {
		mem := unsafe.String(unsafe.SliceData(s.mem), len(s.mem)) // never written after open
		for i, r := range rows {
			p := s.placeOf(r)
			b.recs[i] = mem[s.off[p]:s.off[p+1]]
		}
		return b.recs, nil
	}
	b.order = b.order[:0]
	for i, r := range rows {
		b.order = append(b.order, uint64(s.placeOf(r))<<32|uint64(i))
	}
	slices.Sort(b.order) // one look-up of each row's place, no comparison function
	// spans of places read at once, and where each lands in buf
	size := int64(0)
	type span struct{ lo, hi, at int64 }
	var spans []span
	for _, o := range b.order {
		p := int32(o >> 32)
		lo, hi := s.off[p], s.off[p+1]
		if k := len(spans) - 1; k >= 0 && lo <= spans[k].hi+gapBytes {
			if hi > spans[k].hi {
				size += hi - spans[k].hi
				spans[k].hi = hi
			}
			continue
		}
		spans = append(spans, span{lo, hi, size})
		size += hi - lo
	}
	b.buf = slices.Grow(b.buf[:0], int(size))[:size]
	for _, sp := range spans {
		if _, err := s.f.ReadAt(b.buf[sp.at:sp.at+sp.hi-sp.lo], sp.lo); err != nil {
			return nil, fmt.Errorf("dedupe: reading features: %w", err)
		}
	}
	// No copy: the records are decoded and compared before the next
	// batch re-uses buf, and nothing keeps their strings (the name
	// matcher gets copies: nameComparer.call). A string made per batch
	// instead was kept alive, whole, by any Features left holding one of
	// its words (+340 MiB peak RSS at 1M rows).
	str := unsafe.String(unsafe.SliceData(b.buf), len(b.buf))
	k := 0
	for _, o := range b.order {
		p, i := int32(o>>32), uint32(o)
		lo := s.off[p]
		for lo >= spans[k].hi {
			k++
		}
		at := spans[k].at + lo - spans[k].lo
		b.recs[i] = str[at : at+s.off[p+1]-lo]
	}
	return b.recs, nil
}

// keySizeEntry is the block size of one key of a row (of the record at
// a place, in the rewrite) and the row's place in the block if it is
// capped.
type keySizeEntry struct {
	row       int32
	slot      uint16
	size, pos uint32
}

var keySizeCodec = recordCodec[keySizeEntry]{
	size: 14,
	put: func(b []byte, e keySizeEntry) {
		binary.LittleEndian.PutUint32(b, uint32(e.row))
		binary.LittleEndian.PutUint16(b[4:], e.slot)
		binary.LittleEndian.PutUint32(b[6:], e.size)
		binary.LittleEndian.PutUint32(b[10:], e.pos)
	},
	get: func(b []byte) keySizeEntry {
		return keySizeEntry{row: int32(binary.LittleEndian.Uint32(b)), slot: binary.LittleEndian.Uint16(b[4:]),
			size: binary.LittleEndian.Uint32(b[6:]), pos: binary.LittleEndian.Uint32(b[10:])}
	},
}
