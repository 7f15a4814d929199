package dedupe

// nameChance is what newCand asks of the names' term frequencies: the
// chance term of two rows' names (nameShares.logU). nameShares is one;
// a compare worker's nameMemo is another, which remembers the answers.
type nameChance interface {
	logU(a, b *Features, l Level) float32
}

// nameMemo remembers nameShares.logU by the pair of names, for one
// compare worker (not safe for concurrent use). Names recur within a
// block and from block to block (a name block compares its rows'
// names with each other; the other rules' blocks hold the same people
// again), and each answer costs a map look-up per word and the name
// groups' correction (two more per word and a look-up per word pair).
// A name is known by its nameHash (the name fields, type and text), as
// the matcher's memo knows it, and logU depends on nothing else of a row
// (its words, their given and surname sides, the order of the two rows),
// for every level it adjusts. The memo is a direct-mapped table of a
// fixed number of slots: a newer pair takes the slot of an older one, so
// it does not grow with the file. BenchmarkNameMemo measures it against
// nameShares.logU.
type nameMemo struct {
	shares nameShares
	slots  []nameMemoSlot
	// hits and misses count the look-ups (tests and measurements).
	hits, misses int64
}

// nameMemoSlot is one remembered answer; a is 0 in an empty slot.
type nameMemoSlot struct {
	a, b uint64
	v    float32
}

// nameMemoBits sets the number of slots of a worker's memo (24 bytes
// each).
const (
	nameMemoBits  = 12
	nameMemoSlots = 1 << nameMemoBits
)

func newNameMemo(s nameShares) *nameMemo {
	return &nameMemo{shares: s, slots: make([]nameMemoSlot, nameMemoSlots)}
}

// logU is nameShares.logU, remembered.
func (m *nameMemo) logU(a, b *Features, l Level) float32 {
	ha, hb := a.nameHash, b.nameHash
	if l < NameEqual || l >= NameRelation || len(m.shares.count) == 0 || ha == 0 || hb == 0 {
		return m.shares.logU(a, b, l) // NaN at once, or a row without a name's hash
	}
	if hb < ha {
		ha, hb = hb, ha // logU is the same either way round
	}
	s := &m.slots[(ha*0x9e3779b97f4a7c15^hb*0xc2b2ae3d27d4eb4f)>>(64-nameMemoBits)]
	if s.a == ha && s.b == hb {
		m.hits++
		return s.v
	}
	m.misses++
	v := m.shares.logU(a, b, l)
	*s = nameMemoSlot{a: ha, b: hb, v: v}
	return v
}
