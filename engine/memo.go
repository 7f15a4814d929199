package engine

import (
	"encoding/binary"
	"hash/maphash"
	"strings"
	"sync"

	"github.com/namepipe/namepipe/engine/risk"
	"github.com/namepipe/namepipe/internal/hugepage"
	"github.com/namepipe/namepipe/nameapi"
)

// The engine remembers recent work in two memos, so that calls for the same
// name (a pipeline makes parse, genderize and risk calls for each row, with
// separate request values that carry the same name) parse and check it
// once, whatever the order of the calls:
//
//   - parses: the parse of a name. An entry is keyed by the person type and
//     the name fields (types and texts, in order): everything the parser's
//     terms, likeliness and confidence depend on. The gender it computes,
//     and the GENDER disputes, depend in addition on the input gender and
//     the culture hints (context place and language, correspondence and
//     native languages, nationalities); the entry records those as attrs.
//     A full parser result is reused only when attrs match too; the
//     genderizer and the risk detector, which read only the best match's
//     terms, reuse any entry of the name.
//   - names: the risk detector's name checks (risk.Names), under the same
//     key: they depend only on the terms and the person type.
//
// Stored values are never modified: ParsePersonName returns a deep copy
// (see cloneParse), internal readers only read. With WithReadOnlyResults,
// the callers promise to only read too, and ParsePersonName hands out (and
// stores) the values themselves.

// DefaultParseMemo is the default number of names the engine remembers
// (see WithParseMemo): enough for the rows that a pipeline with many
// workers has in flight.
const DefaultParseMemo = 4096

// memo is a bounded, concurrency-safe cache from a name key to V: a table
// of buckets of two slots, allocated whole when the memo is made, each
// slot holding a value in place with its key's two hashes. A key is known
// by two independent 64-bit hashes (maphash, seeds of the memo's own):
// the first picks its bucket and must match, the second must match too;
// two different keys are taken for one only when both collide, which for
// the names of any run is less likely than 1 in 10^20. A put allocates
// nothing and keeps no key bytes, so that the risk detector's name checks
// take one 64-byte slot each and the garbage collector finds no key
// strings to scan: the memo's footprint is its table from the first row
// on (17 MiB for the 262,144 name checks of a run that detects risk), in
// huge pages where the system gives them (hugepage.Slice: fewer TLB misses
// for reads that land anywhere in it).
//
// A Go map behind one mutex, which this memo was for a while, held the
// same checks in 42 MB (a string per key, and room reserved at once), and
// its lookups took more CPU (BenchmarkMemo compares the two side by side;
// in CPU profiles of a four-operation run of 200,000 rows at
// --concurrency 1, 0.24 s in the map's lookups against 0.17 s in this
// table's).
//
// Each bucket has a lock of its own, in the same cache line as its first
// slot: workers rarely meet on one of the many buckets. A put goes into
// the slot of the same key, else an empty one, else one of the two picked
// by a bit of the hash. A nil *memo is off: it stores nothing.
type memo[V any] struct {
	seed, check maphash.Seed
	mask        uint64 // len(buckets) - 1
	buckets     []memoBucket[V]
}

type memoBucket[V any] struct {
	mu    sync.Mutex
	slots [2]memoSlot[V]
}

// memoSlot is a slot of a memo: empty when check is 0 (a key's second
// hash is never 0, see hashes).
type memoSlot[V any] struct {
	hash, check uint64
	val         V
}

// parsed is an entry of the parse memo: a parse and the attrs it was
// computed with.
type parsed struct {
	attrs string
	res   *nameapi.PersonNameParserResult
}

// newMemo returns a memo of about size entries (a power of two of slots,
// at least size), or nil (off) for size <= 0.
func newMemo[V any](size int) *memo[V] {
	if size <= 0 {
		return nil
	}
	n := 1
	for 2*n < size {
		n <<= 1
	}
	return &memo[V]{seed: maphash.MakeSeed(), check: maphash.MakeSeed(), mask: uint64(n - 1), buckets: hugepage.Slice[memoBucket[V]](n)}
}

// hashes returns key's two hashes; the second is never 0.
func (m *memo[V]) hashes(key []byte) (h, check uint64) {
	return maphash.Bytes(m.seed, key), maphash.Bytes(m.check, key) | 1
}

// get returns the value stored under key.
func (m *memo[V]) get(key []byte) (v V, ok bool) {
	if m == nil {
		return v, false
	}
	h, c := m.hashes(key)
	b := &m.buckets[h&m.mask]
	b.mu.Lock()
	for i := range b.slots {
		if s := &b.slots[i]; s.hash == h && s.check == c {
			v, ok = s.val, true
			break
		}
	}
	b.mu.Unlock()
	return v, ok
}

// put stores v under key; the caller must not modify v afterwards.
func (m *memo[V]) put(key []byte, v V) {
	if m == nil {
		return
	}
	h, c := m.hashes(key)
	b := &m.buckets[h&m.mask]
	b.mu.Lock()
	s := &b.slots[h>>63]
	switch {
	case b.slots[0].hash == h && b.slots[0].check == c:
		s = &b.slots[0]
	case b.slots[1].hash == h && b.slots[1].check == c:
		s = &b.slots[1]
	case b.slots[0].check == 0:
		s = &b.slots[0]
	case b.slots[1].check == 0:
		s = &b.slots[1]
	}
	*s = memoSlot[V]{hash: h, check: c, val: v}
	b.mu.Unlock()
}

// len returns the number of entries the memo holds (for tests).
func (m *memo[V]) len() int {
	n := 0
	for i := range m.buckets {
		b := &m.buckets[i]
		b.mu.Lock()
		for _, s := range b.slots {
			if s.check != 0 {
				n++
			}
		}
		b.mu.Unlock()
	}
	return n
}

// reset forgets every entry.
func (m *memo[V]) reset() {
	if m == nil {
		return
	}
	for i := range m.buckets {
		b := &m.buckets[i]
		b.mu.Lock()
		b.slots = [2]memoSlot[V]{}
		b.mu.Unlock()
	}
}

// resetMemos forgets every remembered parse and name check.
func (e *Engine) resetMemos() {
	e.parses.reset()
	e.names.reset()
}

// memoKeyBuf is the size of the stack buffer for memo keys; longer keys
// are built on the heap.
const memoKeyBuf = 256

// memoKeys returns the memo key of p's name, appended to buf, and the attrs
// of the gender computation (see the comment at the top of this file).
func memoKeys(buf []byte, c *nameapi.Context, p *nameapi.InputPerson) (key []byte, attrs string) {
	return memoKey(buf, p), memoAttrs(c, p)
}

// memoKey returns the memo key of p's name, appended to buf: the person
// type, then each name field's type and text. A type is one byte, its
// place in memoTypes, or 0, its length and itself when it is not there; a
// text is its length and itself (lengths as uvarints), so that no two
// names have the same key.
func memoKey(buf []byte, p *nameapi.InputPerson) []byte {
	key := appendMemoType(buf, p.Type)
	for _, f := range p.PersonName.NameFields {
		key = appendMemoType(key, f.FieldType)
		key = binary.AppendUvarint(key, uint64(len(f.String)))
		key = append(key, f.String...)
	}
	return key
}

// memoTypes are the person and name field types that memoKey writes as
// one byte.
var memoTypes = append([]string{"", nameapi.TypeNaturalInputPerson, nameapi.TypeLegalInputPerson}, nameapi.FieldTypes...)

// appendMemoType appends the key of a person or name field type t.
func appendMemoType(key []byte, t string) []byte {
	for i, k := range memoTypes {
		if t == k {
			return append(key, byte(i+1))
		}
	}
	key = binary.AppendUvarint(append(key, 0), uint64(len(t)))
	return append(key, t...)
}

// memoAttrs returns the attrs of the gender computation for p's name.
func memoAttrs(c *nameapi.Context, p *nameapi.InputPerson) string {
	var place, lang string
	if c != nil {
		place, lang = c.Place, c.Language
	}
	if p.Gender == "" && place == "" && lang == "" && p.CorrespondenceLanguage == "" &&
		len(p.Nationalities) == 0 && len(p.NativeLanguages) == 0 {
		return ""
	}
	var a strings.Builder
	for _, s := range []string{p.Gender, place, lang, p.CorrespondenceLanguage} {
		a.WriteString(s)
		a.WriteByte(0x1f)
	}
	for _, s := range p.Nationalities {
		a.WriteString(s)
		a.WriteByte(0x1e)
	}
	a.WriteByte(0x1f)
	for _, s := range p.NativeLanguages {
		a.WriteString(s)
		a.WriteByte(0x1e)
	}
	return a.String()
}

// parseShared returns the parse of p's name, from the memo when it holds
// one computed with the same attrs (or any attrs, for callers that only
// read the terms). The result is shared: callers must not modify it.
func (e *Engine) parseShared(c *nameapi.Context, p *nameapi.InputPerson, anyAttrs bool) *nameapi.PersonNameParserResult {
	if e.parses == nil || p.PersonName == nil {
		return e.parser.Person(c, p)
	}
	var buf [memoKeyBuf]byte
	key := memoKey(buf[:0], p)
	attrs := ""
	if !anyAttrs {
		attrs = memoAttrs(c, p)
	}
	if v, ok := e.parses.get(key); ok && (anyAttrs || v.attrs == attrs) {
		return v.res
	}
	if anyAttrs {
		attrs = memoAttrs(c, p)
	}
	r := e.parser.Person(c, p)
	e.parses.put(key, parsed{attrs: attrs, res: r})
	return r
}

// nameChecks returns the risk detector's checks of p's name, from the memo
// when it holds them.
func (e *Engine) nameChecks(c *nameapi.Context, p *nameapi.InputPerson) risk.Names {
	parse := func() *nameapi.PersonNameParserResult { return e.parseShared(c, p, true) }
	if e.names == nil || p.PersonName == nil {
		return e.risk.CheckNames(p, parse)
	}
	var buf [memoKeyBuf]byte
	key := memoKey(buf[:0], p)
	if n, ok := e.names.get(key); ok {
		return n
	}
	n := e.risk.CheckNames(p, parse)
	e.names.put(key, n)
	return n
}

// cloneParse returns a deep copy of r that shares no mutable memory with
// it (nil slices stay nil, empty ones empty).
func cloneParse(r *nameapi.PersonNameParserResult) *nameapi.PersonNameParserResult {
	out := &nameapi.PersonNameParserResult{Matches: cloneSlice(r.Matches)}
	for i := range out.Matches {
		m := &out.Matches[i]
		m.ParserDisputes = cloneSlice(m.ParserDisputes)
		if m.ParsedPerson != nil {
			pp := *m.ParsedPerson
			clonePersonInPlace(&pp)
			m.ParsedPerson = &pp
		}
	}
	return out
}

func clonePersonInPlace(pp *nameapi.ParsedPerson) {
	pp.MailingPersonRoles = cloneSlice(pp.MailingPersonRoles)
	if pp.Gender != nil {
		g := *pp.Gender
		if g.MaleProportion != nil {
			mp := *g.MaleProportion
			g.MaleProportion = &mp
		}
		pp.Gender = &g
	}
	if pp.OutputPersonName != nil {
		pp.OutputPersonName = &nameapi.OutputPersonName{Terms: cloneSlice(pp.OutputPersonName.Terms)}
	}
	pp.People = cloneSlice(pp.People)
	for i := range pp.People {
		clonePersonInPlace(&pp.People[i])
	}
}

func cloneSlice[T any](s []T) []T {
	if s == nil {
		return nil
	}
	return append(make([]T, 0, len(s)), s...)
}
