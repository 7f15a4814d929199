package dedupe

import (
	"bytes"
	"cmp"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"sort"
)

// The previous rows' part of the extract step of an incremental run
// through an index (--index): which old rows a new row's blocks hold,
// read into the feature store after the new rows.

// newEnt is a block-key entry of a new row.
type newEnt struct {
	id    blockID
	order uint64
	tie   uint32
	row   int32
}

// before orders an old entry before a new one of the same block as the
// group step's sort would (cmpKeyEntry): by order, then tie; at equal
// ones the new row first (its row is lower).
func (e idxEnt) before(n newEnt) bool {
	if e.order != n.order {
		return e.order < n.order
	}
	return e.tie < n.tie
}

// nearWindow returns the old entries of a capped block that are at most
// window places from a new entry in block order: the only ones the
// group step compares with a new row. Between two kept entries no
// entry is left out that is this close to a new row, so that each new
// row has the same neighbours as in the whole block.
func nearWindow(old []idxEnt, group []newEnt, window int) []idxEnt {
	// dist[i]: how many places old[i] is from the nearest new entry.
	dist := make([]int, len(old))
	for i := range dist {
		dist[i] = window + 1
	}
	// forward: places since the last new entry
	j, since := 0, window+1
	for i := range old {
		for j < len(group) && !old[i].before(group[j]) {
			j++
			since = 0
		}
		since++
		dist[i] = min(dist[i], since)
	}
	// backward: places to the next new entry
	j, until := len(group)-1, window+1
	for i := len(old) - 1; i >= 0; i-- {
		for j >= 0 && old[i].before(group[j]) {
			j--
			until = 0
		}
		until++
		dist[i] = min(dist[i], until)
	}
	var out []idxEnt
	for i, d := range dist {
		if d <= window {
			out = append(out, old[i])
		}
	}
	return out
}

// loadIndexed is the previous rows' part of the extract step of an
// incremental run through an index: for every block key of a new row,
// the previous rows of that block are looked up in the index (in a
// block that will be capped, only those a window's places from a new
// row), read with the other rows of their clusters into the store after
// the input's rows, and their entries of those blocks added to the
// sorted keys. The blocks' previous rows not read are counted in
// x.hidden, so that the group step sees every block at its whole size.
// The names' word counts and the rows per field are the index's plus
// the new rows'.
func (x *extracted) loadIndexed(ctx context.Context, o Options, nIn int32) (*previousClusters, error) {
	ix := o.Index
	if x.ids == nil {
		return nil, errors.New("--index needs dedupe.idColumn: the previous run's clusters are known by their rows' IDs")
	}
	if err := x.store.flush(); err != nil {
		return nil, err
	}
	if err := ix.checkNewIDs(x.ids, nIn, o.InputName, o.PreviousName); err != nil {
		return nil, err
	}
	var ents []newEnt
	var f Features
	var keys []blockKey
	var buf []byte
	for r := range nIn {
		var err error
		if buf, keys, err = x.store.load(r, buf, &f, keys); err != nil {
			return nil, err
		}
		tie := uint32(hashKey(NumRules, x.ids.id(r)) >> 32)
		for _, k := range keys {
			ents = append(ents, newEnt{id: blockID{k.rule, k.h}, order: orderIn(k.rule, &f), tie: tie, row: r})
		}
	}
	slices.SortFunc(ents, func(a, b newEnt) int {
		if c := cmpBlockID(a.id, b.id); c != 0 {
			return c
		}
		if c := cmp.Compare(a.order, b.order); c != 0 {
			return c
		}
		if c := cmp.Compare(a.tie, b.tie); c != 0 {
			return c
		}
		return cmp.Compare(a.row, b.row)
	})
	type chosen struct {
		id blockID
		e  idxEnt
	}
	var picked []chosen
	need := make([]uint64, (ix.foot.Rows+63)/64)
	x.hidden = map[blockID]uint32{}
	for i := 0; i < len(ents); {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		j := i + 1
		for j < len(ents) && ents[j].id == ents[i].id {
			j++
		}
		group := ents[i:j]
		i = j
		start, end, ok, err := ix.lookup(group[0].id)
		if err != nil {
			return nil, err
		}
		if !ok {
			continue
		}
		old, err := ix.entries(start, end)
		if err != nil {
			return nil, err
		}
		sel := old
		if len(old)+len(group) > o.Settings.MaxBlockSize {
			sel = nearWindow(old, group, o.Settings.Window)
			if len(sel) < len(old) {
				x.hidden[group[0].id] = uint32(len(old) - len(sel))
			}
		}
		for _, e := range sel {
			need[e.row/64] |= 1 << (e.row % 64)
			picked = append(picked, chosen{group[0].id, e})
		}
	}
	// The other rows of the previous clusters of these rows.
	clusterOf, err := ix.whole("clusterOf")
	if err != nil {
		return nil, err
	}
	memberEnd, err := ix.whole("memberEnd")
	if err != nil {
		return nil, err
	}
	var rows []int32
	for w, word := range need {
		for ; word != 0; word &= word - 1 {
			rows = append(rows, int32(w*64+bits.TrailingZeros64(word)))
		}
	}
	for _, r := range rows {
		c := int64(int32(binary.LittleEndian.Uint32(clusterOf[4*r:])))
		if c < 0 {
			continue
		}
		if c >= ix.foot.Clusters {
			return nil, fmt.Errorf("--index %s: corrupt (clusterOf)", ix.path)
		}
		lo := int64(0)
		if c > 0 {
			lo = int64(binary.LittleEndian.Uint32(memberEnd[4*(c-1):]))
		}
		hi := int64(binary.LittleEndian.Uint32(memberEnd[4*c:]))
		if lo > hi {
			return nil, fmt.Errorf("--index %s: corrupt (memberEnd)", ix.path)
		}
		ms, err := ix.read("members", 4*lo, 4*(hi-lo))
		if err != nil {
			return nil, err
		}
		for k := 0; k < len(ms); k += 4 {
			m := int64(binary.LittleEndian.Uint32(ms[k:]))
			if m >= ix.foot.Rows {
				return nil, fmt.Errorf("--index %s: corrupt (members)", ix.path)
			}
			need[m/64] |= 1 << (m % 64)
		}
	}
	rows = rows[:0]
	for w, word := range need {
		for ; word != 0; word &= word - 1 {
			rows = append(rows, int32(w*64+bits.TrailingZeros64(word)))
		}
	}
	prev, nkeys, err := x.readIndexedRows(ix, rows, o.PreviousName)
	if err != nil {
		return nil, err
	}
	if o.SaveIndex != nil {
		if err := o.SaveIndex.startChain(ix, rows, nIn); err != nil {
			return nil, err
		}
	}
	for _, p := range picked {
		k, _ := slices.BinarySearch(rows, p.e.row)
		if int(p.e.slot) >= nkeys[k] {
			return nil, fmt.Errorf("--index %s: corrupt (keyEnts slot)", ix.path)
		}
		if err := x.keys.Add(keyEntry{h: p.id.h, order: p.e.order, row: nIn + int32(k), slot: p.e.slot, rule: p.id.rule, tie: p.e.tie}); err != nil {
			return nil, err
		}
	}
	for fl := range x.tfRows {
		x.tfRows[fl] += ix.foot.TFRows[fl]
	}
	words, err := ix.whole("words")
	if err != nil {
		return nil, err
	}
	if x.words == nil {
		x.words = make(map[uint64]uint32, len(words)/12)
	}
	for k := 0; k < len(words); k += 12 {
		addWord(x.words, binary.LittleEndian.Uint64(words[k:]), binary.LittleEndian.Uint32(words[k+8:]))
	}
	return prev, nil
}

// readIndexedRows appends the index's rows (ascending) to the store, their
// IDs to x.ids, and returns their cluster IDs and their numbers of keys.
// Records close to each other are read in one piece.
func (x *extracted) readIndexedRows(ix *Index, rows []int32, prevName string) (*previousClusters, []int, error) {
	var sec [5][]byte
	for i, name := range []string{"featOff", "idEnd", "idText", "clusterEnd", "clusterText"} {
		var err error
		if sec[i], err = ix.whole(name); err != nil {
			return nil, nil, err
		}
	}
	featOff, idEnd, idText, clusterEnd, clusterText := sec[0], sec[1], sec[2], sec[3], sec[4]
	if !ix.foot.NumericIDs {
		x.ids.numeric, x.ids.nums = false, nil
	}
	corrupt := func(what string) error { return fmt.Errorf("--index %s: corrupt (%s)", ix.path, what) }
	// text returns the r-th text of a section of texts and their ends.
	text := func(ends, texts []byte, r int32) ([]byte, bool) {
		lo := uint32(0)
		if r > 0 {
			lo = binary.LittleEndian.Uint32(ends[4*r-4:])
		}
		hi := binary.LittleEndian.Uint32(ends[4*r:])
		if lo > hi || int(hi) > len(texts) {
			return nil, false
		}
		return texts[lo:hi], true
	}
	off := func(r int32) int64 { return int64(binary.LittleEndian.Uint64(featOff[8*r:])) }
	prev := &previousClusters{col: -1, ids: make([]string, 0, len(rows))}
	nkeys := make([]int, len(rows))
	const gap, span = 16 << 10, 4 << 20
	var chunk []byte // the records read at once, its array used again
	for k := 0; k < len(rows); {
		// One read: rows[k:j], as long as the records between them are
		// few and the read not too long.
		j := k + 1
		for j < len(rows) && off(rows[j])-off(rows[j-1]+1) <= gap && off(rows[j]+1)-off(rows[k]) <= span {
			j++
		}
		base := off(rows[k])
		if off(rows[j-1]+1) < base || off(rows[j-1]+1)-base > span+maxFooter {
			return nil, nil, corrupt("featOff")
		}
		var err error
		chunk, err = ix.readInto(chunk, "features", base, off(rows[j-1]+1)-base)
		if err != nil {
			return nil, nil, err
		}
		for ; k < j; k++ {
			r := rows[k]
			lo, hi := off(r)-base, off(r+1)-base
			if lo < 0 || lo > hi || hi > int64(len(chunk)) {
				return nil, nil, corrupt("featOff")
			}
			// Only the keys are checked here (what the key entries point
			// at): the compare step decodes the rest, and refuses a
			// record that does not decode.
			rec := chunk[lo:hi]
			if len(rec) < 2 || len(rec) < 2+keySize*int(binary.LittleEndian.Uint16(rec)) {
				return nil, nil, fmt.Errorf("--index %s: row %d: %w", ix.path, r+1, errCorrupt)
			}
			nkeys[k] = int(binary.LittleEndian.Uint16(rec))
			clearKeyPlaces(rec) // the group step sets those of the blocks read
			if err := x.store.append(rec); err != nil {
				return nil, nil, err
			}
			id, ok := text(idEnd, idText, r)
			if !ok {
				return nil, nil, corrupt("idEnd")
			}
			if err := x.ids.add(string(id), prevName, int64(r)+1, 0); err != nil {
				return nil, nil, err
			}
			c, ok := text(clusterEnd, clusterText, r)
			if !ok {
				return nil, nil, corrupt("clusterEnd")
			}
			prev.ids = append(prev.ids, string(c))
		}
	}
	return prev, nkeys, nil
}

// checkNewIDs reports a new row whose ID is in the index already (the
// error of rowIDs.disjoint).
func (ix *Index) checkNewIDs(ids *rowIDs, nIn int32, input, previous string) error {
	hs, err := ix.whole("idHash")
	if err != nil {
		return err
	}
	idEnd, err := ix.whole("idEnd")
	if err != nil {
		return err
	}
	n := len(hs) / 12
	for r := range nIn {
		id := ids.idBytes(r)
		h := idKey(id)
		i := sort.Search(n, func(i int) bool { return binary.LittleEndian.Uint64(hs[12*i:]) >= h })
		for ; i < n && binary.LittleEndian.Uint64(hs[12*i:]) == h; i++ {
			old := int64(binary.LittleEndian.Uint32(hs[12*i+8:]))
			if old >= ix.foot.Rows {
				return fmt.Errorf("--index %s: corrupt (idHash)", ix.path)
			}
			lo := int64(0)
			if old > 0 {
				lo = int64(binary.LittleEndian.Uint32(idEnd[4*(old-1):]))
			}
			hi := int64(binary.LittleEndian.Uint32(idEnd[4*old:]))
			text, err := ix.read("idText", lo, hi-lo)
			if err != nil {
				return err
			}
			if bytes.Equal(text, id) {
				return fmt.Errorf("%s: row %d: column %q (dedupe.idColumn): the ID %q is in the previous output %s already (row %d); --input takes only rows that are new", input, r+1, ids.column, id, previous, old+1)
			}
		}
	}
	return nil
}
