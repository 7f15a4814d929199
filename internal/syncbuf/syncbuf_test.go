package syncbuf

import (
	"fmt"
	"strings"
	"sync"
	"testing"
)

// TestConcurrentWrites checks that lines written at once by several
// goroutines all arrive whole while the buffer is read.
func TestConcurrentWrites(t *testing.T) {
	t.Parallel()
	var buf Buffer
	var wg sync.WaitGroup
	const writers, lines = 8, 200
	for w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range lines {
				fmt.Fprintf(&buf, "writer %d line %d\n", w, i)
				_ = buf.String()
			}
		}()
	}
	wg.Wait()
	got := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	if len(got) != writers*lines {
		t.Fatalf("%d lines, want %d", len(got), writers*lines)
	}
	seen := map[string]bool{}
	for _, l := range got {
		seen[l] = true
	}
	for w := range writers {
		for i := range lines {
			if l := fmt.Sprintf("writer %d line %d", w, i); !seen[l] {
				t.Fatalf("line %q missing", l)
			}
		}
	}
}
