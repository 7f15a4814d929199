package dedupe

import (
	"cmp"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"sort"
)

// Index is an index file opened for an incremental run (--index): the
// run reads from it only the previous rows that share a block key with
// a new row (and the other rows of their clusters).
type Index struct {
	path string
	f    *os.File
	size int64
	foot indexFooter
	// sparse holds keySparse: every indexPage-th key's rule and hash.
	sparse []blockID
	// dir holds keyDir entries [dirLo, dirLo+len(dir)/dirEntSize), and
	// ents keyEnts entries from entsLo: read ahead, since the look-ups
	// come in key order.
	dir, ents     []byte
	dirLo, entsLo int64
}

// blockID is one block: a rule and a key's hash.
type blockID struct {
	rule Rule
	h    uint64
}

func cmpBlockID(a, b blockID) int {
	if c := cmp.Compare(a.rule, b.rule); c != 0 {
		return c
	}
	return cmp.Compare(a.h, b.h)
}

// OpenIndex opens an index saved by --save-index and reads its footer.
// A file that is not a whole index of this format is an error naming
// it.
func OpenIndex(path string) (*Index, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("--index: %w", err)
	}
	ix := &Index{path: path, f: f}
	if err := ix.open(); err != nil {
		f.Close()
		return nil, fmt.Errorf("--index %s: %w", path, err)
	}
	return ix, nil
}

var errNotIndex = errors.New("not an index saved by namepipe dedupe --save-index (or cut short)")

func (ix *Index) open() error {
	st, err := ix.f.Stat()
	if err != nil {
		return err
	}
	ix.size = st.Size()
	if ix.size < int64(len(indexMagic))+16 {
		return errNotIndex
	}
	head := make([]byte, len(indexMagic))
	if _, err := ix.f.ReadAt(head, 0); err != nil {
		return err
	}
	var t [16]byte
	if _, err := ix.f.ReadAt(t[:], ix.size-16); err != nil {
		return err
	}
	if string(head) != indexMagic || string(t[12:]) != indexTrailer {
		return errNotIndex
	}
	at, n := int64(binary.LittleEndian.Uint64(t[:])), int64(binary.LittleEndian.Uint32(t[8:]))
	if n > maxFooter || at < int64(len(indexMagic)) || at > ix.size-16-n {
		return errNotIndex
	}
	foot := make([]byte, n)
	if _, err := ix.f.ReadAt(foot, at); err != nil {
		return err
	}
	if err := json.Unmarshal(foot, &ix.foot); err != nil {
		return fmt.Errorf("%w: %v", errNotIndex, err)
	}
	ft := &ix.foot
	if ft.Format != indexFormat {
		return fmt.Errorf("format %q, want %q (save the index again with this version's --save-index)", ft.Format, indexFormat)
	}
	if ft.Rows < 0 || ft.Rows > 1<<31-2 || ft.Keys < 0 || ft.Entries < 0 || ft.Entries > 1<<32-1 || ft.Words < 0 || ft.Clusters < 0 || ft.Clusters > ft.Rows {
		return fmt.Errorf("%w: bad counts", errNotIndex)
	}
	want := map[string]int64{
		"featOff": (ft.Rows + 1) * 8, "idEnd": ft.Rows * 4, "idHash": ft.Rows * 12, "words": ft.Words * 12,
		"keyDir": ft.Keys * dirEntSize, "keySparse": (ft.Keys + indexPage - 1) / indexPage * 9, "keyEnts": ft.Entries * keyEntSize,
		"clusterEnd": ft.Rows * 4, "clusterOf": ft.Rows * 4, "memberEnd": ft.Clusters * 4,
	}
	for _, name := range indexSections {
		s, ok := ft.Sections[name]
		if !ok || s[0] < int64(len(indexMagic)) || s[1] < 0 || s[0] > at-s[1] {
			return fmt.Errorf("%w: section %s", errNotIndex, name)
		}
		if w, ok := want[name]; ok && s[1] != w {
			return fmt.Errorf("%w: section %s has %d bytes, want %d", errNotIndex, name, s[1], w)
		}
	}
	if ft.Sections["members"][1] > ft.Rows*4 || ft.Sections["members"][1]%4 != 0 {
		return fmt.Errorf("%w: section members", errNotIndex)
	}
	sp, err := ix.whole("keySparse")
	if err != nil {
		return err
	}
	ix.sparse = make([]blockID, len(sp)/9)
	for i := range ix.sparse {
		ix.sparse[i] = blockID{rule: Rule(sp[9*i]), h: binary.LittleEndian.Uint64(sp[9*i+1:])}
	}
	return nil
}

// Close closes the file.
func (ix *Index) Close() error { return ix.f.Close() }

// Rows is the number of rows of the output the index was saved with.
func (ix *Index) Rows() int64 { return ix.foot.Rows }

// Check reports, before any work, an index that does not belong to
// this run: made by a build whose features or block keys differ, saved
// with another config (ConfigFingerprint) or with another output than
// previous (or one changed since).
func (ix *Index) Check(config, previous string) error {
	switch {
	case ix.foot.Probe != indexProbe:
		return fmt.Errorf("--index %s: saved by a namepipe that makes other features or block keys; save it again with this version (dedupe --save-index)", ix.path)
	case ix.foot.Config != config:
		return fmt.Errorf("--index %s: saved with another config (the person mapping, the context, dedupe.idColumn, maxBlockSize, window, compare or blockOn differ); save it again with this config", ix.path)
	}
	st, err := os.Stat(previous)
	if err != nil {
		return fmt.Errorf("--previous: %w", err)
	}
	if !st.Mode().IsRegular() {
		return fmt.Errorf("--previous %s: with --index, the previous output must be a file", previous)
	}
	stale := fmt.Errorf("--index %s: saved with another output than --previous %s (or the output changed since): save the index again with the run that writes the previous output", ix.path, previous)
	if st.Size() != ix.foot.Output.Size {
		return stale
	}
	_, sum, err := fileFingerprint(previous)
	if err != nil {
		return fmt.Errorf("--previous: %w", err)
	}
	if sum != ix.foot.Output.SHA256 {
		return stale
	}
	return nil
}

// Model returns the model saved in the index (the one the run that saved
// it used) and the extra comparisons it was learned with.
func (ix *Index) Model() (*Model, []string, error) {
	m, names, err := modelFromFile(&ix.foot.Model, "--index "+ix.path)
	return m, names, err
}

// read reads n bytes at off of a section.
func (ix *Index) read(name string, off, n int64) ([]byte, error) {
	return ix.readInto(nil, name, off, n)
}

// readInto is read into buf's array when it is large enough (the
// read-ahead buffers and the feature chunks are used again).
func (ix *Index) readInto(buf []byte, name string, off, n int64) ([]byte, error) {
	s := ix.foot.Sections[name]
	if off < 0 || n < 0 || off > s[1] || n > s[1]-off {
		return nil, fmt.Errorf("--index %s: corrupt (%s out of bounds)", ix.path, name)
	}
	b := buf[:0]
	if int64(cap(b)) < n {
		b = make([]byte, n)
	}
	b = b[:n]
	if _, err := ix.f.ReadAt(b, s[0]+off); err != nil {
		return nil, fmt.Errorf("--index %s: %w", ix.path, err)
	}
	return b, nil
}

// whole reads a whole section.
func (ix *Index) whole(name string) ([]byte, error) {
	return ix.read(name, 0, ix.foot.Sections[name][1])
}

// lookup returns the range of keyEnts of a block, or ok false when no
// previous row has its key.
func (ix *Index) lookup(k blockID) (start, end int64, ok bool, err error) {
	p := int64(sort.Search(len(ix.sparse), func(i int) bool { return cmpBlockID(ix.sparse[i], k) > 0 })) - 1
	if p < 0 {
		return 0, 0, false, nil
	}
	lo := p * indexPage
	from := max(lo-1, 0) // the entry before the page: where the first one starts
	hi := min(lo+indexPage, ix.foot.Keys)
	if ix.dir, ix.dirLo, err = ix.readAhead("keyDir", dirEntSize, ix.dir, ix.dirLo, from, hi, readAheadPages*indexPage); err != nil {
		return 0, 0, false, err
	}
	n := hi - ix.dirLo
	at := func(i int64) (blockID, int64) {
		b := ix.dir[i*dirEntSize:]
		return blockID{rule: Rule(b[0]), h: binary.LittleEndian.Uint64(b[1:])}, int64(binary.LittleEndian.Uint32(b[9:]))
	}
	first := lo - ix.dirLo
	i := first + int64(sort.Search(int(n-first), func(i int) bool { id, _ := at(first + int64(i)); return cmpBlockID(id, k) >= 0 }))
	if i >= n {
		return 0, 0, false, nil
	}
	if id, e := at(i); cmpBlockID(id, k) != 0 {
		return 0, 0, false, nil
	} else {
		end = e
	}
	if i+ix.dirLo > 0 {
		_, start = at(i - 1)
	}
	if start > end || end > ix.foot.Entries {
		return 0, 0, false, fmt.Errorf("--index %s: corrupt (keyDir)", ix.path)
	}
	return start, end, true, nil
}

// Read-ahead of the look-ups: keyDir pages, keyEnts entries.
const (
	readAheadPages   = 64
	readAheadEntries = 1 << 12
)

// readAhead returns buf (holding entries of size bytes from lo) when it
// holds entries [from, to) of a section, or reads them and at least ahead
// entries more into it.
func (ix *Index) readAhead(name string, size int64, buf []byte, lo, from, to, ahead int64) ([]byte, int64, error) {
	if from >= lo && to <= lo+int64(len(buf))/size {
		return buf, lo, nil
	}
	if from > to {
		return nil, 0, fmt.Errorf("--index %s: corrupt (%s)", ix.path, name)
	}
	end := min(max(to, from+ahead), ix.foot.Sections[name][1]/size)
	b, err := ix.readInto(buf, name, from*size, max(end, to)*size-from*size)
	return b, from, err
}

// idxEnt is an entry of keyEnts: a previous row of a block.
type idxEnt struct {
	order uint64
	tie   uint32
	row   int32
	slot  uint16
}

// entries reads keyEnts [start, end).
func (ix *Index) entries(start, end int64) ([]idxEnt, error) {
	var err error
	if ix.ents, ix.entsLo, err = ix.readAhead("keyEnts", keyEntSize, ix.ents, ix.entsLo, start, end, readAheadEntries); err != nil {
		return nil, err
	}
	b := ix.ents[(start-ix.entsLo)*keyEntSize:]
	out := make([]idxEnt, end-start)
	for i := range out {
		e := b[i*keyEntSize:]
		out[i] = idxEnt{order: binary.LittleEndian.Uint64(e), tie: binary.LittleEndian.Uint32(e[8:]),
			row: int32(binary.LittleEndian.Uint32(e[12:])), slot: binary.LittleEndian.Uint16(e[16:])}
		if out[i].row < 0 || int64(out[i].row) >= ix.foot.Rows {
			return nil, fmt.Errorf("--index %s: corrupt (keyEnts)", ix.path)
		}
	}
	return out, nil
}

// checkIndexOptions refuses the combinations of Options an index does
// not serve, and takes the index's model when no other is given.
func checkIndexOptions(o *Options) error {
	if o.SaveIndex != nil {
		switch {
		case o.Settings.IDColumn == "":
			return errors.New("--save-index needs dedupe.idColumn: an incremental run knows the previous clusters by their rows' IDs")
		case o.Previous != nil:
			return errors.New("--save-index with --previous needs --index: an incremental run saves the index of the old rows and the new ones from the old index")
		case o.Reference != nil:
			return errors.New("--save-index and --reference cannot be combined")
		}
	}
	if o.Index == nil {
		return nil
	}
	switch {
	case o.Previous != nil:
		return errors.New("dedupe: Options.Index and Options.Previous cannot both be set")
	case o.Reference != nil:
		return errors.New("--previous and --reference cannot be combined")
	case o.Settings.IDColumn == "":
		return errors.New("--index needs dedupe.idColumn: the previous run's clusters are known by their rows' IDs")
	}
	if o.Model == nil {
		m, names, err := o.Index.Model()
		if err != nil {
			return err
		}
		o.Model, o.ModelCompare = m, names
	}
	return nil
}

// indexStoreCacheMax is the largest feature store an incremental run
// through an index keeps in memory whole: its rows are those of the new
// rows' blocks, each read by many blocks, and a run of 10,000 new rows
// against 1,000,000 reads about 280,000 of them (75 MB).
const indexStoreCacheMax = 256 << 20

// storeCacheLimit is the largest feature store the run keeps in memory.
func storeCacheLimit(o Options) int64 {
	if o.Index != nil {
		return indexStoreCacheMax
	}
	return storeCacheMax
}
