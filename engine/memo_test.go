package engine

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/namepipe/namepipe/engine/risk"
	"github.com/namepipe/namepipe/internal/benchcpu"
	"github.com/namepipe/namepipe/nameapi"
)

// fourResults runs parse, genderize and risk on r in the given order and
// returns the results by operation.
func fourResults(t *testing.T, e *Engine, r *pipeRecord, order string) map[byte]any {
	t.Helper()
	ctx := context.Background()
	out := map[byte]any{}
	for i := 0; i < len(order); i++ {
		var v any
		var err error
		switch order[i] {
		case 'p':
			if r.parse.InputPerson.PersonName == nil {
				continue
			}
			v, err = e.ParsePersonName(ctx, r.parse)
		case 'g':
			if r.genderize.InputPerson.PersonName == nil {
				continue
			}
			v, err = e.GenderizePerson(ctx, r.genderize)
		case 'r':
			v, err = e.DetectRisk(ctx, r.risk)
		}
		if err != nil {
			t.Fatalf("%c: %v", order[i], err)
		}
		out[order[i]] = v
	}
	return out
}

// TestParseMemoSameAnswers checks that the memo changes no answer: every
// benchmark record, in every call order, gives the same results with the
// memo as without it, including a parse and a risk check whose input gender
// differs from the one of the memoised parse.
func TestParseMemoSameAnswers(t *testing.T) {
	recs := pipelineRecords(t)
	now := func() time.Time { return time.Date(2025, 6, 1, 0, 0, 0, 0, time.UTC) }
	plain, err := New(WithParseMemo(0), WithClock(now))
	if err != nil {
		t.Fatal(err)
	}
	memo, err := New(WithParseMemo(64), WithClock(now)) // small: exercises eviction too
	if err != nil {
		t.Fatal(err)
	}
	if plain.parses != nil || plain.names != nil || memo.parses == nil || memo.names == nil {
		t.Fatal("WithParseMemo not applied")
	}
	orders := []string{"pgr", "rgp", "gpr", "prgp", "r", "g", "rp", "grp", "rr"}
	for i := range recs {
		order := orders[i%len(orders)]
		want := fourResults(t, plain, &recs[i], order)
		got := fourResults(t, memo, &recs[i], order)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("record %d (%s): memo changed the answers\n got %+v\nwant %+v", i, order, got, want)
		}
		// The same name with a declared gender: the parse must be
		// recomputed (GENDER disputes depend on it), not taken from the memo.
		if pn := recs[i].parse.InputPerson.PersonName; pn != nil && i%10 == 0 {
			p := *recs[i].parse.InputPerson
			p.Gender = nameapi.StorageGenderFemale
			if recs[i].parse.InputPerson.Gender == p.Gender {
				p.Gender = nameapi.StorageGenderMale
			}
			in := &nameapi.InputWithPerson{Context: recs[i].parse.Context, InputPerson: &p}
			w, _ := plain.ParsePersonName(context.Background(), in)
			g, _ := memo.ParsePersonName(context.Background(), in)
			if !reflect.DeepEqual(g, w) {
				t.Fatalf("record %d with gender %s: memo changed the parse", i, p.Gender)
			}
		}
	}
}

// TestParseMemoNoAliasing checks that a caller modifying a returned parse
// does not change what later callers get.
func TestParseMemoNoAliasing(t *testing.T) {
	e := newTestEngine(t)
	ctx := context.Background()
	for _, name := range []string{"Dr. Peter T. Johnson jr", "Peter and Maria Meyer", "Acme GmbH", "Andrea Rossi"} {
		in := fullname(name)
		first, err := e.ParsePersonName(ctx, in)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := New(WithParseMemo(0))
		clean, _ := want.ParsePersonName(ctx, in)
		// Scribble over everything the caller can reach.
		for i := range first.Matches {
			m := &first.Matches[i]
			m.ParserDisputes = append(m.ParserDisputes[:0], nameapi.ParserDispute{DisputeType: "X"})
			pp := m.ParsedPerson
			pp.PersonType = "X"
			if pp.Gender != nil {
				pp.Gender.Gender = "X"
				if pp.Gender.MaleProportion != nil {
					*pp.Gender.MaleProportion = 7
				}
			}
			if pp.OutputPersonName != nil {
				for j := range pp.OutputPersonName.Terms {
					pp.OutputPersonName.Terms[j].String = "X"
				}
			}
			for j := range pp.People {
				pp.People[j].OutputPersonName.Terms[0].String = "X"
				pp.People[j].Gender.Gender = "X"
			}
		}
		first.Matches = append(first.Matches, nameapi.ParsedPersonMatch{})
		for range 2 {
			again, err := e.ParsePersonName(ctx, in)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(again, clean) {
				t.Fatalf("%s: a caller's change leaked into the memo:\n got %+v\nwant %+v", name, again, clean)
			}
		}
	}
}

// TestParseMemoBounded checks the memo's size limit and concurrent use.
func TestParseMemoBounded(t *testing.T) {
	m := newMemo[parsed](100)
	r := &nameapi.PersonNameParserResult{}
	for i := range 50 {
		k := []byte(fmt.Sprint(i))
		m.put(k, parsed{attrs: "a", res: r})
		if v, ok := m.get(k); !ok || v.res != r || v.attrs != "a" {
			t.Fatalf("%s: just stored, not found", k)
		}
	}
	// Concurrent writers and readers (run with -race); entries may be
	// evicted by the others at any time.
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 2000 {
				k := []byte(fmt.Sprint(g, "/", i))
				m.put(k, parsed{res: r})
				if v, ok := m.get(k); ok && v.res != r {
					t.Errorf("%s: wrong entry", k)
					return
				}
			}
		}()
	}
	wg.Wait()
	if n := m.len(); n > 2*len(m.buckets) || n < len(m.buckets) {
		t.Errorf("memo holds %d entries in %d buckets of two", n, len(m.buckets))
	}
	m.reset()
	if _, ok := m.get([]byte("0/1999")); ok {
		t.Error("reset kept an entry")
	}
	if newMemo[parsed](0) != nil {
		t.Error("size 0 should disable the memo")
	}
	var off *memo[parsed]
	off.put([]byte("x"), parsed{res: r})
	if _, ok := off.get([]byte("x")); ok {
		t.Error("a nil memo stored an entry")
	}
}

// mapMemo is the memo as a Go map behind one mutex that forgets all when
// full (what memo was for a while), kept here for BenchmarkMemo's
// comparison.
type mapMemo[V any] struct {
	mu   sync.Mutex
	size int
	m    map[string]V
}

func newMapMemo[V any](size int) *mapMemo[V] {
	return &mapMemo[V]{size: size, m: make(map[string]V, size)}
}

func (m *mapMemo[V]) get(key []byte) (v V, ok bool) {
	m.mu.Lock()
	v, ok = m.m[string(key)]
	m.mu.Unlock()
	return v, ok
}

func (m *mapMemo[V]) put(key []byte, v V) {
	m.mu.Lock()
	if len(m.m) >= m.size {
		if _, ok := m.m[string(key)]; !ok {
			clear(m.m)
		}
	}
	m.m[string(key)] = v
	m.mu.Unlock()
}

// BenchmarkMemo measures the memo as the risk detector uses its name
// checks on every row: a get, and a put on a miss, from 2×GOMAXPROCS
// goroutines at once, with keys like memoKey's of 138,000 distinct names
// drawn Zipf-skewed (bench/gen's 1M rows have 138,000 distinct names),
// in a memo of the size a run that detects risk uses (262,144 checks,
// internal/wiring), side by side with a Go map behind a mutex
// (mapMemo). MB-memo is the heap the memo holds once filled.
//
// 2026-11-27, 2 cores shared with other jobs (load ~10), 2M operations,
// -cpu 1,2, 3 runs: table 274-414 cpu-ns/op, 17.8 MB; map 416-562
// cpu-ns/op, 42.0 MB.
func BenchmarkMemo(b *testing.B) {
	const distinct, size = 138_000, 262_144
	keys := make([][]byte, distinct)
	for i := range keys {
		keys[i] = memoKey(nil, nameapi.NewNaturalPerson(nameapi.Field(nameapi.FieldFullname, fmt.Sprintf("Given%d Surname%d", i%5000, i))))
	}
	z := rand.NewZipf(rand.New(rand.NewPCG(1, 2)), 1.1, 2, distinct-1)
	seq := make([]uint32, 1<<20)
	for i := range seq {
		seq[i] = uint32(z.Uint64())
	}
	type store interface {
		get([]byte) (risk.Names, bool)
		put([]byte, risk.Names)
	}
	for _, bc := range []struct {
		name string
		make func() store
	}{
		{"table", func() store { return newMemo[risk.Names](size) }},
		{"map", func() store { return newMapMemo[risk.Names](size) }},
	} {
		b.Run(bc.name, func(b *testing.B) {
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			m := bc.make()
			for _, k := range keys {
				m.put(k, risk.Names{})
			}
			runtime.GC()
			runtime.ReadMemStats(&after)
			memMB := float64(after.HeapAlloc-before.HeapAlloc) / 1e6
			var start atomic.Uint64
			b.SetParallelism(2) // 2 × GOMAXPROCS goroutines
			b.ReportAllocs()
			b.ResetTimer()
			cpu0, cpuOK := benchcpu.Process()
			b.RunParallel(func(pb *testing.PB) {
				i := start.Add(1 << 18)
				for pb.Next() {
					k := keys[seq[i%uint64(len(seq))]]
					i++
					if _, ok := m.get(k); !ok {
						m.put(k, risk.Names{})
					}
				}
			})
			if cpu1, _ := benchcpu.Process(); cpuOK {
				b.ReportMetric(float64((cpu1-cpu0).Nanoseconds())/float64(b.N), "cpu-ns/op")
			}
			b.ReportMetric(memMB, "MB-memo")
			runtime.KeepAlive(m)
		})
	}
}

// TestReadOnlyResults checks that WithReadOnlyResults hands out the
// remembered parse itself, and that without it every call gets its own.
func TestReadOnlyResults(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for _, readOnly := range []bool{false, true} {
		opts := []Option{WithSeed(1)}
		if readOnly {
			opts = append(opts, WithReadOnlyResults())
		}
		e, err := New(opts...)
		if err != nil {
			t.Fatal(err)
		}
		in := fullname("Dr. Peter T. Johnson jr")
		a, err := e.ParsePersonName(ctx, in)
		if err != nil {
			t.Fatal(err)
		}
		b, err := e.ParsePersonName(ctx, in)
		if err != nil {
			t.Fatal(err)
		}
		if same := a == b && a.Matches[0].ParsedPerson == b.Matches[0].ParsedPerson; same != readOnly {
			t.Errorf("readOnly %v: the two calls share their result: %v", readOnly, same)
		}
		if !reflect.DeepEqual(a, b) {
			t.Errorf("readOnly %v: the two calls differ:\n%+v\n%+v", readOnly, a, b)
		}
	}
}
