package dedupe

import (
	"context"

	"github.com/namepipe/namepipe/config"
	"github.com/namepipe/namepipe/nameapi"
)

// This file exports the steps Run uses internally, one thin wrapper
// each, for a distributed runner (the Beam pipeline of namepipe-beam)
// that runs them as separate stages over a shuffle: the same code, so the
// same results. Features travel in featcodec.go's binary form.

// Comparer is the compare step: one pair of rows to a comparison vector,
// names through the service's person matcher (or locally), the other
// fields by their comparators. It keeps its own memo of the matcher's
// answers; it is safe for concurrent use.
type Comparer struct{ names *nameComparer }

// NewComparer returns the compare step of a run over rows rows (input
// plus reference): from strictRows on, the matcher needs more evidence, as
// in Run. m nil compares names locally; maxCalls budgets m's calls (< 0
// unlimited), per Comparer.
func NewComparer(m nameapi.PersonMatcher, maxCalls int64, rows int64) *Comparer {
	c := &Comparer{names: newNameComparer(m, maxCalls)}
	c.names.strict = rows >= strictRows
	if m == nil {
		c.names.budget.Store(0)
	}
	return c
}

// Compare compares a pair of rows as Run's compare step does.
func (c *Comparer) Compare(ctx context.Context, a, b *Features) Vector {
	return compareRows(ctx, c.names, a, b)
}

// ComparerCounts are a Comparer's counts of name comparisons, as in
// Summary (MatchCalls, MatchCallsFailed, NamesComparedLocally,
// NamesNotSent, MatcherMemoHits).
type ComparerCounts struct {
	Calls, Failed, Local, NotSent, MemoHits int64
}

// Counts returns the counts so far.
func (c *Comparer) Counts() ComparerCounts {
	n := c.names
	return ComparerCounts{Calls: n.calls.Load(), Failed: n.failed.Load(), Local: n.local.Load(), NotSent: n.skipped.Load(), MemoHits: n.memoHits.Load()}
}

// Agrees reports whether any field of v is neither missing nor at its
// lowest level: Run keeps only such pairs for scoring.
func (v Vector) Agrees() bool { return v.agrees() }

// UNameSample is how many of the u sample's first pairs Run compares with
// names (Compare); the rest are compared with CompareOthers.
const UNameSample = 20_000

// DefaultUSample is the number of random pairs Run estimates u from when
// Options.USample is not set.
const DefaultUSample = 500_000

// SamplePairs returns Run's random pairs for u: n pairs of distinct rows
// below na, or, for linking, of a row below na and a reference row below
// nb (counted from the first reference row). The same arguments give the
// same pairs.
func SamplePairs(n, na, nb int, link bool) [][2]int32 { return samplePairs(n, na, nb, link) }

// Probability turns a match weight (log2 odds) into a match probability.
func Probability(w float64) float64 { return probability(w) }

// Key is one block key of a row: its rule, the hash of its text and, once
// the group step has counted it, the size of its block.
type Key struct {
	Hash uint64
	Size uint32
	Rule Rule
}

// RowKeys returns the row's block keys (BlockKeys), without sizes.
func RowKeys(f *Features) []Key {
	ks := BlockKeys(f)
	out := make([]Key, len(ks))
	for i, k := range ks {
		out[i] = Key{Hash: k.h, Rule: k.rule}
	}
	return out
}

// KeySet is a row's keys with their block sizes, prepared for Owns and
// SharedBlocks.
type KeySet struct{ k []blockKey }

// NewKeySet prepares a row's sized keys: a block over maxBlockSize rows is
// capped.
func NewKeySet(keys []Key, maxBlockSize int) KeySet {
	out := make([]blockKey, len(keys))
	for i, k := range keys {
		out[i] = blockKey{h: k.Hash, rule: k.Rule, size: k.Size, capped: int(k.Size) > maxBlockSize}
	}
	return KeySet{out}
}

// Owns reports whether the pair of rows a, b is compared in the block of
// key k: not when they share an earlier key whose block was not capped
// (the pair was compared there).
func Owns(a, b KeySet, k Key) bool { return owns(a.k, b.k, blockKey{h: k.Hash, rule: k.Rule}) }

// BlockOrder is the order of a row in a capped block of rule r (ties by
// row): a row is compared with its window neighbours in this order.
func BlockOrder(r Rule, f *Features) uint64 { return orderIn(r, f) }

// BlockPairs calls fn(i, j), i < j, for every pair of a block of n rows
// the group step compares: all pairs, or in a block over s.MaxBlockSize
// rows (which must be in BlockOrder, ties by row) each row with its next
// s.Window rows.
func BlockPairs(n int, s config.Dedupe, fn func(i, j int)) {
	capped := n > s.MaxBlockSize
	for i := range n {
		end := n
		if capped {
			end = min(n, i+1+s.Window)
		}
		for j := i + 1; j < end; j++ {
			fn(i, j)
		}
	}
}

// Shared is what the term-frequency adjustment needs of a pair: for each
// rule of an adjusted field, the size of the smallest block the two rows
// share (0: none).
type Shared [NumRules]uint32

// SharedBlocks returns the blocks rows a and b share.
func SharedBlocks(a, b KeySet) Shared {
	var s Shared
	for _, f := range tfFields {
		s[f.rule] = sharedSize(a.k, b.k, f.rule)
	}
	return s
}

// FieldRows counts, per compared field, the rows that have it: the one
// figure of the whole file the term-frequency adjustment needs. Counts of
// parts add up.
type FieldRows [numFields]float64

// CountFieldRows counts the fields of feats.
func CountFieldRows(feats []Features) FieldRows {
	return countFieldRows(feats)
}

// Add adds o into c.
func (c *FieldRows) Add(o FieldRows) {
	for i := range c {
		c[i] += o[i]
	}
}

// TermFreq is the term-frequency adjustment of a model over a file.
type TermFreq struct{ t *termFreq }

// NewTermFreq returns the adjustment for model m over a file whose fields
// are counted in rows.
func NewTermFreq(m *Model, rows FieldRows) *TermFreq {
	t := newTermFreq(m, nil)
	t.rows = rows
	return &TermFreq{t}
}

// Adjust returns the adjustment of the weight of a pair with pattern p
// sharing the blocks s, whose names' words agree by chance with log2
// probability names (NameShares.LogU).
func (t *TermFreq) Adjust(s Shared, names float32, p Pattern) float64 {
	c := cand{p: p, names: names, sizes: s}
	return c.adjust(t.t)
}

// Score scores the pair of rows a and b as Run's score step does: weight
// is the model's weight of its pattern p (Model.Weight), to which each
// field's term-frequency adjustment is added in Run's order (Pair.TF
// holds them, for the pairs file's terms); s and names are as in Adjust.
func (t *TermFreq) Score(a, b int32, weight float64, s Shared, names float32, p Pattern) Pair {
	c := cand{a: a, b: b, p: p, names: names, sizes: s}
	pr := Pair{A: a, B: b, Pattern: p, Weight: weight}
	for f, x := range c.adjustFields(t.t) {
		pr.Weight += x
		pr.TF[f] = float32(x)
	}
	pr.Score = probability(pr.Weight)
	return pr
}

// SharedRules returns the rules (bit r for rule r) whose keys rows a and
// b share besides the rule that owns the pair: TrainShared's counts hold
// an agreeing pair under each of them too.
func SharedRules(a, b KeySet) uint8 { return sharedMask(a.k, b.k) }

// WordCounts counts, by name word, the rows holding it: the extract
// step's part of the names' term-frequency adjustment. Counts of parts
// add up (AddWords, never a plain sum of the maps). Beside the word keys
// it holds the name groups' sample of distinct (given word, surname
// word) pairs: keys with the top bit set, each a presence, plus a tally
// of them that bounds the sample (namegroups.go); NewNameShares reads
// both.
type WordCounts map[uint64]uint32

// CountWords adds the name words of feats to c (created when nil).
func CountWords(c WordCounts, feats []Features) WordCounts { return countWords(c, feats) }

// AddWords adds the counts o into c (created when nil).
func AddWords(c, o WordCounts) WordCounts { return addCounts(c, o) }

// NameShares is the names' term-frequency table of a file: the word
// counts over the rows that have a name (FieldRows[FieldName]).
type NameShares struct{ s nameShares }

// NewNameShares returns the table of word counts c over rows rows with a
// name.
func NewNameShares(c WordCounts, rows float64) NameShares { return NameShares{newNameShares(c, rows)} }

// LogU is the compare step's part of the name adjustment of rows a and b
// whose names agree at level l (NaN: not adjusted).
func (s NameShares) LogU(a, b *Features, l Level) float32 { return s.s.logU(a, b, l) }
