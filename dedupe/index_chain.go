package dedupe

import (
	"bufio"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/namepipe/namepipe/record"
)

// A chained index (--previous OUT --index OLD --save-index NEW): an
// incremental run through an index saves the index of the old rows and
// the new ones, so that the next day's run needs no full run first.
//
// Its rows are the old index's, then the new rows in input order: the
// same rows, in the same order, as a full run over the old rows followed
// by the new ones. Every section made of the rows alone (features,
// featOff, idText, idEnd, idHash, words, keyDir, keySparse, keyEnts) is
// the one that full run saves, byte for byte: the old sections are
// copied, or merged with the new rows' entries in one pass. What
// differs is what an incremental run does not redo:
//   - the clusters (clusterText, clusterOf, members): the old rows keep
//     the clusters of the old index, except those this run changed (an
//     old row a new row joined, and every row of two old clusters that
//     new rows linked: they take the merged cluster's ID), where a full
//     run would cluster every row again;
//   - the model: the one this run used (the old index's, or --model),
//     not one learned again from all rows;
//   - the footer's output fingerprint: the incremental run's output,
//     which holds only the new rows, is the --previous of the next run.
//
// The cost is the new rows' plus one copy of the old sections.

// chainBase is what an IndexWriter keeps of the old index while it
// writes a chained one.
type chainBase struct {
	// rows is the number of old rows; nIn the number of new ones.
	rows int64
	nIn  int32
	// read are the old rows the run read (ascending), the rows of its
	// store after the new ones.
	read []int32
	// clusterOf, clusterEnd, clusterText: the old index's sections.
	clusterOf, clusterEnd, clusterText []byte
	// readKey/readText and newKey/newText: the clusters of the read old
	// rows and of the new rows after this run (noteClusters): a key that
	// names the cluster (-1: none) and its np_cluster_id text.
	readKey, newKey   []int64
	readText, newText []string
}

// chainedKey marks a cluster key made by this run (a combined row)
// rather than an old cluster's number.
const chainedKey = int64(1) << 40

// keepOld marks an old row read whose cluster the run did not change.
const keepOld = -2

// startChain makes the index a chained one of ix's rows and nIn new rows
// (called by loadIndexed, which read the old rows read).
func (iw *IndexWriter) startChain(ix *Index, read []int32, nIn int32) error {
	if ix.foot.Rows+int64(nIn) > 1<<31-2 {
		return fmt.Errorf("--save-index: %d previous and %d new rows are more than an index holds", ix.foot.Rows, nIn)
	}
	cb := &chainBase{rows: ix.foot.Rows, nIn: nIn, read: read}
	for _, s := range []struct {
		name string
		to   *[]byte
	}{{"clusterOf", &cb.clusterOf}, {"clusterEnd", &cb.clusterEnd}, {"clusterText", &cb.clusterText}} {
		var err error
		if *s.to, err = ix.whole(s.name); err != nil {
			return err
		}
	}
	iw.chain = cb
	iw.base = ix
	return nil
}

// writeChained writes the rows' sections of a chained index: the old
// index's, then the new rows' (the first nIn rows of the store), as a
// full run over both would (index.go's writeRows).
func (iw *IndexWriter) writeChained(ctx context.Context, x *extracted, words map[uint64]uint32, dir *spillDir) error {
	ix, cb := iw.base, iw.chain
	nIn := cb.nIn
	store, ids := x.store, x.ids
	iw.foot.Rows = cb.rows + int64(nIn)
	iw.foot.TFRows = x.tfRows
	iw.foot.NumericIDs = ix.foot.NumericIDs && ids.numeric
	corrupt := func(what string) error { return fmt.Errorf("--index %s: corrupt (%s)", ix.path, what) }
	var u [12]byte
	// features, featOff: a feature record holds its row, which the new
	// rows' records get anew.
	oldFeat := ix.foot.Sections["features"][1]
	newOff := make([]int64, nIn)
	if err := iw.section("features", func() error {
		if err := iw.copySection(ix, "features"); err != nil {
			return err
		}
		var buf, rec []byte
		var f Features
		var keys []blockKey
		at := oldFeat
		for r := range nIn {
			var err error
			if buf, err = store.read(r, buf); err != nil {
				return err
			}
			if keys, err = decodeFeatures(buf, &f, keys); err != nil {
				return fmt.Errorf("row %d: %w", r+1, err)
			}
			f.Row = int32(cb.rows) + r
			rec = appendFeatures(rec[:0], &f, keys)
			iw.write(rec)
			at += int64(len(rec))
			newOff[r] = at
		}
		return nil
	}); err != nil {
		return fmt.Errorf("--save-index: %w", err)
	}
	if last, err := ix.read("featOff", 8*cb.rows, 8); err != nil {
		return err
	} else if int64(binary.LittleEndian.Uint64(last)) != oldFeat {
		return corrupt("featOff")
	}
	if err := iw.section("featOff", func() error {
		if err := iw.copySection(ix, "featOff"); err != nil {
			return err
		}
		for _, o := range newOff {
			iw.write(binary.LittleEndian.AppendUint64(u[:0], uint64(o)))
		}
		return nil
	}); err != nil {
		return fmt.Errorf("--save-index: %w", err)
	}
	// idText, idEnd
	oldText := ix.foot.Sections["idText"][1]
	newText := uint32(0)
	if nIn > 0 {
		newText = ids.end[nIn-1]
	}
	if oldText+int64(newText) > 1<<32-1 {
		return errors.New("--save-index: the IDs take more than 4 GiB")
	}
	if err := iw.section("idText", func() error {
		if err := iw.copySection(ix, "idText"); err != nil {
			return err
		}
		iw.write(ids.text[:newText])
		return nil
	}); err != nil {
		return fmt.Errorf("--save-index: %w", err)
	}
	if err := iw.section("idEnd", func() error {
		if err := iw.copySection(ix, "idEnd"); err != nil {
			return err
		}
		for _, e := range ids.end[:nIn] {
			iw.write(binary.LittleEndian.AppendUint32(u[:0], uint32(oldText)+e))
		}
		return nil
	}); err != nil {
		return fmt.Errorf("--save-index: %w", err)
	}
	// idHash: the old entries merged with the new rows'.
	if err := iw.section("idHash", func() error {
		hs := make([]idHashEnt, nIn)
		for i := range hs {
			hs[i] = idHashEnt{h: idKey(ids.idBytes(int32(i))), row: uint32(cb.rows) + uint32(i)}
		}
		slices.SortFunc(hs, cmpIDHash)
		old := ix.sectionReader("idHash")
		put := func(e idHashEnt) {
			binary.LittleEndian.PutUint64(u[:], e.h)
			binary.LittleEndian.PutUint32(u[8:], e.row)
			iw.write(u[:12])
		}
		for range cb.rows {
			if _, err := io.ReadFull(old, u[:12]); err != nil {
				return err
			}
			e := idHashEnt{h: binary.LittleEndian.Uint64(u[:]), row: binary.LittleEndian.Uint32(u[8:])}
			for len(hs) > 0 && cmpIDHash(hs[0], e) < 0 {
				put(hs[0])
				hs = hs[1:]
			}
			put(e)
		}
		for _, e := range hs {
			put(e)
		}
		return nil
	}); err != nil {
		return fmt.Errorf("--save-index: %w", err)
	}
	iw.writeWords(words)
	// keyDir, keySparse, keyEnts: per block, the old entries merged with
	// the new rows' (the run's sorted keys hold the old rows it read
	// too, under other row numbers: those are skipped).
	merged := func(fn func(keyEntry) error) error {
		old := oldKeys{dir: ix.sectionReader("keyDir"), ents: ix.sectionReader("keyEnts"), keys: ix.foot.Keys, rows: cb.rows, path: ix.path}
		cur, ok, err := old.next()
		if err != nil {
			return err
		}
		err = x.keys.Each(ctx, func(e keyEntry) error {
			if e.row >= nIn {
				return nil
			}
			e.row += int32(cb.rows)
			for ok && cmpKeyEntry(cur, e) < 0 {
				if err := fn(cur); err != nil {
					return err
				}
				if cur, ok, err = old.next(); err != nil {
					return err
				}
			}
			return fn(e)
		})
		for err == nil && ok {
			if err = fn(cur); err == nil {
				cur, ok, err = old.next()
			}
		}
		if err == nil && old.ent != ix.foot.Entries {
			err = corrupt("keyDir")
		}
		return err
	}
	if err := iw.writeKeys(merged, dir); err != nil {
		return fmt.Errorf("--save-index: %w", err)
	}
	iw.started = true
	return iw.w.Flush()
}

// copySection copies a whole section of ix into the index.
func (iw *IndexWriter) copySection(ix *Index, name string) error {
	_, err := io.Copy(writerFunc(iw.write), ix.sectionReader(name))
	return err
}

// sectionReader reads a whole section in order.
func (ix *Index) sectionReader(name string) *bufio.Reader {
	s := ix.foot.Sections[name]
	return bufio.NewReaderSize(io.NewSectionReader(ix.f, s[0], s[1]), 1<<20)
}

// oldKeys reads an index's block-key entries in order, as keyEntry
// values.
type oldKeys struct {
	dir, ents  *bufio.Reader
	keys, rows int64
	path       string
	// key is the number of keyDir entries read; ent of keyEnts entries;
	// end where the current key's entries end.
	key, ent, end int64
	id            blockID
	b             [keyEntSize]byte
}

// next returns the next entry, or ok false after the last.
func (o *oldKeys) next() (keyEntry, bool, error) {
	for o.ent == o.end {
		if o.key == o.keys {
			return keyEntry{}, false, nil
		}
		if _, err := io.ReadFull(o.dir, o.b[:dirEntSize]); err != nil {
			return keyEntry{}, false, fmt.Errorf("--index %s: %w", o.path, err)
		}
		o.key++
		o.id = blockID{rule: Rule(o.b[0]), h: binary.LittleEndian.Uint64(o.b[1:])}
		end := int64(binary.LittleEndian.Uint32(o.b[9:]))
		if end < o.end {
			return keyEntry{}, false, fmt.Errorf("--index %s: corrupt (keyDir)", o.path)
		}
		o.end = end
	}
	if _, err := io.ReadFull(o.ents, o.b[:]); err != nil {
		return keyEntry{}, false, fmt.Errorf("--index %s: %w", o.path, err)
	}
	o.ent++
	e := keyEntry{h: o.id.h, rule: o.id.rule, order: binary.LittleEndian.Uint64(o.b[:]), tie: binary.LittleEndian.Uint32(o.b[8:]),
		row: int32(binary.LittleEndian.Uint32(o.b[12:])), slot: binary.LittleEndian.Uint16(o.b[16:])}
	if e.row < 0 || int64(e.row) >= o.rows {
		return keyEntry{}, false, fmt.Errorf("--index %s: corrupt (keyEnts)", o.path)
	}
	return e, true, nil
}

// noteClusters records, for a chained index, the clusters of the old
// rows read and of the new rows after the cluster step of the run:
// root and size are the step's (over the run's rows: the new ones,
// then the old ones read).
func (iw *IndexWriter) noteClusters(res *Result, root, size []int32) {
	cb := iw.chain
	if cb == nil {
		return
	}
	nIn := cb.nIn
	// combined is a run row's row in the chained index.
	combined := func(s int32) int64 {
		if s < nIn {
			return cb.rows + int64(s)
		}
		return int64(cb.read[s-nIn])
	}
	of := func(s int32) (int64, string) {
		r := root[s]
		if r < 0 || size[r] < 2 {
			return -1, ""
		}
		return chainedKey + combined(r), strings.TrimSpace(record.Format(res.rowID(r, true), record.String))
	}
	// An old row in a component without a new row keeps its cluster
	// (the cluster step names only the components with a new row).
	withNew := make(map[int32]bool, nIn)
	for i := range nIn {
		withNew[root[i]] = true
	}
	cb.readKey, cb.readText = make([]int64, len(cb.read)), make([]string, len(cb.read))
	for k := range cb.read {
		if s := nIn + int32(k); withNew[root[s]] {
			cb.readKey[k], cb.readText[k] = of(s)
		} else {
			cb.readKey[k] = keepOld
		}
	}
	cb.newKey, cb.newText = make([]int64, nIn), make([]string, nIn)
	for i := range nIn {
		cb.newKey[i], cb.newText[i] = of(i)
	}
}

// clusterFunc returns the cluster of each row of a chained index, asked
// in row order: a key (-1: none) and the np_cluster_id text.
func (cb *chainBase) clusterFunc() (func(i int64) (int64, []byte), error) {
	if cb.readKey == nil && len(cb.read)+int(cb.nIn) > 0 {
		return nil, errors.New("the run did not cluster the rows")
	}
	k := 0 // the next read row
	return func(i int64) (int64, []byte) {
		if i >= cb.rows {
			return cb.newKey[i-cb.rows], []byte(cb.newText[i-cb.rows])
		}
		for k < len(cb.read) && int64(cb.read[k]) < i {
			k++
		}
		if k < len(cb.read) && int64(cb.read[k]) == i && cb.readKey[k] != keepOld {
			return cb.readKey[k], []byte(cb.readText[k])
		}
		key := int64(int32(binary.LittleEndian.Uint32(cb.clusterOf[4*i:])))
		lo := uint32(0)
		if i > 0 {
			lo = binary.LittleEndian.Uint32(cb.clusterEnd[4*i-4:])
		}
		hi := binary.LittleEndian.Uint32(cb.clusterEnd[4*i:])
		if lo > hi || int(hi) > len(cb.clusterText) {
			return key, nil
		}
		return key, cb.clusterText[lo:hi]
	}, nil
}
