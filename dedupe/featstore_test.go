package dedupe

import (
	"bytes"
	"fmt"
	"testing"
)

// TestFeatStoreReads reads every row back as written, whichever way the
// store serves it: ReadAt or read in whole.
func TestFeatStoreReads(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		max  int64 // open's limit
		mem  bool
	}{
		{"read at", 100, false},
		{"read in", 1 << 30, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, dir := testFeatStore(t)
			var recs [][]byte
			for i := range 5000 {
				rec := []byte(fmt.Sprintf("row %d %s", i, bytes.Repeat([]byte{byte(i)}, i%300)))
				recs = append(recs, rec)
				if err := s.append(rec); err != nil {
					t.Fatal(err)
				}
			}
			if err := s.flush(); err != nil {
				t.Fatal(err)
			}
			if err := s.open(tc.max); err != nil {
				t.Fatal(err)
			}
			if (s.mem != nil) != tc.mem {
				t.Fatalf("in memory %v, want %v", s.mem != nil, tc.mem)
			}
			check := func() {
				var buf []byte
				for _, i := range []int{0, 4999, 17, 2500, 301, 4998} {
					got, err := s.read(int32(i), buf)
					if err != nil {
						t.Fatal(err)
					}
					if !bytes.Equal(got, recs[i]) {
						t.Fatalf("row %d: got %q, want %q", i, got, recs[i])
					}
				}
			}
			check()
			s.close()
			if n := dir.cur.Load(); n != 0 {
				t.Errorf("%d bytes left after close", n)
			}
		})
	}
}

// testFeatStore returns a feature store in a spill directory of the
// test's own, closed when the test ends.
func testFeatStore(tb testing.TB) (*featStore, *spillDir) {
	tb.Helper()
	dir, err := newSpillDir(tb.TempDir())
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { dir.close() })
	s, err := newFeatStore(dir)
	if err != nil {
		tb.Fatal(err)
	}
	return s, dir
}
