//go:build unix

package email

import (
	"syscall"
	"time"
)

// processCPU returns the user+system CPU time of the process so far (every
// thread). On cores shared with other jobs a benchmark's wall time per
// operation grows with the machine's load once the benchmark outlasts a
// scheduler time slice, which a short sub-benchmark does not: compare CPU
// times, not ns/op, across sub-benchmarks of very different lengths.
func processCPU() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
