package cache

import (
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
	"sync/atomic"
	"time"

	"github.com/namepipe/namepipe/mapping"
	"github.com/namepipe/namepipe/record"
)

// Rows answers whole rows of a mapping plan for an in-process service (the
// pipeline's local path), remembering answers: row in, outcomes and result
// cells out. It is the memory cache as a decorator around the plan's
// operations, as Benthos' `cached` processor is one around a list of
// processors, keyed by what they read: the operations that read the same
// input cells (mapping.Plan.Reads; parse and genderize read the person's
// name cells) form a group, and one lookup of the group's Memory, keyed
// by those raw cells, answers all of them with their result cells already
// formatted, without building or keying a request.
//
// The tricks, each paid for by a benchmark beside it:
//   - a row whose groups the memo all answers is only checked, not built
//     (mapping.Builder.Check); one it answers in part is filled only for
//     the operations left (Builder.Fill) (BenchmarkRows);
//   - a group's Memory is kept only while a Probe shows that its hits
//     save more than its lookups cost, per worker; once every worker's
//     probe has switched it off it goes (BenchmarkRowsMisses);
//   - when the run's writer encodes cells ahead (Cells), an entry keeps
//     its group's result cells as the writer encoded them, which each row
//     it answers carries in one value in place of those cells
//     (BenchmarkRows, "encoded").
//
// An answer that would not come again (RowsOptions.Reusable) is not
// remembered.
type Rows struct {
	p      *mapping.Plan
	o      RowsOptions
	ops    []mapping.Op
	groups []*rowGroup
	// resultCols[j] are the indexes, within the appended cells, of
	// operation j's result cells; resultAt[j] is the first of them when
	// they follow one another (as they do), else -1.
	resultCols [][]int
	resultAt   []int
	nres       int
}

// RowsOptions configure a Rows.
type RowsOptions struct {
	// Size is the number of entries of each group's Memory; 0 or less:
	// nothing is remembered.
	Size int
	// Workers is the number of goroutines that answer rows (one
	// RowWorker each).
	Workers int
	// Width is the number of the input's columns: a row of another width
	// (ragged) does not take cells encoded ahead.
	Width int
	// Cells, if set, encodes result cells as the run's writer writes them
	// (CellsOf); only when the writer is the rows' only reader.
	Cells Cells
	// Keep[j] says whether a row that the memo answers needs the result
	// value of the plan's operation j in its outcome (a summary counts
	// it); an entry keeps only the result cells of the others.
	Keep []bool
	// Reusable reports whether an outcome may answer other rows (not a
	// stop, not a transient failure).
	Reusable func(mapping.Outcome) bool
	// Now is the probes' clock (default time.Now).
	Now func() time.Time
}

// rowGroup is the operations that read the same input cells.
type rowGroup struct {
	reads []int
	ops   []int             // indexes of the plan's ops, ascending
	ncols int               // result cells of ops
	memo  *Memory[rowEntry] // shared by the workers; nil = none
	// users counts the workers that may still use memo: each until its
	// probe switches it off. The last one lets the memo go (its table
	// and entries are live memory the collector scans every cycle).
	users atomic.Int32
	keep  []bool // RowsOptions.Keep of ops
	// col is the output column of the group's first result cell when the
	// result cells of its ops follow one another, in the order of ops;
	// else -1.
	col int
}

// rowEntry holds the answers of a group's operations, in its order, and,
// when the run's writer encodes cells ahead, the group's result cells as
// it encoded them (nil otherwise).
type rowEntry struct {
	answers []rowAnswer
	cells   record.Value
}

// rowAnswer is a remembered answer of one operation: the outcome, and its
// result cells as ApplyInto sets them (nil for an error); or skip, the
// operation does not apply to such cells.
type rowAnswer struct {
	o    mapping.Outcome
	vals []record.Value
	skip bool
}

// NewRows returns the Rows of p.
func NewRows(p *mapping.Plan, o RowsOptions) *Rows {
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Reusable == nil {
		o.Reusable = func(o mapping.Outcome) bool { return o.Err == nil }
	}
	m := &Rows{p: p, o: o, ops: p.Ops(), nres: p.ResultColumns()}
	for j, op := range m.ops {
		cols := p.ResultColumnsOf(op)
		m.resultCols = append(m.resultCols, cols)
		m.resultAt = append(m.resultAt, firstOfRun(cols))
		reads := p.Reads(op)
		k := slices.IndexFunc(m.groups, func(g *rowGroup) bool { return slices.Equal(g.reads, reads) })
		if k < 0 {
			m.groups = append(m.groups, &rowGroup{reads: reads})
			k = len(m.groups) - 1
		}
		m.groups[k].ops = append(m.groups[k].ops, j)
		m.groups[k].ncols += len(cols)
	}
	for _, g := range m.groups {
		g.col = o.Width + m.resultAt[g.ops[0]]
		next := m.resultAt[g.ops[0]]
		for _, j := range g.ops {
			if m.resultAt[j] < 0 || m.resultAt[j] != next {
				g.col = -1
			}
			next += len(m.resultCols[j])
			g.keep = append(g.keep, j >= len(o.Keep) || o.Keep[j])
		}
		if o.Size > 0 {
			// Each group its own: the groups whose cells rarely repeat
			// (the whole person, an email address) stop using theirs
			// after the probe, and should not shrink the one of the names.
			g.memo = NewMemory[rowEntry](o.Size)
			g.users.Store(int32(max(o.Workers, 1)))
		}
	}
	return m
}

// firstOfRun returns cols[0] when cols are consecutive ascending indexes,
// else -1.
func firstOfRun(cols []int) int {
	if len(cols) == 0 || cols[len(cols)-1]-cols[0] != len(cols)-1 || !slices.IsSorted(cols) {
		return -1
	}
	return cols[0]
}

// RowWorker is one goroutine's use of a Rows: its request builder, per
// group its probe of the shared memo, and scratch space.
type RowWorker struct {
	m      *Rows
	b      *mapping.Builder
	groups []workerGroup
	todo   []int        // the row's groups to compute
	need   []mapping.Op // their operations
	// formatted[j] are the result cells of operation j for the row
	// (nil: none); spare holds those of answers no entry keeps.
	formatted [][]record.Value
	spare     []record.Value
	encoded   []record.Value // per group: its cells encoded ahead, or nil
	errs      []mapping.Outcome
	cells     []record.Value // scratch for encoding a group's cells
}

type workerGroup struct {
	*rowGroup
	probe    Probe  // this worker's use of memo
	key      []byte // the row's cells that the group reads, encoded
	memoised bool   // the row's key was looked up: remember its answers
	// While the probe runs: the row's lookup began at start and took
	// lookup.
	start  time.Time
	lookup time.Duration
}

// Worker returns a RowWorker, for one goroutine.
func (m *Rows) Worker() *RowWorker {
	w := &RowWorker{m: m, b: m.p.NewBuilder(),
		formatted: make([][]record.Value, len(m.ops)), spare: make([]record.Value, m.nres),
		encoded: make([]record.Value, len(m.groups)), errs: make([]mapping.Outcome, len(m.ops))}
	for _, g := range m.groups {
		w.groups = append(w.groups, workerGroup{rowGroup: g, probe: Probe{Off: g.memo == nil}})
	}
	return w
}

// count notes a probed lookup (Probe.Count); when the probe switches the
// memo off and this was its last user, the memo goes. No worker reads
// memo after its own probe switched it off, and each one's last read
// happens before its decrement, so the write does not race.
func (g *workerGroup) count(hit bool, memoTime, answerTime time.Duration) {
	was := g.probe.Off
	g.probe.Count(hit, memoTime, answerTime)
	if !was && g.probe.Off && g.users.Add(-1) == 0 {
		g.rowGroup.memo = nil
	}
}

// Call answers the plan's operation j (index into Ops) for a request.
type Call func(req *mapping.Request, j int) mapping.Outcome

// Row answers every operation of rec: it sets outcomes (indexed like the
// plan's Ops, zero on entry; zero stays: the operation does not apply)
// and dst (the row's appended cells, len ResultColumns) as
// mapping.Plan.ApplyInto would from them, calling call for each answer it
// does not remember. hits counts the operations answered from memory,
// bad says that Build found unusable values, and rowErr is the reader's
// problem with the row joined with Build's error.
//
// A group the memo answers takes its cells from the entry. Only the parts
// of a row's request that the other groups read are filled, and only when
// Check finds that building the whole row would give no error; otherwise
// the whole row is built first (the row then needs Build's error, and
// which operations apply).
func (w *RowWorker) Row(rec *record.Record, call Call, outcomes []mapping.Outcome, dst []record.Value) (hits int, bad bool, rowErr error) {
	m := w.m
	if rec.Problem != "" {
		// The reader's problem names its own file:line (and column).
		rowErr = errors.New(rec.Problem)
	}
	clear(w.formatted)
	clear(w.encoded)
	spare := w.spare
	var req *mapping.Request
	if rec.Problem != "" || w.b.Check(rec) != nil {
		r, err := w.b.Build(rec)
		if err != nil {
			rowErr, bad = errors.Join(rowErr, err), true
		}
		if r == nil {
			m.p.ApplyInto(dst, outcomes, rowErr)
			return 0, bad, rowErr
		}
		req = r
	}
	// The groups the memo answers.
	w.todo, w.need = w.todo[:0], w.need[:0]
	for g := range w.groups {
		lg := &w.groups[g]
		if lg.memoised = !lg.probe.Off; lg.memoised {
			probing := lg.probe.Probing()
			if probing {
				lg.start = m.o.Now()
			}
			lg.key = appendCells(lg.key[:0], rec.Values, lg.reads)
			e, hit, _ := lg.memo.Get(lg.key)
			if probing {
				lg.lookup = m.o.Now().Sub(lg.start)
				if hit {
					lg.count(true, lg.lookup, 0)
				}
			}
			if hit {
				for k, j := range lg.ops {
					if a := &e.answers[k]; !a.skip {
						outcomes[j], w.formatted[j] = a.o, a.vals
						hits++
					}
				}
				w.encoded[g] = e.cells
				continue
			}
		}
		w.todo = append(w.todo, g)
		for _, j := range lg.ops {
			w.need = append(w.need, m.ops[j])
		}
	}
	if len(w.todo) > 0 && req == nil {
		// Check passed: no error to note, and a request.
		req, _ = w.b.Fill(w.need)
	}
	// The groups computed.
	for _, g := range w.todo {
		lg := &w.groups[g]
		probing := lg.memoised && lg.probe.Probing()
		if probing {
			lg.start = m.o.Now()
		}
		var e rowEntry
		vals := spare
		if lg.memoised {
			e.answers = make([]rowAnswer, len(lg.ops))
			vals = make([]record.Value, lg.ncols)
		}
		for k, j := range lg.ops {
			if !req.Applies(m.ops[j]) {
				if e.answers != nil {
					e.answers[k].skip = true
				}
				continue
			}
			n := len(m.resultCols[j])
			a := w.answer(req, call, j, vals[:n:n])
			vals = vals[n:]
			if !lg.memoised {
				spare = vals
			}
			outcomes[j], w.formatted[j] = a.o, a.vals
			if e.answers != nil {
				e.answers[k] = a
				if !m.o.Reusable(a.o) {
					e.answers = nil // not remembered: computed again next time
				}
			}
		}
		var computed time.Time
		if probing {
			computed = m.o.Now()
		}
		if e.answers != nil {
			for k := range e.answers {
				if a := &e.answers[k]; !lg.keep[k] && a.o.Err == nil && a.vals != nil {
					a.o.Value = nil // this row's outcome keeps it
				}
			}
			e.cells = w.encode(lg, e.answers)
			w.encoded[g] = e.cells
			_ = lg.memo.Put(lg.key, e)
		}
		if probing {
			lg.count(false, lg.lookup+m.o.Now().Sub(computed), computed.Sub(lg.start))
		}
	}
	w.place(rec, outcomes, dst, rowErr)
	return hits, bad, rowErr
}

// answer calls operation j and formats its result into vals (len of j's
// result cells).
func (w *RowWorker) answer(req *mapping.Request, call Call, j int, vals []record.Value) rowAnswer {
	o := call(req, j)
	if o.Err != nil || o.Value == nil {
		return rowAnswer{o: o}
	}
	w.m.p.ApplyOp(vals, w.m.ops[j], o.Value)
	return rowAnswer{o: o, vals: vals}
}

// place sets dst, the row's appended cells, from the formatted cells of
// its outcomes. The error column (of a row error or failed operations) is
// ApplyInto's, given the errors alone (an outcome without a value leaves
// its cells empty), so that no result is formatted a second time; an
// entry need not keep them (RowsOptions.Keep). A group's cells encoded
// ahead stand in its first cell, the others left nil.
func (w *RowWorker) place(rec *record.Record, outcomes []mapping.Outcome, dst []record.Value, rowErr error) {
	m := w.m
	failed := rowErr != nil
	for _, o := range outcomes {
		failed = failed || o.Err != nil
	}
	if failed {
		for j, o := range outcomes {
			w.errs[j] = mapping.Outcome{Err: o.Err}
		}
		m.p.ApplyInto(dst, w.errs, rowErr)
	} else {
		clear(dst)
	}
	ragged := len(rec.Values) != m.o.Width
	for g, lg := range w.groups {
		if cells := w.encoded[g]; cells != nil && !ragged {
			dst[lg.col-m.o.Width] = cells
			continue
		}
		for _, j := range lg.ops {
			vals := w.formatted[j]
			switch {
			case vals == nil:
			case m.resultAt[j] >= 0:
				copy(dst[m.resultAt[j]:], vals)
			default:
				for k, c := range m.resultCols[j] {
					dst[c] = vals[k]
				}
			}
		}
	}
}

// encode returns the result cells of answers, an entry of g, as the run's
// writer encoded them (writers.CellEncoder); nil when it does not encode
// ahead, or when the cells do not follow one another in the output.
func (w *RowWorker) encode(g *workerGroup, answers []rowAnswer) record.Value {
	enc := w.m.o.Cells
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
		n := len(w.m.resultCols[j])
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
