package dedupe

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	bolt "go.etcd.io/bbolt"
)

func randomEntries(n int, seed uint64) []keyEntry {
	r := rand.New(rand.NewPCG(seed, 7))
	out := make([]keyEntry, n)
	for i := range out {
		// few distinct keys, so that blocks and ties on h occur
		out[i] = keyEntry{h: r.Uint64N(uint64(n/8 + 1)), order: r.Uint64N(4), row: int32(i), slot: uint16(r.IntN(3)), rule: Rule(r.IntN(int(NumRules)))}
	}
	return out
}

func TestSorter(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name    string
		n       int
		mem     int // bytes of the buffer
		writers int
		runs    bool
	}{
		{"empty", 0, 1 << 20, 1, false},
		{"in memory", 5000, 1 << 20, 1, false},
		{"one run and the buffer", 1500, 2048 * keyEntryCodec.size, 1, true},
		{"many runs", 20_000, 2048 * keyEntryCodec.size, 1, true},
		{"many runs, concurrent adds", 20_000, 2048 * keyEntryCodec.size, 4, true},
		{"runs of several merge blocks", 60_000, 2 * (2*mergeBlock + 904) * keyEntryCodec.size, 1, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			tmp := t.TempDir()
			dir, err := newSpillDir(tmp)
			if err != nil {
				t.Fatal(err)
			}
			defer dir.close()
			in := randomEntries(tc.n, uint64(tc.n))
			s := newSorter(dir, "keys", keyEntryCodec, cmpKeyEntry, tc.mem)
			var wg sync.WaitGroup
			for w := range tc.writers {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for i := w * 100; i < len(in); i += 100 * tc.writers {
						if err := s.Add(in[i:min(i+100, len(in))]...); err != nil {
							t.Error(err)
						}
					}
				}()
			}
			wg.Wait()
			if err := s.Finish(); err != nil {
				t.Fatal(err)
			}
			if got := s.Runs() > 0; got != tc.runs {
				t.Errorf("runs written: %v (%d), want %v", got, s.Runs(), tc.runs)
			}
			if s.Len() != int64(tc.n) {
				t.Errorf("Len %d, want %d", s.Len(), tc.n)
			}
			want := slices.Clone(in)
			slices.SortFunc(want, cmpKeyEntry)
			for pass := range 2 { // Each can be called again
				var got []keyEntry
				if err := s.Each(context.Background(), func(e keyEntry) error { got = append(got, e); return nil }); err != nil {
					t.Fatal(err)
				}
				if !slices.Equal(got, want) {
					t.Fatalf("pass %d: %d records out of order or lost (want %d)", pass, len(got), len(want))
				}
			}
			if tc.runs && dir.peak.Load() < int64(keyEntryCodec.size*1024) {
				t.Errorf("disk peak %d bytes, want at least one run's", dir.peak.Load())
			}
			s.Close()
			if left, _ := os.ReadDir(dir.path); len(left) != 0 || dir.cur.Load() != 0 {
				t.Errorf("after Close: %d files, %d bytes counted", len(left), dir.cur.Load())
			}
		})
	}
}

func TestSorterEachStops(t *testing.T) {
	t.Parallel()
	dir, err := newSpillDir(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer dir.close()
	s := newSorter(dir, "keys", keyEntryCodec, cmpKeyEntry, 1024*keyEntryCodec.size)
	defer s.Close()
	if err := s.Add(randomEntries(5000, 1)...); err != nil {
		t.Fatal(err)
	}
	if err := s.Finish(); err != nil {
		t.Fatal(err)
	}
	stop := errors.New("stop")
	n := 0
	if err := s.Each(context.Background(), func(keyEntry) error { n++; return stop }); !errors.Is(err, stop) || n != 1 {
		t.Errorf("Each after fn's error: %v after %d records", err, n)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := s.Each(ctx, func(keyEntry) error { return nil }); !errors.Is(err, context.Canceled) {
		t.Errorf("Each with a cancelled context: %v", err)
	}
}

func TestSpillDirRemovesEverything(t *testing.T) {
	t.Parallel()
	parent := t.TempDir()
	dir, err := newSpillDir(parent)
	if err != nil {
		t.Fatal(err)
	}
	f, err := dir.create("x")
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	if err := dir.close(); err != nil {
		t.Fatal(err)
	}
	if left, _ := os.ReadDir(parent); len(left) != 0 {
		t.Errorf("left behind: %v", left)
	}
}

// BenchmarkSorterMerge merges 2M block-key entries from 20 runs (as
// the group step does twice with ~7M from ~20 at 1M rows) and reports
// ns per entry.
func BenchmarkSorterMerge(b *testing.B) {
	const n = 2_000_000
	dir, err := newSpillDir(b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	defer dir.close()
	s := newSorter(dir, "keys", keyEntryCodec, cmpKeyEntry, 2*(n/20)*keyEntryCodec.size)
	in := randomEntries(n, 5)
	for i := 0; i < n; i += 4096 {
		if err := s.Add(in[i:min(i+4096, n)]...); err != nil {
			b.Fatal(err)
		}
	}
	if err := s.Finish(); err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	for b.Loop() {
		got := 0
		if err := s.Each(context.Background(), func(keyEntry) error { got++; return nil }); err != nil {
			b.Fatal(err)
		}
		if got != n {
			b.Fatalf("%d entries out, want %d", got, n)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/entry")
}

// BenchmarkSorter sorts 1M block-key entries (24 MB encoded, the keys of
// about 125,000 rows) three ways: in memory (the old way: everything
// held), with the sorter and an 8 MiB buffer (three run files and a
// merge), and through a bbolt database (one B+tree keyed by the encoded
// entry, then a cursor scan), the other way to keep sorted data on disk
// with a dependency namepipe already has. Each reports ns per entry.
func BenchmarkSorter(b *testing.B) {
	const n = 1_000_000
	in := randomEntries(n, 3)
	count := func(b *testing.B, got int) {
		if got != n {
			b.Fatalf("%d entries out, want %d", got, n)
		}
	}
	b.Run("memory", func(b *testing.B) {
		for b.Loop() {
			s := slices.Clone(in)
			slices.SortFunc(s, cmpKeyEntry)
			count(b, len(s))
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/entry")
	})
	b.Run("sorter", func(b *testing.B) {
		for b.Loop() {
			dir, err := newSpillDir(b.TempDir())
			if err != nil {
				b.Fatal(err)
			}
			s := newSorter(dir, "keys", keyEntryCodec, cmpKeyEntry, 8<<20)
			for i := 0; i < n; i += 4096 {
				if err := s.Add(in[i:min(i+4096, n)]...); err != nil {
					b.Fatal(err)
				}
			}
			if err := s.Finish(); err != nil {
				b.Fatal(err)
			}
			got := 0
			if err := s.Each(context.Background(), func(keyEntry) error { got++; return nil }); err != nil {
				b.Fatal(err)
			}
			count(b, got)
			s.Close()
			dir.close()
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/entry")
	})
	b.Run("bbolt", func(b *testing.B) {
		for b.Loop() {
			db, err := bolt.Open(filepath.Join(b.TempDir(), "keys.db"), 0o600, &bolt.Options{NoSync: true, NoFreelistSync: true})
			if err != nil {
				b.Fatal(err)
			}
			// sortable keys: rule, h, order, row, slot big-endian
			key := func(e keyEntry) []byte {
				k := make([]byte, 23)
				k[0] = byte(e.rule)
				binary.BigEndian.PutUint64(k[1:], e.h)
				binary.BigEndian.PutUint64(k[9:], e.order)
				binary.BigEndian.PutUint32(k[17:], uint32(e.row)^1<<31)
				binary.BigEndian.PutUint16(k[21:], e.slot)
				return k
			}
			for i := 0; i < n; i += 100_000 {
				if err := db.Update(func(tx *bolt.Tx) error {
					bk, err := tx.CreateBucketIfNotExists([]byte("k"))
					if err != nil {
						return err
					}
					for _, e := range in[i:min(i+100_000, n)] {
						if err := bk.Put(key(e), nil); err != nil {
							return err
						}
					}
					return nil
				}); err != nil {
					b.Fatal(err)
				}
			}
			got := 0
			if err := db.View(func(tx *bolt.Tx) error {
				return tx.Bucket([]byte("k")).ForEach(func(k, _ []byte) error { got++; return nil })
			}); err != nil {
				b.Fatal(err)
			}
			count(b, got)
			db.Close()
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/entry")
	})
}

// TestSpillDirLeftovers: a temporary directory of a killed run (its PID
// gone) is removed when the next run makes its own; one of a live
// process stays.
func TestSpillDirLeftovers(t *testing.T) {
	parent := t.TempDir()
	cmd := exec.Command("true")
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	dead := filepath.Join(parent, fmt.Sprintf("%s%d-123", spillPrefix, cmd.Process.Pid))
	live := filepath.Join(parent, fmt.Sprintf("%s%d-456", spillPrefix, os.Getppid()))
	for _, d := range []string{dead, live} {
		os.MkdirAll(d, 0o700)
		os.WriteFile(filepath.Join(d, "keys-1"), []byte("x"), 0o600)
	}
	d, err := newSpillDir(parent)
	if err != nil {
		t.Fatal(err)
	}
	defer d.close()
	if len(d.leftovers) != 1 || d.leftovers[0] != dead {
		t.Errorf("leftovers %v, want %s", d.leftovers, dead)
	}
	if _, err := os.Stat(dead); !os.IsNotExist(err) {
		t.Errorf("the killed run's directory is still there: %v", err)
	}
	if _, err := os.Stat(live); err != nil {
		t.Errorf("a live run's directory was removed: %v", err)
	}
	if want := fmt.Sprintf("%s%d-", spillPrefix, os.Getpid()); !strings.HasPrefix(filepath.Base(d.path), want) {
		t.Errorf("directory %s does not carry the PID (%s…)", d.path, want)
	}
}
