package dedupe

import (
	"cmp"
	"context"
	"encoding/binary"
	"math"
)

// Kept pairs: the scored pairs at or above the pairs threshold are the
// run's result (Result.Pairs). The scoring workers hand them to an
// external sorter by row, so that memory holds them once, in row order,
// and never a second, unsorted copy per worker besides the joined one
// (at 5M rows ~1.5M pairs of 56 bytes).

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

// sorted returns every kept pair in row order (by A, then B) in one
// slice of their exact number, and removes the spilled runs.
func (k *keptPairs) sorted(ctx context.Context, parts []keptPart) ([]Pair, error) {
	defer k.s.Close()
	for i := range parts {
		if err := parts[i].flush(); err != nil {
			return nil, err
		}
		parts[i].buf = nil
	}
	if err := k.s.Finish(); err != nil {
		return nil, err
	}
	out := make([]Pair, 0, k.s.Len())
	err := k.s.Each(ctx, func(p Pair) error {
		out = append(out, p)
		return nil
	})
	return out, err
}
