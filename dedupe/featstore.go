package dedupe

import (
	"bufio"
	"fmt"
	"os"
	"slices"
	"sync"
	"sync/atomic"
)

// featStore holds every row's encoded features and keys in one file,
// appended in row order and read back by row. Once written, the file is
// read in whole when small, or else mapped into memory where the
// platform can (featstore_map_linux.go): the compare step reads a few
// million records at random, and one read call each cost it more than
// comparing them. The mapped pages count towards the process's resident
// memory, so the mapping lets them go whenever more than mappedBudget of
// them are resident; the page cache keeps them, and the next read maps
// them back without a read call. Elsewhere each record is read with
// ReadAt.
type featStore struct {
	dir *spillDir
	f   *os.File
	w   *bufio.Writer
	cw  *countWriter
	// off[i] is where row i starts; off[len(off)-1] is the end.
	off []int64
	// mem, when set, holds the whole file (read in, or mapped): read
	// serves from it instead of the file.
	mem []byte
	// mapped: mem is the file mapped; reads counts the reads since, and
	// trimMu lets one reader at a time check the resident pages.
	// base is the process's resident file pages when it was mapped.
	mapped bool
	base   int64
	reads  atomic.Int64
	trimMu sync.Mutex
}

// storeCacheMax is the largest feature file kept in memory whole.
const storeCacheMax = 64 << 20

// mappedBudget is how much of the mapped feature file may stay resident;
// trimEvery is the number of reads between two checks.
const (
	mappedBudget = 64 << 20
	trimEvery    = 1024
)

// open makes the written file readable from memory: read in whole if it
// is at most max bytes, else mapped where the platform can (no more
// writes may follow).
func (s *featStore) open(max int64) error {
	size := s.off[len(s.off)-1]
	if size > max {
		if mem, err := mapFile(s.f, size); err == nil {
			s.mem, s.mapped, s.base = mem, true, residentFile()
		}
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

// read returns row i's record, read into buf (or a part of mem, not to
// be written to).
func (s *featStore) read(i int32, buf []byte) ([]byte, error) {
	lo, hi := s.off[i], s.off[i+1]
	if s.mem != nil {
		if s.mapped && s.reads.Add(1)%trimEvery == 0 {
			s.trim()
		}
		return s.mem[lo:hi], nil
	}
	buf = slices.Grow(buf[:0], int(hi-lo))[:hi-lo]
	if _, err := s.f.ReadAt(buf, lo); err != nil {
		return nil, fmt.Errorf("dedupe: reading features of row %d: %w", i, err)
	}
	return buf, nil
}

// trim lets the mapped pages go when more than mappedBudget of the file
// are resident.
func (s *featStore) trim() {
	if !s.trimMu.TryLock() {
		return // another reader is at it
	}
	defer s.trimMu.Unlock()
	if r := residentFile(); r < 0 || r-s.base > mappedBudget {
		releaseMapped(s.mem)
	}
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

// loadKeys reads row i and decodes only its keys (a row's keys tell
// which of its pairs a block owns before its features are decoded).
func (s *featStore) loadKeys(i int32, buf []byte, keys []blockKey) ([]byte, []blockKey, error) {
	rec, err := s.read(i, buf)
	if err != nil {
		return buf, keys, err
	}
	if s.mem == nil {
		buf = rec
	}
	keys, err = decodeKeys(rec, keys)
	if err != nil {
		return buf, keys, fmt.Errorf("row %d: %w", i, err)
	}
	return buf, keys, nil
}

// close removes the file and drops the offsets; no read may be under
// way.
func (s *featStore) close() {
	if s.f != nil {
		if s.mapped {
			unmapFile(s.mem)
		}
		s.dir.remove(s.f, s.cw.n)
		s.f, s.mem, s.off, s.mapped = nil, nil, nil, false
	}
}
