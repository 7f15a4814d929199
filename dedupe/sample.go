package dedupe

import (
	"context"
	"sync/atomic"

	"golang.org/x/sync/errgroup"
)

// decodeAllRows is the number of rows up to which the u sample decodes
// every row once and compares from memory (its pairs hit each row many
// times); above it each pair reads its two rows from the store.
const decodeAllRows = 50_000

// estimateU compares USample random pairs (of input rows, or input ×
// reference rows) and estimates u from them. It returns u and the
// number of pairs.
func estimateU(ctx context.Context, o Options, store *featStore, names *nameComparer, nIn int, link bool, ids *rowIDs) ([maxFields][]float64, int, error) {
	n := store.rows()
	sample := samplePairs(o.USample, nIn, n-nIn, link)
	if ids != nil {
		// The k-th row in ID order instead of the k-th row: the sample
		// does not depend on the rows' order.
		in, ref := ids.inOrder()
		for i := range sample {
			sample[i][0] = in[sample[i][0]]
			if link {
				sample[i][1] = ref[sample[i][1]] - int32(nIn)
			} else {
				sample[i][1] = in[sample[i][1]]
			}
		}
	}
	// Names of random pairs go through the matcher only for the first
	// nameSample pairs (the other fields are cheap to compare).
	nameSample := min(len(sample), 20_000)
	var all []Features
	if n <= decodeAllRows {
		all = make([]Features, n)
		var buf []byte
		for i := range all {
			var err error
			if buf, _, err = store.load(int32(i), buf, &all[i], nil); err != nil {
				return [maxFields][]float64{}, 0, err
			}
		}
	}
	vecs := make([]Vector, len(sample))
	var next atomic.Int64
	g, gctx := errgroup.WithContext(ctx)
	for range o.Workers {
		g.Go(func() error {
			// one buffer a row: the features are parts of it (loadBody)
			var bufA, bufB []byte
			var ra, rb Features
			for gctx.Err() == nil {
				i := int(next.Add(1)) - 1
				if i >= len(sample) {
					return nil
				}
				a, b := sample[i][0], sample[i][1]
				if link {
					b += int32(nIn)
				}
				var fa, fb *Features
				if all != nil {
					fa, fb = &all[a], &all[b]
				} else {
					var err error
					if bufA, err = store.loadBody(a, bufA, &ra); err != nil {
						return err
					}
					if bufB, err = store.loadBody(b, bufB, &rb); err != nil {
						return err
					}
					fa, fb = &ra, &rb
				}
				if i < nameSample {
					vecs[i] = compareRows(gctx, names, fa, fb)
				} else {
					compareOthers(fa, fb, &vecs[i])
					compareExtra(names.extra, fa, fb, &vecs[i])
				}
			}
			return gctx.Err()
		})
	}
	if err := g.Wait(); err != nil {
		return [maxFields][]float64{}, 0, err
	}
	return EstimateU(vecs), len(sample), nil
}
