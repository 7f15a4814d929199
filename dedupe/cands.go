package dedupe

import (
	"context"
	"encoding/binary"
	"math"
	"math/bits"

	"golang.org/x/sync/errgroup"
)

// Candidate pairs: every compared pair whose fields agree somewhere is
// kept (spooled) until the model is trained, and then scored once. A
// block compares a pair only when its key claims it (owns): the first
// key the rows share, and any capped key before it whose window reached
// the pair. So a pair is compared twice when the first key its rows
// share is capped, they lie within its window, and they share another
// key that owns the pair too. Every key of a capped block carries the
// row's place in it (blockKey.pos, set by the group step), so the later
// block knows that an earlier one compared the pair and does not keep it
// again (newCand): each pair is kept once, in the order it comes, and
// read back sequentially, with no sort. The pattern counts of each rule
// still count every comparison, as EM expects. BenchmarkCandidates
// measures the spool against sorting the pairs to drop the repeats.

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
}

// tfRule tells the rules of tfFields.
var tfRule = func() (out [NumRules]bool) {
	for _, f := range tfFields {
		out[f.rule] = true
	}
	return out
}()

// newCand returns the candidate pair of rows a and b with keys ka, kb
// and features fa, fb, compared in the block of key by (within window
// rows if capped): sharedMask, sharedSize of every term-frequency rule,
// and whether an earlier block compared the pair already (again: a
// capped block of a shared key before by, in which the rows lie within
// window of each other), in one pass over the keys the rows share.
func newCand(a, b int32, p Pattern, ka, kb []blockKey, fa, fb *Features, shares nameChance, by blockKey, window int) (c cand, again bool) {
	c = cand{a: a, b: b, p: p}
	var shared, uncapped uint8
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
				} else if x.pos != 0 && y.pos != 0 && max(x.pos, y.pos)-min(x.pos, y.pos) <= uint32(window) &&
					(r < by.rule || r == by.rule && x.h < by.h) {
					again = true
				}
				if tfRule[r] && (c.sizes[r] == 0 || x.size < c.sizes[r]) {
					c.sizes[r] = x.size
				}
			}
		}
		i, j = ie, je
	}
	owner := uncapped & -uncapped // lowest set bit
	if owner == 0 {
		owner = shared & -shared
	}
	c.shared = shared &^ owner
	if !again { // a pair kept again is dropped: its names not weighed
		c.names = shares.logU(fa, fb, nameLevel(p))
	}
	return c, again
}

// nameLevel is p.Vector()[FieldName] without the other fields'
// divisions: the name is the pattern's first digit
// (TestNameLevelOfPattern).
func nameLevel(p Pattern) Level { return Level(int(p) % FieldName.Levels()) }

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

// candidates collects the candidate pairs of the compare step, each
// pair once, and the pattern counts of the pairs under the rules whose
// keys they share besides their owner's (the training's shared counts).
// Add is safe for concurrent use.
type candidates struct {
	s *spool[cand]
}

// newCandidates returns an empty collection spilling to dir with
// memBytes of buffers.
func newCandidates(dir *spillDir, memBytes int) *candidates {
	return &candidates{s: newSpool(dir, "pairs", candCodec, memBytes)}
}

// Add adds pairs.
func (c *candidates) Add(cs ...cand) error { return c.s.Add(cs...) }

// Finish ends the adding.
func (c *candidates) Finish() error { return c.s.Finish() }

// Len is the number of pairs added.
func (c *candidates) Len() int64 { return c.s.n + int64(len(c.s.buf)) }

// EachParallel calls fn with every pair once, in no particular order,
// on parts goroutines (after Finish; it may be called more than once).
func (c *candidates) EachParallel(ctx context.Context, parts int, fn func(part int, x cand) error) error {
	g, gctx := errgroup.WithContext(ctx)
	for p := range parts {
		g.Go(func() error {
			return c.s.EachPart(gctx, p, parts, func(x cand) error { return fn(p, x) })
		})
	}
	return g.Wait()
}

// Close removes the spooled pairs.
func (c *candidates) Close() { c.s.Close() }

// countShared adds the pair c to counts under every rule whose key its
// rows share except its owner (c.shared).
func countShared(counts []PatternCounts, c *cand) {
	for m := c.shared; m != 0; m &= m - 1 {
		counts[bits.TrailingZeros8(m)][c.p]++
	}
}
