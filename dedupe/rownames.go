package dedupe

import (
	"context"
	"slices"

	"golang.org/x/sync/errgroup"
)

// pairNames reads the name text of every row of the kept pairs (for the
// pairs file), in row order, the rows in parts read on workers at once.
func pairNames(ctx context.Context, store *featStore, kept []Pair, workers int) (*rowNames, error) {
	rows := make([]int32, 0, 2*len(kept))
	for _, p := range kept {
		rows = append(rows, p.A, p.B)
	}
	slices.Sort(rows)
	rows = slices.Compact(rows)
	parts := make([]rowNames, workers)
	g, gctx := errgroup.WithContext(ctx)
	for w := range parts {
		g.Go(func() error {
			part := &parts[w]
			part.rows = rows[len(rows)*w/workers : len(rows)*(w+1)/workers]
			part.end = make([]uint32, len(part.rows))
			var buf []byte
			var f Features
			var keys []blockKey
			for i, r := range part.rows {
				if i&1023 == 0 {
					if err := gctx.Err(); err != nil {
						return err
					}
				}
				var err error
				if buf, keys, err = store.load(r, buf, &f, keys); err != nil {
					return err
				}
				part.text = append(part.text, nameText(&f)...)
				part.end[i] = uint32(len(part.text))
			}
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	out := &rowNames{rows: rows, end: make([]uint32, 0, len(rows))}
	for _, part := range parts {
		base := uint32(len(out.text))
		for _, e := range part.end {
			out.end = append(out.end, base+e)
		}
		out.text = append(out.text, part.text...)
	}
	return out, nil
}

// rowNames holds the name text of some rows (the pairs' rows).
type rowNames struct {
	rows []int32 // sorted
	end  []uint32
	text []byte
}

// name returns the name text of row i (an index of the row space, the
// reference's rows after the input's).
func (r *rowNames) name(i int32) string {
	if r == nil {
		return ""
	}
	k, ok := slices.BinarySearch(r.rows, i)
	if !ok {
		return ""
	}
	lo := uint32(0)
	if k > 0 {
		lo = r.end[k-1]
	}
	return string(r.text[lo:r.end[k]])
}
