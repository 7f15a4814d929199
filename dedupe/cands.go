package dedupe

import (
	"cmp"
	"context"
	"encoding/binary"
	"math"

	"golang.org/x/sync/errgroup"
)

// Candidate pairs: every compared pair whose fields agree somewhere is
// kept (spilled) until the model is trained, and then scored once. A
// block compares a pair only when its key claims it (owns): the first
// key the rows share, and any capped key before it, whose window may or
// may not have reached the pair. So a pair can be compared twice only
// when the first key its rows share is capped and they share another.
// Only those pairs (multi) are sorted to drop the second comparison;
// all the others are spooled in the order they come and read back
// sequentially. BenchmarkCandidates measures the split against sorting
// every pair.

// cand is a compared pair whose fields agree somewhere, with what its
// term-frequency adjustment needs: per rule of a term-frequency field,
// the size of the smallest block the two rows share; the names' words'
// chance agreement (nameShares.logU); and the rules whose keys the rows
// share besides the one that compared them, for training (sharedMask).
type cand struct {
	a, b   int32
	p      Pattern
	shared uint8
	names  float32
	sizes  [NumRules]uint32
	// multi: more than one block may have compared the pair (not
	// encoded: it decides where the pair is kept).
	multi bool
}

// tfRule tells the rules of tfFields.
var tfRule = func() (out [NumRules]bool) {
	for _, f := range tfFields {
		out[f.rule] = true
	}
	return out
}()

// newCand returns the candidate pair of rows a and b with keys ka, kb
// and features fa, fb: sharedMask, sharedSize of every term-frequency
// rule and whether another block may have compared the pair, in one
// pass over the keys the rows share.
func newCand(a, b int32, p Pattern, ka, kb []blockKey, fa, fb *Features, shares nameShares) cand {
	c := cand{a: a, b: b, p: p, names: shares.logU(fa, fb, p.Vector()[FieldName])}
	var shared, uncapped uint8
	var first blockKey // the first shared key by rule and hash
	matches := 0
	// A row's keys come rule by rule (BlockKeys): only the keys of one
	// rule are compared with each other.
	for i, j := 0, 0; i < len(ka) && j < len(kb); {
		r := ka[i].rule
		if kb[j].rule != r {
			if kb[j].rule < r {
				j++
			} else {
				i++
			}
			continue
		}
		ie, je := i+1, j+1
		for ie < len(ka) && ka[ie].rule == r {
			ie++
		}
		for je < len(kb) && kb[je].rule == r {
			je++
		}
		for _, x := range ka[i:ie] {
			for _, y := range kb[j:je] {
				if x.h != y.h {
					continue
				}
				shared |= 1 << r
				if !x.capped {
					uncapped |= 1 << r
				}
				if tfRule[r] && (c.sizes[r] == 0 || x.size < c.sizes[r]) {
					c.sizes[r] = x.size
				}
				if matches == 0 || r < first.rule || r == first.rule && x.h < first.h {
					first = x
				}
				matches++
			}
		}
		i, j = ie, je
	}
	owner := uncapped & -uncapped // lowest set bit
	if owner == 0 {
		owner = shared & -shared
	}
	c.shared = shared &^ owner
	c.multi = matches > 1 && first.capped
	return c
}

// adjust returns the pair's term-frequency adjustment: tf.adjust on two
// key lists that share, per rule, one key of the recorded size (all
// that sharedSize reads of the rows' keys).
func (c *cand) adjust(tf *termFreq) float64 {
	by := c.adjustFields(tf)
	adj := 0.0
	for _, x := range by {
		adj += x
	}
	return adj
}

// adjustFields is adjust per field (the names' adjustment under
// FieldName).
func (c *cand) adjustFields(tf *termFreq) [numFields]float64 {
	var keys [NumRules]blockKey
	n := 0
	for r, size := range c.sizes {
		if size > 0 {
			keys[n] = blockKey{h: uint64(r) + 1, size: size, rule: Rule(r)}
			n++
		}
	}
	var by [numFields]float64
	tf.adjustFields(keys[:n], keys[:n], c.p, &by)
	by[FieldName] += tf.adjustName(c.names, c.p)
	return by
}

func cmpCand(x, y cand) int {
	if c := cmp.Compare(x.a, y.a); c != 0 {
		return c
	}
	return cmp.Compare(x.b, y.b)
}

// candCodec encodes a cand in 17 bytes and 4 per term-frequency rule
// (the other rules' sizes are always 0).
var candCodec = recordCodec[cand]{
	size: 17 + 4*len(tfFields),
	put: func(b []byte, c cand) {
		binary.LittleEndian.PutUint32(b, uint32(c.a))
		binary.LittleEndian.PutUint32(b[4:], uint32(c.b))
		binary.LittleEndian.PutUint32(b[8:], uint32(c.p))
		b[12] = c.shared
		binary.LittleEndian.PutUint32(b[13:], math.Float32bits(c.names))
		for i, f := range tfFields {
			binary.LittleEndian.PutUint32(b[17+4*i:], c.sizes[f.rule])
		}
	},
	get: func(b []byte) cand {
		c := cand{a: int32(binary.LittleEndian.Uint32(b)), b: int32(binary.LittleEndian.Uint32(b[4:])),
			p: Pattern(binary.LittleEndian.Uint32(b[8:])), shared: b[12], names: math.Float32frombits(binary.LittleEndian.Uint32(b[13:]))}
		for i, f := range tfFields {
			c.sizes[f.rule] = binary.LittleEndian.Uint32(b[17+4*i:])
		}
		return c
	},
}

// candidates collects the candidate pairs of the compare step and gives
// each pair back once. Add is safe for concurrent use.
type candidates struct {
	once  *spool[cand]  // pairs only one block can compare
	multi *sorter[cand] // the others, sorted to drop repeats
}

// newCandidates returns an empty collection spilling to dir with
// memBytes of buffers for each of its two parts.
func newCandidates(dir *spillDir, memBytes int) *candidates {
	return &candidates{
		once:  newSpool(dir, "pairs", candCodec, memBytes),
		multi: newSorter(dir, "pairs-multi", candCodec, cmpCand, memBytes),
	}
}

// Add adds pairs; it reorders cs.
func (c *candidates) Add(cs ...cand) error {
	k := 0
	for i := range cs {
		if !cs[i].multi {
			cs[k], cs[i] = cs[i], cs[k]
			k++
		}
	}
	if err := c.once.Add(cs[:k]...); err != nil {
		return err
	}
	return c.multi.Add(cs[k:]...)
}

// Finish ends the adding.
func (c *candidates) Finish() error {
	if err := c.once.Finish(); err != nil {
		return err
	}
	return c.multi.Finish()
}

// EachParallel calls fn with every distinct pair once, in no particular
// order, on parts+1 goroutines (after Finish; it may be called more than
// once): part p < parts reads its share of the pairs only one block
// compared, part parts the others, sorted, without repeats.
func (c *candidates) EachParallel(ctx context.Context, parts int, fn func(part int, x cand) error) error {
	g, gctx := errgroup.WithContext(ctx)
	for p := range parts {
		g.Go(func() error {
			return c.once.EachPart(gctx, p, parts, func(x cand) error { return fn(p, x) })
		})
	}
	g.Go(func() error {
		last := cand{a: -1}
		return c.multi.Each(gctx, func(x cand) error {
			if x.a == last.a && x.b == last.b {
				return nil // compared under two keys (an earlier block was capped)
			}
			last = x
			return fn(parts, x)
		})
	})
	return g.Wait()
}

// Close removes the spilled pairs.
func (c *candidates) Close() {
	c.once.Close()
	c.multi.Close()
}
