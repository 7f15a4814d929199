//go:build unix

package benchcpu

import "testing"

// TestProcessGrows holds Process to the process's real CPU time: it is
// known on unix and grows while this goroutine spins.
func TestProcessGrows(t *testing.T) {
	before, ok := Process()
	if !ok {
		t.Fatal("Process: no CPU time on a unix system")
	}
	x := 0
	for i := 0; ; i++ {
		x += i % 7
		if i%1_000_000 == 0 {
			if now, _ := Process(); now > before {
				break
			}
		}
	}
	_ = x
}
