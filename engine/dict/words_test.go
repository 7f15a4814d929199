package dict

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"strings"
	"testing"
	"unsafe"

	"github.com/namepipe/namepipe/internal/benchcpu"
)

func TestWordTable(t *testing.T) {
	t.Parallel()
	if n := unsafe.Sizeof(wordSlot{}); n != 32 {
		t.Errorf("a slot takes %d bytes, want 32 (two per cache line)", n)
	}
	many := map[string]wordEntry{}
	for i := range 3000 {
		many[fmt.Sprintf("name%d", i)] = wordEntry{given: span{start: uint32(i), n: 2}, isGiven: true}
	}
	inline := strings.Repeat("x", wordInline)
	long := strings.Repeat("y", wordInline+1)
	longest := strings.Repeat("z", 255)
	tests := []struct {
		name   string
		m      map[string]wordEntry
		absent []string
	}{
		{"none", map[string]wordEntry{}, []string{"", "peter"}},
		{"one", map[string]wordEntry{"peter": {isGiven: true}}, []string{"", "pete", "peterx", "Peter"}},
		{"zero entry", map[string]wordEntry{"x": {}}, []string{"y"}},
		{"key lengths", map[string]wordEntry{inline: {surname: true}, long: {flags: entrySexKnown, sexMale: 3}, longest: {isGiven: true}, "müller": {surname: true}},
			[]string{inline[1:], inline + "x", long[1:], long + "y", longest[1:], longest + "z", "muller"}},
		{"many", many, []string{"name3000", "name", "name-1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			w, err := newWordTable(tt.m)
			if err != nil {
				t.Fatal(err)
			}
			for k, want := range tt.m {
				if got := w.get(k); got != want {
					t.Errorf("get(%q) = %+v, want %+v", k, got, want)
				}
				if got := w.getBytes([]byte(k)); got != want {
					t.Errorf("getBytes(%q) = %+v, want %+v", k, got, want)
				}
			}
			for _, k := range tt.absent {
				if got := w.get(k); got != (wordEntry{}) {
					t.Errorf("get(%q) = %+v, want none", k, got)
				}
				if got := w.getBytes([]byte(k)); got != (wordEntry{}) {
					t.Errorf("getBytes(%q) = %+v, want none", k, got)
				}
			}
			if got := maps.Collect(w.all()); !maps.Equal(got, tt.m) {
				t.Errorf("all() yields %d entries, not the %d of the map", len(got), len(tt.m))
			}
		})
	}
	for _, bad := range []string{"", strings.Repeat("a", 256)} {
		if _, err := newWordTable(map[string]wordEntry{bad: {}}); err == nil {
			t.Errorf("newWordTable accepts a key of %d bytes", len(bad))
		}
	}
}

// TestWordTableMatchesData checks every key of the loaded data, as
// written, in upper case and cut short, against the map the table was
// built from.
func TestWordTableMatchesData(t *testing.T) {
	t.Parallel()
	d := mustDict(t)
	m := maps.Collect(d.words.all())
	if len(m) != d.words.n || len(m) < 100000 {
		t.Fatalf("the table yields %d keys of %d", len(m), d.words.n)
	}
	for k, want := range m {
		for _, q := range []string{k, strings.ToUpper(k), k[:len(k)-1]} {
			if got := d.words.get(q); got != m[q] {
				t.Fatalf("get(%q) = %+v, want %+v", q, got, want)
			}
		}
	}
}

// BenchmarkWordLookup looks up the data's keys in random order, as the
// parser's first lookup of a word does in a pipeline run, where the data
// is rarely in the processor's caches: the Go map the data was held in
// before against the wordTable.
//
// -cpu 1, three runs each, ns per lookup: on the loaded 2-core machine
// (other jobs sharing the caches, as in most pipeline runs here) map
// 182-209, table 94-107; at a quieter moment map 41-48, table 36-41. Load
// (BenchmarkLoad -cpu 1, min of 3) takes 64 ms with the map and 71 ms with
// the table built from it. In CPU profiles of a 1M-row parse-only run
// (same run, alternating, loaded machine) givenSpans took 0.30, 0.25 and
// 0.19 s with the map and 0.14, 0.22 and 0.13 s with the table.
func BenchmarkWordLookup(b *testing.B) {
	d := mustDict(b)
	m := maps.Collect(d.words.all())
	keys := make([][]byte, 0, len(m))
	for k := range m {
		keys = append(keys, []byte(k))
	}
	rand.New(rand.NewPCG(1, 2)).Shuffle(len(keys), func(i, j int) { keys[i], keys[j] = keys[j], keys[i] })
	var sink bool
	cpu := func(b *testing.B, f func()) {
		cpu0, cpuOK := benchcpu.Process()
		f()
		if cpu1, _ := benchcpu.Process(); cpuOK {
			b.ReportMetric(float64((cpu1-cpu0).Nanoseconds())/float64(b.N), "cpu-ns/op")
		}
	}
	b.Run("map", func(b *testing.B) {
		cpu(b, func() {
			i := 0
			for b.Loop() {
				sink = m[string(keys[i])].isGiven
				if i++; i == len(keys) {
					i = 0
				}
			}
		})
	})
	b.Run("table", func(b *testing.B) {
		cpu(b, func() {
			i := 0
			for b.Loop() {
				sink = d.words.getBytes(keys[i]).isGiven
				if i++; i == len(keys) {
					i = 0
				}
			}
		})
	})
	_ = sink
}

// TestWordBuilderAddNew: keys added in bulk (short, long, many sharing
// blocks of slots) are found with their entries, keys added one by one
// afterwards too, and a bad key is refused.
func TestWordBuilderAddNew(t *testing.T) {
	var keys []string
	var es []wordEntry
	for i := range 5000 {
		k := fmt.Sprintf("name%d", i)
		if i%7 == 0 {
			k = strings.Repeat("long", 6) + k // longer than wordInline
		}
		keys = append(keys, k)
		es = append(es, wordEntry{given: span{start: uint32(i), n: 1}, isGiven: true})
	}
	b := newWordBuilder(len(keys) + 1)
	if err := b.addNew(keys, es); err != nil {
		t.Fatal(err)
	}
	e, err := b.entry("surname-only")
	if err != nil {
		t.Fatal(err)
	}
	e.surname = true
	w := b.table()
	for i, k := range keys {
		if got := w.get(k); got != es[i] {
			t.Fatalf("get(%q) = %+v, want %+v", k, got, es[i])
		}
	}
	if !w.get("surname-only").surname || w.get("name5000").isGiven || w.n != len(keys)+1 {
		t.Errorf("after addNew and entry: %d keys, surname-only %+v", w.n, w.get("surname-only"))
	}
	if err := newWordBuilder(2).addNew([]string{"a", ""}, make([]wordEntry, 2)); err == nil {
		t.Error("addNew accepts an empty key")
	}
	if err := newWordBuilder(1).addNew([]string{"a", "b"}, make([]wordEntry, 2)); err == nil {
		t.Error("addNew goes past the builder's room")
	}
}
