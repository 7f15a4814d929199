package pipeline

import (
	"context"
	"fmt"
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
	o.Grace = -1
	_, _ = Run(ctx, o)
	if !sawCancel.Load() {
		t.Error("an in-process call did not see the run's cancellation")
	}
}
