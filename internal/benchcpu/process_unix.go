//go:build unix

package benchcpu

import (
	"syscall"
	"time"
)

// Process returns the user+system CPU time of the process so far, every
// thread included (a collector's or a worker pool's goroutines too); false
// when the system does not tell.
func Process() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
