package dedupe

import (
	"math"
	"slices"
)

// Term-frequency adjustment (as in Splink): agreeing on a common value
// (the name John Smith, the birth date 1900-01-01, the phone 1234567,
// info@…) is weaker evidence than agreeing on a rare one. For a field at
// its "equal" level, the average u of the model is replaced by the share
// of rows holding that very value, which the group step knows: it is the
// size of the value's block.

// tfBounds limit the adjustment in bits, so that one value never decides
// a pair on its own.
const (
	tfMin = -10.0
	tfMax = 3.0
)

// tfField is a field adjusted, with the rule whose keys hold the value.
type tfField struct {
	field Field
	rule  Rule
	equal Level
}

// tfFields are the built-in comparisons with a TF rule.
var tfFields = func() []tfField {
	var out []tfField
	for f := range builtin {
		if t := builtin[f].TF; t != nil {
			out = append(out, tfField{Field(f), t.Rule, t.Equal})
		}
	}
	return out
}()

// termFreq holds, per adjusted field, log2 of the model's average u at the
// equal level and the number of rows that have the field, and log2 of the
// average u of the name levels that nameShares adjust. A field's value
// share counts every row holding the value, a person's duplicates
// included, so its baseline is u as sampled (Model.USampled, matches
// among the random pairs not taken out); a name's chance agreement is a
// product of word shares, which duplicates hardly change, so its baseline
// is the model's u (Model.U, matches taken out), the u its level's weight
// log2(m/u) is made of. (With the sampled u, an equal name weighed
// log2 of their ratio more than its words say: 1.45 bits on hist 100k,
// where a person has up to twenty rows.)
type termFreq struct {
	logU     [numFields]float64
	rows     [numFields]float64
	logUName [NameRelation]float64
}

// Names are adjusted word by word: two rows whose names agree (equal,
// matching or similar) share some name words, and the chance that two
// rows that are not the same person share them is the product of the
// words' shares of the other rows that have a name (a word's count less
// the row's own; given name and surname independent, corrected by the
// name groups of namegroups.go). A rare full name agreeing is strong evidence, a
// common one weak; a single rare word left on one side (a row with only
// "Menardo") still counts for something, a common one ("John") for less
// than the level's average. The product of the words' shares is used
// instead of the share of the whole name because duplicates themselves
// make a rare full name look twice as common (two rows of one person),
// while they hardly change a word's share.
const (
	tfNameMin = -6.0
	tfNameMax = 6.0
)

func newTermFreq(m *Model, feats []Features) *termFreq {
	t := &termFreq{}
	u := m.USampled
	if u[FieldName] == nil {
		u = m.U
	}
	for _, f := range tfFields {
		t.logU[f.field] = math.Log2(u[f.field][f.equal])
	}
	for l := NameEqual; l < NameRelation; l++ {
		t.logUName[l] = math.Log2(m.U[FieldName][l])
	}
	t.rows = countFieldRows(feats)
	return t
}

// countFieldRows counts the rows of feats that have each built-in field
// (Comparison.Has).
func countFieldRows(feats []Features) [numFields]float64 {
	var rows [numFields]float64
	for i := range feats {
		for f := range builtin {
			if builtin[f].Has(&feats[i]) {
				rows[f]++
			}
		}
	}
	return rows
}

// adjust returns the term-frequency adjustment of a pair's weight.
func (t *termFreq) adjust(a, b []blockKey, p Pattern) float64 {
	var by [numFields]float64
	t.adjustFields(a, b, p, &by)
	adj := 0.0
	for _, x := range by {
		adj += x
	}
	return adj
}

// adjustFields adds to by, per field, the term-frequency adjustment of
// a pair's weight (adjust's terms).
func (t *termFreq) adjustFields(a, b []blockKey, p Pattern, by *[numFields]float64) {
	v := p.Vector()
	for _, f := range tfFields {
		if v[f.field] != f.equal || t.rows[f.field] == 0 {
			continue
		}
		size := sharedSize(a, b, f.rule)
		if size <= 2 {
			// Only these two rows hold the value (or the key was not
			// found): it is as rare as a value can be, and its count
			// says nothing the level does not (two rows of one person
			// and two people look alike here).
			continue
		}
		// The chance that another row holds the value, given one does.
		uValue := float64(size-1) / math.Max(t.rows[f.field]-1, 1)
		by[f.field] += clamp(t.logU[f.field]-math.Log2(uValue), tfMin, tfMax)
	}
}

// countWords adds to counts (created when nil) the rows of feats holding
// each name word, a row counting a word once, and under the words'
// deletion keys (nearspell.go) the same rows: the extract step's part of
// the names' adjustment, combinable across batches (addCounts).
func countWords(counts map[uint64]uint32, feats []Features) map[uint64]uint32 {
	if counts == nil {
		counts = map[uint64]uint32{}
	}
	var long map[string]uint32 // this call's words that may be misspelt
	for i := range feats {
		x := &feats[i]
		for j, w := range x.Given {
			if !slices.ContainsFunc(x.Given[:j], func(v string) bool { return v[0] == w[0] }) {
				counts[initialKey(w[0])]++
			}
		}
		for j, w := range x.Tokens {
			if !slices.Contains(x.Tokens[:j], w) {
				counts[wordKey(w)]++
				if len(w) >= minTypoWord {
					if long == nil {
						long = map[string]uint32{}
					}
					long[w]++
				}
			}
		}
		countPairs(counts, x)
	}
	countNear(counts, long)
	return counts
}

// addCounts adds the word counts o into c (created when nil).
func addCounts(c, o map[uint64]uint32) map[uint64]uint32 {
	if c == nil {
		c = make(map[uint64]uint32, len(o))
	}
	for k, n := range o {
		addWord(c, k, n)
	}
	return c
}

// addWord adds n rows holding word key k to c, or name pair key k (a
// presence), or nothing for the pairs' tally.
func addWord(c map[uint64]uint32, k uint64, n uint32) {
	switch {
	case k == pairTally:
	case k&pairBit != 0:
		addPair(c, k)
	default:
		c[k] += n
	}
}

// nameShares holds the counts of rows holding each name word (by the hash
// of the folded word) and each word deletion key (nearspell.go), log2 of
// the rows with a name less one, and the name groups (namegroups.go)
// that correct the product of the words' shares.
type nameShares struct {
	count   map[uint64]uint32
	logRows float64
	groups  *nameGroupModel
}

// newNameShares keeps the word counts of counts over rows, the rows with
// a name, and fits the name groups to the counts' pairs (pruning them to
// their bounded sample).
func newNameShares(counts map[uint64]uint32, rows float64) nameShares {
	s := nameShares{count: make(map[uint64]uint32, len(counts)), logRows: math.Log2(math.Max(rows-1, 1))}
	for k, n := range counts {
		if k&pairBit == 0 {
			s.count[k] = n
		}
	}
	s.groups = fitNameGroups(counts)
	return s
}

// share returns log2 of the share of the other rows with a name that hold
// the word of key k, and whether it is counted.
func (s nameShares) share(k uint64) (float64, bool) {
	n, ok := s.count[k]
	if !ok {
		return 0, false
	}
	return math.Log2(math.Max(float64(n)-1, 1)) - s.logRows, true
}

// logU is the compare step's part of the name adjustment of rows a and b
// whose names agree at level l: log2 of the chance that two rows that are
// not one person share the words both names hold, or NaN when the name
// is not adjusted. It applies at the equal, matching and similar levels
// when every word of the shorter name is in the other, or a typo apart
// from one of its words (equal names, one with a word left out or
// misspelt); names that agree through a nickname or an abbreviation keep
// the level's weight.
func (s nameShares) logU(a, b *Features, l Level) float32 {
	if l < NameEqual || l >= NameRelation || len(s.count) == 0 {
		return float32(math.NaN())
	}
	if len(b.Tokens) < len(a.Tokens) || len(b.Tokens) == len(a.Tokens) && b.nameHash < a.nameHash {
		a, b = b, a // the shorter name first; one order whichever row is a
	}
	logU, shared, typos := 0.0, 0, 0
	common := 0.0 // the common spellings' shares less the near spellings'
	var ids [8]uint64
	nid := 0
	for j, w := range a.Tokens {
		if initial := len(w) == 1 && j < len(a.Given) && !slices.Contains(b.Tokens, w) && slices.ContainsFunc(b.Given, func(v string) bool { return v[0] == w[0] }); initial ||
			len(w) >= 2 && j < len(a.Given) && !slices.Contains(b.Tokens, w) && initialIn(w, b.Given) {
			// A given name against its initial (in either row): the
			// chance agreement of the initial, the share of the rows
			// with a given name of that letter.
			if li, ok := s.share(initialKey(w[0])); ok && !slices.ContainsFunc(a.Given[:j], func(v string) bool { return v[0] == w[0] }) {
				logU += li
				shared++
			}
			continue
		}
		if len(w) < 2 || particles[w] || slices.Contains(a.Tokens[:j], w) {
			// Initials and repeats; and particles, which are not drawn
			// apart from the surname they belong to ("van der" of "van
			// der Linden" comes with "Linden"): their shares multiplied
			// in made such names 6 bits rarer than they are.
			continue
		}
		if !slices.Contains(b.Tokens, w) {
			// A word misspelt on one side counts at the share of the
			// rows holding a near spelling of the more common spelling
			// (nearspell.go), at least the rarer one's rows; one
			// matched by nickname or as a prefix leaves the level's
			// average u standing.
			v := typoPartner(w, b.Tokens)
			if v == "" {
				return float32(math.NaN())
			}
			nw, nv := s.count[wordKey(w)], s.count[wordKey(v)]
			if nv > nw {
				w, v, nw, nv = v, w, nv, nw
			}
			// w is now the common spelling, v the rarer.
			near := nearRows(s.count, w)
			if !withinEdits(w, v, 1) {
				// Two edits apart (or only alike by Jaro–Winkler): the
				// words a random row may hold this far from w are at
				// least those one edit from either spelling.
				near += nearRows(s.count, v) + float64(nv)
			}
			near = math.Max(near, float64(nv))
			if nw == 0 || near == 0 {
				continue
			}
			logU += math.Log2(near) - s.logRows
			common += math.Log2(math.Max(float64(nw)-1, 1)) - math.Log2(near)
			typos++
			shared++
			if nid < len(ids) {
				ids[nid] = nameWordID(w, j < len(a.Given))
				nid++
			}
			continue
		}
		lw, ok := s.share(wordKey(w))
		if !ok {
			continue
		}
		logU += lw
		shared++
		if nid < len(ids) {
			ids[nid] = nameWordID(w, j < len(a.Given))
			nid++
		}
	}
	if shared == 0 {
		return float32(math.NaN())
	}
	if typos > 0 {
		// Among a person's rows a misspelling may fall in either row
		// and in any of the shared words, so the true pairs' share of
		// this one outcome (this word misspelt, in this row) is 2 per
		// misspelt word times C(shared, typos) smaller than the near
		// spellings' shares alone say (nearspell.go): the chance
		// agreement is counted that much larger.
		// Never rarer than the names spelt alike, though: a misspelt
		// name is no stronger evidence than the common spelling's
		// name agreeing (Splink's rule for fuzzy levels, as a floor).
		logU = math.Max(logU+float64(typos)+math.Log2(binomial(shared, typos)), logU+common)
	}
	return float32(logU + s.groups.groupBits(ids[:nid]))
}

// adjustName is the score step's part: log2 of the name level's average
// u over the chance logU (from nameShares.logU) that the names' words
// agree by chance, bounded; 0 for NaN.
func (t *termFreq) adjustName(logU float32, p Pattern) float64 {
	l := p.Vector()[FieldName]
	if logU != logU || l < NameEqual || l >= NameRelation {
		return 0
	}
	return clamp(t.logUName[l]-float64(logU), tfNameMin, tfNameMax)
}

// binomial returns n choose k.
func binomial(n, k int) float64 {
	r := 1.0
	for i := range k {
		r = r * float64(n-i) / float64(i+1)
	}
	return r
}

// nameWordID is word w's identity in the group model: a given name's
// (given) or a surname's.
func nameWordID(w string, given bool) uint64 {
	if given {
		return givenID(w)
	}
	return surnameID(w)
}

// initialKey is the count key of the rows with a given name of initial c.
func initialKey(c byte) uint64 { return wordKey(string([]byte{0, c})) }

// initialIn reports whether ws holds the initial of w as a word.
func initialIn(w string, ws []string) bool {
	for _, v := range ws {
		if len(v) == 1 && v[0] == w[0] {
			return true
		}
	}
	return false
}

// typoPartner returns the word of ws that w is a typo apart from
// (wordRel 1), or "".
func typoPartner(w string, ws []string) string {
	for _, v := range ws {
		if wordRel(w, v) == 1 {
			return v
		}
	}
	return ""
}

// sharedSize is the block size of the smallest key of rule r both rows
// share (the most specific value they agree on), or 0.
func sharedSize(a, b []blockKey, r Rule) uint32 {
	best := uint32(0)
	for _, x := range a {
		if x.rule != r {
			continue
		}
		for _, y := range b {
			if y.rule == r && y.h == x.h && (best == 0 || x.size < best) {
				best = x.size
			}
		}
	}
	return best
}

// probability turns a match weight into a probability.
func probability(w float64) float64 { return 1 / (1 + math.Exp2(-w)) }
