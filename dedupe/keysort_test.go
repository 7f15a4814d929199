package dedupe

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// hashedEntries are n key entries shaped like a run's: full-width
// hashes, most shared by a few rows, some by thousands (a capped
// block), orders that tie within a block, and every rule.
func hashedEntries(n int, seed uint64) []keyEntry {
	r := rand.New(rand.NewPCG(seed, 11))
	pool := make([]uint64, n/10+1)
	for i := range pool {
		pool[i] = r.Uint64()
	}
	big := []uint64{r.Uint64(), r.Uint64()}
	out := make([]keyEntry, n)
	for i := range out {
		e := keyEntry{order: r.Uint64N(1 << uint(r.IntN(40))), row: int32(r.IntN(n)), slot: uint16(r.IntN(8)),
			rule: Rule(r.IntN(int(NumRules))), tie: uint32(r.IntN(3))}
		switch x := r.Float64(); {
		case x < 0.3:
			e.h = r.Uint64()
		case x < 0.35:
			e.h = big[r.IntN(len(big))]
		default:
			e.h = pool[r.IntN(len(pool))]
		}
		out[i] = e
	}
	return out
}

func TestSortKeyEntries(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		in   []keyEntry
	}{
		{"empty", nil},
		{"few", hashedEntries(100, 1)},
		{"hashed", hashedEntries(50_000, 2)},
		{"hashed, more", hashedEntries(200_000, 3)},
		{"small hashes (one bucket a rule)", randomEntries(30_000, 4)},
		{"one key", func() []keyEntry {
			es := hashedEntries(20_000, 5)
			for i := range es {
				es[i].h, es[i].rule = 42, RuleBirth
			}
			return es
		}()},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			want := slices.Clone(tc.in)
			slices.SortFunc(want, cmpKeyEntry)
			got := slices.Clone(tc.in)
			sortKeyEntries(got)
			if !slices.Equal(got, want) {
				for i := range got {
					if got[i] != want[i] {
						t.Fatalf("entry %d: %+v, slices.SortFunc gives %+v", i, got[i], want[i])
					}
				}
			}
		})
	}
}

// TestRadixKeyFollowsOrder: radixKey is in cmpKeyEntry's order (a
// smaller key, a smaller entry), for every rule.
func TestRadixKeyFollowsOrder(t *testing.T) {
	t.Parallel()
	es := hashedEntries(20_000, 6)
	for r := range NumRules {
		es = append(es, keyEntry{rule: r}, keyEntry{rule: r, h: ^uint64(0)})
	}
	slices.SortFunc(es, cmpKeyEntry)
	for i := 1; i < len(es); i++ {
		if radixKey(&es[i-1]) > radixKey(&es[i]) {
			t.Fatalf("%+v sorts before %+v, but its radix key %x > %x", es[i-1], es[i], radixKey(&es[i-1]), radixKey(&es[i]))
		}
	}
}

// BenchmarkSortKeys sorts one run's worth of key entries (the size of
// the keys' buffer at the default sort memory) by slices.SortFunc with
// cmpKeyEntry and by sortKeyEntries.
func BenchmarkSortKeys(b *testing.B) {
	n := defaultSortBuffer / 2 / keyEntryCodec.size
	in := hashedEntries(n, 7)
	buf := make([]keyEntry, n)
	for _, bc := range []struct {
		name string
		sort func([]keyEntry)
	}{
		{"SortFunc", func(es []keyEntry) { slices.SortFunc(es, cmpKeyEntry) }},
		{"radix", sortKeyEntries},
	} {
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				copy(buf, in)
				bc.sort(buf)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/entry")
		})
	}
}
