package pipeline

import (
	"context"
	"fmt"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/namepipe/namepipe/cache"
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
