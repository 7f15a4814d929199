package hugepage

import "testing"

// BenchmarkRandomReads reads a 64 MiB table at random, each read's index
// taken from the one before (as a hash table's probes depend on the key),
// from a table that make gives and from one Slice gives. The difference
// is what the TLB misses cost; it is largest in a virtual machine, where a
// miss walks two page tables. Both tables are made before either is
// touched, and live to the end: advice is taken by pages not yet touched,
// and memory the other table freed would have been.
func BenchmarkRandomReads(b *testing.B) {
	const n = 64 << 20 / 8
	tables := []struct {
		name string
		t    []uint64
	}{
		{"make", make([]uint64, n)},
		{"hugepage", Slice[uint64](n)},
	}
	for _, tc := range tables {
		for i := range tc.t {
			tc.t[i] = uint64(i) * 0x9e3779b97f4a7c15
		}
	}
	for _, tc := range tables {
		b.Run(tc.name, func(b *testing.B) {
			t, x := tc.t, uint64(1)
			for b.Loop() {
				x = t[(x^x>>29)%n] + x
			}
			if x == 0 {
				b.Log(x)
			}
		})
	}
}
