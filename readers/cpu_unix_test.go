//go:build unix

package readers

import (
	"syscall"
	"time"
)

// processCPU returns the user+system CPU time of the process so far
// (every thread: the collector's workers included).
func processCPU() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
