//go:build !unix

package email

import "time"

// processCPU is not available here: benchmarks report no CPU time.
func processCPU() (time.Duration, bool) { return 0, false }
