package dedupe

import (
	"context"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/namepipe/namepipe/nameapi"
)

// nameComparer compares the names of two rows: through the service's
// person matcher while the budget lasts, else locally.
type nameComparer struct {
	svc nameapi.PersonMatcher // nil: always local
	// budget is the number of matcher calls left; < 0 is unlimited.
	budget atomic.Int64
	calls  atomic.Int64 // matcher calls made
	local  atomic.Int64 // comparisons made locally: no matcher, or its budget spent
	// skipped counts names compared locally because nothing else agreed.
	skipped atomic.Int64
	// memo keeps the matcher's answers by the pair of names: names recur,
	// and an answer is a call saved (a paid one with a remote engine).
	memo *levelMemo
	// strict: ask the matcher only with stronger evidence (large files).
	strict   bool
	memoHits atomic.Int64
	failed   atomic.Int64 // matcher calls that failed (compared locally)
	// extra are the run's extra comparisons (compareRows compares them
	// too).
	extra []Comparison
}

func newNameComparer(svc nameapi.PersonMatcher, budget int64) *nameComparer {
	c := &nameComparer{svc: svc, memo: newLevelMemo(memoEntries)}
	c.budget.Store(budget)
	return c
}

// compare returns the name level of a and b. evidence says whether
// another field of the pair agrees at all: without it, names that differ
// word by word (or share only the surname) are not sent to the matcher,
// since the name alone never links two rows.
func (c *nameComparer) compare(ctx context.Context, a, b *Features, evidence bool) Level {
	if len(a.Tokens) == 0 || len(b.Tokens) == 0 || len(a.Names) == 0 || len(b.Names) == 0 {
		return Missing
	}
	if initialsOnly(a.Tokens) && initialsOnly(b.Tokens) {
		// "N." twice (a given name's initial, the surname empty) says
		// one letter of each name: one pair of rows in twenty shares it,
		// whoever they are. Neither equal nor different. (Against a
		// whole name an initial still matches its word.)
		return Missing
	}
	if b.nameHash < a.nameHash {
		// One order for a pair of names, whichever row comes first: the
		// matcher's answer (its retry with roles swapped, too) is not
		// symmetric, and the memo keeps the first answer under the
		// unordered pair, so without this the workers' race decided it.
		a, b = b, a
	}
	if sameWords(a.Tokens, b.Tokens) {
		return NameEqual // the same words in any order: no call needed
	}
	key := pairKey(a.nameHash, b.nameHash)
	looked := evidence && !disjointRoles(a, b)
	if looked {
		// The memo's answer stands whatever the local comparison says
		// (below): looked up first, it saves that comparison.
		if l, ok := c.memo.get(key); ok {
			c.memoHits.Add(1)
			return l
		}
	}
	local := compareNamesLocal(a, b)
	if local == NameDifferent && disjointRoles(a, b) {
		// "Lucio" (a given name alone) and "Ziemann" (a surname alone)
		// neither agree nor disagree: each lacks what the other has.
		return Missing
	}
	if !evidence && local >= NameRelation {
		c.skipped.Add(1)
		return local
	}
	if !looked {
		if l, ok := c.memo.get(key); ok {
			c.memoHits.Add(1)
			return l
		}
	}
	if c.svc == nil || !c.take() {
		c.local.Add(1)
		return local
	}
	c.calls.Add(1)
	l := c.call(ctx, a, b, local)
	if l > NameMatching && wordsWithin(a.Tokens, b.Tokens) {
		// Every word of one name is a word of the other ("Garnett" as a
		// surname, Garnett Gulgowski): whatever roles the rows gave the
		// words, the names agree as far as the shorter one goes.
		l = NameMatching
	}
	c.memo.put(key, l)
	return l
}

// initialsOnly reports whether every name word is one letter.
func initialsOnly(tokens []string) bool {
	for _, t := range tokens {
		if len(t) > 1 {
			return false
		}
	}
	return true
}

// wordsWithin reports whether every word of the shorter of a and b (two
// letters or more) is a word of the other, and there is such a word.
func wordsWithin(a, b []string) bool {
	if len(b) < len(a) {
		a, b = b, a
	}
	n := 0
	for _, w := range a {
		if len(w) < 2 {
			continue
		}
		if !slices.Contains(b, w) {
			return false
		}
		n++
	}
	return n > 0
}

// call asks the matcher; a failed call falls back to local.
func (c *nameComparer) call(ctx context.Context, a, b *Features, local Level) Level {
	// The names are copied: a row's strings may be parts of a whole
	// batch of records (featStore.readBatch), which a matcher that
	// remembers its inputs would keep alive.
	aNames, bNames := cloneNames(a.Names), cloneNames(b.Names)
	pa := nameapi.InputPerson{Type: nameapi.TypeNaturalInputPerson, PersonName: &nameapi.InputPersonName{NameFields: aNames}}
	pb := nameapi.InputPerson{Type: nameapi.TypeNaturalInputPerson, PersonName: &nameapi.InputPersonName{NameFields: bNames}}
	if isLegal(aNames) {
		pa.Type = nameapi.TypeLegalInputPerson
	}
	if isLegal(bNames) {
		pb.Type = nameapi.TypeLegalInputPerson
	}
	res, err := c.svc.MatchPersons(ctx, &nameapi.InputWithTwoPeople{InputPerson1: &pa, InputPerson2: &pb})
	if err != nil || res == nil {
		c.failed.Add(1)
		return local
	}
	if res.MatchType == nameapi.MatchDifferent && local <= NameSimilar {
		// The words agree in some order but the matcher says no: given
		// name and surname may be swapped as well as misspelt. Ask once
		// more with b's given name and surname exchanged (or a's, when b
		// has neither: "Antonio" as a surname against Antonio Herzog).
		q1, q2 := pa, pb
		fields, ok := swapRoles(bNames)
		if ok {
			q2.PersonName = &nameapi.InputPersonName{NameFields: fields}
		} else if fields, ok = swapRoles(aNames); ok {
			q1.PersonName = &nameapi.InputPersonName{NameFields: fields}
		}
		if ok {
			c.calls.Add(1)
			if r2, err := c.svc.MatchPersons(ctx, &nameapi.InputWithTwoPeople{InputPerson1: &q1, InputPerson2: &q2}); err == nil && r2 != nil {
				res = r2
			}
		}
	}
	if res.MatchType == nameapi.MatchDifferent && local <= NameSimilar {
		// Still no, but every word of one name is within a typo of a
		// word of the other (Margaert Frnández, Margaret Fernández): two
		// misspelt words are still the same name, as far as the words go.
		return NameSimilar
	}
	if res.MatchType == nameapi.MatchRelation && local == NameDifferent {
		// No word in common, no surname shared: the matcher's
		// "relation" (a family name shared) has nothing to stand on.
		return NameDifferent
	}
	switch res.MatchType {
	case nameapi.MatchEqual:
		return NameEqual
	case nameapi.MatchMatching, nameapi.MatchPossiblyEqual:
		return NameMatching
	case nameapi.MatchSimilar:
		return NameSimilar
	case nameapi.MatchRelation:
		return NameRelation
	}
	return NameDifferent
}

// cloneNames returns a copy of names whose strings share no memory
// with the originals.
func cloneNames(names []nameapi.NameField) []nameapi.NameField {
	out := make([]nameapi.NameField, len(names))
	for i, n := range names {
		out[i] = nameapi.NameField{String: strings.Clone(n.String), FieldType: strings.Clone(n.FieldType)}
	}
	return out
}

// disjointRoles reports whether one row has only a given name and the
// other only a surname.
func disjointRoles(a, b *Features) bool {
	return len(a.Surname) == 0 && len(b.Given) == 0 || len(a.Given) == 0 && len(b.Surname) == 0
}

// take spends one call of the budget.
func (c *nameComparer) take() bool {
	for {
		b := c.budget.Load()
		if b < 0 {
			return true
		}
		if b == 0 {
			return false
		}
		if c.budget.CompareAndSwap(b, b-1) {
			return true
		}
	}
}

// swapRoles returns the fields with given name and surname exchanged, or
// false when there is neither.
func swapRoles(fields []nameapi.NameField) ([]nameapi.NameField, bool) {
	var g, s bool
	out := make([]nameapi.NameField, len(fields))
	for i, f := range fields {
		out[i] = f
		switch f.FieldType {
		case nameapi.FieldGivenname:
			out[i].FieldType, g = nameapi.FieldSurname, true
		case nameapi.FieldSurname:
			out[i].FieldType, s = nameapi.FieldGivenname, true
		}
	}
	return out, g || s
}

func isLegal(fields []nameapi.NameField) bool {
	for _, f := range fields {
		if f.FieldType == nameapi.FieldLegalName {
			return true
		}
	}
	return false
}

// sameWords reports whether a and b hold the same words in any order.
func sameWords(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	if slices.Equal(a, b) {
		return true
	}
	var xb, yb [8]string // most names: sorted without allocating
	x, y := append(xb[:0], a...), append(yb[:0], b...)
	slices.Sort(x)
	slices.Sort(y)
	return slices.Equal(x, y)
}

// memoEntries bounds the name-pair memo (about 24 bytes an entry).
const memoEntries = 1 << 21

// levelMemo is a bounded, sharded map from a pair of names to the
// matcher's level. When full it stops taking new pairs (no eviction): the
// names that recur most come early.
type levelMemo struct {
	shards [64]struct {
		sync.Mutex
		m map[uint64]Level
	}
	per int
}

func newLevelMemo(entries int) *levelMemo {
	m := &levelMemo{}
	m.per = entries / len(m.shards)
	for i := range m.shards {
		m.shards[i].m = map[uint64]Level{}
	}
	return m
}

func (m *levelMemo) get(k uint64) (Level, bool) {
	s := &m.shards[k%uint64(len(m.shards))]
	s.Lock()
	l, ok := s.m[k]
	s.Unlock()
	return l, ok
}

func (m *levelMemo) put(k uint64, l Level) {
	s := &m.shards[k%uint64(len(m.shards))]
	s.Lock()
	if len(s.m) < m.per {
		s.m[k] = l
	}
	s.Unlock()
}

// pairKey combines two name hashes, in either order, into one key.
func pairKey(a, b uint64) uint64 {
	if a > b {
		a, b = b, a
	}
	h := a*0x9e3779b97f4a7c15 ^ b
	h ^= h >> 29
	h *= 0xbf58476d1ce4e5b9
	return h ^ h>>32
}
