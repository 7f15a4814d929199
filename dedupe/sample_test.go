package dedupe

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestUVectorsFromFile compares the u sample's pairs read from the
// feature file (a chunk at a time, in the order of the first rows'
// places) and from the rows decoded in memory: every pair's vector is the
// same, whatever the order the file is in and the number of workers.
func TestUVectorsFromFile(t *testing.T) {
	t.Parallel()
	const n = 3000
	r := rand.New(rand.NewPCG(5, 6))
	words := []string{"anna", "anne", "berg", "bergh", "carl", "karl", "dora", "meyer", "maier", "otto"}
	pick := func(k int) []string {
		out := make([]string, k)
		for i := range out {
			out[i] = words[r.IntN(len(words))]
		}
		return out
	}
	s, _ := testFeatStore(t)
	for i := range n {
		f := Features{Row: int32(i), Given: pick(1), Surname: pick(1), Birth: int32(19500101 + r.IntN(3)*10000 + r.IntN(2)*100)}
		f.Tokens = append(slices.Clone(f.Given), f.Surname...)
		if r.IntN(3) > 0 {
			f.Emails = []string{fmt.Sprintf("%s%d@example.org", f.Given[0], r.IntN(5))}
		}
		if r.IntN(2) > 0 {
			f.Phones = []string{fmt.Sprintf("%09d", r.IntN(20))}
		}
		for range r.IntN(4) {
			f.Addr = append(f.Addr, uint32(r.IntN(8)))
		}
		slices.Sort(f.Addr)
		f.Addr = slices.Compact(f.Addr)
		keys := []blockKey{{h: r.Uint64(), rule: RuleEmail}}
		if err := s.append(appendFeatures(nil, &f, keys)); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.flush(); err != nil {
		t.Fatal(err)
	}
	all := make([]Features, n)
	var buf []byte
	for i := range all {
		var err error
		if buf, _, err = s.load(int32(i), buf, &all[i], nil); err != nil {
			t.Fatal(err)
		}
	}
	sample := samplePairs(5000, n, 0, false)
	names := newNameComparer(nil, 0)
	names.budget.Store(0)
	want, err := uVectors(context.Background(), 1, s, names, sample, all)
	if err != nil {
		t.Fatal(err)
	}
	agree := 0
	for _, v := range want {
		if v.agrees() {
			agree++
		}
	}
	if agree == 0 || agree == len(want) {
		t.Fatalf("%d of %d pairs agree somewhere: the test wants both kinds", agree, len(want))
	}
	for _, shuffled := range []bool{false, true} {
		if shuffled { // the file in another order, as after the group step
			rank := make([]int32, n)
			for i, p := range r.Perm(n) {
				rank[i] = int32(p)
			}
			rw, err := newRewriter(s, 16<<10)
			if err != nil {
				t.Fatal(err)
			}
			rw.setRank(rank)
			for i := range n {
				rec, err := s.read(int32(i), nil)
				if err != nil {
					t.Fatal(err)
				}
				if err := rw.add(int32(i), rec); err != nil {
					t.Fatal(err)
				}
			}
			if err := rw.finish(context.Background(), 100, 2); err != nil {
				t.Fatal(err)
			}
		}
		for _, workers := range []int{1, 3} {
			got, err := uVectors(context.Background(), workers, s, names, sample, nil)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, want) {
				t.Errorf("shuffled %v, %d workers: the vectors from the file differ from those from memory", shuffled, workers)
			}
		}
	}
}
