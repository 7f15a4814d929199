package pipeline

import (
	"fmt"
	"time"

	"github.com/schollz/progressbar/v3"
)

// progressTick is how often the bar is redrawn.
const progressTick = 200 * time.Millisecond

// report draws the progress bar on o.Progress, or logs a progress line
// every o.LogEvery when there is no bar, until finished is closed.
func (r *runner) report(finished <-chan struct{}, start time.Time) {
	if r.o.Progress == nil && r.o.LogEvery < 0 {
		return
	}
	if r.o.Progress != nil {
		r.drawBar(finished, start)
		return
	}
	t := time.NewTicker(r.o.LogEvery)
	defer t.Stop()
	for {
		select {
		case <-finished:
			return
		case <-t.C:
			r.logProgress(start)
		}
	}
}

func (r *runner) logProgress(start time.Time) {
	elapsed := r.o.Now().Sub(start)
	// The position first: it never runs ahead of the rows written.
	done, total := r.st.progDone.Load(), r.st.progTotal.Load()
	out := r.st.rowsWritten.Load()
	attrs := []any{"rows_read", r.st.rowsRead.Load(), "rows_written", out, "calls", r.st.calls.Load(),
		"retries", r.st.retries.Load(), "elapsed", elapsed.Round(time.Second).String()}
	if elapsed > 0 {
		attrs = append(attrs, "rows_per_s", int64(float64(out)/elapsed.Seconds()))
	}
	if total > 0 && done > 0 {
		attrs = append(attrs, "percent", fmt.Sprintf("%.1f", 100*float64(done)/float64(total)))
		if eta := time.Duration(float64(elapsed) * float64(total-done) / float64(done)); eta > 0 {
			attrs = append(attrs, "eta", eta.Round(time.Second).String())
		}
	}
	r.o.Logger.Info("progress", attrs...)
}

// drawBar shows the input of the rows written against its total (bytes
// or rows, as the reader reports), with rows written and rows/s in the
// description.
func (r *runner) drawBar(finished <-chan struct{}, start time.Time) {
	max := int64(-1)
	bytes := r.o.ProgressTotalUnit == "bytes"
	bar := progressbar.NewOptions64(max,
		progressbar.OptionSetWriter(r.o.Progress),
		progressbar.OptionSetDescription("starting"),
		progressbar.OptionShowBytes(bytes),
		progressbar.OptionSetWidth(30),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionSetElapsedTime(true),
		progressbar.OptionShowElapsedTimeOnFinish(),
		progressbar.OptionSetRenderBlankState(true),
		progressbar.OptionUseANSICodes(true),
	)
	// The ticker paces the redraws (the bar's own throttle would skip
	// the last one, of a stopped run).
	t := time.NewTicker(progressTick)
	defer t.Stop()
	update := func() {
		if total := r.st.progTotal.Load(); total > 0 && total != max {
			max = total
			bar.ChangeMax64(total)
		}
		elapsed := r.o.Now().Sub(start).Seconds()
		out := r.st.rowsWritten.Load()
		rate := 0.0
		if elapsed > 0 {
			rate = float64(out) / elapsed
		}
		bar.Describe(fmt.Sprintf("%d rows, %.0f rows/s", out, rate))
		_ = bar.Set64(r.st.progDone.Load())
	}
	for {
		select {
		case <-finished:
			update()
			if r.stopped.Load() != nil {
				// A stopped run keeps the bar where the rows written
				// brought it, as its summary line counts them.
				_ = bar.Exit()
			} else {
				_ = bar.Finish()
			}
			fmt.Fprintln(r.o.Progress)
			return
		case <-t.C:
			update()
		}
	}
}
