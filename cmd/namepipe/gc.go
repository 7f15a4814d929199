package main

import (
	"runtime"
	"runtime/debug"
	"runtime/metrics"
)

// batchGCPercent is the garbage collector's target (GOGC) of the batch
// commands when the environment sets none. A run keeps ~100 MB alive for
// its whole length (the engine's name data, the memos of recent answers)
// and allocates short-lived row text at a high rate; at Go's default of
// 100 every ~100 MB of rows re-marks all of that long-lived memory. At 200
// the collector runs half as often: on 1M bench rows (bench/peers), parse
// only 3.80 -> 3.45 CPU-s and parse + genderize + disposable 5.05 -> 4.66
// (best of 3, same run) for 195 -> 276 and 230 -> 296 MiB peak RSS; peak
// RSS stays bounded by the memo sizes, not by the rows. GOGC or a
// GOMEMLIMIT in the environment still rule (GOGC=100 restores Go's
// default).
const batchGCPercent = 200

// gcPercentFor returns the GC percent to set for command cmd, and whether
// to set one: only for the batch commands (run, dedupe), and only when
// GOGC is not set.
func gcPercentFor(cmd string, getenv func(string) string) (int, bool) {
	if cmd != "run" && cmd != "dedupe" {
		return 0, false
	}
	if getenv("GOGC") != "" {
		return 0, false
	}
	return batchGCPercent, true
}

// dedupeMemoryFloor is the soft memory limit (debug.SetMemoryLimit) of
// `namepipe dedupe` while its live heap is small. dedupe's live heap is
// its bounded buffers (sort buffers, caches, the engine's data: ~120 MiB
// while comparing) plus a few dozen bytes per row late in the run; at
// GOGC=200 alone its peak RSS was three times that, so it grew with the
// rows (bench/dedupe.sh, main 516f09c: 437 MiB at 1M, 673 MiB at 2M; with
// the limit 372 MiB at 1M for the same CPU seconds, 100.3 against 101.0,
// and at 2M and 5M: bench/README.md). Under the floor the heap stays about
// where GOGC=200 puts it at 1M rows, so the collector runs hardly more
// often there; above 1M the limit keeps the peak flat.
const dedupeMemoryFloor = 384 << 20

// memoryLimitFor is dedupe's soft memory limit for a live heap of live
// bytes: the floor, or a quarter more than the live heap once that
// exceeds it, so that a run too big for the floor never makes the
// collector run without pause (each cycle has at least a quarter of the
// live heap to allocate, as at GOGC=25).
func memoryLimitFor(live uint64) int64 {
	return max(dedupeMemoryFloor, int64(live+live/4))
}

// limitsMemory reports whether command cmd gets dedupe's soft memory
// limit: dedupe, when GOMEMLIMIT is not set.
func limitsMemory(cmd string, getenv func(string) string) bool {
	return cmd == "dedupe" && getenv("GOMEMLIMIT") == ""
}

// tuneGC sets the GC percent of command cmd (see batchGCPercent) and
// dedupe's soft memory limit (see memoryLimitFor), kept after every
// collection.
func tuneGC(cmd string, getenv func(string) string) {
	if p, ok := gcPercentFor(cmd, getenv); ok {
		debug.SetGCPercent(p)
	}
	if limitsMemory(cmd, getenv) {
		debug.SetMemoryLimit(memoryLimitFor(0))
		afterEachGC(func() { debug.SetMemoryLimit(memoryLimitFor(liveHeap())) })
	}
}

// liveHeap is the heap the last collection marked live.
func liveHeap() uint64 {
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return s[0].Value.Uint64()
}

// gcTick is an object that lives for one collection: its finalizer runs
// after it, and arms a new one.
type gcTick struct{ _ *byte }

// afterEachGC calls fn (on the finalizer goroutine) after every
// collection.
func afterEachGC(fn func()) {
	var arm func()
	arm = func() {
		runtime.SetFinalizer(&gcTick{}, func(*gcTick) {
			fn()
			arm()
		})
	}
	arm()
}
