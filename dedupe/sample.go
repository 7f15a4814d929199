package dedupe

import (
	"context"
	"fmt"
	"slices"
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
	if link {
		for i := range sample {
			sample[i][1] += int32(nIn)
		}
	}
	vecs, err := uVectors(ctx, o.Workers, store, names, sample, all)
	if err != nil {
		return [maxFields][]float64{}, 0, err
	}
	return EstimateU(vecs), len(sample), nil
}

// uVectors compares the pairs of rows of sample (from all, the rows
// decoded, or else from store) on workers goroutines. Names go through
// the matcher only for the first nameSample pairs (the other fields are
// cheap to compare).
func uVectors(ctx context.Context, workers int, store *featStore, names *nameComparer, sample [][2]int32, all []Features) ([]Vector, error) {
	nameSample := min(len(sample), 20_000)
	vecs := make([]Vector, len(sample))
	// From the file, the pairs are compared in the order of their first
	// rows' places, a chunk at a time: each chunk's rows are read at once
	// (featStore.readBatch), and its first rows, close together in the
	// file, with a few large reads (at 1M rows ~0.5M preads instead of
	// 1M). The order does not matter: vecs keeps each pair's index.
	var order []uint64 // place of the first row << 32 | index
	if all == nil {
		order = make([]uint64, len(sample))
		for i, p := range sample {
			order[i] = uint64(store.placeOf(p[0]))<<32 | uint64(i)
		}
		slices.Sort(order)
	}
	var next atomic.Int64
	g, gctx := errgroup.WithContext(ctx)
	compare := func(i int, fa, fb *Features) {
		if i < nameSample {
			vecs[i] = compareRows(gctx, names, fa, fb)
		} else {
			compareOthers(fa, fb, &vecs[i])
			compareExtra(names.extra, fa, fb, &vecs[i])
		}
	}
	for range workers {
		g.Go(func() error {
			if all != nil {
				for gctx.Err() == nil {
					i := int(next.Add(1)) - 1
					if i >= len(sample) {
						return nil
					}
					compare(i, &all[sample[i][0]], &all[sample[i][1]])
				}
				return gctx.Err()
			}
			var br batchReader
			var rows []int32
			var fa, fb Features
			for gctx.Err() == nil {
				lo := int(next.Add(uSampleChunk)) - uSampleChunk
				if lo >= len(order) {
					return nil
				}
				chunk := order[lo:min(lo+uSampleChunk, len(order))]
				rows = rows[:0]
				for _, o := range chunk {
					p := sample[uint32(o)]
					rows = append(rows, p[0], p[1])
				}
				recs, err := store.readBatch(rows, &br)
				if err != nil {
					return err
				}
				for k, o := range chunk {
					if err := decodeRecord(recs[2*k], rows[2*k], &fa); err != nil {
						return err
					}
					if err := decodeRecord(recs[2*k+1], rows[2*k+1], &fb); err != nil {
						return err
					}
					compare(int(uint32(o)), &fa, &fb)
				}
			}
			return gctx.Err()
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	return vecs, nil
}

// uSampleChunk is the number of the u sample's pairs read at a time.
const uSampleChunk = 2048

// decodeRecord decodes the features, not the keys, of row's record rec
// into f without copying: f's strings are parts of rec.
func decodeRecord(rec string, row int32, f *Features) error {
	if len(rec) < 2 {
		return fmt.Errorf("row %d: %w", row, errCorrupt)
	}
	if err := decodeBodyString(rec, int(rec[0])|int(rec[1])<<8, f); err != nil {
		return fmt.Errorf("row %d: %w", row, err)
	}
	return nil
}
