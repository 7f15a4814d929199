package pipeline

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"time"

	"github.com/namepipe/namepipe/cache"
	"github.com/namepipe/namepipe/config"
	"github.com/namepipe/namepipe/nameapi"
	"github.com/namepipe/namepipe/readers"
	"github.com/namepipe/namepipe/writers"
)

// Defaults of the settings that Options leaves at zero and that are the
// pipeline's own. The run settings a config file sets (concurrency,
// attempts, timeout) default to package config's values.
const (
	DefaultBackoffBase     = 200 * time.Millisecond
	DefaultBackoffMax      = 30 * time.Second
	DefaultMemoryCacheSize = 50_000
	DefaultBatchSize       = 256
	DefaultLogEvery        = 10 * time.Second
)

// Options configure one run. Reader, Writer, Plan and Service are
// required; every other field has a default.
type Options struct {
	// Reader yields the input rows; Run never closes it.
	Reader readers.Reader
	// Writer receives the output rows in input order. Run never commits or
	// aborts it: the caller commits when Run returns a nil error and
	// aborts otherwise (see RunError).
	Writer writers.Writer
	// Plan maps rows to requests and results to columns.
	Plan Plan
	// Service answers the operations (remote client or local engine). A
	// service that implements nameapi.InProcess runs on the local path
	// when there is no Cache: whole batches per worker, no per-call
	// timeout, no task queue (see the package doc).
	Service nameapi.Service

	// Concurrency is the number of requests in flight (default
	// config.DefaultConcurrency).
	Concurrency int
	// Rate limits requests per second across all workers; 0 = unlimited.
	Rate float64
	// Burst is the limiter's bucket size (default 1).
	Burst int
	// MaxAttempts is the maximum number of attempts per request, the
	// first included (default config.DefaultRetries+1; 1 = never retry).
	MaxAttempts int
	// BackoffBase and BackoffMax bound the exponential backoff with full
	// jitter between attempts: attempt n waits a random time in
	// [0, min(BackoffMax, BackoffBase·2^(n-1))], and at least the server's
	// Retry-After.
	BackoffBase, BackoffMax time.Duration
	// Timeout bounds each request attempt (default config.DefaultTimeout).
	Timeout time.Duration
	// MaxConsecutiveFailures stops the run when that many calls in a row
	// failed (the service appears down); 0 never stops (as in the config,
	// whose default is config.DefaultMaxConsecutiveFailures). Invalid-input
	// answers prove the service is up and do not count.
	MaxConsecutiveFailures int
	// Window is the maximum number of rows in flight between reading and
	// writing; it bounds memory whatever the concurrency. Default
	// max(1024, 32·Concurrency).
	Window int
	// BatchSize is the number of rows per Read and per Write (default 256,
	// at most Window).
	BatchSize int
	// Grace is how long in-flight calls may finish after ctx is cancelled
	// before they are cancelled too; 0 cancels them at once (the command
	// line's default is config.DefaultGrace).
	Grace time.Duration

	// Cache is an optional persistent result cache (see cache.Open).
	Cache cache.Persistent
	// EngineID identifies the backend and its data version in cache keys,
	// such as "local/2024-06" or a base URL; never an API key.
	EngineID string
	// MemoryCacheSize bounds the in-memory cache of recent results
	// (default 50,000 entries; negative = none): the cache.Memory shared
	// by the remote path's workers, or on the local path the memo of each
	// group of operations that read the same cells (cache.Rows).
	MemoryCacheSize int
	// Observer, when set, sees every row as it is written (the run
	// report's collector).
	Observer Observer

	// Progress receives a progress bar; nil = no bar.
	Progress io.Writer
	// ProgressTotalUnit names the unit of Reader.Progress, "bytes" or
	// "rows" (default "bytes").
	ProgressTotalUnit string
	// Logger receives run logs; nil = discard.
	Logger *slog.Logger
	// LogEvery is the interval of progress log lines when Progress is nil
	// and Logger is set (default 10 s; negative = none).
	LogEvery time.Duration

	// Now, Sleep and Jitter are hooks for tests. Sleep waits d or until
	// ctx is done; Jitter returns a random duration in [0, d].
	Now    func() time.Time
	Sleep  func(ctx context.Context, d time.Duration) error
	Jitter func(d time.Duration) time.Duration
}

// withDefaults validates o and fills its defaults.
func (o Options) withDefaults() (Options, error) {
	var errs []error
	if o.Reader == nil {
		errs = append(errs, errors.New("no reader"))
	}
	if o.Writer == nil {
		errs = append(errs, errors.New("no writer"))
	}
	if o.Plan == nil {
		errs = append(errs, errors.New("no plan"))
	}
	if o.Service == nil {
		errs = append(errs, errors.New("no service"))
	}
	if o.Rate < 0 {
		errs = append(errs, fmt.Errorf("rate %v is negative", o.Rate))
	}
	if o.Concurrency < 0 || o.MaxAttempts < 0 || o.Burst < 0 || o.Window < 0 || o.BatchSize < 0 {
		errs = append(errs, errors.New("concurrency, max attempts, burst, window and batch size must not be negative"))
	}
	if o.MaxConsecutiveFailures < 0 || o.Grace < 0 {
		errs = append(errs, errors.New("max consecutive failures and grace must not be negative"))
	}
	if len(errs) > 0 {
		return o, fmt.Errorf("pipeline options: %w", errors.Join(errs...))
	}
	if o.Concurrency == 0 {
		o.Concurrency = config.DefaultConcurrency
	}
	if o.Burst == 0 {
		o.Burst = 1
	}
	if o.MaxAttempts == 0 {
		o.MaxAttempts = config.DefaultRetries + 1
	}
	if o.BackoffBase <= 0 {
		o.BackoffBase = DefaultBackoffBase
	}
	if o.BackoffMax <= 0 {
		o.BackoffMax = DefaultBackoffMax
	}
	if o.BackoffMax < o.BackoffBase {
		o.BackoffMax = o.BackoffBase
	}
	if o.Timeout <= 0 {
		o.Timeout = config.DefaultTimeout
	}
	if o.Window == 0 {
		o.Window = max(1024, 32*o.Concurrency)
	}
	if o.BatchSize == 0 {
		o.BatchSize = DefaultBatchSize
	}
	o.BatchSize = min(o.BatchSize, o.Window)
	if o.MemoryCacheSize == 0 {
		o.MemoryCacheSize = DefaultMemoryCacheSize
	}
	if o.ProgressTotalUnit == "" {
		o.ProgressTotalUnit = "bytes"
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	if o.LogEvery == 0 {
		o.LogEvery = DefaultLogEvery
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Sleep == nil {
		o.Sleep = nameapi.Sleep
	}
	if o.Jitter == nil {
		o.Jitter = fullJitter
	}
	return o, nil
}

// fullJitter returns a uniformly random duration in [0, d].
func fullJitter(d time.Duration) time.Duration {
	if d <= 0 {
		return 0
	}
	return rand.N(d + 1)
}

// Backoff returns the wait before the attempt that follows failed attempt
// n (1-based): full jitter over min(max, base·2^(n-1)), then raised to
// retryAfter when the server asked for a longer pause.
func Backoff(n int, base, maxWait, retryAfter time.Duration, jitter func(time.Duration) time.Duration) time.Duration {
	d := base
	for i := 1; i < n && d < maxWait; i++ {
		d *= 2
	}
	d = min(d, maxWait)
	w := jitter(d)
	if w < 0 {
		w = 0
	}
	if w > d {
		w = d
	}
	return max(w, retryAfter)
}
