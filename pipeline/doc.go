// Package pipeline runs a batch job: reader → mapping → rate-limited
// worker pool → writer, with rows written strictly in input order.
//
// # Shape
//
// One goroutine reads batches of BatchSize rows and numbers them. A batch
// is the unit that travels: it holds its rows, their outcomes and their
// output rows, goes through each channel once, and is recycled after it is
// written. At most Window rows are between reading and writing: the reader
// blocks beyond it, so memory is bounded whatever the concurrency or the
// file size. One emitter goroutine writes the batches in input order as
// they complete.
//
// Between reading and writing, a batch takes one of two paths:
//
//   - Remote (remote.go), for a service over the network or any run with a
//     persistent cache: the reader builds each row's request (Plan.Build)
//     and queues one task per applicable operation. Concurrency workers
//     resolve tasks: first the memory cache of recent results
//     (cache.Memory), then an identical request already in flight (the
//     task waits on it without holding a worker), then the persistent
//     cache (cache.Remember), then the service —
//     each attempt after a shared x/time/rate limiter, with a per-attempt
//     timeout and retries of retryable errors (exponential backoff with
//     full jitter, at least the server's Retry-After, at most MaxAttempts
//     attempts in all). The task that completes a batch fills its output.
//   - Local (local.go), for a service that implements nameapi.InProcess
//     (the embedded engine) when there is no persistent cache: a worker
//     takes the whole batch and answers row after row: a plan that
//     answers whole rows itself (RowAnswerer: a mapping plan's, through
//     cache.Rows, which remembers answers keyed by the cells each group
//     of operations reads) does, another is built and called row by row.
//     Nothing is queued per row. Calls still go through the same
//     limiter, retries and stop rules, without a per-call timeout (a
//     computation cannot hang on a network).
//
// Every row read is written exactly once: the input values unchanged, then
// the result columns and the error column. A Build error, a reader-flagged
// problem or a failed operation fills the error column; the row stays.
//
// # Stopping
//
// MaxConsecutiveFailures failed calls in a row (invalid-input answers do
// not count: they prove the service is up) stop the run: no more rows are
// read, queued operations are not sent, calls in flight finish, every row
// read is written with its results or an error, and Run returns a
// *RunError with ReasonServiceDown, the last error and the row counts.
// Cancelling ctx (Ctrl-C, SIGTERM) does the same with ReasonInterrupted;
// calls in flight may finish for Options.Grace before they are cancelled.
//
// # Resume
//
// Run never commits the writer; the caller commits only when Run returns
// nil, and aborts otherwise, so an incomplete output never appears under
// the final name (writers write to a temporary file). Resuming a stopped or
// crashed (kill -9) run is rerunning the same command: every result
// obtained so far is in the persistent cache (cache.Bolt, buffered writes
// committed every cache.DefaultFlushEvery results and every second), so the
// rerun answers those rows from the cache and calls the service only for
// the rest. The output equals an uninterrupted run's, and the calls of both
// runs together exceed one run's only by the results of the last second
// before a crash. Cache keys hold the operation, the request key and the
// engine identity (EngineID: base URL, or local engine and data version),
// never the API key; cached answers of yesterday's run serve today's rows
// that did not change.
//
// # Size
//
// One package: the runner with its two paths (local.go, remote.go),
// the persistent cache, progress and the summary share the batch and
// outcome types and the run's counters; each is its own file.
package pipeline
