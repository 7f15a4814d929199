package readers

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/namepipe/namepipe/record"
)

// TestProgressFollowsRows reads a file larger than the reader's buffer a
// few rows at a time: Progress reports the bytes of the rows returned
// (within the scanner's one line of look-ahead), not the bytes buffered;
// through Sample, the sampled rows' share of the bytes after them.
func TestProgressFollowsRows(t *testing.T) {
	t.Parallel()
	const rows = 60000 // > 3 MiB, beyond the 1 MiB buffer
	data := manyRows(rows)
	for _, ext := range []string{".csv", ".jsonl"} {
		t.Run(ext, func(t *testing.T) {
			t.Parallel()
			content := data
			if ext == ".jsonl" {
				var b bytes.Buffer
				for i := range rows {
					fmt.Fprintf(&b, "{\"id\":%d,\"name\":\"Name %d\",\"note\":\"a note %d\"}\n", i, i, i*7)
				}
				content = b.Bytes()
			}
			p := filepath.Join(t.TempDir(), "in"+ext)
			if err := os.WriteFile(p, content, 0o644); err != nil {
				t.Fatal(err)
			}
			lines := bytes.SplitAfter(content, []byte("\n"))
			end := func(n int) int64 { // bytes through the n-th row (after the CSV header)
				if ext == ".csv" {
					n++
				}
				return int64(len(bytes.Join(lines[:n], nil)))
			}
			for _, sample := range []int{0, 1000} {
				r, err := Open(context.Background(), p, Options{})
				if err != nil {
					t.Fatal(err)
				}
				if sample > 0 {
					_, r = Sample(context.Background(), r, sample)
				}
				buf := make([]record.Record, 250)
				got := 0
				for got < 5000 {
					n, err := r.Read(context.Background(), buf)
					if err != nil {
						t.Fatal(err)
					}
					got += n
					done, total := r.Progress()
					if total != int64(len(content)) {
						t.Fatalf("total %d, want %d", total, len(content))
					}
					lo, hi := end(got), end(got+1)
					if got <= sample {
						// Spread evenly over the sample: within 5 % of the rows' bytes.
						lo, hi = lo-lo/20, hi+hi/20
					}
					if done < lo || done > hi {
						t.Fatalf("sample %d: after %d rows, progress %d bytes, want %d..%d", sample, got, done, lo, hi)
					}
				}
				r.Close()
			}
		})
	}
}
