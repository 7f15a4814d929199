package pipeline

import (
	"fmt"
	"slices"
	"testing"
)

// refLRU is the obvious implementation the lru is checked against.
type refLRU struct {
	max  int
	keys []string // most recent first
	vals map[string]Outcome
}

func (r *refLRU) get(k string) (Outcome, bool) {
	if r.max <= 0 {
		return Outcome{}, false
	}
	v, ok := r.vals[k]
	if ok {
		r.touch(k)
	}
	return v, ok
}

func (r *refLRU) touch(k string) {
	r.keys = slices.DeleteFunc(r.keys, func(s string) bool { return s == k })
	r.keys = append([]string{k}, r.keys...)
}

func (r *refLRU) add(k string, v Outcome) {
	if r.max <= 0 {
		return
	}
	r.vals[k] = v
	r.touch(k)
	for len(r.keys) > r.max {
		delete(r.vals, r.keys[len(r.keys)-1])
		r.keys = r.keys[:len(r.keys)-1]
	}
}

func TestLRU(t *testing.T) {
	for _, size := range []int{-1, 0, 1, 2, 3, 7} {
		t.Run(fmt.Sprint("max=", size), func(t *testing.T) {
			c := newLRU(size)
			ref := &refLRU{max: size, vals: map[string]Outcome{}}
			// A deterministic mix of adds, re-adds and gets over a key
			// space larger than the cache.
			x := uint32(7)
			for step := range 2000 {
				x = x*1103515245 + 12345
				// Two operations share key texts: an entry is found only
				// under its own operation.
				op, k := int((x>>4)%2), fmt.Sprint("k", (x>>16)%11)
				rk := fmt.Sprint(op, "/", k)
				if (x>>8)%3 == 0 {
					v := Outcome{Value: fakeResult(fmt.Sprint(step))}
					c.add(op, k, v)
					ref.add(rk, v)
				} else {
					got, ok := c.get(op, k)
					want, wok := ref.get(rk)
					if ok != wok || got != want {
						t.Fatalf("step %d: get(%s) = %v,%v; want %v,%v", step, rk, got, ok, want, wok)
					}
				}
				if len(c.items) != len(ref.vals) {
					t.Fatalf("step %d: len %d, want %d", step, len(c.items), len(ref.vals))
				}
			}
		})
	}
}

func BenchmarkLRU(b *testing.B) {
	keys := make([]string, 200_000)
	for i := range keys {
		keys[i] = fmt.Sprintf("parse:k2:%064x", i*7919)
	}
	c := newLRU(DefaultMemoryCacheSize)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		k := keys[i%len(keys)]
		if _, ok := c.get(0, k); !ok {
			c.add(0, k, Outcome{Value: fakeResult("x")})
		}
		i += 3
	}
}
