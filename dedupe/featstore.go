package dedupe

import (
	"bufio"
	"fmt"
	"os"
	"slices"
)

// featStore holds every row's encoded features and keys in one file,
// appended in row order (and rewritten in block order by the group
// step: featorder.go) and read back by row with ReadAt (the page cache
// holds the hot part), or from memory when the file is small.
// (Mapping the file instead cost more than it saved: its pages count
// towards the resident memory, and letting them go to bound it made
// every read a page fault.)
type featStore struct {
	dir *spillDir
	f   *os.File
	w   *bufio.Writer
	cw  *countWriter
	// off[i] is where the record at place i starts (the place of row r
	// is r, or rank[r] once the file is in block order);
	// off[len(off)-1] is the end.
	off  []int64
	rank []int32
	// mem, when set, holds the whole file (a small one): read serves
	// from it instead of the file.
	mem []byte
}

// storeCacheMax is the largest feature file kept in memory whole.
const storeCacheMax = 64 << 20

// open reads the written file into memory if it is at most max bytes
// (no more writes may follow).
func (s *featStore) open(max int64) error {
	size := s.off[len(s.off)-1]
	if size > max {
		return nil
	}
	mem := make([]byte, size)
	if _, err := s.f.ReadAt(mem, 0); err != nil {
		return fmt.Errorf("dedupe: reading features: %w", err)
	}
	s.mem = mem
	return nil
}

func newFeatStore(dir *spillDir) (*featStore, error) {
	f, err := dir.create("features")
	if err != nil {
		return nil, err
	}
	cw := &countWriter{w: f, d: dir}
	return &featStore{dir: dir, f: f, cw: cw, w: bufio.NewWriterSize(cw, 1<<18), off: []int64{0}}, nil
}

// append adds the next row's record.
func (s *featStore) append(rec []byte) error {
	if _, err := s.w.Write(rec); err != nil {
		return fmt.Errorf("dedupe: writing features: %w", err)
	}
	s.off = append(s.off, s.off[len(s.off)-1]+int64(len(rec)))
	return nil
}

// flush ends the appending.
func (s *featStore) flush() error {
	if err := s.w.Flush(); err != nil {
		return fmt.Errorf("dedupe: writing features: %w", err)
	}
	s.off = slices.Clip(s.off)
	return nil
}

// rows is the number of rows stored.
func (s *featStore) rows() int { return len(s.off) - 1 }

// placeOf returns the place of row i's record in the file.
func (s *featStore) placeOf(i int32) int32 {
	if s.rank != nil {
		return s.rank[i]
	}
	return i
}

// read returns row i's record, read into buf (or a part of mem, not to
// be written to).
func (s *featStore) read(i int32, buf []byte) ([]byte, error) {
	p := s.placeOf(i)
	lo, hi := s.off[p], s.off[p+1]
	if s.mem != nil {
		return s.mem[lo:hi], nil
	}
	buf = slices.Grow(buf[:0], int(hi-lo))[:hi-lo]
	if _, err := s.f.ReadAt(buf, lo); err != nil {
		return nil, fmt.Errorf("dedupe: reading features of row %d: %w", i, err)
	}
	return buf, nil
}

// load reads and decodes row i into f and keys; buf is a scratch
// buffer, returned grown.
func (s *featStore) load(i int32, buf []byte, f *Features, keys []blockKey) ([]byte, []blockKey, error) {
	rec, err := s.read(i, buf)
	if err != nil {
		return buf, keys, err
	}
	if s.mem == nil {
		buf = rec
	}
	keys, err = decodeFeatures(rec, f, keys)
	if err != nil {
		return buf, keys, fmt.Errorf("row %d: %w", i, err)
	}
	return buf, keys, nil
}

// close removes the file and drops the offsets.
func (s *featStore) close() {
	if s.f != nil {
		s.dir.remove(s.f, s.cw.n)
		s.f, s.mem, s.off, s.rank = nil, nil, nil, nil
	}
}
