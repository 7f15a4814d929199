package pipeline

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/namepipe/namepipe/cache"
	"github.com/namepipe/namepipe/record"
)

// TestInProcessSetsNoCallTimeout checks that each call gets a context with
// the per-call deadline, unless the service is in-process (on the local
// path, and on the remote path that a persistent cache selects), and that
// an in-process call still sees the run's cancellation.
func TestInProcessSetsNoCallTimeout(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name             string
		inProcess, cache bool
	}{
		{"remote", false, false},
		{"in-process", true, false},
		{"in-process with a persistent cache", true, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var withDeadline, without atomic.Int64
			p := &fakePlan{ops: []Op{"parse"}, call: func(ctx context.Context, op Op, key string) (any, error) {
				if d, ok := ctx.Deadline(); ok && time.Until(d) <= time.Minute {
					withDeadline.Add(1)
				} else {
					without.Add(1)
				}
				return "ok", nil
			}}
			o := newOpts(newMemReader(20, func(i int) string { return fmt.Sprint("n", i) }), &memWriter{}, p, tc.inProcess)
			o.Timeout = time.Minute
			if tc.cache {
				c, err := cache.Open(filepath.Join(t.TempDir(), "cache"))
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { _ = c.Close() })
				o.Cache = c
			}
			if _, err := Run(context.Background(), o); err != nil {
				t.Fatal(err)
			}
			wantWith, wantWithout := int64(20), int64(0)
			if tc.inProcess {
				wantWith, wantWithout = 0, 20
			}
			if withDeadline.Load() != wantWith || without.Load() != wantWithout {
				t.Errorf("%d calls with a deadline, %d without; want %d, %d", withDeadline.Load(), without.Load(), wantWith, wantWithout)
			}
		})
	}
	t.Run("cancel reaches an in-process call", func(t *testing.T) {
		t.Parallel()
		ctx, cancel := context.WithCancel(context.Background())
		var sawCancel atomic.Bool
		p := &fakePlan{ops: []Op{"parse"}, call: func(callCtx context.Context, op Op, key string) (any, error) {
			cancel()
			select {
			case <-callCtx.Done():
				sawCancel.Store(true)
				return nil, callCtx.Err()
			case <-time.After(10 * time.Second):
				return "late", nil
			}
		}}
		o := newOpts(newMemReader(1, func(int) string { return "x" }), &memWriter{}, p, true)
		o.Grace = 0 // cancel the calls at once
		_, _ = Run(ctx, o)
		if !sawCancel.Load() {
			t.Error("an in-process call did not see the run's cancellation")
		}
	})
}

// TestLocalMemo checks the local path's memo: a repeated input is
// computed at most once per worker (two may miss it at once), operations
// reading the same cells (parse and genderize here) share an entry, an
// operation whose inputs rarely repeat stops being memoised, no memory
// cache means every row is computed, and the output is the remote path's
// either way.
func TestLocalMemo(t *testing.T) {
	t.Parallel()
	n := 3 * cache.ProbeLookups
	run := func(t *testing.T, local bool, memSize int) (*Summary, *memWriter, *counter) {
		t.Helper()
		cnt := &counter{}
		// 7 names repeat; every email is distinct (the memo of
		// disposable never hits and switches off). The probe's clock
		// moves only while the service answers: a millisecond a call,
		// so that a hit always pays.
		var clock atomic.Int64
		call := cnt.wrap(func(ctx context.Context, op Op, key string) (any, error) {
			clock.Add(int64(time.Millisecond))
			return echo(ctx, op, key)
		})
		rd := newMemReader(n, func(i int) string { return fmt.Sprint("P", i%7) })
		w := &memWriter{}
		o := newOpts(rd, w, &fakePlan{ops: []Op{"parse", "genderize", "disposable"}, call: call}, local)
		o.Now = func() time.Time { return time.Unix(0, clock.Load()) }
		o.Concurrency = 2
		o.MemoryCacheSize = memSize
		sum, err := Run(context.Background(), o)
		if err != nil {
			t.Fatal(err)
		}
		return sum, w, cnt
	}
	calls := func(c *counter, op string) (total int) {
		for k, v := range c.calls {
			if len(k) > len(op) && k[:len(op)+1] == op+"|" {
				total += v
			}
		}
		return total
	}
	_, want, _ := run(t, false, 0)
	for _, tc := range []struct {
		name               string
		memSize            int
		minParse, maxParse int
	}{
		{"memo", 0, 7, 7 * 2}, // at most once per worker
		{"no memory cache", -1, n, n},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sum, w, cnt := run(t, true, tc.memSize)
			for _, op := range []string{"parse", "genderize"} {
				if p := calls(cnt, op); p < tc.minParse || p > tc.maxParse {
					t.Errorf("%s computed %d times, want %d..%d", op, p, tc.minParse, tc.maxParse)
				}
			}
			if d := calls(cnt, "disposable"); d != n {
				t.Errorf("disposable computed %d times, want %d", d, n)
			}
			if sum.Requests != sum.Calls || sum.Requests+sum.CacheHitsMemory != int64(3*n) || sum.DedupHits != 0 {
				t.Errorf("requests %d, calls %d, memory hits %d, dedup %d; want requests = calls, requests + hits = %d, no dedup",
					sum.Requests, sum.Calls, sum.CacheHitsMemory, sum.DedupHits, 3*n)
			}
			if !reflect.DeepEqual(w.rows, want.rows) {
				t.Error("output differs from the remote path's")
			}
		})
	}
}

// TestAppendCells checks that the encoding of cells is equal exactly when
// the cells are.
func TestAppendCells(t *testing.T) {
	t.Parallel()
	rows := [][]record.Value{
		{"ab", "c"}, {"a", "bc"}, {"abc", ""}, {"abc", nil}, {"abc"}, {"", "abc"}, {nil, "abc"},
		{int64(1), "x"}, {int32(1), "x"}, {"1", "x"}, {1.5, "x"}, {true, "x"},
	}
	seen := map[string]int{}
	for i, r := range rows {
		k := string(appendCells(nil, r, []int{0, 1}))
		if j, dup := seen[k]; dup {
			t.Errorf("rows %v and %v encode alike", rows[j], r)
		}
		seen[k] = i
		if again := string(appendCells(nil, slices.Clone(r), []int{0, 1})); again != k {
			t.Errorf("row %v encodes two ways", r)
		}
	}
	if string(appendCells(nil, []record.Value{"a", "b"}, []int{0})) != string(appendCells(nil, []record.Value{"a", "z"}, []int{0})) {
		t.Error("a column not read changed the encoding")
	}
}

// TestLocalGroups checks that operations reading the same cells share one
// memo, that each group has a memo of the memory cache's size, and that a
// group's result cells are one run in the output (col) only when its
// operations' cells follow one another.
func TestLocalGroups(t *testing.T) {
	t.Parallel()
	ops := []Op{"parse", "disposable", "genderize"}
	r := &runner{o: Options{Plan: &fakePlan{ops: ops}, MemoryCacheSize: 32, Concurrency: 1}, ops: ops,
		width: 5, resultCols: [][]int{{0}, {1, 2}, {3}}, resultAt: []int{0, 1, 3}}
	l := newLocal(r)
	var got [][]int
	var cols []int
	for _, g := range l.groups {
		got = append(got, g.ops)
		cols = append(cols, g.col)
		if g.memo == nil || g.memo.Cap() != 32 {
			t.Errorf("group %v: memo %v, want one of 32 entries", g.ops, g.memo)
		}
	}
	if want := [][]int{{0, 2}, {1}}; !reflect.DeepEqual(got, want) {
		t.Errorf("groups %v, want %v", got, want)
	}
	// parse's cell 0 and genderize's cell 3 are apart; disposable's 1 and
	// 2 follow the 5 input columns.
	if want := []int{-1, 6}; !reflect.DeepEqual(cols, want) {
		t.Errorf("groups' first output columns %v, want %v", cols, want)
	}
}

// TestApplyFormatted checks that formatted values land in their result
// columns, whether an operation's columns follow one another (copied in
// one piece) or not.
func TestApplyFormatted(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		cols [][]int
		want []record.Value
	}{
		{"in a row", [][]int{{0, 1}, {2}}, []record.Value{"a", "b", "c", nil}},
		{"interleaved", [][]int{{0, 2}, {1}}, []record.Value{"a", "c", "b", nil}},
	} {
		r := &runner{ops: []Op{"parse", "disposable"}, resultCols: tc.cols}
		for _, cols := range tc.cols {
			r.resultAt = append(r.resultAt, firstOfRun(cols))
		}
		b := &batch{rowErrs: make([]error, 1), outcomes: []Outcome{{Value: fakeResult("x")}, {Value: fakeResult("y")}},
			formatted: [][]record.Value{{"a", "b"}, {"c"}}}
		dst := []record.Value{"old", "old", "old", "old"}
		if !r.applyFormatted(dst, b, 0, nil) || !reflect.DeepEqual(dst, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, dst, tc.want)
		}
	}
}

// TestMemoLetGo checks that a group's memo goes once every worker's
// probe has switched it off, and stays while one still uses it.
func TestMemoLetGo(t *testing.T) {
	t.Parallel()
	ops := []Op{"parse", "disposable"}
	r := &runner{o: Options{Plan: &fakePlan{ops: ops}, MemoryCacheSize: 64, Concurrency: 2}, ops: ops,
		width: 2, resultCols: [][]int{{0}, {1}}, resultAt: []int{0, 1}}
	r.local = newLocal(r)
	names, emails := r.local.groups[0], r.local.groups[1]
	probeAll := func(w *localWorker, g int, hit bool) {
		for range cache.ProbeLookups {
			w.groups[g].count(hit, time.Microsecond, time.Millisecond)
		}
	}
	w1, w2 := newLocalWorker(r), newLocalWorker(r)
	probeAll(w1, 1, false) // w1: the emails never repeat
	if emails.memo == nil {
		t.Fatal("the memo of emails went while the second worker still probes it")
	}
	probeAll(w2, 1, false)
	if emails.memo != nil {
		t.Error("the memo of emails stayed after both workers switched it off")
	}
	probeAll(w1, 0, true) // the names repeat: the memo pays
	probeAll(w2, 0, false)
	if names.memo == nil || w1.groups[0].probe.Off || !w2.groups[0].probe.Off {
		t.Errorf("names: memo %p, probes off %v and %v; want the memo kept for the first worker",
			names.memo, w1.groups[0].probe.Off, w2.groups[0].probe.Off)
	}
}

// TestApplyFormattedFailed checks a row of which one operation failed:
// the others' formatted values, and the error column, are what ApplyInto
// makes of all the outcomes.
func TestApplyFormattedFailed(t *testing.T) {
	t.Parallel()
	p := &fakePlan{ops: []Op{"parse", "genderize", "disposable"}}
	r := &runner{o: Options{Plan: p}, ops: p.ops, resultCols: [][]int{{0}, {1}, {2}}, resultAt: []int{0, 1, 2}}
	outcomes := []Outcome{{Value: fakeResult("x")}, {Err: errors.New("no gender")}, {Value: fakeResult("y")}}
	b := &batch{rowErrs: make([]error, 1), outcomes: outcomes, formatted: [][]record.Value{{"x"}, nil, {"y"}}}
	want := make([]record.Value, 4)
	p.ApplyInto(want, outcomes, nil)
	dst := []record.Value{"old", "old", "old", "old"}
	if !r.applyFormatted(dst, b, 0, nil) || !reflect.DeepEqual(dst, want) {
		t.Errorf("%q, want ApplyInto's %q", dst, want)
	}
	if want[3] == nil {
		t.Error("no error column")
	}
	// A row error too (a row the reader flagged, whose operations ran),
	// and a result the memo entry did not keep (the parse's): its
	// formatted values stand in for it.
	b.rowErrs[0] = errors.New("ragged row")
	p.ApplyInto(want, outcomes, b.rowErrs[0])
	b.outcomes = []Outcome{{}, outcomes[1], outcomes[2]}
	if !r.applyFormatted(dst, b, 0, nil) || !reflect.DeepEqual(dst, want) {
		t.Errorf("with a row error: %q, want ApplyInto's %q", dst, want)
	}
}
