package pipeline

import (
	"context"
	"fmt"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

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
				c, err := OpenCache(filepath.Join(t.TempDir(), "cache"))
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
	n := 3 * memoProbe
	run := func(t *testing.T, local bool, memSize int) (*Summary, *memWriter, *counter) {
		t.Helper()
		cnt := &counter{}
		// 7 names repeat; every email is distinct (the memo of
		// disposable never hits and switches off).
		rd := newMemReader(n, func(i int) string { return fmt.Sprint("P", i%7) })
		w := &memWriter{}
		o := newOpts(rd, w, &fakePlan{ops: []Op{"parse", "genderize", "disposable"}, call: cnt.wrap(echo)}, local)
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

// TestMemo checks the two generations and the probe's switch-off.
func TestMemo(t *testing.T) {
	t.Parallel()
	m := newMemo(2 * 2 * memoShards) // 2 entries per shard and generation
	var keys []string                // keys of shard 0
	for i := 0; len(keys) < 6; i++ {
		if k := fmt.Sprint("k", i); m.shard([]byte(k)) == &m.shards[0] {
			keys = append(keys, k)
		}
	}
	put := func(k string) { m.put([]byte(k), memoEntry{{o: Outcome{Value: fakeResult(strings.ToUpper(k))}}}) }
	put(keys[0])
	put(keys[1])
	put(keys[2]) // 0 and 1 become the old generation
	for _, k := range keys[:3] {
		if e, ok := m.get([]byte(k)); !ok || e[0].o.Value != fakeResult(strings.ToUpper(k)) {
			t.Fatalf("get %q = %v, %v", k, e, ok)
		}
	}
	for _, k := range keys[3:] {
		put(k)
	}
	if _, ok := m.get([]byte(keys[0])); ok {
		t.Error("an entry survived two generations without a hit")
	}

	var p probe
	for i := range memoProbe - 1 {
		p.count(i < 3)
	}
	if p.off {
		t.Fatal("probe off before it ended")
	}
	p.count(false)
	if !p.off {
		t.Error("a memo that hit 3 times in its probe is still used")
	}
	var q probe
	for i := range memoProbe {
		q.count(i%memoMinShare == 0)
	}
	if q.off {
		t.Error("a memo that hit one time in", memoMinShare, "is no longer used")
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
// memo, and that the memory cache is divided among the groups.
func TestLocalGroups(t *testing.T) {
	t.Parallel()
	ops := []Op{"parse", "disposable", "genderize"}
	r := &runner{o: Options{Plan: &fakePlan{ops: ops}, MemoryCacheSize: 4 * memoShards, Concurrency: 1}, ops: ops, resultCols: [][]int{{0}, {1}, {2}}}
	l := newLocal(r)
	var got [][]int
	for _, g := range l.groups {
		got = append(got, g.ops)
		if g.memo == nil || g.memo.shards[0].max != 1 {
			t.Errorf("group %v: memo %v, want one of 2·%d entries", g.ops, g.memo, memoShards)
		}
	}
	if want := [][]int{{0, 2}, {1}}; !reflect.DeepEqual(got, want) {
		t.Errorf("groups %v, want %v", got, want)
	}
}
