package dedupe

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/namepipe/namepipe/outfile"
)

// Spilling: Run keeps O(1) bytes per row in memory (a few int32 arrays)
// and puts everything that grows with the rows on disk, in one temporary
// directory removed when Run returns:
//
//	featStore  the rows' encoded features and keys (featcodec.go), read
//	           back by row with ReadAt (the page cache holds the hot part)
//	sorter     fixed-size records sorted externally: sorted runs of at
//	           most a memory budget each, merged k ways when read
//
// BenchmarkSorter measures the sorter against sorting in memory.

// spillDir is the temporary directory of one run; it counts the bytes
// of its files (now and at the most).
type spillDir struct {
	path       string
	leftovers  []string // directories of killed runs removed on creation
	cur, peak  atomic.Int64
	nextFileID atomic.Int64
}

// spillPrefix starts the temporary directories' names, followed by the
// owning process's ID.
const spillPrefix = "namepipe-dedupe-"

// newSpillDir creates a temporary directory under parent (os.TempDir
// when empty), first removing those of runs whose process is gone.
func newSpillDir(parent string) (*spillDir, error) {
	if parent == "" {
		parent = os.TempDir()
	}
	left := outfile.RemoveLeftovers(parent, spillPrefix)
	p, err := os.MkdirTemp(parent, outfile.TempPattern(spillPrefix))
	if err != nil {
		return nil, fmt.Errorf("dedupe: temporary directory: %w", err)
	}
	return &spillDir{path: p, leftovers: left}, nil
}

// create opens a new file in the directory.
func (d *spillDir) create(name string) (*os.File, error) {
	f, err := os.Create(filepath.Join(d.path, fmt.Sprintf("%s-%d", name, d.nextFileID.Add(1))))
	if err != nil {
		return nil, fmt.Errorf("dedupe: temporary file: %w", err)
	}
	return f, nil
}

// grow records n more bytes on disk (n < 0: fewer).
func (d *spillDir) grow(n int64) {
	c := d.cur.Add(n)
	for {
		p := d.peak.Load()
		if c <= p || d.peak.CompareAndSwap(p, c) {
			return
		}
	}
}

// remove deletes a file of the directory of size bytes.
func (d *spillDir) remove(f *os.File, size int64) {
	f.Close()
	os.Remove(f.Name())
	d.grow(-size)
}

// close removes the directory and everything in it.
func (d *spillDir) close() error {
	if err := os.RemoveAll(d.path); err != nil {
		return fmt.Errorf("dedupe: removing %s: %w", d.path, err)
	}
	return nil
}

// countWriter counts the bytes written through it into the directory.
type countWriter struct {
	w io.Writer
	d *spillDir
	n int64
}

func (c *countWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	c.d.grow(int64(n))
	return n, err
}

// recordCodec encodes a T as exactly size bytes.
type recordCodec[T any] struct {
	size int
	put  func(b []byte, v T)
	get  func(b []byte) T
}

// sorter sorts records of type T by cmp with bounded memory: Add
// collects them, a full buffer is sorted and written as a run file, and
// Each merges the runs (and the last buffer, kept in memory) in order.
// Add is safe for concurrent use; Each may be called more than once
// after Finish.
type sorter[T any] struct {
	dir   *spillDir
	name  string
	codec recordCodec[T]
	cmp   func(a, b T) int
	// sort, when set, sorts a buffer by cmp faster than slices.SortFunc
	// (sortKeyEntries).
	sort func([]T)
	max  int // records per run

	mu   sync.Mutex
	buf  []T
	runs []sortRun
	n    int64
	// spilling is the run being sorted and written in the background
	// (at most one: memory holds at most two buffers); spillErr its error.
	spilling sync.WaitGroup
	spillMu  sync.Mutex
	spillErr error
	spare    []T
}

// sortRun is one sorted run file.
type sortRun struct {
	f    *os.File
	n    int64
	size int64
}

// newSorter returns a sorter whose two in-memory buffers (one filling,
// one being written) hold memBytes of encoded records together.
func newSorter[T any](dir *spillDir, name string, codec recordCodec[T], cmp func(a, b T) int, memBytes int) *sorter[T] {
	return &sorter[T]{dir: dir, name: name, codec: codec, cmp: cmp, max: max(1024, memBytes/2/codec.size)}
}

// Add adds records.
func (s *sorter[T]) Add(vs ...T) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for len(vs) > 0 {
		k := min(len(vs), s.max-len(s.buf))
		s.buf = append(s.buf, vs[:k]...)
		vs = vs[k:]
		s.n += int64(k)
		if len(s.buf) == s.max {
			if err := s.spillBackground(); err != nil {
				return err
			}
		}
	}
	return nil
}

// spillBackground hands the full buffer to a goroutine that sorts and
// writes it, once the previous one is done, and goes on with a fresh
// buffer.
func (s *sorter[T]) spillBackground() error {
	s.spilling.Wait()
	if err := s.takeErr(); err != nil {
		return err
	}
	full := s.buf
	s.buf = s.spare[:0]
	s.spare = nil
	s.spilling.Add(1)
	go func() {
		defer s.spilling.Done()
		err := s.spill(full)
		s.spillMu.Lock()
		s.spillErr = err
		s.spare = full[:0]
		s.spillMu.Unlock()
	}()
	return nil
}

func (s *sorter[T]) takeErr() error {
	s.spillMu.Lock()
	defer s.spillMu.Unlock()
	return s.spillErr
}

// Len is the number of records added.
func (s *sorter[T]) Len() int64 { return s.n }

// spill sorts buf and writes it as a run.
func (s *sorter[T]) spill(buf []T) error {
	s.sortBuf(buf)
	f, err := s.dir.create(s.name)
	if err != nil {
		return err
	}
	cw := &countWriter{w: f, d: s.dir}
	w := bufio.NewWriterSize(cw, 1<<18)
	rec := make([]byte, s.codec.size)
	for _, v := range buf {
		s.codec.put(rec, v)
		if _, err := w.Write(rec); err != nil {
			break
		}
	}
	if err := w.Flush(); err != nil {
		s.dir.remove(f, cw.n)
		return fmt.Errorf("dedupe: writing %s: %w", f.Name(), err)
	}
	s.spillMu.Lock()
	s.runs = append(s.runs, sortRun{f: f, n: int64(len(buf)), size: cw.n})
	s.spillMu.Unlock()
	return nil
}

// sortBuf sorts buf by cmp.
func (s *sorter[T]) sortBuf(buf []T) {
	if s.sort != nil {
		s.sort(buf)
		return
	}
	slices.SortFunc(buf, s.cmp)
}

// Finish sorts the last buffer (kept in memory) and waits for the runs
// being written; no Add may follow.
func (s *sorter[T]) Finish() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.sortBuf(s.buf)
	s.spilling.Wait()
	s.spare = nil
	return s.takeErr()
}

// Runs is the number of run files written.
func (s *sorter[T]) Runs() int { return len(s.runs) }

// Close removes the run files and drops the buffer.
func (s *sorter[T]) Close() {
	s.spilling.Wait()
	for _, r := range s.runs {
		s.dir.remove(r.f, r.size)
	}
	s.runs, s.buf = nil, nil
}

// spool keeps records of type T in the order they are added with
// bounded memory: a full buffer is appended to one file, and Each reads
// the file back sequentially, then the last buffer (kept in memory). Add
// is safe for concurrent use; Each may be called more than once after
// Finish.
type spool[T any] struct {
	dir   *spillDir
	name  string
	codec recordCodec[T]
	max   int // records in memory

	mu  sync.Mutex
	buf []T
	f   *os.File
	cw  *countWriter
	enc []byte
	n   int64 // records in the file
}

// newSpool returns a spool whose buffer holds half of memBytes of encoded
// records.
func newSpool[T any](dir *spillDir, name string, codec recordCodec[T], memBytes int) *spool[T] {
	return &spool[T]{dir: dir, name: name, codec: codec, max: max(1024, min(memBytes/2/codec.size, spoolMax))}
}

// spoolMax bounds the records a spool keeps in memory: it only needs a
// buffer's worth for its writes.
const spoolMax = 1 << 16

// Add adds records.
func (s *spool[T]) Add(vs ...T) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.buf = append(s.buf, vs...)
	if len(s.buf) < s.max {
		return nil
	}
	if s.f == nil {
		f, err := s.dir.create(s.name)
		if err != nil {
			return err
		}
		s.f, s.cw = f, &countWriter{w: f, d: s.dir}
	}
	s.enc = slices.Grow(s.enc[:0], len(s.buf)*s.codec.size)[:len(s.buf)*s.codec.size]
	for i, v := range s.buf {
		s.codec.put(s.enc[i*s.codec.size:], v)
	}
	if _, err := s.cw.Write(s.enc); err != nil {
		return fmt.Errorf("dedupe: writing %s: %w", s.f.Name(), err)
	}
	s.n += int64(len(s.buf))
	s.buf = s.buf[:0]
	return nil
}

// Finish ends the adding.
func (s *spool[T]) Finish() error {
	s.enc = nil
	return nil
}

// EachPart calls fn with part of parts of the records, in the order
// added (after Finish): the parts together hold every record once, and
// may be read at the same time.
func (s *spool[T]) EachPart(ctx context.Context, part, parts int, fn func(T) error) error {
	lo, hi := s.n*int64(part)/int64(parts), s.n*int64(part+1)/int64(parts)
	if s.f != nil && hi > lo {
		size := int64(s.codec.size)
		rd := io.NewSectionReader(s.f, lo*size, (hi-lo)*size)
		chunk := make([]byte, (1<<16)*size)
		for left := hi - lo; left > 0; {
			if err := ctx.Err(); err != nil {
				return err
			}
			k := min(left, 1<<16)
			b := chunk[:k*size]
			if _, err := io.ReadFull(rd, b); err != nil {
				return fmt.Errorf("dedupe: reading %s: %w", s.f.Name(), err)
			}
			for ; len(b) > 0; b = b[size:] {
				if err := fn(s.codec.get(b)); err != nil {
					return err
				}
			}
			left -= k
		}
	}
	if part == parts-1 {
		for _, v := range s.buf {
			if err := fn(v); err != nil {
				return err
			}
		}
	}
	return nil
}

// Close removes the file and drops the buffer.
func (s *spool[T]) Close() {
	if s.f != nil {
		s.dir.remove(s.f, s.cw.n)
		s.f = nil
	}
	s.buf = nil
}
