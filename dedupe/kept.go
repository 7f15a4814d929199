package dedupe

import (
	"cmp"
	"context"
	"encoding/binary"
	"math"
)

// Kept pairs: the scored pairs at or above the pairs threshold are the
// run's result (Result.Pairs, the rows' best matches, the strong pairs
// that make the clusters). The scoring workers hand them to an external
// sorter by row, which the run reads in row order: once for the strong
// pairs, once for the best matches. Memory holds them (once, in row
// order) only for a result that keeps its Pairs (no Options.NoPairs): at
// 5M dupgen rows 3.0M pairs of 56 bytes.

// keptBatch is the number of pairs a scoring worker collects before it
// hands them to the sorter (one lock per batch).
const keptBatch = 1024

// pairCodec encodes a scored pair: rows, score, weight, pattern and the
// term-frequency adjustments, bit for bit (Linked is set later).
var pairCodec = recordCodec[Pair]{
	size: 4 + 4 + 8 + 8 + 4 + 4*int(numFields),
	put: func(b []byte, p Pair) {
		binary.LittleEndian.PutUint32(b, uint32(p.A))
		binary.LittleEndian.PutUint32(b[4:], uint32(p.B))
		binary.LittleEndian.PutUint64(b[8:], math.Float64bits(p.Score))
		binary.LittleEndian.PutUint64(b[16:], math.Float64bits(p.Weight))
		binary.LittleEndian.PutUint32(b[24:], uint32(p.Pattern))
		for f, x := range p.TF {
			binary.LittleEndian.PutUint32(b[28+4*f:], math.Float32bits(x))
		}
	},
	get: func(b []byte) Pair {
		p := Pair{A: int32(binary.LittleEndian.Uint32(b)), B: int32(binary.LittleEndian.Uint32(b[4:])),
			Score:   math.Float64frombits(binary.LittleEndian.Uint64(b[8:])),
			Weight:  math.Float64frombits(binary.LittleEndian.Uint64(b[16:])),
			Pattern: Pattern(binary.LittleEndian.Uint32(b[24:]))}
		for f := range p.TF {
			p.TF[f] = math.Float32frombits(binary.LittleEndian.Uint32(b[28+4*f:]))
		}
		return p
	},
}

func cmpPairRows(x, y Pair) int { return cmp.Or(cmp.Compare(x.A, y.A), cmp.Compare(x.B, y.B)) }

// keptPairs collects the kept pairs of the scoring workers, each worker
// through its own keptPart.
type keptPairs struct {
	s *sorter[Pair]
}

// newKeptPairs returns a collector whose sort buffers hold memBytes.
func newKeptPairs(dir *spillDir, memBytes int) *keptPairs {
	return &keptPairs{s: newSorter(dir, "kept", pairCodec, cmpPairRows, memBytes)}
}

// keptPart is one worker's batch of kept pairs.
type keptPart struct {
	k   *keptPairs
	buf []Pair
	// strong counts the pairs that link (at or above the threshold, and
	// Links), so that their slice is made at its size.
	strong int
}

// add keeps p.
func (p *keptPart) add(x Pair) error {
	if p.buf == nil {
		p.buf = make([]Pair, 0, keptBatch)
	}
	p.buf = append(p.buf, x)
	if len(p.buf) < keptBatch {
		return nil
	}
	return p.flush()
}

// flush hands the batch to the sorter.
func (p *keptPart) flush() error {
	err := p.k.s.Add(p.buf...)
	p.buf = p.buf[:0]
	return err
}

// finish hands the workers' last batches to the sorter and sorts; Each
// then reads the pairs in row order (by A, then B), as often as asked,
// until close.
func (k *keptPairs) finish(parts []keptPart) error {
	for i := range parts {
		if err := parts[i].flush(); err != nil {
			return err
		}
		parts[i].buf = nil
	}
	return k.s.Finish()
}

// each calls fn with every kept pair in row order.
func (k *keptPairs) each(ctx context.Context, fn func(p *Pair) error) error {
	return k.s.Each(ctx, func(p Pair) error { return fn(&p) })
}

// len is the number of kept pairs.
func (k *keptPairs) len() int64 { return k.s.Len() }

// close removes the spilled runs.
func (k *keptPairs) close() { k.s.Close() }
