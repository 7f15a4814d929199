package dedupe

import (
	"context"
	"errors"
	"fmt"
	"io"

	"golang.org/x/sync/errgroup"

	"github.com/namepipe/namepipe/mapping"
	"github.com/namepipe/namepipe/nameapi"
	"github.com/namepipe/namepipe/readers"
	"github.com/namepipe/namepipe/record"
)

// extractBatch is the number of records read and extracted at a time.
const extractBatch = 1024

// extracted is what the extract step keeps of the rows: they are in the
// feature store, their keys in the key sorter; in memory only counts.
type extracted struct {
	store *featStore
	keys  *sorter[keyEntry]
	// nothing marks the input rows with nothing comparable (a bit a row).
	nothing []uint64
	// tfRows counts the rows that have each term-frequency field.
	tfRows [numFields]float64
	// words counts the rows holding each name word (countWords); shares
	// is made of it once every row is read (the names' adjustment).
	words  map[uint64]uint32
	shares nameShares
	// ids collects the rows' IDs (nil without dedupe.idColumn) from
	// column idCol of the file being read, named idFile in errors.
	ids    *rowIDs
	idCol  int
	idFile string
	// extraCol and blockCol are the columns of the file being read that
	// fill Features.Extra and Features.Block.
	extraCol, blockCol []int
	// prev collects the previous run's cluster IDs while its rows are
	// read (incremental runs).
	prev *previousClusters
	// hidden counts, per block of an incremental run through an index,
	// its previous rows not read (loadIndexed): the group step adds them
	// to the block's size.
	hidden map[blockID]uint32
	// uncappedAddr marks the rows whose address key's block is not
	// capped (a bit a row, set by the group step): see skipNamePlace.
	uncappedAddr []uint64
	// nameBlock is each row's block of RuleNameTokens, numbered from 1,
	// where that block is not capped and has two rows or more (0: none;
	// set by the group step): see sameNameBlock.
	nameBlock []int32
}

// extractJob is one batch of records on its way through the workers.
type extractJob struct {
	seq   int
	first int32 // row of recs[0] in its file
	recs  []record.Record
	// set by the worker
	enc        []byte
	ends       []int
	ents       []keyEntry
	comparable []bool
	bad        int64
	tf         [numFields]float64
	words      map[uint64]uint32
	err        error
	done       chan struct{}
}

// extractAll reads every record, reduces it to Features (the extract
// step, on workers) and stores them, in row order, with their block
// keys. base is the first row's index in the store (0, or the number of
// input rows for the reference). It returns the number of rows read and
// the number the mapping reported errors for.
func extractAll(ctx context.Context, rd readers.Reader, plan *mapping.Plan, ref bool, base int32, workers int,
	x *extracted, progress func(string, int64, int64)) (int32, int64, error) {
	stage := "reading"
	if ref {
		stage = "reading reference"
	}
	g, gctx := errgroup.WithContext(ctx)
	free := make(chan []record.Record, 2*workers+2)
	for range cap(free) {
		free <- make([]record.Record, extractBatch)
	}
	work := make(chan *extractJob, cap(free))
	order := make(chan *extractJob, cap(free))
	g.Go(func() error {
		defer close(work)
		defer close(order)
		var row int64
		for seq := 0; ; seq++ {
			var buf []record.Record
			select {
			case buf = <-free:
			case <-gctx.Done():
				return gctx.Err()
			}
			n, err := rd.Read(gctx, buf)
			if n > 0 {
				if row+int64(n) > 1<<31-2-int64(base) {
					return errors.New("dedupe: more than 2^31 rows")
				}
				j := &extractJob{seq: seq, first: int32(row), recs: buf[:n], done: make(chan struct{})}
				row += int64(n)
				work <- j
				order <- j
			} else {
				free <- buf
			}
			if progress != nil {
				done, total := rd.Progress()
				progress(stage, done, total)
			}
			if errors.Is(err, io.EOF) {
				return nil
			}
			if err != nil {
				return err
			}
		}
	})
	for range workers {
		g.Go(func() error {
			var feats []Features
			// One builder a worker: its requests re-use their memory row
			// after row (Extract copies what it keeps of a request).
			b := plan.NewBuilder()
			for j := range work {
				feats = feats[:0]
				for i := range j.recs {
					req, berr := b.Build(&j.recs[i])
					if berr != nil {
						j.bad++
					}
					var p *nameapi.InputPerson
					if req != nil {
						p = req.Person
					}
					f := Extract(j.first+int32(i), p)
					f.Ref = ref
					setColumns(&f, j.recs[i].Values, x.extraCol, x.blockCol)
					feats = append(feats, f)
					keys := BlockKeys(&feats[i])
					if len(keys) > maxKeys {
						j.err = fmt.Errorf("dedupe: row %d has more than %d block keys", int64(j.first)+int64(i)+1, maxKeys)
						break
					}
					row := base + j.first + int32(i)
					var tie uint32
					if x.ids != nil && x.idCol < len(j.recs[i].Values) {
						tie = IDTie(j.recs[i].Values[x.idCol])
					}
					for s, k := range keys {
						j.ents = append(j.ents, keyEntry{h: k.h, order: orderIn(k.rule, &feats[i]), row: row, slot: uint16(s), rule: k.rule, tie: tie})
					}
					j.enc = appendFeatures(j.enc, &feats[i], keys)
					j.ends = append(j.ends, len(j.enc))
					j.comparable = append(j.comparable, feats[i].Comparable())
				}
				j.tf = tfRows(feats)
				j.words = countWords(nil, feats)
				close(j.done)
			}
			return nil
		})
	}
	var rows int32
	var bad int64
	g.Go(func() error {
		for j := range order {
			select {
			case <-j.done:
			case <-gctx.Done():
				return gctx.Err()
			}
			if j.err != nil {
				return j.err
			}
			if ref && x.prev != nil {
				for k := range j.recs {
					x.prev.add(j.recs[k].Values)
				}
			}
			if x.ids != nil {
				for k := range j.recs {
					r := &j.recs[k]
					var v any
					if x.idCol < len(r.Values) {
						v = r.Values[x.idCol]
					}
					if err := x.ids.add(v, x.idFile, int64(j.first)+int64(k)+1, r.Line); err != nil {
						return err
					}
				}
			}
			start := 0
			for k, end := range j.ends {
				if err := x.store.append(j.enc[start:end]); err != nil {
					return err
				}
				start = end
				if !ref {
					r := int(j.first) + k
					if r/64 >= len(x.nothing) {
						x.nothing = append(x.nothing, 0)
					}
					if !j.comparable[k] {
						x.nothing[r/64] |= 1 << (r % 64)
					}
				}
			}
			if err := x.keys.Add(j.ents...); err != nil {
				return err
			}
			for f := range x.tfRows {
				x.tfRows[f] += j.tf[f]
			}
			x.words = addCounts(x.words, j.words)
			j.words = nil
			bad += j.bad
			rows += int32(len(j.recs))
			free <- j.recs[:cap(j.recs)]
		}
		return nil
	})
	if err := g.Wait(); err != nil {
		return 0, 0, err
	}
	return rows, bad, nil
}

// tfRows counts the rows of feats that have each built-in field.
func tfRows(feats []Features) [numFields]float64 { return countFieldRows(feats) }
