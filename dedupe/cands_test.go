package dedupe

import (
	"cmp"
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/namepipe/namepipe/nameapi"
)

// randomKeys returns the keys of two rows drawn from a few keys of each
// rule, so that they share some, capped or not; a key of a capped block
// has the row's place in it (near the other row's, or not).
func randomKeys(r *rand.Rand) (a, b []blockKey) {
	pick := func() []blockKey {
		var out []blockKey
		for rule := range NumRules {
			for h := range uint64(3) {
				if r.IntN(3) == 0 {
					// a key's size and capped flag are the block's, the
					// same in every row that has it
					size := uint32(h*7 + uint64(rule) + 1)
					k := blockKey{h: h, rule: rule, size: size, capped: (h+uint64(rule))%3 == 0}
					if k.capped {
						k.pos = uint32(1 + r.IntN(12))
					}
					out = append(out, k)
				}
			}
		}
		// in any order within a rule, rule by rule as BlockKeys makes them
		r.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
		slices.SortStableFunc(out, func(x, y blockKey) int { return cmp.Compare(x.rule, y.rule) })
		return out
	}
	return pick(), pick()
}

// TestBlockKeysRuleByRule: a row's keys come rule by rule, which
// newCand's pass over two rows' keys relies on.
func TestBlockKeysRuleByRule(t *testing.T) {
	t.Parallel()
	rows := 0
	for i, rec := range strings.Split(strings.TrimSpace(people+moreRows(300)), "\n")[1:] {
		c := strings.Split(rec, ",") // name,email,phone,dob,street,city (a quoted name is cut: still a name)
		if len(c) < 6 {
			continue
		}
		p := &nameapi.InputPerson{PersonName: &nameapi.InputPersonName{NameFields: []nameapi.NameField{nameapi.Field(nameapi.FieldFullname, c[0])}}}
		if c[1] != "" {
			p.EmailAddresses = []nameapi.EmailAddress{nameapi.NewEmailAddress(c[1])}
		}
		if c[2] != "" {
			p.TelNumbers = []nameapi.TelNumber{nameapi.NewTelNumber(c[2])}
		}
		if c[4] != "" {
			p.Addresses = []nameapi.AddressRelation{{Address: &nameapi.InputAddress{String: c[4] + ", " + c[5]}}}
		}
		f := Extract(int32(i), p)
		keys := BlockKeys(&f)
		if !slices.IsSortedFunc(keys, func(x, y blockKey) int { return cmp.Compare(x.rule, y.rule) }) {
			t.Fatalf("row %q: keys not rule by rule: %+v", rec, keys)
		}
		if len(keys) > 3 {
			rows++
		}
	}
	if rows < 100 {
		t.Fatalf("only %d rows with more than 3 keys: the test checks little", rows)
	}
}

// TestNewCandKeepsEachPairOnce holds newCand's one pass over the keys to
// the plain statements: of the blocks that compare a pair (those whose
// key owns it, and, if capped, whose window reaches it), exactly the
// first keeps it (again is false there only); and the shared rules and
// sizes are sharedMask's and sharedSize's.
func TestNewCandKeepsEachPairOnce(t *testing.T) {
	t.Parallel()
	const window = 4
	r := rand.New(rand.NewPCG(26, 1))
	twice := 0
	for range 20_000 {
		a, b := randomKeys(r)
		var comparers []blockKey // in key order: rule, then hash
		for _, k := range a {
			i := slices.IndexFunc(b, func(y blockKey) bool { return y.rule == k.rule && y.h == k.h })
			if i < 0 || !owns(a, b, k) {
				continue
			}
			if k.capped && max(k.pos, b[i].pos)-min(k.pos, b[i].pos) > window {
				continue // outside the capped block's window
			}
			comparers = append(comparers, k)
		}
		slices.SortFunc(comparers, func(x, y blockKey) int { return cmp.Or(cmp.Compare(x.rule, y.rule), cmp.Compare(x.h, y.h)) })
		if len(comparers) > 1 {
			twice++
		}
		for i, k := range comparers {
			c, again := newCand(1, 2, 0, a, b, &Features{}, &Features{}, nameShares{}, k, window)
			if again != (i > 0) {
				t.Fatalf("keys %+v and %+v, compared under %+v (%d of %d): again %v", a, b, k, i+1, len(comparers), again)
			}
			if want := sharedMask(a, b); c.shared != want {
				t.Fatalf("keys %+v and %+v: shared %b, sharedMask %b", a, b, c.shared, want)
			}
			for _, f := range tfFields {
				if got, want := c.sizes[f.rule], sharedSize(a, b, f.rule); got != want {
					t.Fatalf("keys %+v and %+v: size of rule %v %d, sharedSize %d", a, b, f.rule, got, want)
				}
			}
		}
	}
	if twice < 100 || twice > 15_000 {
		t.Fatalf("%d of 20,000 pairs compared more than once: the test covers too little", twice)
	}
}

// TestRunKeepsEachPairOnce: with small capped blocks of names whose
// windows reach the copies of a row, which share an email block too,
// many pairs are compared twice, and each is kept (and scored) once.
func TestRunKeepsEachPairOnce(t *testing.T) {
	t.Parallel()
	cfg := parseConfig(t, strings.Replace(testConfig, "dedupe: {names: local}",
		"dedupe: {names: local, maxBlockSize: 6, window: 3, pairsThreshold: 0.0001}", 1))
	rd, plan := openCSV(t, cfg, people+strings.Repeat(moreRows(600), 3))
	res, err := Run(context.Background(), Options{Input: rd, Plan: plan, Settings: cfg.Dedupe, USample: 20_000, Workers: 3, SortBuffer: 1 << 12})
	if err != nil {
		t.Fatal(err)
	}
	seen := map[[2]int32]bool{}
	for _, p := range res.Pairs {
		k := [2]int32{p.A, p.B}
		if seen[k] {
			t.Fatalf("pair %d,%d kept twice", p.A, p.B)
		}
		seen[k] = true
	}
	if res.Summary.BlocksCapped == 0 || len(seen) < 1000 || res.Summary.PairsCompared < int64(len(seen))+500 {
		t.Fatalf("%d capped blocks, %d pairs compared, %d kept: the case tests little", res.Summary.BlocksCapped, res.Summary.PairsCompared, len(seen))
	}
}

// randomCands returns n candidate pairs, shuffled.
func randomCands(n int, seed uint64) []cand {
	r := rand.New(rand.NewPCG(seed, 2))
	var in []cand
	for i := range n {
		c := cand{a: int32(i), b: int32(r.IntN(n)), p: Pattern(r.IntN(100)), shared: uint8(r.IntN(256)), names: r.Float32()}
		for _, f := range tfFields {
			c.sizes[f.rule] = uint32(r.IntN(1000))
		}
		in = append(in, c)
	}
	r.Shuffle(len(in), func(i, j int) { in[i], in[j] = in[j], in[i] })
	return in
}

func cmpCand(x, y cand) int { return cmp.Or(cmp.Compare(x.a, y.a), cmp.Compare(x.b, y.b)) }

// TestCandidatesGivesEachPairOnce: every pair added comes back once,
// from concurrent adds, spilled or not, in each of two passes.
func TestCandidatesGivesEachPairOnce(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name    string
		n, mem  int
		writers int
	}{
		{"empty", 0, 1 << 20, 1},
		{"in memory", 3000, 1 << 20, 1},
		{"spilled", 50_000, 1 << 10, 1},
		{"spilled, concurrent adds", 50_000, 1 << 10, 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			dir, err := newSpillDir(t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			defer dir.close()
			in := randomCands(tc.n, uint64(tc.n))
			c := newCandidates(dir, tc.mem)
			var wg sync.WaitGroup
			for w := range tc.writers {
				wg.Go(func() {
					for i := w * 100; i < len(in); i += 100 * tc.writers {
						if err := c.Add(slices.Clone(in[i:min(i+100, len(in))])...); err != nil {
							t.Error(err)
						}
					}
				})
			}
			wg.Wait()
			if err := c.Finish(); err != nil {
				t.Fatal(err)
			}
			for pass := range 2 { // Each may be called again
				var mu sync.Mutex
				var got []cand
				err := c.EachParallel(context.Background(), 3, func(part int, x cand) error {
					if part < 0 || part >= 3 {
						t.Errorf("part %d of 3", part)
					}
					mu.Lock()
					defer mu.Unlock()
					got = append(got, x)
					return nil
				})
				if err != nil {
					t.Fatal(err)
				}
				byRows := func(x, y cand) int { return cmp.Or(cmpCand(x, y), cmp.Compare(x.p, y.p)) }
				slices.SortFunc(got, byRows)
				w := slices.SortedFunc(slices.Values(in), byRows)
				if !slices.Equal(got, w) {
					t.Fatalf("pass %d: %d pairs out of %d in, want each once", pass, len(got), len(in))
				}
			}
			if tc.mem < 1<<20 && dir.peak.Load() == 0 {
				t.Error("nothing spilled: the case tests the buffers only")
			}
			c.Close()
			if n := dir.cur.Load(); n != 0 {
				t.Errorf("%d bytes left after Close", n)
			}
		})
	}
}

// BenchmarkCandidates compares keeping the candidate pairs in the
// external sort, to drop the pairs that two blocks compared (as before
// blockKey.pos; two thirds of the pairs at 1M rows went there), with
// the spool of pairs kept once (newCand) read in two parts at once. Both
// read the pairs once (the score pass).
func BenchmarkCandidates(b *testing.B) {
	in := randomCands(1_000_000, 1)
	run := func(b *testing.B, add func(*spillDir) (func(...cand) error, func() error, func(func(cand) error) error, func())) {
		for b.Loop() {
			dir, err := newSpillDir(b.TempDir())
			if err != nil {
				b.Fatal(err)
			}
			addFn, finish, each, closeFn := add(dir)
			for i := 0; i < len(in); i += 4096 {
				if err := addFn(slices.Clone(in[i:min(i+4096, len(in))])...); err != nil {
					b.Fatal(err)
				}
			}
			if err := finish(); err != nil {
				b.Fatal(err)
			}
			var n atomic.Int64
			if err := each(func(cand) error { n.Add(1); return nil }); err != nil {
				b.Fatal(err)
			}
			if n := int(n.Load()); n != len(in) {
				b.Fatalf("%d pairs, want %d", n, len(in))
			}
			closeFn()
			dir.close()
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(in)), "ns/pair")
	}
	ctx := context.Background()
	b.Run("sort", func(b *testing.B) {
		run(b, func(dir *spillDir) (func(...cand) error, func() error, func(func(cand) error) error, func()) {
			s := newSorter(dir, "pairs", candCodec, cmpCand, defaultSortBuffer)
			each := func(fn func(cand) error) error {
				last := cand{a: -1}
				return s.Each(ctx, func(c cand) error {
					if c.a == last.a && c.b == last.b {
						return nil
					}
					last = c
					return fn(c)
				})
			}
			return s.Add, s.Finish, each, s.Close
		})
	})
	b.Run("spool", func(b *testing.B) {
		run(b, func(dir *spillDir) (func(...cand) error, func() error, func(func(cand) error) error, func()) {
			c := newCandidates(dir, defaultSortBuffer)
			each := func(fn func(cand) error) error {
				return c.EachParallel(ctx, 2, func(_ int, x cand) error { return fn(x) })
			}
			return c.Add, c.Finish, each, c.Close
		})
	})
}

// TestNameLevelOfPattern holds nameLevel to Pattern.Vector on every
// pattern of runs with 0 to MaxExtra extra comparisons.
func TestNameLevelOfPattern(t *testing.T) {
	t.Parallel()
	for p := range patternsFor(MaxExtra) {
		if got, want := nameLevel(Pattern(p)), Pattern(p).Vector()[FieldName]; got != want {
			t.Fatalf("pattern %d: nameLevel %d, Vector %d", p, got, want)
		}
	}
}
