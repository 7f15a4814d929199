package report

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"
)

func TestTopKExactWithinCapacity(t *testing.T) {
	t.Parallel()
	k := NewTopK(10)
	for _, s := range []string{"a", "b", "a", "c", "a", "b", "d"} {
		k.Add(s)
	}
	want := []Counted{{"a", 3, 0}, {"b", 2, 0}, {"c", 1, 0}}
	if got := k.Top(3); !reflect.DeepEqual(got, want) {
		t.Errorf("Top(3) = %v, want %v", got, want)
	}
	if !k.Exact() || k.Total() != 7 {
		t.Errorf("Exact %v, Total %d", k.Exact(), k.Total())
	}
}

// Heavy hitters survive a long tail of distinct strings, with counts
// within the Space-Saving bound.
func TestTopKHeavyHitters(t *testing.T) {
	t.Parallel()
	cases := []struct {
		capacity, tail int
	}{{16, 1000}, {64, 50000}, {256, 200000}}
	for _, c := range cases {
		t.Run(fmt.Sprint(c.capacity), func(t *testing.T) {
			k := NewTopK(c.capacity)
			truth := map[string]int64{}
			rng := rand.New(rand.NewPCG(1, 2))
			heavy := []string{"gmail.com", "web.de", "yahoo.com"}
			for i := range c.tail {
				s := fmt.Sprintf("tail%d", i)
				if rng.IntN(4) == 0 {
					s = heavy[rng.IntN(len(heavy))]
				}
				truth[s]++
				k.Add(s)
			}
			top := k.Top(3)
			if len(top) != 3 {
				t.Fatalf("Top(3) = %v", top)
			}
			for _, e := range top {
				tc, ok := truth[e.Key]
				if !ok || e.Count < tc || e.Count-e.Over > tc || e.Over > int64(c.tail)/int64(c.capacity) {
					t.Errorf("%s: count %d over %d, true %d", e.Key, e.Count, e.Over, tc)
				}
				if e.Key[:4] == "tail" {
					t.Errorf("a tail string %s made the top 3: %v", e.Key, top)
				}
			}
			if k.Exact() {
				t.Error("Exact after more distinct strings than the capacity")
			}
			if len(k.index) > c.capacity || len(k.h) > c.capacity {
				t.Errorf("holds %d/%d counters, capacity %d", len(k.index), len(k.h), c.capacity)
			}
		})
	}
}

func BenchmarkTopKAdd(b *testing.B) {
	keys := make([]string, 4096)
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range keys {
		keys[i] = fmt.Sprintf("domain%d.example", int(rng.ExpFloat64()*50))
	}
	k := NewTopK(1000)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		k.Add(keys[i%len(keys)])
	}
}
