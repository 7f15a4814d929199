package dedupe

// entrySlab holds the entries of the block being read (groupAndCompare's
// producer) in slabs, not in an allocation per block: most keys are a
// block of one row, never sent to a worker, and a block sent is read by a
// worker while the producer reads on. The current block is buf[lo:]. A
// block kept (sent) stays in place for the job that reads it and the next
// block starts after it; a block dropped (not sent) is cut off and its
// room reused. A block that outgrows the slab moves to a new one; the old
// slab stays with the jobs that hold parts of it. BenchmarkEntrySlab
// compares it with an allocation per block.
type entrySlab struct {
	buf []keyEntry
	lo  int
}

// slabEntries is the size of a new slab in entries.
const slabEntries = 1 << 15

// add appends e to the current block.
func (s *entrySlab) add(e keyEntry) {
	if len(s.buf) == cap(s.buf) {
		next := make([]keyEntry, 0, max(slabEntries, 2*(len(s.buf)-s.lo)))
		s.buf, s.lo = append(next, s.buf[s.lo:]...), 0
	}
	s.buf = append(s.buf, e)
}

// block returns the current block's entries (a slice whose capacity ends
// at its length: nothing appended to it reaches the slab).
func (s *entrySlab) block() []keyEntry { return s.buf[s.lo:len(s.buf):len(s.buf)] }

// keep leaves the current block's entries in place (a job holds them)
// and starts the next block after them.
func (s *entrySlab) keep() { s.lo = len(s.buf) }

// drop empties the current block for reuse.
func (s *entrySlab) drop() { s.buf = s.buf[:s.lo] }
