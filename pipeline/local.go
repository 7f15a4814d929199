package pipeline

import (
	"encoding/binary"
	"fmt"
	"slices"
	"sync/atomic"
	"time"

	"github.com/namepipe/namepipe/cache"
	"github.com/namepipe/namepipe/record"
)

// local is the path of an in-process service (nameapi.InProcess) without
// a persistent cache: a worker takes a whole batch of rows, computes every
// operation of every row back to back and fills the batch's output rows.
// Queueing a task per operation would cost more than most operations do,
// so there are no tasks and no requests in flight to join: the workers
// share a memo of recent answers per group of operations (cache.Memory).
//
// Calls still go through runner.call, so the rate limit, retries, the
// consecutive-failure stop and the run's cancellation behave as on the
// remote path.
type local struct {
	r       *runner
	batches chan *batch
	groups  []*memoGroup
	// enc is the run's writer when it encodes cells ahead and is the
	// rows' only reader: a memo entry then keeps its result cells as the
	// writer encoded them, which every row it answers hands over in one
	// value (cache.CellsOf).
	enc cache.Cells
}

// memoGroup is the operations that read the same input columns (parse and
// genderize read the person's name cells): one key and one lookup of the
// group's memo answer all of them.
type memoGroup struct {
	reads []int
	ops   []int                    // indexes of the run's ops, ascending
	ncols int                      // result columns of ops
	memo  *cache.Memory[memoEntry] // shared by the workers; nil = none
	// users counts the workers that may still use memo: each until its
	// probe switches it off. The last one lets the memo go (its table
	// and entries are live memory the collector scans every cycle).
	users atomic.Int32
	// keep[k] says whether a row the memo answers needs the result value
	// of ops[k] (the summary counts it, or an Observer sees it); a memo
	// entry keeps only the formatted values of the others, not their
	// results (a parse's are several objects per name).
	keep []bool
	// col is the output column of the group's first result cell when the
	// result cells of its ops follow one another in the output, in the
	// order of ops (as a mapping.Plan's do); else -1.
	col int
}

func newLocal(r *runner) *local {
	l := &local{r: r, batches: make(chan *batch, r.o.Concurrency)}
	for j, op := range r.ops {
		reads := r.o.Plan.Reads(op)
		k := slices.IndexFunc(l.groups, func(g *memoGroup) bool { return slices.Equal(g.reads, reads) })
		if k < 0 {
			l.groups = append(l.groups, &memoGroup{reads: reads})
			k = len(l.groups) - 1
		}
		l.groups[k].ops = append(l.groups[k].ops, j)
		l.groups[k].ncols += len(r.resultCols[j])
	}
	for _, g := range l.groups {
		g.col = r.width + r.resultAt[g.ops[0]]
		next := r.resultAt[g.ops[0]]
		for _, j := range g.ops {
			if r.resultAt[j] < 0 || r.resultAt[j] != next {
				g.col = -1
			}
			next += len(r.resultCols[j])
			g.keep = append(g.keep, r.o.Observer != nil || kindOf(r.ops[j]) != countNothing)
		}
	}
	if r.o.Observer == nil {
		l.enc = cache.CellsOf(r.o.Writer)
	}
	if size := r.o.MemoryCacheSize; size > 0 {
		// Each group its own: the groups whose cells rarely repeat (the
		// whole person, an email address) stop using theirs after the
		// probe, and should not shrink the one of the names.
		for k := range l.groups {
			l.groups[k].memo = cache.NewMemory[memoEntry](size)
			l.groups[k].users.Store(int32(r.o.Concurrency))
		}
	}
	return l
}

// work computes batches until the queue is closed.
func (l *local) work() {
	w := newLocalWorker(l.r)
	for b := range l.batches {
		w.compute(b)
	}
}

// localWorker is one worker's state: its request builder, per group of
// operations its use of the shared memo, and scratch space.
type localWorker struct {
	r       *runner
	builder Builder                               // re-uses the memory of the last row's request
	buildFn func(*record.Record) (Request, error) // builder.Build
	// fill is builder.Fill of need: the operations of the groups that
	// the memo did not answer for the row Check passed.
	fill   func(*record.Record) (Request, error)
	need   []Op
	groups []localGroup
	todo   []int // the row's groups to compute
	// cells is scratch space for encoding a group's cells.
	cells []record.Value
}

type localGroup struct {
	*memoGroup
	probe    cache.Probe // this worker's use of memo
	key      []byte      // the row's cells that the group reads, encoded
	memoised bool        // the row's key was looked up: remember its answers
	// While the probe runs: the row's lookup began at start and took
	// lookup.
	start  time.Time
	lookup time.Duration
}

func newLocalWorker(r *runner) *localWorker {
	w := &localWorker{r: r, builder: r.o.Plan.NewBuilder()}
	w.buildFn = w.builder.Build
	w.fill = func(*record.Record) (Request, error) { return w.builder.Fill(w.need) }
	for k := range r.local.groups {
		g := r.local.groups[k]
		w.groups = append(w.groups, localGroup{memoGroup: g, probe: cache.Probe{Off: g.memo == nil}})
	}
	return w
}

// check is Builder.Check; a panic is an error (Build then reports it).
func (w *localWorker) check(rec *record.Record) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("internal error while mapping the row: %v", p)
		}
	}()
	return w.builder.Check(rec)
}

// count notes a probed lookup (Probe.Count); when the probe switches the
// memo off and this was its last user, the memo goes. No worker reads
// memo after its own probe switched it off, and each one's last read
// happens before its decrement, so the write does not race.
func (lg *localGroup) count(hit bool, memoTime, answerTime time.Duration) {
	was := lg.probe.Off
	lg.probe.Count(hit, memoTime, answerTime)
	if !was && lg.probe.Off && lg.users.Add(-1) == 0 {
		lg.memoGroup.memo = nil
	}
}

// compute resolves every operation of every row of b and fills it. A
// group of operations is answered from the memo when the cells it reads
// were seen before, with its result columns already formatted. Only the
// parts of a row's request that the other groups read are built
// (Builder.Fill), and only when Builder.Check finds that building the
// whole row would give no error; otherwise the whole row is built first
// (the row then needs Build's error, and which operations apply).
func (w *localWorker) compute(b *batch) {
	r := w.r
	nops := len(r.ops)
	var hits int64
	// The result values of answers not remembered live in the batch.
	spare := b.spare[:cap(b.spare)]
	for i := range b.recs {
		rec := &b.recs[i]
		outcomes, formatted := b.rowOutcomes(i, nops), b.formatted[i*nops:(i+1)*nops]
		if r.stopCtx.Err() != nil {
			if req := r.prepare(b, i, w.buildFn); req != nil {
				for j, op := range r.ops {
					if req.Applies(op) {
						outcomes[j] = Outcome{Err: r.stoppedErr(nil)}
					}
				}
			}
			continue
		}
		var req Request
		if rec.Problem != "" || w.check(rec) != nil {
			if req = r.prepare(b, i, w.buildFn); req == nil {
				continue
			}
		}
		// The groups the memo answers.
		w.todo, w.need = w.todo[:0], w.need[:0]
		for g := range w.groups {
			lg := &w.groups[g]
			if lg.memoised = !lg.probe.Off; lg.memoised {
				probing := lg.probe.Probing()
				if probing {
					lg.start = r.o.Now()
				}
				lg.key = appendCells(lg.key[:0], rec.Values, lg.reads)
				e, hit, _ := lg.memo.Get(lg.key)
				if probing {
					lg.lookup = r.o.Now().Sub(lg.start)
					if hit {
						lg.count(true, lg.lookup, 0)
					}
				}
				if hit {
					for k, j := range lg.ops {
						if a := &e.answers[k]; !a.skip {
							outcomes[j], formatted[j] = a.o, a.vals
							hits++
						}
					}
					b.addEncoded(i, g, len(w.groups), e.cells)
					continue
				}
			}
			w.todo = append(w.todo, g)
			for _, j := range lg.ops {
				w.need = append(w.need, r.ops[j])
			}
		}
		if len(w.todo) == 0 {
			continue
		}
		if req == nil {
			if req = r.prepare(b, i, w.fill); req == nil {
				clear(outcomes)
				clear(formatted)
				continue
			}
		}
		// The groups computed.
		for _, g := range w.todo {
			lg := &w.groups[g]
			probing := lg.memoised && lg.probe.Probing()
			if probing {
				lg.start = r.o.Now()
			}
			var e memoEntry
			vals := spare
			if lg.memoised {
				e.answers = make([]memoAnswer, len(lg.ops))
				vals = make([]record.Value, lg.ncols)
			}
			for k, j := range lg.ops {
				if !req.Applies(r.ops[j]) {
					if e.answers != nil {
						e.answers[k].skip = true
					}
					continue
				}
				n := len(r.resultCols[j])
				a := w.answer(req, j, vals[:n:n])
				vals = vals[n:]
				if !lg.memoised {
					spare = vals
				}
				outcomes[j], formatted[j] = a.o, a.vals
				if e.answers != nil {
					e.answers[k] = a
					if !reusable(a.o) {
						e.answers = nil // not remembered: computed again next time
					}
				}
			}
			var computed time.Time
			if probing {
				computed = r.o.Now()
			}
			if e.answers != nil {
				for k := range e.answers {
					if a := &e.answers[k]; !lg.keep[k] && a.o.Err == nil && a.vals != nil {
						a.o.Value = nil // this row's outcome keeps it
					}
				}
				e.cells = w.encode(lg, e.answers)
				b.addEncoded(i, g, len(w.groups), e.cells)
				_ = lg.memo.Put(lg.key, e)
			}
			if probing {
				lg.count(false, lg.lookup+r.o.Now().Sub(computed), computed.Sub(lg.start))
			}
		}
	}
	if hits > 0 {
		r.st.memHits.Add(hits)
	}
	r.fill(b)
}

// encode returns the result cells of answers, a memo entry of g, as the
// run's writer encoded them (writers.CellEncoder); nil when it does not
// encode ahead, or when the cells do not follow one another in the output.
func (w *localWorker) encode(g *localGroup, answers []memoAnswer) record.Value {
	enc := w.r.local.enc
	if enc == nil || g.col < 0 {
		return nil
	}
	if cap(w.cells) < g.ncols {
		w.cells = make([]record.Value, g.ncols)
	}
	all := w.cells[:g.ncols]
	clear(all)
	cells := all
	for k, j := range g.ops {
		n := len(w.r.resultCols[j])
		if a := &answers[k]; !a.skip {
			if a.vals == nil {
				return nil // an error: its cells are ApplyInto's
			}
			copy(cells, a.vals)
		}
		cells = cells[n:]
	}
	v, ok := enc(g.col, all)
	if !ok {
		return nil
	}
	return v
}

// answer calls the service for operation j and formats the result into
// vals (len of j's result columns).
func (w *localWorker) answer(req Request, j int, vals []record.Value) memoAnswer {
	op := w.r.ops[j]
	o := w.r.call(req, op)
	if o.Err != nil || o.Value == nil {
		return memoAnswer{o: o}
	}
	w.r.o.Plan.ApplyOp(vals, op, o.Value)
	return memoAnswer{o: o, vals: vals}
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
