package engine

import (
	"context"
	"testing"
)

// missRecords returns n of fullPipelineRecords' rows (names like bench/gen's,
// with stored gender and place), one per distinct name, that have a name.
func missRecords(b testing.TB, n int) []pipeRecord {
	b.Helper()
	seen := map[string]bool{}
	var out []pipeRecord
	for _, r := range fullPipelineRecords(b, n) {
		p := r.parse.InputPerson
		if p.PersonName == nil {
			continue
		}
		k := string(memoKey(nil, p))
		if seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, r)
	}
	return out
}

// BenchmarkNameMiss measures what a pipeline row with a name the engine has
// not seen costs, as the pipeline's engine is set up (memo on, read-only
// results), over a few thousand distinct names like bench/gen's:
//
//   - "parse": ParsePersonName of a new name (a parse memo miss, and the
//     put of its parse);
//   - "genderize": GenderizePerson of a name whose parse the memo holds
//     but which was parsed long before (the genderizer's recent names,
//     genderize/recent.go, no longer hold it: its worst case);
//   - "both": the two, as a row with [parse, genderize] does; "both"
//     less "parse" is a pipeline's genderize call;
//   - "cold": "both" over some 200,000 names, as many as a pipeline's
//     misses in a million rows, so that the dictionaries' entries are
//     rarely in the processor's caches.
//
// "parse" and "both" forget the memo whenever the names start over, so
// that each call is a miss; "genderize" has a memo that holds every name.
//
// Same run, main (engine as of 915e36f) and this branch alternating, CPU
// seconds (user+sys) of 300k calls (genderize 600k) with -cpu 1 on the
// session's loaded 2-core machine, median of 5: parse 5.3 µs → 4.8 µs
// (14 → 9 allocations), both 6.0 µs → 5.3 µs (16 → 10 allocations),
// genderize 1.25 µs → 1.27 µs (2 → 1 allocations; its worst case does
// not find the recent names). In a CPU profile of "both", GenderizePerson
// after the parse takes 1.0 µs on main and 0.42 µs here.
//
// Person blocks sized to their terms (parse.newPersonBlock: 2, 3 or 4
// instead of always 4), same run against main 17f02d4, 300k calls, -cpu 1:
// parse 1033 → 963 B/op (9 allocations both; the time within the noise of
// the loaded machine, minimum of 5 5165 vs 5270 ns). A pipeline keeps
// every parse its memo holds: 24 MB of person blocks live in a 1M-row pgd
// run on main.
//
// Same run against main dd54942, 300k calls, -cpu 1, 4 rounds alternating,
// minimum ns/op at load 3.0-3.5: parse 4885 → 4138 (1007 → 905 B/op, 9 →
// 7 allocations), both 5115 → 4512 (10 → 8), cold 5439 → 4746 (10 → 8).
// The changes: candidates on the caller's stack (parse.parseSegment's
// dst), a group in one block, the genderizer's memory of a person's names
// inside its person block (genderize.Memory), one dictionary lookup for a
// word's given-name strength and surname (now lexicon.WordOf,
// dict's lookUp), Korean spellings and country languages without
// allocating or hashing, text.KeyFilter in front of the maps of fake-name
// first words, business words, legal-form endings, conjunctions,
// particles, family words, salutations, titles and qualifiers, and byte
// checks before trimming and lower-casing.
func BenchmarkNameMiss(b *testing.B) {
	recs := missRecords(b, 8000)
	ctx := context.Background()
	newEngine := func(b *testing.B, memo int) *Engine {
		e, err := New(WithParseMemo(memo), WithReadOnlyResults())
		if err != nil {
			b.Fatal(err)
		}
		return e
	}
	b.Run("parse", func(b *testing.B) {
		e := newEngine(b, 1<<14)
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			if _, err := e.ParsePersonName(ctx, recs[i].parse); err != nil {
				b.Fatal(err)
			}
			if i++; i == len(recs) {
				i = 0
				e.resetMemos()
			}
		}
	})
	b.Run("genderize", func(b *testing.B) {
		e := newEngine(b, 1<<17)
		for i := range recs {
			if _, err := e.ParsePersonName(ctx, recs[i].parse); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			if _, err := e.GenderizePerson(ctx, recs[i].genderize); err != nil {
				b.Fatal(err)
			}
			if i++; i == len(recs) {
				i = 0
			}
		}
	})
	both := func(b *testing.B, recs []pipeRecord) {
		e := newEngine(b, 1<<14)
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			if _, err := e.ParsePersonName(ctx, recs[i].parse); err != nil {
				b.Fatal(err)
			}
			if _, err := e.GenderizePerson(ctx, recs[i].genderize); err != nil {
				b.Fatal(err)
			}
			if i++; i == len(recs) {
				i = 0
				e.resetMemos()
			}
		}
	}
	b.Run("both", func(b *testing.B) { both(b, recs) })
	b.Run("cold", func(b *testing.B) { both(b, missRecords(b, 200_000)) })
}
