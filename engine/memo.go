package engine

import (
	"hash/maphash"
	"strings"
	"sync"

	"github.com/namepipe/namepipe/nameapi"
)

// The pipeline calls parse, genderize and risk back to back for each row,
// with separate request values that carry the same name. All three need
// the parse of that name (genderize for a FULLNAME, risk for its name
// checks), so the engine keeps the most recent parses in a small memo and
// parses each name once.
//
// A memo entry is keyed by the person type and the name fields (types and
// texts, in order): everything the parser's terms, likeliness and
// confidence depend on. The gender it computes, and the GENDER disputes,
// depend in addition on the input gender and the culture hints (context
// place and language, correspondence and native languages,
// nationalities); the entry records those as attrs. A full parser result
// is reused only when attrs match too; the genderizer, which recomputes the
// gender from the best match's terms, reuses any entry of the name.
//
// Stored results are never handed out and never modified: ParsePersonName
// returns a deep copy (see cloneParse), internal readers only read.

// DefaultParseMemo is the default number of parses the engine remembers
// (see WithParseMemo): enough for the rows that a pipeline with many
// workers has in flight, a few MB of memory.
const DefaultParseMemo = 4096

const memoShards = 32

// parseMemo is a bounded, concurrency-safe map from a name to its parse.
// It is split into shards with their own lock; a full shard drops a random
// entry to make room.
type parseMemo struct {
	seed     maphash.Seed
	perShard int
	shards   [memoShards]memoShard
}

type memoShard struct {
	mu sync.Mutex
	m  map[string]memoEntry
}

type memoEntry struct {
	attrs string
	res   *nameapi.PersonNameParserResult
	name  nameRiskMemo // the risk detector's name checks, once made (they do not depend on attrs)
}

// newParseMemo returns a memo of about size entries, or nil (no memo) for
// size <= 0.
func newParseMemo(size int) *parseMemo {
	if size <= 0 {
		return nil
	}
	per := (size + memoShards - 1) / memoShards
	m := &parseMemo{seed: maphash.MakeSeed(), perShard: per}
	for i := range m.shards {
		m.shards[i].m = make(map[string]memoEntry, per)
	}
	return m
}

func (m *parseMemo) shard(key []byte) *memoShard {
	return &m.shards[maphash.Bytes(m.seed, key)%memoShards]
}

// get returns the stored parse of key; with anyAttrs false only when it
// was computed with the same attrs.
func (m *parseMemo) get(key []byte, attrs string, anyAttrs bool) *nameapi.PersonNameParserResult {
	if m == nil {
		return nil
	}
	s := m.shard(key)
	s.mu.Lock()
	e, ok := s.m[string(key)] // no allocation
	s.mu.Unlock()
	if !ok || (!anyAttrs && e.attrs != attrs) {
		return nil
	}
	return e.res
}

// put stores res, which the caller must not modify afterwards. The name
// checks of an entry it replaces are kept.
func (m *parseMemo) put(key []byte, attrs string, res *nameapi.PersonNameParserResult) {
	if m == nil {
		return
	}
	s := m.shard(key)
	s.mu.Lock()
	old, ok := s.m[string(key)]
	if !ok && len(s.m) >= m.perShard {
		for k := range s.m { // map iteration starts at a random entry
			delete(s.m, k)
			break
		}
	}
	s.m[string(key)] = memoEntry{attrs: attrs, res: res, name: old.name}
	s.mu.Unlock()
}

// getNames returns the stored parse of key (any attrs) and its name
// checks (done false when not made yet), and the shard for putNames.
func (m *parseMemo) getNames(key []byte) (*nameapi.PersonNameParserResult, nameRiskMemo, *memoShard) {
	s := m.shard(key)
	s.mu.Lock()
	e := s.m[string(key)]
	s.mu.Unlock()
	return e.res, e.name, s
}

// putNames stores the name checks of key (in s, the shard getNames
// returned), which the caller must not modify afterwards, when the memo
// still holds the entry.
func (m *parseMemo) putNames(s *memoShard, key []byte, nr nameRiskMemo) {
	s.mu.Lock()
	if e, ok := s.m[string(key)]; ok {
		e.name = nr
		s.m[string(key)] = e
	}
	s.mu.Unlock()
}

// reset forgets every entry.
func (m *parseMemo) reset() {
	if m == nil {
		return
	}
	for i := range m.shards {
		s := &m.shards[i]
		s.mu.Lock()
		clear(s.m)
		s.mu.Unlock()
	}
}

// memoKeyBuf is the size of the stack buffer for memo keys; longer keys
// are built on the heap.
const memoKeyBuf = 256

// memoKeys returns the memo key of p's name, appended to buf, and the attrs
// of the gender computation (see the comment at the top of this file).
func memoKeys(buf []byte, c *nameapi.Context, p *nameapi.InputPerson) (key []byte, attrs string) {
	return memoKey(buf, p), memoAttrs(c, p)
}

// memoKey returns the memo key of p's name, appended to buf.
func memoKey(buf []byte, p *nameapi.InputPerson) []byte {
	key := append(buf, p.Type...)
	for _, f := range p.PersonName.NameFields {
		key = append(key, 0x1f)
		key = append(key, f.FieldType...)
		key = append(key, 0x1e)
		key = append(key, f.String...)
	}
	return key
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
	if e.memo == nil || p.PersonName == nil {
		return e.parser.Person(c, p)
	}
	var buf [memoKeyBuf]byte
	key := memoKey(buf[:0], p)
	attrs := ""
	if !anyAttrs {
		attrs = memoAttrs(c, p)
	}
	if r := e.memo.get(key, attrs, anyAttrs); r != nil {
		return r
	}
	if anyAttrs {
		attrs = memoAttrs(c, p)
	}
	r := e.parser.Person(c, p)
	e.memo.put(key, attrs, r)
	return r
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
