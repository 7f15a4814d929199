package dedupe

import (
	"cmp"
	"context"
	"slices"
	"sync"
	"sync/atomic"
)

// orderIn is the order of a row inside a capped block of rule r: rows
// with the same name sort by birth date, others by name, so that a
// row's neighbours are its likeliest duplicates.
func orderIn(r Rule, f *Features) uint64 {
	if r == RuleNameTokens {
		return uint64(uint32(f.Birth))<<32 | f.order>>32
	}
	return f.order
}

// entry is one (key, row) of a rule, sorted by key then order.
type entry struct {
	h     uint64
	order uint64
	row   int32
	slot  uint16 // index of the key in the row's keys
}

// groupAndCompare is the group and compare steps of one rule: rows are
// grouped by key; a block over the cap is marked capped and compares each
// row with its Window neighbours in name order; every pair the key owns
// is compared.
func groupAndCompare(ctx context.Context, o Options, r Rule, feats []Features, keys [][]blockKey, nIn int, link bool,
	names *nameComparer, perRow []int32) (ruleStats, [][]cand, PatternCounts, error) {
	var ents []entry
	for i := range keys {
		for j, k := range keys[i] {
			if k.rule == r {
				ents = append(ents, entry{h: k.h, order: orderIn(r, &feats[i]), row: int32(i), slot: uint16(j)})
			}
		}
	}
	slices.SortFunc(ents, func(a, b entry) int {
		if c := cmp.Compare(a.h, b.h); c != 0 {
			return c
		}
		if c := cmp.Compare(a.order, b.order); c != 0 {
			return c
		}
		return cmp.Compare(a.row, b.row)
	})
	var st ruleStats
	type block struct{ lo, hi int }
	var blocks []block
	maxBlock, window := o.Settings.MaxBlockSize, o.Settings.Window
	for lo := 0; lo < len(ents); {
		hi := lo + 1
		for hi < len(ents) && ents[hi].h == ents[lo].h {
			hi++
		}
		for _, e := range ents[lo:hi] {
			keys[e.row][e.slot].size = uint32(hi - lo)
		}
		if hi-lo >= 2 {
			st.blocks++
			if hi-lo > maxBlock {
				st.capped++
				for _, e := range ents[lo:hi] {
					keys[e.row][e.slot].capped = true
				}
			}
			blocks = append(blocks, block{lo, hi})
		}
		lo = hi
	}
	counts := make([]PatternCounts, o.Workers)
	found := make([][]cand, o.Workers)
	var next atomic.Int64
	var wg sync.WaitGroup
	const chunk = 64
	for w := range o.Workers {
		counts[w] = NewPatternCounts()
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				if ctx.Err() != nil {
					return
				}
				b0 := int(next.Add(chunk)) - chunk
				if b0 >= len(blocks) {
					return
				}
				for _, b := range blocks[b0:min(b0+chunk, len(blocks))] {
					capped := b.hi-b.lo > maxBlock
					for i := b.lo; i < b.hi; i++ {
						jEnd := b.hi
						if capped {
							jEnd = min(b.hi, i+1+window)
						}
						for j := i + 1; j < jEnd; j++ {
							x, y := ents[i], ents[j]
							a, c := x.row, y.row
							if link {
								// only input × reference
								if (int(a) < nIn) == (int(c) < nIn) {
									continue
								}
								if int(a) >= nIn {
									a, c = c, a
								}
							} else if c < a {
								a, c = c, a
							}
							if !owns(keys[a], keys[c], keys[x.row][x.slot]) {
								continue
							}
							v := compareRows(ctx, names, &feats[a], &feats[c])
							p := v.Pattern()
							counts[w][p]++
							atomic.AddInt32(&perRow[a], 1)
							atomic.AddInt32(&perRow[c], 1)
							if v.agrees() {
								found[w] = append(found[w], cand{a: a, b: c, p: p})
							}
						}
					}
				}
				if o.Progress != nil {
					o.Progress("comparing "+r.String(), min(int64(b0+chunk), int64(len(blocks))), int64(len(blocks)))
				}
			}
		}()
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return st, nil, nil, err
	}
	total := NewPatternCounts()
	for w := range o.Workers {
		total.Add(counts[w])
	}
	return st, found, total, nil
}
