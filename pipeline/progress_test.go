package pipeline

import (
	"context"
	"fmt"
	"log/slog"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/namepipe/namepipe/cache"
	"github.com/namepipe/namepipe/internal/syncbuf"
)

// stallFrom answers the rows before row n (names "p0", "p1", ...) and
// holds the call of every later row until the run cancels it: a slow
// service that lets the reader run ahead of the rows written.
func stallFrom(n int) callFunc {
	return func(ctx context.Context, op Op, key string) (any, error) {
		if i, err := strconv.Atoi(strings.TrimPrefix(key, "p")); err == nil && i < n {
			return echo(ctx, op, key)
		}
		<-ctx.Done()
		return nil, ctx.Err()
	}
}

// progressLines is a slog handler that keeps the progress lines and
// calls onLine with each.
type progressLines struct {
	mu     sync.Mutex
	lines  []map[string]string
	onLine func(map[string]string)
}

func (h *progressLines) Enabled(context.Context, slog.Level) bool { return true }
func (h *progressLines) WithAttrs([]slog.Attr) slog.Handler       { return h }
func (h *progressLines) WithGroup(string) slog.Handler            { return h }
func (h *progressLines) Handle(_ context.Context, r slog.Record) error {
	if r.Message != "progress" {
		return nil
	}
	m := map[string]string{}
	r.Attrs(func(a slog.Attr) bool {
		m[a.Key] = a.Value.String()
		return true
	})
	h.mu.Lock()
	h.lines = append(h.lines, m)
	h.mu.Unlock()
	h.onLine(m)
	return nil
}

// TestProgressCountsRowsWritten stalls a service so that the reader runs
// a window ahead of the rows written: every progress line's percent
// follows the rows written, not the rows read.
func TestProgressCountsRowsWritten(t *testing.T) {
	const rows = 3000
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var stalled atomic.Bool
	h := &progressLines{onLine: func(m map[string]string) {
		read, _ := strconv.Atoi(m["rows_read"])
		written, _ := strconv.Atoi(m["rows_written"])
		if written > 0 && read > written && stalled.CompareAndSwap(false, true) {
			cancel()
		}
	}}
	rd := newMemReader(rows, func(i int) string { return fmt.Sprint("P", i) })
	o := newOpts(rd, &memWriter{}, &fakePlan{ops: []Op{"parse"}, call: stallFrom(120)}, false)
	o.BatchSize, o.Window, o.Grace = 50, 600, 0
	o.Logger, o.LogEvery = slog.New(h), time.Millisecond
	sum, err := Run(ctx, o)
	if err == nil || !stalled.Load() {
		t.Fatalf("err %v, stalled %v: the run should have stalled and been interrupted", err, stalled.Load())
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	checked := 0
	for _, m := range h.lines {
		p, ok := m["percent"]
		if !ok {
			continue
		}
		percent, _ := strconv.ParseFloat(p, 64)
		written, _ := strconv.Atoi(m["rows_written"])
		if want := 100 * float64(written) / rows; percent > want+0.05 {
			t.Errorf("progress line %v: %.1f%% but %d of %d rows written (%.1f%%)", m, percent, written, rows, want)
		}
		checked++
	}
	if checked == 0 {
		t.Fatal("no progress line with a percent")
	}
	if sum.RowsOut != sum.RowsIn || sum.RowsIn >= rows {
		t.Errorf("%d rows in, %d out, want all rows read written and fewer than %d", sum.RowsIn, sum.RowsOut, rows)
	}
}

var ansi = regexp.MustCompile(`\x1b\[[0-9;]*[A-Za-z]`)

// TestProgressBarAfterInterrupt interrupts a stalled run: the bar's last
// state shows the rows written, as the summary counts them, not 100 %.
func TestProgressBarAfterInterrupt(t *testing.T) {
	const rows = 3000
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	rd := newMemReader(rows, func(i int) string { return fmt.Sprint("P", i) })
	w := &memWriter{onWrite: func(int) { cancel() }}
	o := newOpts(rd, w, &fakePlan{ops: []Op{"parse"}, call: stallFrom(120)}, false)
	o.BatchSize, o.Window, o.Grace = 50, 600, 0
	var bar syncbuf.Buffer
	o.Progress, o.ProgressTotalUnit = &bar, "rows"
	sum, err := Run(ctx, o)
	if err == nil {
		t.Fatal("the run was not interrupted")
	}
	out := ansi.ReplaceAllString(bar.String(), "")
	last := strings.TrimSpace(out[strings.LastIndexAny(strings.TrimRight(out, "\n"), "\r\n")+1:])
	wantRows := fmt.Sprintf("%d rows,", sum.RowsOut)
	wantPercent := fmt.Sprintf("%d%%", 100*sum.RowsOut/rows)
	if !strings.HasPrefix(last, wantRows) || !strings.Contains(last, " "+wantPercent+" ") || sum.RowsOut >= rows {
		t.Errorf("last bar %q, want %q and %q (summary: %d rows in, %d out)", last, wantRows, wantPercent, sum.RowsIn, sum.RowsOut)
	}
}

// TestRowsCachedResume interrupts a run with a persistent cache: the rows
// the summary counts as cached need no call on the rerun, every other
// row one.
func TestRowsCachedResume(t *testing.T) {
	const rows = 2000
	path := filepath.Join(t.TempDir(), "cache")
	name := func(i int) string { return fmt.Sprint("P", i) }
	run := func(ctx context.Context, n int, call callFunc, w *memWriter) (*Summary, error) {
		t.Helper()
		c, err := cache.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		o := newOpts(newMemReader(n, name), w, &fakePlan{ops: []Op{"parse"}, call: call}, false)
		o.BatchSize, o.Window, o.Grace = 50, 600, 0
		o.Cache, o.EngineID = c, "test"
		return Run(ctx, o)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var writes atomic.Int64
	w := &memWriter{onWrite: func(int) {
		if writes.Add(1) == 2 {
			cancel()
		}
	}}
	sum, err := run(ctx, rows, stallFrom(130), w)
	if err == nil {
		t.Fatal("the run was not interrupted")
	}
	if sum.RowsCached <= 0 || sum.RowsCached >= sum.RowsOut {
		t.Fatalf("%d rows cached of %d written: want some, not all", sum.RowsCached, sum.RowsOut)
	}
	if line := sum.String(); !strings.Contains(line, fmt.Sprintf("%d rows have all their results in the cache", sum.RowsCached)) {
		t.Errorf("summary line %q does not say what the cache keeps", line)
	}
	cnt := &counter{}
	again, err := run(context.Background(), int(sum.RowsIn), cnt.wrap(echo), &memWriter{})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := cnt.total.Load(), sum.RowsIn-sum.RowsCached; got != want {
		t.Errorf("rerun of the %d rows read made %d calls, want %d (%d rows cached)", sum.RowsIn, got, want, sum.RowsCached)
	}
	if again.RowsCached != sum.RowsIn {
		t.Errorf("rerun: %d rows cached, want %d", again.RowsCached, sum.RowsIn)
	}
}
