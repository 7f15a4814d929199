package pipeline

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/namepipe/namepipe/nameapi"
	"github.com/namepipe/namepipe/record"
)

var (
	errUnavailable = &nameapi.Error{Op: "fake", HTTPStatus: http.StatusServiceUnavailable}
	errInvalid     = nameapi.NewInvalidInputError("fake", "bad name")
)

// randomDelays answers calls in a random order chosen by a driver
// goroutine: each call blocks until the driver releases it.
type randomDelays struct {
	calls     chan chan struct{}
	stop      chan struct{}
	active    atomic.Int64
	maxActive atomic.Int64
}

func newRandomDelays(seed uint64) *randomDelays {
	d := &randomDelays{calls: make(chan chan struct{}), stop: make(chan struct{})}
	go d.drive(seed)
	return d
}

func (d *randomDelays) drive(seed uint64) {
	rng := rand.New(rand.NewPCG(seed, seed+1))
	var pool []chan struct{}
	release := func() {
		i := rng.IntN(len(pool))
		close(pool[i])
		pool[i] = pool[len(pool)-1]
		pool = pool[:len(pool)-1]
	}
	for {
		if len(pool) == 0 {
			select {
			case c := <-d.calls:
				pool = append(pool, c)
			case <-d.stop:
				return
			}
			continue
		}
		select {
		case c := <-d.calls:
			pool = append(pool, c)
			continue
		default:
		}
		runtime.Gosched()
		select {
		case c := <-d.calls:
			pool = append(pool, c)
		default:
			release()
		}
	}
}

func (d *randomDelays) call(ctx context.Context, op Op, key string) (any, error) {
	a := d.active.Add(1)
	defer d.active.Add(-1)
	for m := d.maxActive.Load(); a > m && !d.maxActive.CompareAndSwap(m, a); m = d.maxActive.Load() {
	}
	rel := make(chan struct{})
	select {
	case d.calls <- rel:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	select {
	case <-rel:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	return echo(ctx, op, key)
}

func TestOrderedOutputUnderConcurrency(t *testing.T) {
	forEachPath(t, testOrderedOutputUnderConcurrency)
}

func testOrderedOutputUnderConcurrency(t *testing.T, local bool) {
	const n = 600
	d := newRandomDelays(7)
	defer close(d.stop)
	rd := newMemReader(n, func(i int) string { return fmt.Sprintf("Person %d", i) })
	w := &memWriter{}
	p := &fakePlan{ops: []Op{"parse", "genderize", "disposable"}, call: d.call}
	o := newOpts(rd, w, p, local)
	o.Concurrency = 8
	o.Window = 64
	o.BatchSize = 16
	sum, err := Run(context.Background(), o)
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	if len(w.rows) != n || sum.RowsIn != n || sum.RowsOut != n {
		t.Fatalf("rows written %d, summary in %d out %d; want %d", len(w.rows), sum.RowsIn, sum.RowsOut, n)
	}
	for i, r := range w.rows {
		name := fmt.Sprintf("Person %d", i)
		email := fmt.Sprintf("user%d@example.com", i)
		want := []string{name, email, "parse(" + strings.ToLower(name) + ")", "genderize(" + strings.ToLower(name) + ")", "disposable(" + email + ")", ""}
		if r.Index != int64(i) || len(r.Values) != len(want) {
			t.Fatalf("row %d: index %d, %d values", i, r.Index, len(r.Values))
		}
		for j, v := range want {
			if str(r.Values[j]) != v {
				t.Fatalf("row %d column %d = %q, want %q", i, j, r.Values[j], v)
			}
		}
	}
	if d.maxActive.Load() < 2 {
		t.Errorf("at most %d calls ran at once; the test did not exercise concurrency", d.maxActive.Load())
	}
	if sum.Calls != 3*n || sum.Requests != 3*n {
		t.Errorf("calls %d requests %d, want %d", sum.Calls, sum.Requests, 3*n)
	}
}

func TestRowErrorsKeepData(t *testing.T) { forEachPath(t, testRowErrorsKeepData) }

func testRowErrorsKeepData(t *testing.T, local bool) {
	names := []string{"Ann Lee", "BAD row", "Bo Invalid", "", "Cy Unavailable", "PARTIAL row"}
	call := func(ctx context.Context, op Op, key string) (any, error) {
		switch {
		case strings.Contains(key, "invalid") && op == "parse":
			return nil, errInvalid
		case strings.Contains(key, "unavailable") && op == "genderize":
			return nil, errUnavailable
		}
		return echo(ctx, op, key)
	}
	rd := newMemReader(len(names), func(i int) string { return names[i] })
	rd.rows[3][1] = "" // no name, no email: nothing applies
	w := &memWriter{}
	o := newOpts(rd, w, &fakePlan{ops: []Op{"parse", "genderize"}, call: call}, local)
	o.MaxAttempts = 2
	o.Sleep = (&sleepRecorder{}).sleep
	sum, err := Run(context.Background(), o)
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	tests := []struct {
		row                  int
		parse, gender, errIn string // errIn: substring of the error column; "" = empty
	}{
		{0, "parse(ann lee)", "genderize(ann lee)", ""},
		{1, "", "", `line 3: column name: cannot use "BAD row"`},
		{2, "", "genderize(bo invalid)", "parse: nameapi fake: HTTP 400"},
		{3, "", "", ""},
		{4, "parse(cy unavailable)", "", "genderize: gave up after 2 attempts: nameapi fake: HTTP 503"},
		{5, "parse(partial row)", "genderize(partial row)", "line 7: column dob: left out"},
	}
	if len(w.rows) != len(names) {
		t.Fatalf("%d rows written, want %d", len(w.rows), len(names))
	}
	for _, tc := range tests {
		r := w.rows[tc.row]
		if str(r.Values[0]) != names[tc.row] {
			t.Errorf("row %d: name %q changed", tc.row, r.Values[0])
		}
		if got := str(r.Values[2]); got != tc.parse {
			t.Errorf("row %d: parse %q, want %q", tc.row, got, tc.parse)
		}
		if got := str(r.Values[3]); got != tc.gender {
			t.Errorf("row %d: gender %q, want %q", tc.row, got, tc.gender)
		}
		got := str(r.Values[4])
		if (tc.errIn == "") != (got == "") || !strings.Contains(got, tc.errIn) {
			t.Errorf("row %d: error column %q, want it to contain %q", tc.row, got, tc.errIn)
		}
	}
	if sum.RowsWithErrors != 4 || sum.Errors.Build != 2 || sum.Errors.ByOp["parse"] != 1 ||
		sum.Errors.ByOp["genderize"] != 1 || sum.Errors.RetriesExhausted != 1 {
		t.Errorf("summary errors: rows %d, %+v", sum.RowsWithErrors, sum.Errors)
	}
}

func TestReaderProblemFlagsRow(t *testing.T) { forEachPath(t, testReaderProblemFlagsRow) }

func testReaderProblemFlagsRow(t *testing.T, local bool) {
	rd := &problemReader{}
	w := &memWriter{}
	o := Options{Reader: rd, Writer: w, Plan: &fakePlan{ops: []Op{"parse"}, call: echo}, Service: nopService{}, LogEvery: -1}
	sum, err := Run(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	if len(w.rows) != 1 || str(w.rows[0].Values[2]) != "parse(ann)" || str(w.rows[0].Values[3]) != "in.csv:7:5: ragged row: 2 fields, want 3" {
		t.Fatalf("rows %v", w.rows)
	}
	if sum.Errors.ReaderProblem != 1 || sum.RowsWithErrors != 1 {
		t.Errorf("summary %+v", sum.Errors)
	}
}

type problemReader struct{ done bool }

func (r *problemReader) Schema() record.Schema { return record.Schema{} }
func (r *problemReader) Read(ctx context.Context, dst []record.Record) (int, error) {
	if r.done {
		return 0, io.EOF
	}
	r.done = true
	dst[0] = record.Record{Line: 7, Values: []record.Value{"Ann", ""}, Problem: "in.csv:7:5: ragged row: 2 fields, want 3"}
	return 1, nil
}
func (r *problemReader) Progress() (int64, int64) { return 0, 0 }
func (r *problemReader) Close() error             { return nil }

func TestRetries(t *testing.T) { forEachPath(t, testRetries) }

func testRetries(t *testing.T, local bool) {
	retryAfter := &nameapi.Error{Op: "fake", HTTPStatus: http.StatusTooManyRequests, RetryAfter: 7 * time.Second}
	tests := []struct {
		name        string
		maxAttempts int
		errs        []error // the answer of each attempt; nil = success; past the end: success
		wantCalls   int64
		wantErr     string
		minWaits    []time.Duration
	}{
		{"success at once", 5, nil, 1, "", nil},
		{"success on third", 5, []error{errUnavailable, errUnavailable}, 3, "", nil},
		{"exhausted", 3, []error{errUnavailable, errUnavailable, errUnavailable, errUnavailable}, 3, "gave up after 3 attempts", nil},
		{"single attempt", 1, []error{errUnavailable}, 1, "gave up after 1 attempts", nil},
		{"not retryable", 5, []error{errInvalid}, 1, "HTTP 400", nil},
		{"plain error not retryable", 5, []error{errors.New("boom")}, 1, "boom", nil},
		{"retry-after honoured", 5, []error{retryAfter, retryAfter}, 3, "", []time.Duration{7 * time.Second, 7 * time.Second}},
		{"timeout retried", 2, []error{&nameapi.Error{Op: "fake", Timeout: true}}, 2, "", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var n atomic.Int64
			call := func(ctx context.Context, op Op, key string) (any, error) {
				i := n.Add(1) - 1
				if int(i) < len(tc.errs) && tc.errs[i] != nil {
					return nil, tc.errs[i]
				}
				return echo(ctx, op, key)
			}
			sl := &sleepRecorder{}
			rd := newMemReader(1, func(int) string { return "Ann" })
			w := &memWriter{}
			o := newOpts(rd, w, &fakePlan{ops: []Op{"parse"}, call: call}, local)
			o.MaxAttempts = tc.maxAttempts
			o.Sleep = sl.sleep
			o.BackoffBase = time.Second
			o.BackoffMax = 4 * time.Second
			sum, err := Run(context.Background(), o)
			if err != nil {
				t.Fatal(err)
			}
			if n.Load() != tc.wantCalls || sum.Calls != tc.wantCalls || sum.MaxAttempts != tc.wantCalls {
				t.Errorf("calls made %d, summary calls %d max attempts %d; want %d", n.Load(), sum.Calls, sum.MaxAttempts, tc.wantCalls)
			}
			if sum.Retries != tc.wantCalls-1 || int64(len(sl.waits)) != tc.wantCalls-1 {
				t.Errorf("retries %d, sleeps %v; want %d", sum.Retries, sl.waits, tc.wantCalls-1)
			}
			errCol := str(w.rows[0].Values[3])
			if (tc.wantErr == "") != (errCol == "") || !strings.Contains(errCol, tc.wantErr) {
				t.Errorf("error column %q, want %q", errCol, tc.wantErr)
			}
			for i, d := range sl.waits {
				limit := min(time.Second<<i, 4*time.Second)
				if i < len(tc.minWaits) {
					if d < tc.minWaits[i] {
						t.Errorf("wait %d = %v, want at least Retry-After %v", i, d, tc.minWaits[i])
					}
				} else if d < 0 || d > limit {
					t.Errorf("wait %d = %v, want within [0, %v]", i, d, limit)
				}
			}
		})
	}
}

func TestBackoff(t *testing.T) {
	full := func(d time.Duration) time.Duration { return d }
	zero := func(time.Duration) time.Duration { return 0 }
	tests := []struct {
		n          int
		retryAfter time.Duration
		jitter     func(time.Duration) time.Duration
		want       time.Duration
	}{
		{1, 0, full, 100 * time.Millisecond},
		{2, 0, full, 200 * time.Millisecond},
		{4, 0, full, 800 * time.Millisecond},
		{5, 0, full, time.Second}, // capped
		{50, 0, full, time.Second},
		{3, 0, zero, 0},
		{3, 5 * time.Second, zero, 5 * time.Second},
		{1, 50 * time.Millisecond, full, 100 * time.Millisecond},
	}
	for _, tc := range tests {
		if got := Backoff(tc.n, 100*time.Millisecond, time.Second, tc.retryAfter, tc.jitter); got != tc.want {
			t.Errorf("Backoff(%d, retryAfter %v) = %v, want %v", tc.n, tc.retryAfter, got, tc.want)
		}
	}
	// The real jitter stays within [0, cap] and is spread over it.
	var low, high bool
	for range 2000 {
		d := Backoff(3, 100*time.Millisecond, time.Second, 0, fullJitter)
		if d < 0 || d > 400*time.Millisecond {
			t.Fatalf("jittered backoff %v outside [0, 400ms]", d)
		}
		low = low || d < 100*time.Millisecond
		high = high || d > 300*time.Millisecond
	}
	if !low || !high {
		t.Errorf("jitter not spread over [0, 400ms]: low %v high %v", low, high)
	}
}

func TestServiceDownStopsAndKeepsRows(t *testing.T) { forEachPath(t, testServiceDownStopsAndKeepsRows) }

func testServiceDownStopsAndKeepsRows(t *testing.T, local bool) {
	var calls atomic.Int64
	down := func(ctx context.Context, op Op, key string) (any, error) {
		calls.Add(1)
		return nil, errUnavailable
	}
	rd := newMemReader(5000, func(i int) string { return fmt.Sprintf("P%d", i) })
	w := &memWriter{}
	o := newOpts(rd, w, &fakePlan{ops: []Op{"parse"}, call: down}, local)
	o.MaxAttempts = 2
	o.MaxConsecutiveFailures = 10
	o.Window = 32
	o.BatchSize = 8
	o.Sleep = (&sleepRecorder{}).sleep
	sum, err := Run(context.Background(), o)
	var re *RunError
	if !errors.As(err, &re) || re.Reason != ReasonServiceDown {
		t.Fatalf("err = %v, want a service-down RunError", err)
	}
	if !strings.Contains(err.Error(), "service appears down") || !strings.Contains(err.Error(), "HTTP 503") {
		t.Errorf("message %q should say the service is down and give the last error", err)
	}
	if re.RowsRead != re.RowsWritten || re.RowsRead != int64(len(w.rows)) || re.RowsRead == 0 || re.RowsRead >= 5000 {
		t.Errorf("rows read %d, written %d (%d in writer); want equal, >0, <5000", re.RowsRead, re.RowsWritten, len(w.rows))
	}
	for i, r := range w.rows {
		if r.Index != int64(i) || str(r.Values[3]) == "" {
			t.Fatalf("row %d: index %d, error column %q", i, r.Index, r.Values[3])
		}
	}
	// In-flight requests may finish after the trip, but the queue is not sent.
	if max := int64(o.MaxConsecutiveFailures + o.Concurrency*o.MaxAttempts); calls.Load() > max {
		t.Errorf("%d calls after the service went down, want at most %d", calls.Load(), max)
	}
	if sum.Stopped != string(ReasonServiceDown) || sum.Errors.NotDone == 0 {
		t.Errorf("summary stopped %q, not done %d", sum.Stopped, sum.Errors.NotDone)
	}
}

func TestAccessDeniedStopsAtOnce(t *testing.T) { forEachPath(t, testAccessDeniedStopsAtOnce) }

func testAccessDeniedStopsAtOnce(t *testing.T, local bool) {
	for _, denied := range []*nameapi.Error{
		{Op: "fake", HTTPStatus: http.StatusUnauthorized, Fault: &nameapi.Fault{FaultCause: nameapi.FaultAccessDenied, Blame: nameapi.BlameClient, Message: "No such account"}},
		{Op: "fake", HTTPStatus: http.StatusForbidden},
		{Op: "fake", HTTPStatus: http.StatusInternalServerError, SOAPFault: nameapi.SOAPFaultAccessDenied},
	} {
		t.Run(denied.Error(), func(t *testing.T) {
			var calls atomic.Int64
			call := func(ctx context.Context, op Op, key string) (any, error) {
				calls.Add(1)
				return nil, denied
			}
			rd := newMemReader(2000, func(i int) string { return fmt.Sprintf("P%d", i) })
			w := &memWriter{}
			o := newOpts(rd, w, &fakePlan{ops: []Op{"parse"}, call: call}, local)
			o.MaxConsecutiveFailures = 0 // the access-denied stop does not depend on it
			o.Window = 32
			o.Sleep = (&sleepRecorder{}).sleep
			sum, err := Run(context.Background(), o)
			var re *RunError
			if !errors.As(err, &re) || re.Reason != ReasonAccessDenied {
				t.Fatalf("err = %v, want an access-denied RunError", err)
			}
			if !strings.Contains(err.Error(), "check the API key") {
				t.Errorf("message %q should point at the API key", err)
			}
			if re.RowsRead != int64(len(w.rows)) || re.RowsRead == 0 || re.RowsRead >= 2000 {
				t.Errorf("rows read %d, in writer %d; want equal and fewer than the input", re.RowsRead, len(w.rows))
			}
			// Not retried, and the queue is not sent: at most the calls in flight.
			if calls.Load() > int64(o.Concurrency) {
				t.Errorf("%d calls, want at most %d (one per worker)", calls.Load(), o.Concurrency)
			}
			if sum.Stopped != string(ReasonAccessDenied) {
				t.Errorf("summary stopped %q", sum.Stopped)
			}
		})
	}
}

// TestDeduplication checks the remote path's de-duplication: identical
// requests are sent once, those that arrive while it is in flight wait on
// it. (The local path's memo is checked in package cache:
// TestRowsSameAsBuildAndCall.)
func TestDeduplication(t *testing.T) {
	t.Parallel()
	c := &counter{}
	gate := make(chan struct{})
	var first atomic.Bool
	slowFirst := func(ctx context.Context, op Op, key string) (any, error) {
		// Hold the first request so that identical ones arrive while it is in flight.
		if first.CompareAndSwap(false, true) {
			<-gate
		}
		return echo(ctx, op, key)
	}
	const n = 500
	names := []string{"Ann", "ann", "Bo", "Cy", "Di"}
	rd := newMemReader(n, func(i int) string { return names[i%len(names)] })
	rd.onRow = func() {
		if rd.pos == n-1 {
			close(gate)
		}
	}
	w := &memWriter{}
	o := newOpts(rd, w, &fakePlan{ops: []Op{"parse"}, call: c.wrap(slowFirst)}, false)
	o.Concurrency = 4
	sum, err := Run(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range c.calls {
		if v != 1 {
			t.Errorf("%s sent %d times", k, v)
		}
	}
	if len(c.calls) != 4 || sum.Calls != 4 {
		t.Errorf("distinct requests %d, calls %d; want 4", len(c.calls), sum.Calls)
	}
	if sum.CacheHitsMemory+sum.DedupHits != n-4 || sum.DedupHits == 0 {
		t.Errorf("memory hits %d + dedup hits %d, want %d with some dedup", sum.CacheHitsMemory, sum.DedupHits, n-4)
	}
	for i, r := range w.rows {
		if want := "parse(" + strings.ToLower(names[i%len(names)]) + ")"; str(r.Values[2]) != want {
			t.Fatalf("row %d: %q, want %q", i, r.Values[2], want)
		}
	}
}

func TestWindowBoundsRowsInFlight(t *testing.T) { forEachPath(t, testWindowBoundsRowsInFlight) }

func testWindowBoundsRowsInFlight(t *testing.T, local bool) {
	for _, window := range []int{1, 7, 64} {
		t.Run(fmt.Sprint(window), func(t *testing.T) {
			var inFlight, maxInFlight atomic.Int64
			d := newRandomDelays(uint64(window))
			defer close(d.stop)
			rd := newMemReader(400, func(i int) string { return fmt.Sprint("P", i) })
			w := &memWriter{onWrite: func(n int) { inFlight.Add(-int64(n)) }}
			p := &fakePlan{ops: []Op{"parse", "genderize"}, call: d.call, onBuild: func() {
				v := inFlight.Add(1)
				for m := maxInFlight.Load(); v > m && !maxInFlight.CompareAndSwap(m, v); m = maxInFlight.Load() {
				}
			}}
			o := newOpts(rd, w, p, local)
			o.Concurrency = 16
			o.Window = window
			if _, err := Run(context.Background(), o); err != nil {
				t.Fatal(err)
			}
			if len(w.rows) != 400 {
				t.Fatalf("%d rows", len(w.rows))
			}
			if m := maxInFlight.Load(); m > int64(window) {
				t.Errorf("%d rows in flight, window %d", m, window)
			}
		})
	}
}

func TestCancelReturnsPromptly(t *testing.T) { forEachPath(t, testCancelReturnsPromptly) }

func testCancelReturnsPromptly(t *testing.T, local bool) {
	ctx, cancel := context.WithCancel(context.Background())
	var started atomic.Int64
	block := func(c context.Context, op Op, key string) (any, error) {
		n := started.Add(1)
		if n == 12 {
			cancel()
		}
		if n <= 10 {
			return echo(c, op, key)
		}
		<-c.Done() // a call that never answers until cancelled
		return nil, c.Err()
	}
	rd := newMemReader(100000, func(i int) string { return fmt.Sprint("P ", i) })
	w := &memWriter{}
	o := newOpts(rd, w, &fakePlan{ops: []Op{"parse"}, call: block}, local)
	o.Grace = 0 // cancel the calls at once
	done := make(chan struct{})
	var sum *Summary
	var err error
	go func() {
		sum, err = Run(ctx, o)
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(20 * time.Second): // a safety net, not a timing assertion
		t.Fatal("Run did not return after cancellation")
	}
	var re *RunError
	if !errors.As(err, &re) || re.Reason != ReasonInterrupted || !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want interrupted", err)
	}
	if re.RowsRead >= 100000 || re.RowsRead != re.RowsWritten || int64(len(w.rows)) != re.RowsRead {
		t.Errorf("read %d written %d writer %d", re.RowsRead, re.RowsWritten, len(w.rows))
	}
	for i, r := range w.rows {
		if r.Index != int64(i) {
			t.Fatalf("row %d has index %d", i, r.Index)
		}
		if str(r.Values[2]) == "" && !strings.Contains(str(r.Values[3]), "run stopped (interrupted)") {
			t.Fatalf("row %d: no result and error %q", i, r.Values[3])
		}
	}
	if sum.Stopped != string(ReasonInterrupted) {
		t.Errorf("summary stopped %q", sum.Stopped)
	}
}

func TestInputAndOutputErrors(t *testing.T) { forEachPath(t, testInputAndOutputErrors) }

func testInputAndOutputErrors(t *testing.T, local bool) {
	t.Run("reader fails", func(t *testing.T) {
		rd := newMemReader(10, func(i int) string { return fmt.Sprint("P", i) })
		rd.err = errors.New("in.csv:12: unterminated quote")
		w := &memWriter{}
		_, err := Run(context.Background(), newOpts(rd, w, &fakePlan{ops: []Op{"parse"}, call: echo}, local))
		var re *RunError
		if !errors.As(err, &re) || re.Reason != ReasonInput || !strings.Contains(err.Error(), "in.csv:12") {
			t.Fatalf("err = %v", err)
		}
		if len(w.rows) != 10 || re.RowsWritten != 10 {
			t.Errorf("%d rows written before the input error, want 10", len(w.rows))
		}
	})
	t.Run("writer fails", func(t *testing.T) {
		rd := newMemReader(3000, func(i int) string { return fmt.Sprint("P", i) })
		w := &memWriter{failAt: 2}
		o := newOpts(rd, w, &fakePlan{ops: []Op{"parse"}, call: echo}, local)
		o.Window, o.BatchSize = 100, 10
		_, err := Run(context.Background(), o)
		var re *RunError
		if !errors.As(err, &re) || re.Reason != ReasonOutput || !strings.Contains(err.Error(), "disk full") {
			t.Fatalf("err = %v", err)
		}
		if re.RowsRead >= 3000 {
			t.Errorf("read everything (%d rows) after the writer failed", re.RowsRead)
		}
	})
}

func TestOptionsValidation(t *testing.T) {
	if _, err := Run(context.Background(), Options{}); err == nil || !strings.Contains(err.Error(), "no reader") {
		t.Fatalf("err = %v", err)
	}
	o := newOpts(newMemReader(1, func(int) string { return "a" }), &memWriter{}, &fakePlan{call: echo}, false)
	o.Rate = -1
	if _, err := Run(context.Background(), o); err == nil || !strings.Contains(err.Error(), "rate") {
		t.Fatalf("err = %v", err)
	}
}
