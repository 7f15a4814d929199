package pipeline

import (
	"encoding/binary"
	"fmt"
	"slices"
	"time"

	"github.com/namepipe/namepipe/record"
)

// local is the path of an in-process service (nameapi.InProcess) without
// a persistent cache: a worker takes a whole batch of rows, computes every
// operation of every row back to back and fills the batch's output rows.
// Queueing a task per operation would cost more than most operations do,
// so there are no tasks and no requests in flight to join: the workers
// share a memo of recent answers per operation (see memo.go).
//
// Calls still go through runner.call, so the rate limit, retries, the
// consecutive-failure stop and the run's cancellation behave as on the
// remote path.
type local struct {
	r       *runner
	batches chan *batch
	groups  []memoGroup
}

// memoGroup is the operations that read the same input columns (parse and
// genderize read the person's name cells): one key and one lookup of the
// group's memo answer all of them.
type memoGroup struct {
	reads []int
	ops   []int // indexes of the run's ops, ascending
	ncols int   // result columns of ops
	memo  *memo // shared by the workers; nil = none
}

func newLocal(r *runner) *local {
	l := &local{r: r, batches: make(chan *batch, r.o.Concurrency)}
	for j, op := range r.ops {
		reads := r.o.Plan.Reads(op)
		k := slices.IndexFunc(l.groups, func(g memoGroup) bool { return slices.Equal(g.reads, reads) })
		if k < 0 {
			l.groups = append(l.groups, memoGroup{reads: reads})
			k = len(l.groups) - 1
		}
		l.groups[k].ops = append(l.groups[k].ops, j)
		l.groups[k].ncols += len(r.resultCols[j])
	}
	if size := r.o.MemoryCacheSize; size > 0 {
		// Each group its own: the groups whose cells rarely repeat (the
		// whole person, an email address) stop using theirs after the
		// probe, and should not shrink the one of the names.
		for k := range l.groups {
			l.groups[k].memo = newMemo(size)
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
	// buildFor is builder.BuildFor of need: the operations of the groups
	// that the memo did not answer for the row.
	buildFor func(*record.Record) (Request, error)
	need     []Op
	groups   []localGroup
	todo     []int // the row's groups to compute
}

type localGroup struct {
	*memoGroup
	probe    probe  // this worker's use of memo
	key      []byte // the row's cells that the group reads, encoded
	memoised bool   // the row's key was looked up: remember its answers
	// While the probe runs: the row's lookup began at start and took
	// lookup.
	start  time.Time
	lookup time.Duration
}

func newLocalWorker(r *runner) *localWorker {
	w := &localWorker{r: r, builder: r.o.Plan.NewBuilder()}
	w.buildFn = w.builder.Build
	w.buildFor = func(rec *record.Record) (Request, error) { return w.builder.BuildFor(rec, w.need) }
	for k := range r.local.groups {
		g := &r.local.groups[k]
		w.groups = append(w.groups, localGroup{memoGroup: g, probe: probe{off: g.memo == nil}})
	}
	return w
}

// compute resolves every operation of every row of b and fills it. A
// group of operations is answered from the memo when the cells it reads
// were seen before, with its result columns already formatted. Only the
// parts of a row's request that the other groups read are built
// (Builder.BuildFor), and only when Builder.Valid vouches that building
// the whole row would give no error; otherwise the whole row is built
// first (the row then needs Build's error, and which operations apply).
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
		if rec.Problem != "" || !w.builder.Valid(rec) {
			if req = r.prepare(b, i, w.buildFn); req == nil {
				continue
			}
		}
		// The groups the memo answers.
		w.todo, w.need = w.todo[:0], w.need[:0]
		for g := range w.groups {
			lg := &w.groups[g]
			if lg.memoised = !lg.probe.off; lg.memoised {
				probing := lg.probe.probing()
				if probing {
					lg.start = r.o.Now()
				}
				lg.key = appendCells(lg.key[:0], rec.Values, lg.reads)
				e, hit := lg.memo.get(lg.key)
				if probing {
					lg.lookup = r.o.Now().Sub(lg.start)
					if hit {
						lg.probe.count(true, lg.lookup, 0)
					}
				}
				if hit {
					for k, j := range lg.ops {
						if a := &e[k]; !a.skip {
							outcomes[j], formatted[j] = a.o, a.vals
							hits++
						}
					}
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
			if req = r.prepare(b, i, w.buildFor); req == nil {
				clear(outcomes)
				clear(formatted)
				continue
			}
		}
		// The groups computed.
		for _, g := range w.todo {
			lg := &w.groups[g]
			probing := lg.memoised && lg.probe.probing()
			if probing {
				lg.start = r.o.Now()
			}
			var e memoEntry
			vals := spare
			if lg.memoised {
				e = make(memoEntry, len(lg.ops))
				vals = make([]record.Value, lg.ncols)
			}
			for k, j := range lg.ops {
				if !req.Applies(r.ops[j]) {
					if e != nil {
						e[k].skip = true
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
				if e != nil {
					e[k] = a
					if !reusable(a.o) {
						e = nil // not remembered: computed again next time
					}
				}
			}
			var computed time.Time
			if probing {
				computed = r.o.Now()
			}
			if e != nil {
				lg.memo.put(lg.key, e)
			}
			if probing {
				lg.probe.count(false, lg.lookup+r.o.Now().Sub(computed), computed.Sub(lg.start))
			}
		}
	}
	if hits > 0 {
		r.st.memHits.Add(hits)
	}
	r.fill(b)
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
