package pipeline

import (
	"fmt"
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

// localWorker is one worker's state: its memo of results by request key.
type localWorker struct {
	r    *runner
	memo []*memo // per operation
}

func newLocalWorker(r *runner) *localWorker {
	w := &localWorker{r: r, memo: make([]*memo, len(r.ops))}
	for i := range w.memo {
		w.memo[i] = newMemo(r.o.MemoryCacheSize, r.o.Concurrency, len(r.ops))
	}
	return w
}

// compute resolves every operation of every row of b and fills it.
func (w *localWorker) compute(b *batch) {
	r := w.r
	nops := len(r.ops)
	var hits int64
	for i := range b.recs {
		req := r.prepare(b, i)
		if req == nil {
			continue
		}
		outcomes := b.rowOutcomes(i, nops)
		for j, op := range r.ops {
			if req.Applies(op) {
				var hit bool
				outcomes[j], hit = w.resolve(req, j, op)
				if hit {
					hits++
				}
			}
		}
	}
	if hits > 0 {
		r.st.memHits.Add(hits)
	}
	r.fill(b)
}

// resolve answers operation j of one row from the memo or the service.
func (w *localWorker) resolve(req Request, j int, op Op) (o Outcome, hit bool) {
	r := w.r
	if r.stopCtx.Err() != nil {
		return Outcome{Err: r.stoppedErr(nil)}, false
	}
	m := w.memo[j]
	if !m.on() {
		return r.call(req, op), false
	}
	key, err := runKey(req, op)
	if err != nil {
		return Outcome{Err: err}, false
	}
	if o, ok := m.get(key); ok {
		return o, true
	}
	o = r.call(req, op)
	if reusable(o) {
		m.put(key, o)
	}
	return o, false
}

// runKey calls Request.RunKey; a panic becomes the operation's error.
func runKey(req Request, op Op) (k string, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("internal error while keying %s: %v", op, p)
		}
	}()
	return req.RunKey(op), nil
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
	cur, old map[string]Outcome
	lookups  int
	hits     int
	off      bool
}

// Tuning of memo's switch-off.
const (
	memoProbe    = 4096
	memoMinShare = 8 // at least 1 hit in 8 lookups
)

func newMemo(size, workers, ops int) *memo {
	if size <= 0 {
		return &memo{off: true}
	}
	// The run's memory cache size is shared by the operations, the
	// workers and the two generations.
	return &memo{max: max(size/(2*workers*ops), 1), cur: make(map[string]Outcome), old: make(map[string]Outcome)}
}

func (m *memo) on() bool { return !m.off }

func (m *memo) get(key string) (Outcome, bool) {
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
	if o, ok := m.cur[key]; ok {
		m.hits++
		return o, true
	}
	if o, ok := m.old[key]; ok {
		m.hits++
		m.put(key, o)
		return o, true
	}
	return Outcome{}, false
}

func (m *memo) put(key string, o Outcome) {
	if m.off {
		return
	}
	if len(m.cur) >= m.max {
		m.old, m.cur = m.cur, m.old
		clear(m.cur)
	}
	m.cur[key] = o
}
