package engine

import (
	"math/rand/v2"
	"testing"

	"github.com/namepipe/namepipe/nameapi"
)

// BenchmarkNameChecks measures the risk detector's name checks as a
// four-operation run asks them, once per row (Engine.nameChecks): 138,000
// distinct names (bench/gen's 1M rows have as many) drawn Zipf-skewed
// (s = 1.1), with the memos of a run that detects risk (4,096 parses and
// 262,144 name checks, read-only results, as internal/wiring sets them).
// A call is a memo hit (a get), or a miss: the checks of the name, on its
// parse (from the parse memo or parsed anew), and a put.
//
// 2026-11-24, 2 cores shared with other jobs (load 4-7), 4 alternating
// runs of 2M calls, main 2191950 against branch risk2 (memo entries of
// 128 bytes: memoKey's one-byte types and a Names of 48 bytes; and four
// name checks remembered per parse, 262,144 instead of 65,536): 678-854
// -> 344-387 ns per call (minimum 678 -> 344), 41 -> 3 B. A table that
// holds the checks in place (a seqlock of atomic words, one cache miss
// less per lookup) measured no better, here and end to end, and took
// 55 MiB more peak RSS: not kept.
//
// 2026-11-25, same kind of machine (load 2.5-3.5), 3 alternating runs of
// 300k calls, main ea7c3b0 (65,536 parses, entries behind atomic
// pointers) against branch rss3 (4,096 parses; name checks held in place
// in 64-byte slots reserved at the start, a lock per bucket): 309-525 ->
// 275-293 ns per call. The checks are held in place now for the memory:
// the slots are their whole footprint from the first row on, so that a
// run's live heap, and with it the collector's heap target, does not grow
// while they fill (peak RSS from 1M to 10M rows: bench/peers/README.md).
func BenchmarkNameChecks(b *testing.B) {
	const distinct = 138_000
	rnd := rand.New(rand.NewPCG(3, 8))
	givens, surnames := evalNameParts(b)
	seen := map[string]bool{}
	people := make([]*nameapi.InputPerson, 0, distinct)
	for len(people) < distinct {
		full := givens[rnd.IntN(len(givens))] + " " + surnames[rnd.IntN(len(surnames))]
		if seen[full] {
			continue
		}
		seen[full] = true
		p := nameapi.NewNaturalPerson(nameapi.Field(nameapi.FieldFullname, full))
		people = append(people, p)
	}
	z := rand.NewZipf(rand.New(rand.NewPCG(1, 2)), 1.1, 2, distinct-1)
	seq := make([]uint32, 1<<20)
	for i := range seq {
		seq[i] = uint32(z.Uint64())
	}
	e, err := New(WithParseMemo(DefaultParseMemo), WithNameCheckMemo(262_144), WithReadOnlyResults())
	if err != nil {
		b.Fatal(err)
	}
	c := &nameapi.Context{}
	// Warm the memos as a run's first rows would.
	for _, i := range seq {
		e.nameChecks(c, people[i])
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		e.nameChecks(c, people[seq[i]])
		if i++; i == len(seq) {
			i = 0
		}
	}
}
