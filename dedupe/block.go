package dedupe

import (
	"slices"
	"strconv"
	"strings"
)

// Rule is a blocking rule: rows that share one of its keys are compared.
type Rule uint8

// The blocking rules, in the order they are applied. A pair is compared
// under the first rule (and, within a rule, the first key) it shares
// unless that key's block was capped.
const (
	RuleNameTokens Rule = iota // sorted given + surname words (swap-proof)
	RulePhonetic               // Cologne code of the surname + initial of the given name, and swapped
	RuleEmail                  // the whole email address, and its local part without dots and +tag
	RulePhone                  // phone digits
	RuleBirth                  // birth date (day and month in either order)
	RuleAddress                // the address words
	RuleNamePlace              // Cologne code of one name word + the address words, or + one word of a postal code of several
	RuleColumns                // the folded value of each dedupe.blockOn column
	NumRules
)

var ruleNames = [NumRules]string{"name_tokens", "surname_phonetic", "email", "phone", "birth_date", "address", "name_place", "columns"}

// String returns the rule's name, such as "surname_phonetic".
func (r Rule) String() string { return ruleNames[r] }

// blockKey is one key of a row: its rule, the hash of its text, and
// (set by the group step) its block's size, whether it was capped and,
// in a capped block, the row's place in it (cands.go).
type blockKey struct {
	h    uint64
	size uint32
	// pos is the row's place in its capped block, from 1 (0: the block
	// is not capped, or the row is not among the rows compared in it).
	pos    uint32
	rule   Rule
	capped bool
}

// Keys returns the row's block keys of rule r as text (for tests and
// --explain); the steps use their hashes.
func Keys(f *Features, r Rule) []string {
	var out []string
	add := func(s string) {
		if s != "" && !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	initial := func(w []string, last bool) string {
		if len(w) == 0 {
			return ""
		}
		if last {
			return w[len(w)-1][:1]
		}
		return w[0][:1]
	}
	switch r {
	case RuleNameTokens:
		if len(f.Tokens) > 0 {
			t := slices.Clone(f.Tokens)
			slices.Sort(t)
			add(strings.Join(t, " "))
		}
	case RulePhonetic:
		if len(f.Surname) > 0 {
			add(cologne(f.Surname[len(f.Surname)-1]) + "|" + initial(f.Given, false))
		}
		if len(f.Given) > 0 && len(f.Surname) > 0 {
			add(cologne(f.Given[0]) + "|" + initial(f.Surname, true))
		}
	case RuleEmail:
		for _, e := range f.Emails {
			add("@" + e)
			if l, _, _ := strings.Cut(e, "@"); len(normLocal(l)) >= 3 {
				add(normLocal(l))
			}
		}
	case RulePhone:
		for _, p := range f.Phones {
			add(p)
		}
	case RuleBirth:
		if f.Birth%100 != 0 && f.Birth/100%100 != 0 {
			y, m, d := f.Birth/10000, f.Birth/100%100, f.Birth%100
			add(strconv.Itoa(int(y)) + "-" + strconv.Itoa(int(min(m, d))) + "-" + strconv.Itoa(int(max(m, d))))
		}
	case RuleAddress:
		if len(f.Addr) >= 2 {
			add(addrKey(f.Addr))
		}
	case RuleNamePlace:
		// Rows that kept only part of a name (a given name alone, a
		// surname alone, or the two swapped) share no key of the name
		// rules; one word that sounds alike at the same address brings
		// them together. (The same with the birth year instead of the
		// address cost 40 % more pairs and found nothing more.)
		if len(f.Addr) == 0 {
			break
		}
		rest := addrKey(f.Addr)
		for _, w := range f.Tokens {
			if len(w) >= 2 {
				if c := cologne(w); c != "" {
					add(c + "|" + rest)
				}
			}
		}
		// A postal code of several words (an area and a unit: CB2 1TN,
		// 1012 AB, K1A 0B6) is often written with another unit, by a
		// typo or a move within the area, and then no address key is
		// shared; one name word's sound with one word of it is. (Each
		// word, as the area cannot be told from the unit once hashed.)
		// A postal code of one word adds nothing the keys above lack.
		if _, post := splitPostcode(f.Addr); len(post) >= 2 {
			for _, w := range f.Tokens {
				if len(w) >= 2 {
					if c := cologne(w); c != "" {
						for _, p := range post {
							add(c + "#" + strconv.FormatUint(uint64(p), 36))
						}
					}
				}
			}
		}
	case RuleColumns:
		for i, v := range f.Block {
			if v != "" {
				add(strconv.Itoa(i) + "|" + v)
			}
		}
	}
	return out
}

// addrKey is the text of a row's address words (their hashes).
func addrKey(addr []uint32) string {
	return string(appendAddrKey(make([]byte, 0, 8*len(addr)), addr))
}

// appendAddrKey appends addrKey's text to b.
func appendAddrKey(b []byte, addr []uint32) []byte {
	for _, w := range addr {
		b = strconv.AppendUint(b, uint64(w), 36)
		b = append(b, ' ')
	}
	return b
}

// BlockKeys computes the row's keys of every rule (the "block key" step):
// the hashes of Keys' texts, rule by rule, in the same order, hashed as
// they are spelt instead of built as strings first (TestBlockKeysAreKeys).
func BlockKeys(f *Features) []blockKey {
	out := make([]blockKey, 0, 16)
	var scratch [128]byte
	add := func(from int, r Rule, h keyHash) {
		for _, k := range out[from:] {
			if k.h == uint64(h) {
				return
			}
		}
		out = append(out, blockKey{h: uint64(h), rule: r})
	}
	// RuleNameTokens: the sorted words
	if n := len(f.Tokens); n > 0 {
		var sb [8]string
		t := append(sb[:0], f.Tokens...)
		slices.Sort(t)
		h := newKeyHash(RuleNameTokens)
		for i, w := range t {
			if i > 0 {
				h = h.byte(' ')
			}
			h = h.str(w)
		}
		add(len(out), RuleNameTokens, h)
	}
	// RulePhonetic
	from := len(out)
	if len(f.Surname) > 0 {
		h := newKeyHash(RulePhonetic).str(cologne(f.Surname[len(f.Surname)-1])).byte('|')
		if len(f.Given) > 0 {
			h = h.byte(f.Given[0][0])
		}
		add(from, RulePhonetic, h)
		if len(f.Given) > 0 {
			add(from, RulePhonetic, newKeyHash(RulePhonetic).str(cologne(f.Given[0])).byte('|').byte(f.Surname[len(f.Surname)-1][0]))
		}
	}
	// RuleEmail
	from = len(out)
	for _, e := range f.Emails {
		add(from, RuleEmail, newKeyHash(RuleEmail).byte('@').str(e))
		l, _, _ := strings.Cut(e, "@")
		l, _, _ = strings.Cut(l, "+") // normLocal, spelt as hashed
		if len(l)-strings.Count(l, ".") >= 3 {
			h := newKeyHash(RuleEmail)
			for i := 0; i < len(l); i++ {
				if l[i] != '.' {
					h = h.byte(l[i])
				}
			}
			add(from, RuleEmail, h)
		}
	}
	// RulePhone
	from = len(out)
	for _, p := range f.Phones {
		if p != "" {
			add(from, RulePhone, newKeyHash(RulePhone).str(p))
		}
	}
	// RuleBirth
	if f.Birth%100 != 0 && f.Birth/100%100 != 0 {
		y, m, d := f.Birth/10000, f.Birth/100%100, f.Birth%100
		b := strconv.AppendInt(scratch[:0], int64(y), 10)
		b = append(b, '-')
		b = strconv.AppendInt(b, int64(min(m, d)), 10)
		b = append(b, '-')
		b = strconv.AppendInt(b, int64(max(m, d)), 10)
		add(len(out), RuleBirth, newKeyHash(RuleBirth).bytes(b))
	}
	// RuleAddress, RuleNamePlace
	if len(f.Addr) > 0 {
		rest := appendAddrKey(scratch[:0], f.Addr)
		if len(f.Addr) >= 2 {
			add(len(out), RuleAddress, newKeyHash(RuleAddress).bytes(rest))
		}
		from = len(out)
		for _, w := range f.Tokens {
			if len(w) >= 2 {
				if c := cologne(w); c != "" {
					add(from, RuleNamePlace, newKeyHash(RuleNamePlace).str(c).byte('|').bytes(rest).placeKey(false))
				}
			}
		}
		if _, post := splitPostcode(f.Addr); len(post) >= 2 {
			for _, w := range f.Tokens {
				if len(w) >= 2 {
					if c := cologne(w); c != "" {
						for _, p := range post {
							h := newKeyHash(RuleNamePlace).str(c).byte('#').bytes(strconv.AppendUint(scratch[:0], uint64(p), 36))
							add(from, RuleNamePlace, h.placeKey(true))
						}
					}
				}
			}
		}
	}
	// RuleColumns
	from = len(out)
	for i, v := range f.Block {
		if v != "" {
			add(from, RuleColumns, newKeyHash(RuleColumns).bytes(strconv.AppendInt(scratch[:0], int64(i), 10)).byte('|').str(v))
		}
	}
	return out
}

// keyHash is hashKey's FNV-1a, fed piece by piece.
type keyHash uint64

// postcodeWordKey marks the hash of a name_place key made of one word of
// a postal code (the others hold the row's whole address, which
// skipNamePlace relies on): set in those, clear in the others.
const postcodeWordKey = 1 << 63

// placeKey marks h as a name_place key of one postal code word or not.
func (h keyHash) placeKey(word bool) keyHash {
	if word {
		return h | postcodeWordKey
	}
	return h &^ postcodeWordKey
}

func newKeyHash(r Rule) keyHash {
	return keyHash((uint64(14695981039346656037) ^ uint64(r)) * 1099511628211)
}

func (h keyHash) byte(c byte) keyHash { return keyHash((uint64(h) ^ uint64(c)) * 1099511628211) }

func (h keyHash) str(s string) keyHash {
	for i := 0; i < len(s); i++ {
		h = h.byte(s[i])
	}
	return h
}

func (h keyHash) bytes(s []byte) keyHash {
	for _, c := range s {
		h = h.byte(c)
	}
	return h
}

// hashKey is FNV-1a over the rule and the key text (stable across runs).
func hashKey(r Rule, s string) uint64 { return hashSkip(r, s, -1) }

// owns reports whether the pair (a, b) is compared under key k: it is not
// when the two rows share an earlier key (an earlier rule, or a smaller
// hash in the same rule) whose block was not capped, because the pair was
// compared there. It needs only the two rows, so the group step of any
// runner can decide it.
func owns(a, b []blockKey, k blockKey) bool {
	for _, x := range a {
		if x.capped || x.rule > k.rule || x.rule == k.rule && x.h >= k.h {
			continue
		}
		for _, y := range b {
			if y.rule == x.rule && y.h == x.h {
				return false
			}
		}
	}
	return true
}
