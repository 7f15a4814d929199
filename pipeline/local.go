package pipeline

import (
	"encoding/binary"
	"fmt"

	"github.com/namepipe/namepipe/record"
)

// local is the path of an in-process service (nameapi.InProcess) without
// a persistent cache: a worker takes a whole batch of rows, computes every
// operation of every row back to back and fills the batch's output rows.
// Queueing a task per operation would cost more than most operations do,
// so there are no tasks, no requests in flight to join and no shared
// cache to lock: each worker keeps its own memo of recent results.
//
// Calls still go through runner.call, so the rate limit, retries, the
// consecutive-failure stop and the run's cancellation behave as on the
// remote path.
type local struct {
	r       *runner
	batches chan *batch
}

func newLocal(r *runner) *local {
	return &local{r: r, batches: make(chan *batch, r.o.Concurrency)}
}

// work computes batches until the queue is closed.
func (l *local) work() {
	w := newLocalWorker(l.r)
	for b := range l.batches {
		w.compute(b)
	}
}

// localWorker is one worker's state: per operation, the input columns it
// reads, its memo of answers by those cells, and scratch space.
type localWorker struct {
	r     *runner
	build func(*record.Record) (Request, error) // re-uses the memory of the last row's request
	ops   []localOp
	key   []byte         // the cells of one operation, encoded
	outs  []Outcome      // all zero but one, to format one outcome
	dst   []record.Value // the appended columns, to format one outcome
}

type localOp struct {
	op    Op
	reads []int
	memo  *memo
}

func newLocalWorker(r *runner) *localWorker {
	w := &localWorker{r: r, build: r.o.Plan.NewBuilder(), outs: make([]Outcome, len(r.ops)), dst: make([]record.Value, r.nres)}
	for _, op := range r.ops {
		w.ops = append(w.ops, localOp{op: op, reads: r.o.Plan.Reads(op), memo: newMemo(r.o.MemoryCacheSize, r.o.Concurrency*len(r.ops))})
	}
	return w
}

// compute resolves every operation of every row of b and fills it. Each
// row is built (Build validates the whole row and says which operations
// apply); an operation is then answered from the memo when its cells were
// seen before, with its result columns already formatted.
func (w *localWorker) compute(b *batch) {
	r := w.r
	nops := len(r.ops)
	var hits int64
	for i := range b.recs {
		req := r.prepare(b, i, w.build)
		if req == nil {
			continue
		}
		stopped := r.stopCtx.Err() != nil
		outcomes, formatted := b.rowOutcomes(i, nops), b.formatted[i*nops:(i+1)*nops]
		for j := range w.ops {
			lo := &w.ops[j]
			if !req.Applies(lo.op) {
				continue
			}
			if stopped {
				outcomes[j] = Outcome{Err: r.stoppedErr(nil)}
				continue
			}
			e, hit := w.resolve(&b.recs[i], req, j)
			outcomes[j], formatted[j] = e.o, e.vals
			if hit {
				hits++
			}
		}
	}
	if hits > 0 {
		r.st.memHits.Add(hits)
	}
	r.fill(b)
}

// resolve answers operation j of one row from the memo or the service.
func (w *localWorker) resolve(rec *record.Record, req Request, j int) (e memoEntry, hit bool) {
	lo := &w.ops[j]
	if !lo.memo.on() {
		return w.answer(req, j), false
	}
	w.key = appendCells(w.key[:0], rec.Values, lo.reads)
	if e, ok := lo.memo.get(w.key); ok {
		return e, true
	}
	e = w.answer(req, j)
	if reusable(e.o) {
		lo.memo.put(w.key, e)
	}
	return e, false
}

// answer calls the service for operation j and formats the result.
func (w *localWorker) answer(req Request, j int) memoEntry {
	o := w.r.call(req, w.r.ops[j])
	if o.Err != nil || o.Value == nil {
		return memoEntry{o: o}
	}
	w.outs[j] = o
	w.r.o.Plan.ApplyInto(w.dst, w.outs, nil)
	w.outs[j] = Outcome{}
	cols := w.r.resultCols[j]
	vals := make([]record.Value, len(cols))
	for k, c := range cols {
		vals[k] = w.dst[c]
	}
	return memoEntry{o: o, vals: vals}
}

// appendCells appends an encoding of the cells of vals at the indexes
// cols to b: equal encodings, equal cells. A missing cell (ragged row) is
// encoded apart from every value.
func appendCells(b []byte, vals []record.Value, cols []int) []byte {
	for _, c := range cols {
		if c >= len(vals) {
			b = append(b, 0)
			continue
		}
		switch v := vals[c].(type) {
		case nil:
			b = append(b, 1)
		case string:
			b = append(b, 2)
			b = binary.AppendUvarint(b, uint64(len(v)))
			b = append(b, v...)
		default:
			// Other types (numbers, dates of Parquet input): their type
			// and Go syntax, length-prefixed.
			s := fmt.Sprintf("%T:%#v", v, v)
			b = append(b, 3)
			b = binary.AppendUvarint(b, uint64(len(s)))
			b = append(b, s...)
		}
	}
	return b
}

// memoEntry is a remembered answer: the outcome, and its result column
// values as ApplyInto sets them (nil for an error).
type memoEntry struct {
	o    Outcome
	vals []record.Value
}

// memo is a bounded map of recent outcomes by key, for one worker and one
// operation. It keeps two generations: when the current one is full, it
// becomes the old one and the old one is emptied for re-use; a hit in the
// old generation moves the entry to the current one. It allocates nothing
// once both generations have grown.
//
// A memo that rarely hits costs a key and an insertion per row for
// nothing (risk detection gets the whole person, contact data included,
// and such rows almost never repeat). So after its first probe lookups, a
// memo with fewer than one hit in minHitShare of them turns itself off.
type memo struct {
	max      int
	cur, old map[string]memoEntry
	lookups  int
	hits     int
	off      bool
}

// Tuning of memo's switch-off (BenchmarkLocalMemoMisses shows what it
// saves). memoProbe is a variable for that benchmark.
var memoProbe = 4096

const memoMinShare = 8 // at least 1 hit in 8 lookups

func newMemo(size, parts int) *memo {
	if size <= 0 {
		return &memo{off: true}
	}
	// The run's memory cache size is shared by parts memos (one per
	// worker and operation), each of two generations.
	return &memo{max: max(size/(2*parts), 1), cur: make(map[string]memoEntry), old: make(map[string]memoEntry)}
}

func (m *memo) on() bool { return !m.off }

func (m *memo) get(key []byte) (memoEntry, bool) {
	if m.lookups < memoProbe {
		m.lookups++
		defer func() {
			if m.lookups == memoProbe && m.hits*memoMinShare < m.lookups {
				m.off = true
				clear(m.cur)
				clear(m.old)
			}
		}()
	}
	if e, ok := m.cur[string(key)]; ok {
		m.hits++
		return e, true
	}
	if e, ok := m.old[string(key)]; ok {
		m.hits++
		m.put(key, e)
		return e, true
	}
	return memoEntry{}, false
}

func (m *memo) put(key []byte, e memoEntry) {
	if m.off {
		return
	}
	if len(m.cur) >= m.max {
		m.old, m.cur = m.cur, m.old
		clear(m.cur)
	}
	m.cur[string(key)] = e
}
