package pipeline

import (
	"context"
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// TestInProcessSetsNoCallTimeout checks that each call gets a context with
// the per-call deadline, unless the service is in-process, and that an
// in-process call still sees the run's cancellation.
func TestInProcessSetsNoCallTimeout(t *testing.T) {
	for _, inProcess := range []bool{false, true} {
		t.Run(fmt.Sprint("InProcess=", inProcess), func(t *testing.T) {
			var withDeadline, without atomic.Int64
			p := &fakePlan{ops: []Op{"parse"}, call: func(ctx context.Context, op Op, key string) (any, error) {
				if d, ok := ctx.Deadline(); ok && time.Until(d) <= time.Minute {
					withDeadline.Add(1)
				} else {
					without.Add(1)
				}
				return "ok", nil
			}}
			o := newOpts(newMemReader(20, func(i int) string { return fmt.Sprint("n", i) }), &memWriter{}, p)
			o.Timeout = time.Minute
			o.InProcess = inProcess
			if _, err := Run(context.Background(), o); err != nil {
				t.Fatal(err)
			}
			if inProcess && (withDeadline.Load() != 0 || without.Load() != 20) {
				t.Errorf("in-process: %d calls with a deadline, %d without; want 0, 20", withDeadline.Load(), without.Load())
			}
			if !inProcess && (withDeadline.Load() != 20 || without.Load() != 0) {
				t.Errorf("remote: %d calls with a deadline, %d without; want 20, 0", withDeadline.Load(), without.Load())
			}
		})
	}
	// Cancelling the run reaches an in-process call.
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
	o := newOpts(newMemReader(1, func(int) string { return "x" }), &memWriter{}, p)
	o.InProcess = true
	o.Grace = 0 // cancel the calls at once
	_, _ = Run(ctx, o)
	if !sawCancel.Load() {
		t.Error("an in-process call did not see the run's cancellation")
	}
}

// TestRecompute checks that the operations of Options.Recompute are called
// for every row (no key, no de-duplication, no memory cache) while the
// others are still de-duplicated, that the output is the same either way,
// and that a persistent cache turns Recompute off.
func TestRecompute(t *testing.T) {
	const n = 300
	run := func(t *testing.T, recompute []Op, withCache bool) (*Summary, *memWriter, *counter) {
		t.Helper()
		cnt := &counter{}
		rd := newMemReader(n, func(i int) string { return fmt.Sprint("P", i%7) })
		for i := range rd.rows {
			rd.rows[i][1] = fmt.Sprintf("u%d@example.com", i%11)
		}
		w := &memWriter{}
		o := newOpts(rd, w, &fakePlan{ops: []Op{"parse", "disposable"}, call: cnt.wrap(echo)})
		o.InProcess = true
		o.Recompute = recompute
		if withCache {
			c, err := OpenCache(filepath.Join(t.TempDir(), "cache"))
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { _ = c.Close() })
			o.Cache, o.EngineID = c, "local/test"
		}
		sum, err := Run(context.Background(), o)
		if err != nil {
			t.Fatal(err)
		}
		return sum, w, cnt
	}
	countOp := func(c *counter, op string) int {
		total := 0
		for k, v := range c.calls {
			if strings.HasPrefix(k, op+"|") {
				total += v
			}
		}
		return total
	}
	_, want, _ := run(t, nil, false)
	for _, tc := range []struct {
		name                    string
		recompute               []Op
		cache                   bool
		parseCalls, dispCalls   int
		requests, memAndDupHits int64
	}{
		{"none", nil, false, 7, 11, 18, 2*n - 18},
		{"disposable", []Op{"disposable"}, false, 7, n, 7 + n, n - 7},
		{"both", []Op{"parse", "disposable", "risk"}, false, n, n, 2 * n, 0},
		{"ignored with a persistent cache", []Op{"disposable"}, true, 7, 11, 18, 2*n - 18},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sum, w, cnt := run(t, tc.recompute, tc.cache)
			if p, d := countOp(cnt, "parse"), countOp(cnt, "disposable"); p != tc.parseCalls || d != tc.dispCalls {
				t.Errorf("calls: parse %d, disposable %d; want %d, %d", p, d, tc.parseCalls, tc.dispCalls)
			}
			if sum.Requests != tc.requests || sum.Calls != tc.requests {
				t.Errorf("summary: %d requests, %d calls; want %d", sum.Requests, sum.Calls, tc.requests)
			}
			if got := sum.CacheHitsMemory + sum.DedupHits; got != tc.memAndDupHits {
				t.Errorf("memory + dedup hits %d, want %d", got, tc.memAndDupHits)
			}
			if !reflect.DeepEqual(w.rows, want.rows) {
				t.Error("output differs from a run without Recompute")
			}
		})
	}
}

// TestInProcessRowPath re-runs the run tests with Options.InProcess, where
// one worker builds a row and resolves all its operations back to back
// instead of queueing a task per operation: ordering, the window,
// de-duplication, retries, row and service errors, stops, cancellation
// and the caches must behave the same.
func TestInProcessRowPath(t *testing.T) {
	inProcessTests = true
	defer func() { inProcessTests = false }()
	for _, tc := range []struct {
		name string
		f    func(*testing.T)
	}{
		{"OrderedOutputUnderConcurrency", TestOrderedOutputUnderConcurrency},
		{"RowErrorsKeepData", TestRowErrorsKeepData},
		{"ReaderProblemFlagsRow", TestReaderProblemFlagsRow},
		{"Retries", TestRetries},
		{"ServiceDownStopsAndKeepsRows", TestServiceDownStopsAndKeepsRows},
		{"AccessDeniedStopsAtOnce", TestAccessDeniedStopsAtOnce},
		{"Deduplication", TestDeduplication},
		{"WindowBoundsRowsInFlight", TestWindowBoundsRowsInFlight},
		{"CancelReturnsPromptly", TestCancelReturnsPromptly},
		{"InputAndOutputErrors", TestInputAndOutputErrors},
		{"PersistentCacheSecondRun", TestPersistentCacheSecondRun},
		{"BrokenCacheDoesNotFailRun", TestBrokenCacheDoesNotFailRun},
		{"Recompute", TestRecompute},
	} {
		t.Run(tc.name, tc.f)
	}
}
