package main

import "runtime/debug"

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

// tuneGC sets the GC percent of command cmd (see batchGCPercent).
func tuneGC(cmd string, getenv func(string) string) {
	if p, ok := gcPercentFor(cmd, getenv); ok {
		debug.SetGCPercent(p)
	}
}
