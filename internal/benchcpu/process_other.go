//go:build !unix

package benchcpu

import "time"

// Process is not available here: benchmarks report no CPU time.
func Process() (time.Duration, bool) { return 0, false }
