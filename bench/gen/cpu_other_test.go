//go:build !linux

package main

import "time"

// threadCPU is not available here: the benchmarks report no CPU time.
func threadCPU() (time.Duration, bool) { return 0, false }
