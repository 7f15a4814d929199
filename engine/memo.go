package engine

import (
	"encoding/binary"
	"hash/maphash"
	"strings"
	"sync/atomic"

	"github.com/namepipe/namepipe/engine/risk"
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

// memo is a bounded, concurrency-safe map from a name key to V: buckets
// of two slots (the table has a power of two of slots, at least size),
// each slot holding an entry and its key's hash. A get loads the bucket's
// two hashes (one cache line) and, on a match, the entry, whose key it
// compares (held in the entry); a put is one allocation and two atomic stores into a free slot
// of the bucket, else one chosen by the hash. No locks, and readers write
// no shared memory, so that the workers that call the engine for every
// row do not contend (BenchmarkMemo). A nil *memo is off: it stores
// nothing.
type memo[V any] struct {
	seed  maphash.Seed
	mask  uint64 // buckets - 1
	slots []memoSlot[V]
}

// memoSlot is a slot of a memo. hash is the hash of e's key, or of the key
// of an entry being stored: a reader checks the entry's own hash and key,
// so that a hash and an entry out of step cost a miss, never a wrong value.
type memoSlot[V any] struct {
	hash atomic.Uint64
	e    atomic.Pointer[memoEntry[V]]
}

// memoEntry is an entry of a memo; it is never modified once stored. A
// key of up to memoKeyInline bytes (with memoKey's codes, a name of up to
// ~50 bytes) is kept in the entry itself, so that a hit reads no other
// memory; with the risk detector's name checks as its value, an entry is
// one 128-byte object, two cache lines (BenchmarkNameChecks).
type memoEntry[V any] struct {
	hash   uint64
	long   string              // the key, when it does not fit inline
	n      uint8               // the key's length, when it fits
	inline [memoKeyInline]byte // the key, when it fits
	val    V
}

const memoKeyInline = 55

// newMemoEntry returns an entry of key, whose hash is h, and v.
func newMemoEntry[V any](h uint64, key []byte, v V) *memoEntry[V] {
	e := &memoEntry[V]{hash: h, val: v}
	if len(key) <= memoKeyInline {
		e.n = uint8(len(key))
		copy(e.inline[:], key)
	} else {
		e.long = string(key)
	}
	return e
}

// is reports whether e is the entry of key, whose hash is h.
func (e *memoEntry[V]) is(h uint64, key []byte) bool {
	switch {
	case e.hash != h:
		return false
	case len(key) <= memoKeyInline:
		return int(e.n) == len(key) && e.long == "" && string(e.inline[:len(key)]) == string(key)
	}
	return e.long == string(key)
}

// parsed is an entry of the parse memo: a parse and the attrs it was
// computed with.
type parsed struct {
	attrs string
	res   *nameapi.PersonNameParserResult
}

// newMemo returns a memo of about size entries, or nil (off) for size <= 0.
func newMemo[V any](size int) *memo[V] {
	if size <= 0 {
		return nil
	}
	n := 2
	for n < size {
		n <<= 1
	}
	return &memo[V]{seed: maphash.MakeSeed(), mask: uint64(n/2 - 1), slots: make([]memoSlot[V], n)}
}

// bucket returns the two slots of hash h.
func (m *memo[V]) bucket(h uint64) []memoSlot[V] {
	i := 2 * (h & m.mask)
	return m.slots[i : i+2 : i+2]
}

// get returns the value stored under key.
func (m *memo[V]) get(key []byte) (v V, ok bool) {
	if m == nil {
		return v, false
	}
	h := maphash.Bytes(m.seed, key)
	for i, b := 0, m.bucket(h); i < len(b); i++ {
		if b[i].hash.Load() != h {
			continue
		}
		if e := b[i].e.Load(); e != nil && e.is(h, key) {
			return e.val, true
		}
	}
	return v, false
}

// put stores v under key, in place of the entry of the same hash, else of
// none, else of one of the bucket's two chosen by a bit of the hash; the
// caller must not modify v afterwards.
func (m *memo[V]) put(key []byte, v V) {
	if m == nil {
		return
	}
	h := maphash.Bytes(m.seed, key)
	b := m.bucket(h)
	s := &b[h>>63]
	switch {
	case b[0].hash.Load() == h:
		s = &b[0]
	case b[1].hash.Load() == h:
		s = &b[1]
	case b[0].e.Load() == nil:
		s = &b[0]
	case b[1].e.Load() == nil:
		s = &b[1]
	}
	s.e.Store(newMemoEntry(h, key, v))
	s.hash.Store(h)
}

// reset forgets every entry.
func (m *memo[V]) reset() {
	if m == nil {
		return
	}
	for i := range m.slots {
		m.slots[i].e.Store(nil)
		m.slots[i].hash.Store(0)
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
