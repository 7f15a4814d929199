package cache

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/namepipe/namepipe/internal/benchcpu"
)

// BenchmarkMemory looks up a stream of keys drawn from 200,000 distinct ones
// with Zipf frequencies (as names repeat in customer data), putting each
// key that misses, in a memo of 50,000 entries: the local path's use of it
// for one group of operations. It reports the share of lookups that hit.
//
// 2026-11-24, 2 shared cores (load 2.5), -benchtime 2000000x, alternating,
// three runs each: the memo of two generations (a hit in the old one
// moved to the new one, its key allocated again) 128–143 ns, 0.795 hits;
// the clock memo 152–239 ns, 0.842 hits. The clock's lookup costs a few
// tens of ns more, and misses 23 % fewer times: on the 1M bench rows the
// name operations' memo of 50,000 entries missed 170,116 times instead of
// 208,834, each miss a parse and a genderize of the engine (~11 µs).
// Known by two hashes instead of hash and key bytes (the lookup's key
// comparison was half its time in a profile of the 1M run), three runs:
// 108–186 ns (most ~110), 7 B per op (the index growing). Its index made
// at full size: 126–155 ns, 3 B per op (20 MB less garbage per 1M rows).
// Issue 11, second session (load 4–5 from other work, so only the
// same-run comparison means something; 1000000x, six alternating runs
// each): the index as a Go map 293–529 ns (median 403), as an
// open-addressing table of one-cache-line slots 274–406 ns (median 337),
// 0 B per op.
func BenchmarkMemory(b *testing.B) {
	const distinct = 200_000
	keys := make([][]byte, distinct)
	for i := range keys {
		keys[i] = fmt.Appendf(nil, "\x02\x10Given%06d Surname\x01\x02\x02DE", i)
	}
	z := rand.NewZipf(rand.New(rand.NewPCG(1, 2)), 1.05, 8, distinct-1)
	stream := make([]int, 1<<20)
	for i := range stream {
		stream[i] = int(z.Uint64())
	}
	m := NewMemory[entry](50_000)
	e := entry{answers: []int{0}, cells: "x"}
	b.ReportAllocs()
	hits, n := 0, 0
	for b.Loop() {
		k := keys[stream[n%len(stream)]]
		n++
		if _, ok, _ := m.Get(k); ok {
			hits++
			continue
		}
		m.Put(k, e)
	}
	b.ReportMetric(float64(hits)/float64(n), "hits/op")
}

// entry is a value of 40 bytes, as the pipeline's memo entries are (a
// slice of answers and the cells encoded ahead).
type entry struct {
	answers []int
	cells   any
}

// BenchmarkProbeMisses looks up keys that never repeat, putting each one,
// as the pipeline's local path does for a group of operations whose input
// never repeats (risk detection gets the whole person): "always" keeps the
// memo, "probe" lets a Probe decide after ProbeLookups lookups (each miss
// timed as if its answer cost 200 ns), which switches the memo off, and
// "none" has no memo. What the probe saves per row is always − probe.
//
// Issue 28 (2 shared cores at load 11, -benchtime 300000x, two runs,
// ns/op): none 22; probe 120; always 5,586, 6,357. Those microseconds
// were the benchmark's, not the memo's: ns/op is wall time, and at that
// load a sub-benchmark that outlasts a scheduler time slice ("always",
// ~1 s) waits for a core most of the time while one that does not ("none",
// "probe": a few ms) hardly ever does. Its CPU time (cpu-ns/op, same
// runs' getrusage) at load 15-17, two runs: none 3.9, 5.8; probe 10, 13;
// always 429, 519 (wall 2,852, 3,976 ns/op). A miss costs two lookups of
// two hashes each (Get, then Put) and, in a full memo, an eviction: some
// three cache misses into the 8 MB table of 50,000 entries. Still no
// hit pays that back, which is what the probe is for.
func BenchmarkProbeMisses(b *testing.B) {
	keys := make([][]byte, 1<<20)
	for i := range keys {
		keys[i] = fmt.Appendf(nil, "\x02\x1auser%07d@example.com\x01\x02", i)
	}
	for _, mode := range []string{"none", "probe", "always"} {
		b.Run(mode, func(b *testing.B) {
			m := NewMemory[entry](50_000)
			e := entry{answers: []int{0}, cells: "x"}
			p := Probe{Off: mode == "none"}
			b.ReportAllocs()
			n := 0
			cpu0, cpuOK := benchcpu.Process()
			for b.Loop() {
				k := keys[n%len(keys)]
				n++
				if p.Off {
					continue
				}
				probing := mode == "probe" && p.Probing()
				var start time.Time
				if probing {
					start = time.Now()
				}
				if _, ok, _ := m.Get(k); ok {
					continue
				}
				_ = m.Put(k, e)
				if probing {
					p.Count(false, time.Since(start), 200*time.Nanosecond)
				}
			}
			if cpu1, _ := benchcpu.Process(); cpuOK {
				b.ReportMetric(float64((cpu1-cpu0).Nanoseconds())/float64(b.N), "cpu-ns/op")
			}
		})
	}
}
