//go:build unix

package engine

import (
	"syscall"
	"time"
)

// processCPU returns the user+system CPU time of the process so far (every
// thread): on cores shared with other jobs, a benchmark's CPU time per
// operation is steadier than its wall time.
func processCPU() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
