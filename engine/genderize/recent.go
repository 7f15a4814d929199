package genderize

import (
	"sync/atomic"

	"github.com/namepipe/namepipe/nameapi"
)

// The engine genderizes a name twice: the parser genderizes each person
// it parses, and a pipeline then asks the genderizer for the same name
// (without the input gender, which only the last step of PersonGender
// reads). recentNames remembers the answer of the names (given names,
// surname, scopes) for the last names, so that the second call finds it
// instead of looking every name up again (BenchmarkRecent: a parse's
// PersonGender and then ForPerson of 20,000 people new to the table, -cpu
// 1, CPU per row at load 24, three runs: 2.10, 1.28, 1.32 µs with the
// recent names, 2.58, 2.50, 2.55 µs without; the second call's lookups
// are about half a row's genderizing).
//
// It is a direct-mapped table of immutable entries behind atomic
// pointers: safe for concurrent use without locks. A slot's entry may be
// replaced by another name's at any time; a reader compares the whole key,
// so it only ever misses.

// recentSlots is the number of slots: many more than the names that the
// workers of a pipeline have between a parse and its genderize call.
const recentSlots = 1024

// Bounds of the keys remembered; calls with more given names or scopes
// are not.
const (
	recentGiven  = 2
	recentScopes = 3 // a place or language and all data (""), or two and ""
)

type recentNames struct {
	slots [recentSlots]atomic.Pointer[recentEntry]
}

// Memory is room for the answer of one person's names, which
// PersonGender remembers: the parser keeps one in the memory of each
// person it parses, so that remembering allocates nothing
// (BenchmarkRecent: 0 allocations).
type Memory struct{ e recentEntry }

// recentEntry is the answer of the names of one key.
type recentEntry struct {
	given   [recentGiven]string
	surname string
	scopes  [recentScopes]string
	gender  string
	conf    float64
	mp      float64 // the male proportion, when hasMP
	nGiven  uint8
	nScopes uint8
	hasMP   bool
}

// slot returns the slot of a key (an FNV-1a hash of the first given name
// and the surname).
func (r *recentNames) slot(given []string, surname string) *atomic.Pointer[recentEntry] {
	h := uint32(2166136261)
	for _, s := range [2]string{given[0], surname} {
		for i := 0; i < len(s); i++ {
			h = (h ^ uint32(s[i])) * 16777619
		}
		h = (h ^ 0xff) * 16777619
	}
	return &r.slots[h%recentSlots]
}

// cacheable reports whether the key fits an entry.
func cacheable(given, scopes []string) bool {
	return len(given) > 0 && len(given) <= recentGiven && len(scopes) <= recentScopes
}

// get returns the remembered answer of the names of the key.
func (r *recentNames) get(given []string, surname string, scopes []string) (nameapi.GenderizerResult, bool) {
	if r == nil || !cacheable(given, scopes) {
		return nameapi.GenderizerResult{}, false
	}
	e := r.slot(given, surname).Load()
	if e == nil || int(e.nGiven) != len(given) || int(e.nScopes) != len(scopes) || e.surname != surname {
		return nameapi.GenderizerResult{}, false
	}
	for i, g := range given {
		if e.given[i] != g {
			return nameapi.GenderizerResult{}, false
		}
	}
	for i, s := range scopes {
		if e.scopes[i] != s {
			return nameapi.GenderizerResult{}, false
		}
	}
	res := nameapi.GenderizerResult{Gender: e.gender, Confidence: e.conf}
	if e.hasMP {
		mp := e.mp
		res.MaleProportion = &mp
	}
	return res, true
}

// put remembers res as the answer of the names of the key, in mem, which
// is not used again.
func (r *recentNames) put(given []string, surname string, scopes []string, res nameapi.GenderizerResult, mem *Memory) {
	if r == nil || !cacheable(given, scopes) {
		return
	}
	e := &mem.e
	*e = recentEntry{nGiven: uint8(len(given)), surname: surname, nScopes: uint8(len(scopes)), gender: res.Gender, conf: res.Confidence}
	copy(e.given[:], given)
	copy(e.scopes[:], scopes)
	if res.MaleProportion != nil {
		e.mp, e.hasMP = *res.MaleProportion, true
	}
	r.slot(given, surname).Store(e)
}
