package readers

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// TestSample reads rows ahead and returns them again first: the rows
// come out in order, each once, whatever the sample and batch sizes.
func TestSample(t *testing.T) {
	t.Parallel()
	p := filepath.Join(t.TempDir(), "s.csv")
	os.WriteFile(p, manyRows(10), 0o644)
	for _, n := range []int{0, 1, 4, 10, 50} {
		r, err := Open(context.Background(), p, Options{})
		if err != nil {
			t.Fatal(err)
		}
		sample, sr := Sample(context.Background(), r, n)
		if want := min(n, 10); len(sample) != want {
			t.Errorf("sample %d: %d rows", n, len(sample))
		}
		recs, err := readAll(t, sr)
		if err != nil || len(recs) != 10 {
			t.Fatalf("sample %d: %d rows, %v", n, len(recs), err)
		}
		for i, rec := range recs {
			if rec.Index != int64(i) || rec.Values[1] != fmt.Sprintf("Name %d", i) {
				t.Errorf("sample %d: row %d = %+v", n, i, rec)
			}
		}
		if l, ok := LayoutOf(sr); !ok || l.Delimiter != ';' {
			t.Errorf("sample %d: layout %+v %v", n, l, ok)
		}
		sr.Close()
	}
}
