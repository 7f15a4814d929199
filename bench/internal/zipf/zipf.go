// Package zipf draws words from a list with Zipf-like frequencies, the
// way the dedupe generators (bench/heldout, bench/febrlgen) draw names:
// a few values are common, most are rare.
package zipf

import (
	"math"
	"math/rand/v2"
)

// Dist draws from a list with probability ∝ 1/(rank+1)^s, the ranks a
// seeded shuffle of the list (the generators' lists are alphabetical).
type Dist struct {
	list []string
	cdf  []float64
}

// New returns the distribution of list with exponent s, its ranks
// shuffled by r. It copies list; the draws r makes are part of the
// generators' output, so they must not change.
func New(list []string, s float64, r *rand.Rand) *Dist {
	list = append([]string(nil), list...)
	r.Shuffle(len(list), func(i, j int) { list[i], list[j] = list[j], list[i] })
	d := &Dist{list: list, cdf: make([]float64, len(list))}
	sum := 0.0
	for i := range list {
		sum += 1 / math.Pow(float64(i+1), s)
		d.cdf[i] = sum
	}
	for i := range d.cdf {
		d.cdf[i] /= sum
	}
	return d
}

// Pick draws one word with r.
func (d *Dist) Pick(r *rand.Rand) string {
	x := r.Float64()
	lo, hi := 0, len(d.cdf)-1
	for lo < hi {
		m := (lo + hi) / 2
		if d.cdf[m] < x {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return d.list[lo]
}
