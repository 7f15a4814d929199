package readers

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/namepipe/namepipe/record"
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

// TestSampleFillsCallersArrays: the sampled rows come back in the
// arrays of the caller's Values where they have room, as the reader's own
// rows do, so that a caller that recycles its records with room for more
// cells (the pipeline's, for the result cells) keeps that room; where
// they have none, the row comes back whole.
func TestSampleFillsCallersArrays(t *testing.T) {
	t.Parallel()
	p := filepath.Join(t.TempDir(), "s.csv")
	os.WriteFile(p, manyRows(6), 0o644)
	r, err := Open(context.Background(), p, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	_, sr := Sample(context.Background(), r, 4)
	// Two records with room for five cells, one with none.
	dst := make([]record.Record, 3)
	arrays := make([][]record.Value, 2)
	for i := range arrays {
		arrays[i] = make([]record.Value, 0, 5)
		dst[i].Values = arrays[i]
	}
	for round, want := range [][]int64{{0, 1, 2}, {3}, {4, 5}} {
		for i := range arrays {
			dst[i].Values = arrays[i]
		}
		dst[2].Values = nil
		n, err := sr.Read(context.Background(), dst)
		if err != nil || n != len(want) {
			t.Fatalf("round %d: %d rows, %v; want %d", round, n, err, len(want))
		}
		for i, idx := range want {
			rec := dst[i]
			if rec.Index != idx || len(rec.Values) != 3 || rec.Values[1] != fmt.Sprintf("Name %d", idx) {
				t.Errorf("round %d: row %d = %+v", round, i, rec)
			}
			if i < len(arrays) && &rec.Values[:1][0] != &arrays[i][:1][0] {
				t.Errorf("round %d: row %d came back in an array of its own, not the caller's", round, i)
			}
		}
	}
}
