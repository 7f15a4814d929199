package risk

import (
	"testing"
	"unsafe"
)

// TestNamesSize holds Names at the 48 bytes its doc promises: the engine
// keeps one in the memo entry of every name a run checks (262,144 of them
// in a four-operation run; BenchmarkNameChecks in package engine measures
// that memo).
func TestNamesSize(t *testing.T) {
	if s := unsafe.Sizeof(Names{}); s > 48 {
		t.Errorf("Names is %d bytes, more than 48", s)
	}
}
