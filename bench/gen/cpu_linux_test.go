package main

import (
	"syscall"
	"time"
	"unsafe"
)

// threadCPU returns the CPU time that the calling thread has used:
// clock_gettime(CLOCK_THREAD_CPUTIME_ID), which is exact (getrusage's
// thread times grow only at scheduler ticks). The caller locks its
// goroutine to its thread.
func threadCPU() (time.Duration, bool) {
	const clockThreadCPUTime = 3 // CLOCK_THREAD_CPUTIME_ID, which package syscall does not name
	var ts syscall.Timespec
	if _, _, errno := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTime, uintptr(unsafe.Pointer(&ts)), 0); errno != 0 {
		return 0, false
	}
	return time.Duration(ts.Nano()), true
}
