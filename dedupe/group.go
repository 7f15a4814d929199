package dedupe

import (
	"cmp"
	"context"
	"encoding/binary"
	"fmt"
	"slices"
	"sync/atomic"

	"golang.org/x/sync/errgroup"
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

// keyEntry is one (key, row), sorted by rule, key, then order: the rows
// of one block follow each other, in the order a capped block compares
// them.
type keyEntry struct {
	h     uint64
	order uint64
	row   int32
	slot  uint16 // index of the key in the row's keys
	rule  Rule
	// tie orders rows of equal order by their IDs' hash (0 without
	// dedupe.idColumn: by row), so that a capped block's windows do not
	// depend on the rows' order in the file.
	tie uint32
}

func cmpKeyEntry(a, b keyEntry) int {
	if c := cmp.Compare(a.rule, b.rule); c != 0 {
		return c
	}
	if c := cmp.Compare(a.h, b.h); c != 0 {
		return c
	}
	if c := cmp.Compare(a.order, b.order); c != 0 {
		return c
	}
	if c := cmp.Compare(a.tie, b.tie); c != 0 {
		return c
	}
	if c := cmp.Compare(a.row, b.row); c != 0 {
		return c
	}
	return cmp.Compare(a.slot, b.slot)
}

var keyEntryCodec = recordCodec[keyEntry]{
	size: 23,
	put: func(b []byte, e keyEntry) {
		binary.LittleEndian.PutUint64(b, e.h)
		binary.LittleEndian.PutUint64(b[8:], e.order)
		binary.LittleEndian.PutUint32(b[16:], uint32(e.row))
		binary.LittleEndian.PutUint16(b[20:], e.slot)
		b[22] = byte(e.rule)
	},
	get: func(b []byte) keyEntry {
		return keyEntry{h: binary.LittleEndian.Uint64(b), order: binary.LittleEndian.Uint64(b[8:]),
			row: int32(binary.LittleEndian.Uint32(b[16:])), slot: binary.LittleEndian.Uint16(b[20:]), rule: Rule(b[22])}
	},
}

// keyEntryTieCodec is keyEntryCodec with the tie (dedupe.idColumn).
var keyEntryTieCodec = recordCodec[keyEntry]{
	size: keyEntryCodec.size + 4,
	put: func(b []byte, e keyEntry) {
		keyEntryCodec.put(b, e)
		binary.LittleEndian.PutUint32(b[keyEntryCodec.size:], e.tie)
	},
	get: func(b []byte) keyEntry {
		e := keyEntryCodec.get(b)
		e.tie = binary.LittleEndian.Uint32(b[keyEntryCodec.size:])
		return e
	},
}

// ruleStats are the group step's counts of one rule.
type ruleStats struct{ blocks, capped int64 }

// groupSizes is the group step's first pass over the sorted keys: it
// counts the blocks of every rule and writes each key's block size (and
// whether it is capped) into the stored rows, where owns and the
// term-frequency adjustment read them, while it rewrites the store in
// block order (featorder.go).
func groupSizes(ctx context.Context, o Options, x *extracted) ([NumRules]ruleStats, error) {
	var st [NumRules]ruleStats
	fs := x.store
	rw, err := newRewriter(fs, bucketBytes)
	if err != nil {
		return st, err
	}
	defer rw.close()
	// The rows take their places in the first rule's block order: its
	// keys come first, and each of its rows has its place as it comes.
	ro := newReorder(fs.rows())
	var rank []int32
	placeOf := func(row int32) int32 {
		if rank != nil {
			return rank[row]
		}
		return ro.place[row] - 1
	}
	// Once every row has its place, the records go to their buckets
	// (read in row order, a chunk at a time) while the keys are read on.
	g, gctx := errgroup.WithContext(ctx)
	scatter := func() {
		g.Go(func() error {
			const chunk = 1 << 22
			var buf []byte
			for lo := 0; lo < fs.rows(); {
				if err := gctx.Err(); err != nil {
					return err
				}
				hi := lo + 1
				for hi < fs.rows() && fs.off[hi+1]-fs.off[lo] <= chunk {
					hi++
				}
				buf = slices.Grow(buf[:0], int(fs.off[hi]-fs.off[lo]))[:fs.off[hi]-fs.off[lo]]
				if _, err := fs.f.ReadAt(buf, fs.off[lo]); err != nil {
					return fmt.Errorf("dedupe: reading features: %w", err)
				}
				for r := lo; r < hi; r++ {
					if err := rw.add(int32(r), buf[fs.off[r]-fs.off[lo]:fs.off[r+1]-fs.off[lo]]); err != nil {
						return err
					}
				}
				lo = hi
			}
			return nil
		})
	}
	var group []keyEntry
	var cur keyEntry
	x.uncappedAddr = make([]uint64, (fs.rows()+63)/64)
	x.nameBlock = make([]int32, fs.rows())
	nameBlocks := int32(0)
	end := func() error {
		n := len(group) + int(x.hidden[blockID{cur.rule, cur.h}])
		if n >= 2 {
			st[cur.rule].blocks++
			if n > o.Settings.MaxBlockSize {
				st[cur.rule].capped++
			}
		}
		capped := n > o.Settings.MaxBlockSize
		if cur.rule == RuleAddress && !capped {
			for _, e := range group {
				x.uncappedAddr[e.row/64] |= 1 << (e.row % 64)
			}
		}
		if cur.rule == RuleNameTokens && !capped && len(group) >= 2 {
			nameBlocks++
			for _, e := range group {
				x.nameBlock[e.row] = nameBlocks
			}
		}
		if n == 1 && !capped {
			// a key of one row: the rewrite's default (rewriter.finish)
			group = group[:0]
			return nil
		}
		for i, e := range group {
			pos := uint32(0)
			if capped {
				pos = uint32(i) + 1
			}
			if err := rw.size(placeOf(e.row), e.slot, uint32(n), pos); err != nil {
				return err
			}
		}
		group = group[:0]
		return nil
	}
	err = x.keys.Each(ctx, func(e keyEntry) error {
		if len(group) > 0 && (e.rule != cur.rule || e.h != cur.h) {
			if err := end(); err != nil {
				return err
			}
		}
		if e.rule == RuleNameTokens {
			ro.add(e.row)
		} else if rank == nil {
			rank = ro.finish()
			rw.setRank(rank)
			scatter()
		}
		cur = e
		group = append(group, e)
		return nil
	})
	if err == nil {
		err = end()
	}
	if err != nil {
		g.Wait()
		return st, err
	}
	if rank == nil {
		rank = ro.finish()
		rw.setRank(rank)
		scatter()
	}
	if err := g.Wait(); err != nil {
		return st, err
	}
	return st, rw.finish(ctx, o.Settings.MaxBlockSize, o.Workers)
}

// skipNamePlace reports whether no pair of an uncapped block of
// RuleNamePlace (its rows ents) is the block's to compare, so that it
// need not be read: a name_place key is a name word's code and the
// row's address key (Keys), so two rows that share it share that
// address key too, an earlier rule's; when its block is not capped,
// that block compared them (owns). A row whose address key's block is
// capped, or that has no address key (one address word), keeps the
// block; so does a block of a name word and one word of a postal code
// (postcodeWordKey), whose rows' addresses may differ.
func skipNamePlace(x *extracted, ents []keyEntry) bool {
	if len(ents) > 0 && ents[0].h&postcodeWordKey != 0 {
		return false
	}
	for _, e := range ents {
		if x.uncappedAddr[e.row/64]&(1<<(e.row%64)) == 0 {
			return false
		}
	}
	return true
}

// sameNameBlock reports whether every row of an uncapped block of a rule
// after RuleNameTokens (its rows ents) lies in one uncapped block of
// RuleNameTokens, so that the block owns none of its pairs and need not
// be sent to the workers: the rows share that earlier key (owns). The
// rows of one person spelled alike share their email, phone and address
// blocks too; they lie side by side in the file (one read), but were
// decoded and paired for nothing.
func sameNameBlock(x *extracted, ents []keyEntry) bool {
	b := x.nameBlock[ents[0].row]
	if b == 0 {
		return false
	}
	for _, e := range ents[1:] {
		if x.nameBlock[e.row] != b {
			return false
		}
	}
	return true
}

// compareJob is one block (or a segment of a capped block) to compare:
// each of the first rows is compared with the rows after it (in a
// capped block only its Window neighbours).
type compareJob struct {
	rule   Rule
	ents   []keyEntry
	first  int
	capped bool
}

// segment is the number of rows of a capped block compared per job.
const segment = 1024

// groupAndCompare is the group step's second pass and the compare step:
// the sorted keys are cut into blocks; a block over the cap compares
// each row with its Window neighbours in name order; every pair the key
// owns is compared on the workers. Pairs that agree somewhere go to
// cands with what their term-frequency adjustment needs, once (newCand).
// It returns the counts of every pattern per rule, and the counts of the
// pairs in cands under the other rules whose keys they share
// (countShared).
func groupAndCompare(ctx context.Context, o Options, x *extracted, st [NumRules]ruleStats, nIn int, link, incr bool,
	names *nameComparer, perRow []int32, cands *candidates) (owned, shared [NumRules]PatternCounts, err error) {
	maxBlock, window := o.Settings.MaxBlockSize, o.Settings.Window
	g, gctx := errgroup.WithContext(ctx)
	jobs := make(chan []compareJob, 2*o.Workers)
	counts := make([][NumRules]PatternCounts, o.Workers)
	sharedBy := make([][NumRules]PatternCounts, o.Workers)
	for w := range o.Workers {
		for r := range counts[w] {
			counts[w][r] = newPatternCounts(len(names.extra))
			sharedBy[w][r] = newPatternCounts(len(names.extra))
		}
		g.Go(func() error {
			var feats []Features
			var keys [][]blockKey
			var loaded []bool
			var paired []int32  // pairs of each row of a job, added to perRow once a job
			var todo [][2]int32 // the owned pairs of a job, by index in it
			var found []cand
			var br batchReader
			shares := newNameMemo(x.shares)
			var rows []int32
			for batch := range jobs {
				// The batch's rows read at once (featStore.readBatch).
				rows = rows[:0]
				for _, j := range batch {
					for _, e := range j.ents {
						rows = append(rows, e.row)
					}
				}
				all, err := x.store.readBatch(rows, &br)
				if err != nil {
					return err
				}
				for _, j := range batch {
					recs := all[:len(j.ents)]
					all = all[len(j.ents):]
					if len(feats) < len(j.ents) {
						feats = make([]Features, len(j.ents))
						loaded = make([]bool, len(j.ents))
						paired = make([]int32, len(j.ents))
						keys = append(keys, make([][]blockKey, len(j.ents)-len(keys))...)
					}
					// Each row decoded once, its keys first: only the
					// rows of owned pairs are decoded whole.
					for k, e := range j.ents {
						if keys[k], err = decodeKeys(recs[k], keys[k]); err != nil {
							return fmt.Errorf("row %d: %w", e.row, err)
						}
						loaded[k], paired[k] = false, 0
					}
					todo = todo[:0]
					for i := range j.first {
						jEnd := len(j.ents)
						if j.capped {
							jEnd = min(jEnd, i+1+window)
						}
						for k := i + 1; k < jEnd; k++ {
							a, b := j.ents[i].row, j.ents[k].row
							ia, ib := i, k
							if link {
								// only input × reference
								if (int(a) < nIn) == (int(b) < nIn) {
									continue
								}
								if int(a) >= nIn {
									a, b, ia, ib = b, a, ib, ia
								}
							} else if b < a {
								a, b, ia, ib = b, a, ib, ia
							}
							if incr && int(a) >= nIn {
								continue // two previous rows: not compared again
							}
							if !owns(keys[ia], keys[ib], blockKey{h: j.ents[i].h, rule: j.rule}) {
								continue
							}
							todo = append(todo, [2]int32{int32(ia), int32(ib)})
						}
					}
					c := counts[w][j.rule]
					for _, t := range todo {
						for _, k := range t {
							if !loaded[k] {
								if err := decodeBodyString(recs[k], len(keys[k]), &feats[k]); err != nil {
									return fmt.Errorf("row %d: %w", j.ents[k].row, err)
								}
								loaded[k] = true
							}
						}
						ia, ib := t[0], t[1]
						a, b := j.ents[ia].row, j.ents[ib].row
						v := compareRows(gctx, names, &feats[ia], &feats[ib])
						p := v.Pattern()
						c[p]++
						paired[ia]++
						paired[ib]++
						if v.agrees() {
							by := blockKey{h: j.ents[ia].h, rule: j.rule}
							if c, again := newCand(a, b, p, keys[ia], keys[ib], &feats[ia], &feats[ib], shares, by, window); !again {
								found = append(found, c)
								countShared(sharedBy[w][:], &c)
							}
						}
					}
					// one atomic add a row and job, not two a pair (a row of
					// a capped block has up to 2 × window pairs in a job)
					for k, n := range paired[:len(j.ents)] {
						if n > 0 {
							atomic.AddInt32(&perRow[j.ents[k].row], n)
						}
					}
					if len(found) >= 4096 {
						if err := cands.Add(found...); err != nil {
							return err
						}
						found = found[:0]
					}
				}
				if err := gctx.Err(); err != nil {
					return err
				}
			}
			return cands.Add(found...)
		})
	}
	g.Go(func() error {
		defer close(jobs)
		var batch []compareJob
		size := 0
		send := func(j compareJob) error {
			batch = append(batch, j)
			size += len(j.ents)
			if size < 2048 {
				return nil
			}
			select {
			case jobs <- batch:
			case <-gctx.Done():
				return gctx.Err()
			}
			batch, size = nil, 0
			return nil
		}
		var slab entrySlab // the current block's entries
		n := 0             // rows of the current block, slab.block() holds the last of them
		var cur keyEntry
		var done int64
		end := func() error {
			if n >= 2 {
				done++
				if o.Progress != nil && done&1023 == 1 {
					o.Progress("comparing "+cur.rule.String(), done, st[cur.rule].blocks)
				}
				g := slab.block()
				capped := n+int(x.hidden[blockID{cur.rule, cur.h}]) > maxBlock
				skip := !capped && (cur.rule == RuleNamePlace && skipNamePlace(x, g) ||
					cur.rule > RuleNameTokens && sameNameBlock(x, g))
				if !skip {
					if err := send(compareJob{rule: cur.rule, ents: g, first: len(g), capped: capped}); err != nil {
						return err
					}
					slab.keep()
				}
			}
			slab.drop()
			n = 0
			return nil
		}
		err := x.keys.Each(gctx, func(e keyEntry) error {
			if n > 0 && (e.rule != cur.rule || e.h != cur.h) {
				if err := end(); err != nil {
					return err
				}
				if e.rule != cur.rule {
					done = 0
				}
			}
			cur = e
			slab.add(e)
			n++
			if g := slab.block(); len(g) == max(segment, maxBlock+1)+window {
				// a capped block: compare a segment, and its last
				// window rows again with the next
				k := len(g) - window
				if err := send(compareJob{rule: e.rule, ents: g, first: k, capped: true}); err != nil {
					return err
				}
				slab.keep()
				for _, e := range g[k:] {
					slab.add(e)
				}
			}
			return nil
		})
		if err == nil {
			err = end()
		}
		if err == nil && len(batch) > 0 {
			select {
			case jobs <- batch:
			case <-gctx.Done():
				err = gctx.Err()
			}
		}
		return err
	})
	if err := g.Wait(); err != nil {
		return owned, shared, err
	}
	for r := range owned {
		owned[r] = newPatternCounts(len(names.extra))
		shared[r] = newPatternCounts(len(names.extra))
		for w := range counts {
			owned[r].Add(counts[w][r])
			shared[r].Add(sharedBy[w][r])
		}
	}
	return owned, shared, nil
}
