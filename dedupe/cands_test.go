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
// rule, so that they share some, capped or not.
func randomKeys(r *rand.Rand) (a, b []blockKey) {
	pick := func() []blockKey {
		var out []blockKey
		for rule := range NumRules {
			for h := range uint64(3) {
				if r.IntN(3) == 0 {
					// a key's size and capped flag are the block's, the
					// same in every row that has it
					size := uint32(h*7 + uint64(rule) + 1)
					out = append(out, blockKey{h: h, rule: rule, size: size, capped: (h+uint64(rule))%3 == 0})
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

// TestNewCandAgreesWithOwns holds newCand's one pass over the keys to
// the plain statements: multi is set exactly when more than one shared
// key owns the pair (so that more than one block may compare it), and
// the shared rules and sizes are sharedMask's and sharedSize's.
func TestNewCandAgreesWithOwns(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(26, 1))
	multi := 0
	for range 20_000 {
		a, b := randomKeys(r)
		c := newCand(1, 2, 0, a, b, &Features{}, &Features{}, nil)
		owners := 0
		for _, k := range a {
			if slices.ContainsFunc(b, func(y blockKey) bool { return y.rule == k.rule && y.h == k.h }) && owns(a, b, k) {
				owners++
			}
		}
		if c.multi != (owners > 1) {
			t.Fatalf("keys %+v and %+v: multi %v, %d keys own the pair", a, b, c.multi, owners)
		}
		if c.multi {
			multi++
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
	if multi == 0 || multi == 20_000 {
		t.Fatalf("%d of 20,000 pairs multi: the test covers one case only", multi)
	}
}

// randomCands returns n candidate pairs, some multi, and every multi
// pair a second time (as a second block compares it), shuffled.
func randomCands(n int, seed uint64) (in, distinct []cand) {
	r := rand.New(rand.NewPCG(seed, 2))
	for i := range n {
		c := cand{a: int32(i), b: int32(r.IntN(n)), p: Pattern(r.IntN(100)), shared: uint8(r.IntN(256)), names: r.Float32(), multi: r.IntN(3) == 0}
		for _, f := range tfFields {
			c.sizes[f.rule] = uint32(r.IntN(1000))
		}
		distinct = append(distinct, c)
		in = append(in, c)
		if c.multi && r.IntN(2) == 0 {
			in = append(in, c)
		}
	}
	r.Shuffle(len(in), func(i, j int) { in[i], in[j] = in[j], in[i] })
	return in, distinct
}

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
			in, want := randomCands(tc.n, uint64(tc.n))
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
					if part < 0 || part > 3 {
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
				w := slices.SortedFunc(slices.Values(want), byRows)
				for i := range w {
					w[i].multi = false // not kept
				}
				for i := range got {
					got[i].multi = false
				}
				if !slices.Equal(got, w) {
					t.Fatalf("pass %d: %d pairs out of %d in, want the %d distinct ones", pass, len(got), len(in), len(w))
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

// BenchmarkCandidates compares keeping every candidate pair in the
// external sort (as before cands.go) with sorting only the pairs that
// two blocks may compare (a third of them here) and reading the others
// in two parts at once.
func BenchmarkCandidates(b *testing.B) {
	in, distinct := randomCands(1_000_000, 1)
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
			for range 2 { // the train and the score pass
				var n atomic.Int64
				if err := each(func(cand) error { n.Add(1); return nil }); err != nil {
					b.Fatal(err)
				}
				if n := int(n.Load()); n != len(distinct) {
					b.Fatalf("%d pairs, want %d", n, len(distinct))
				}
			}
			closeFn()
			dir.close()
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(in)), "ns/pair")
	}
	ctx := context.Background()
	b.Run("sort all", func(b *testing.B) {
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
	b.Run("candidates", func(b *testing.B) {
		run(b, func(dir *spillDir) (func(...cand) error, func() error, func(func(cand) error) error, func()) {
			c := newCandidates(dir, defaultSortBuffer)
			each := func(fn func(cand) error) error {
				return c.EachParallel(ctx, 2, func(_ int, x cand) error { return fn(x) })
			}
			return c.Add, c.Finish, each, c.Close
		})
	})
}
