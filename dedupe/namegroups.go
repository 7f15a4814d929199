package dedupe

import (
	"cmp"
	"math"
	"slices"
)

// Name groups: the names' term-frequency adjustment (nameShares.logU)
// multiplies the shares of a name's words, which holds only where given
// name and surname are drawn independently. In a real file they are not:
// people of one origin carry given names and surnames of that origin, so
// a name whose words come from a group of 10 % of the rows is about ten
// times commoner than the product of its words' shares says, and two
// namesakes of that group look like one person. The file itself tells the
// groups: given names and surnames that occur together. A latent-class
// model (P(g, s) = Σ_k π_k P(g|k) P(s|k)) is fitted by EM to the file's
// distinct (given word, surname word) pairs, each counted once so that a
// person's own duplicates do not make their name look like a group of its
// own; a word's profile is its posterior share per class, shrunk toward
// the class shares by nameGroupPrior pairs, so that a word seen with a
// few partners stays close to independent. The chance that two rows share
// words w1..wn is then the product of their shares times
// Σ_k π_k Π_i q_k(wi)/π_k (1 for a single word, and for words that are
// independent of each other).

const (
	// nameGroups is the number of classes fitted.
	nameGroups = 4
	// nameGroupIters is the number of EM iterations.
	nameGroupIters = 40
	// nameGroupPrior is the weight, in distinct pairs, of the class
	// shares in a word's profile.
	nameGroupPrior = 2.0
	// maxNamePairs bounds the distinct pairs kept (the smallest by
	// pairOrder: a sample whose union over parts is the sample of the
	// whole), which bounds the counts' memory and the fit's time.
	maxNamePairs = 1 << 15
	// minNamePairs is the fewest distinct pairs a fit takes: with fewer
	// (a file of a few hundred rows) four classes would be fitted to
	// little more than their own parameters, and names are not corrected.
	minNamePairs = 1000
	// nameGroupMaxBits bounds the group correction of a name in bits.
	nameGroupMaxBits = 4.0
)

// Pair keys share the word counts' map (WordCounts) with the word keys:
// a word key has the top bit clear, a pair key has it set and holds 31
// bits of the given word's key and 32 of the surname word's; the value of
// a pair key is only its presence. pairTally (no pair key equals it)
// counts the pair keys added since the last prune.
const (
	pairBit   = uint64(1) << 63
	pairTally = pairBit
)

// wordKey is a name word's key in the word counts (the top two bits
// clear: pairBit marks a pair key, nearBit a deletion key).
func wordKey(w string) uint64 { return wordKeySkip(w, -1) }

// namePairKey is the key of a given word g and a surname word s.
func namePairKey(g, s string) uint64 {
	k := pairBit | (wordKey(g)&0x7fffffff)<<32 | wordKey(s)&0xffffffff
	if k == pairTally {
		k++
	}
	return k
}

// givenID and surnameID are a word's identities in the group model, one
// per side of the name.
func givenID(w string) uint64   { return wordKey(w) & 0x7fffffff }
func surnameID(w string) uint64 { return 1<<32 | wordKey(w)&0xffffffff }

// pairIDs splits a pair key into its words' identities.
func pairIDs(k uint64) (g, s uint64) { return k >> 32 & 0x7fffffff, 1<<32 | k&0xffffffff }

// pairOrder orders the pair keys for the bounded sample.
func pairOrder(k uint64) uint64 { return k * 0x9e3779b97f4a7c15 }

// countPairs adds the (given word, surname word) pairs of f to counts.
func countPairs(counts map[uint64]uint32, f *Features) {
	for i, g := range f.Given {
		if len(g) < 2 || slices.Contains(f.Given[:i], g) {
			continue
		}
		for j, s := range f.Surname {
			if len(s) < 2 || slices.Contains(f.Surname[:j], s) {
				continue
			}
			addPair(counts, namePairKey(g, s))
		}
	}
}

// addPair adds pair key k to counts, pruning the sample when it has grown
// to twice its bound.
func addPair(counts map[uint64]uint32, k uint64) {
	if _, ok := counts[k]; ok {
		return
	}
	counts[k] = 1
	counts[pairTally]++
	if counts[pairTally] >= 2*maxNamePairs {
		prunePairs(counts)
	}
}

// prunePairs keeps the maxNamePairs pair keys of counts first by
// pairOrder and returns them in that order.
func prunePairs(counts map[uint64]uint32) []uint64 {
	var pairs []uint64
	for k := range counts {
		if k&pairBit != 0 && k != pairTally {
			pairs = append(pairs, k)
		}
	}
	slices.SortFunc(pairs, func(a, b uint64) int { return cmp.Compare(pairOrder(a), pairOrder(b)) })
	if len(pairs) > maxNamePairs {
		for _, k := range pairs[maxNamePairs:] {
			delete(counts, k)
		}
		pairs = pairs[:maxNamePairs]
	}
	counts[pairTally] = uint32(len(pairs))
	return pairs
}

// nameGroupModel is the fitted model: the class shares, each word's
// expected distinct pairs per class (n_k(w)) by side (givenID,
// surnameID) and the sample of pairs it was fitted to.
type nameGroupModel struct {
	pi    [nameGroups]float64
	tot   [nameGroups]float64
	word  map[uint64][nameGroups]float32
	pairs map[uint64]struct{}
}

// fitNameGroups fits the group model to the distinct pairs of counts, or
// returns nil when there are too few to tell groups.
func fitNameGroups(counts map[uint64]uint32) *nameGroupModel {
	keys := prunePairs(counts)
	if len(keys) < minNamePairs {
		return nil
	}
	// Words by dense index.
	index := map[uint64]int32{}
	var ids []uint64
	idx := func(id uint64) int32 {
		i, ok := index[id]
		if !ok {
			i = int32(len(ids))
			index[id] = i
			ids = append(ids, id)
		}
		return i
	}
	pg := make([]int32, len(keys))
	ps := make([]int32, len(keys))
	for i, k := range keys {
		g, s := pairIDs(k)
		pg[i], ps[i] = idx(g), idx(s)
	}
	nw := len(ids)
	// Start: each pair leans toward a class chosen by its given word's
	// key, so that the classes start apart (deterministic).
	r := make([]float64, len(keys)*nameGroups)
	for i := range keys {
		c := int(pairOrder(ids[pg[i]]) >> 60 % nameGroups)
		for k := range nameGroups {
			r[i*nameGroups+k] = 0.5 / nameGroups
		}
		r[i*nameGroups+c] += 0.5
	}
	theta := make([]float64, nw*nameGroups)
	var pi, tot [nameGroups]float64
	mstep := func() {
		clear(theta)
		tot = [nameGroups]float64{}
		for i := range keys {
			for k := range nameGroups {
				x := r[i*nameGroups+k]
				theta[int(pg[i])*nameGroups+k] += x
				theta[int(ps[i])*nameGroups+k] += x
				tot[k] += x
			}
		}
		for k := range nameGroups {
			pi[k] = tot[k] / float64(len(keys))
		}
	}
	for range nameGroupIters {
		mstep()
		for i := range keys {
			g, s := int(pg[i])*nameGroups, int(ps[i])*nameGroups
			classPosterior((*[nameGroups]float64)(r[i*nameGroups:]), &pi, &tot, (*[nameGroups]float64)(theta[g:]), (*[nameGroups]float64)(theta[s:]))
		}
	}
	mstep()
	m := &nameGroupModel{pi: pi, tot: tot, word: make(map[uint64][nameGroups]float32, nw), pairs: make(map[uint64]struct{}, len(keys))}
	for w, id := range ids {
		var q [nameGroups]float32
		for k := range nameGroups {
			q[k] = float32(theta[w*nameGroups+k])
		}
		m.word[id] = q
	}
	for _, k := range keys {
		m.pairs[k] = struct{}{}
	}
	return m
}

// classPosterior is the E step for one pair: into r the posterior of
// each class given the pair's given word's expected pairs per class ng
// and its surname word's ns, with θ_k(w) = n_k(w)/tot_k (a word's given
// and surname sides are different identities, so each side's θ sums to
// 1). A class without pairs (tot_k = 0) gets none. Where no class holds
// both words (every product zero: it cannot happen after an M step, in
// which the pair itself gave both words its shares, but underflow or a
// caller's counts could), the pair's posterior is the class shares, not
// the NaN of 0/0 that one pair would spread to every class in the next
// M step.
func classPosterior(r *[nameGroups]float64, pi, tot, ng, ns *[nameGroups]float64) {
	sum := 0.0
	for k := range nameGroups {
		if tot[k] == 0 {
			r[k] = 0
			continue
		}
		x := pi[k] * ng[k] / tot[k] * ns[k] / tot[k]
		r[k] = x
		sum += x
	}
	if !(sum > 0) {
		*r = *pi
		return
	}
	for k := range nameGroups {
		r[k] /= sum
	}
}

// groupBits returns log2 of Σ_k π_k Π q_k(w)/π_k over the profiled words
// of ids: how much commoner a name made of these words is than the
// product of their shares says, bounded to [0, nameGroupMaxBits]; 0 with
// fewer than two profiled words. A word's profile leaves out the pairs
// of ids themselves (the name being scored is no evidence of its own
// group: without this, a word seen with few partners would look as
// grouped as the classes can make it), so that words seen only
// together, or independent of each other, get no correction.
func (m *nameGroupModel) groupBits(ids []uint64) float64 {
	if m == nil || len(ids) < 2 {
		return 0
	}
	var n [8][nameGroups]float64
	var have [8]bool
	seen := 0
	for i, id := range ids[:min(len(ids), len(n))] {
		q, ok := m.word[id]
		if !ok {
			continue
		}
		have[i] = true
		seen++
		for k := range nameGroups {
			n[i][k] = float64(q[k])
		}
	}
	if seen < 2 {
		return 0
	}
	// Leave out the pairs of ids that the sample holds, each by its
	// posterior over the classes.
	for i, g := range ids[:min(len(ids), len(n))] {
		if !have[i] || g>>32 != 0 {
			continue
		}
		for j, s := range ids[:min(len(ids), len(n))] {
			if !have[j] || s>>32 == 0 {
				continue
			}
			if _, ok := m.pairs[pairBit|g<<32|s&0xffffffff]; !ok {
				continue
			}
			var r [nameGroups]float64
			sum := 0.0
			for k := range nameGroups {
				if m.tot[k] > 0 {
					r[k] = m.pi[k] * float64(m.word[g][k]) / m.tot[k] * float64(m.word[s][k]) / m.tot[k]
					sum += r[k]
				}
			}
			if sum == 0 {
				continue
			}
			for k := range nameGroups {
				n[i][k] = math.Max(n[i][k]-r[k]/sum, 0)
				n[j][k] = math.Max(n[j][k]-r[k]/sum, 0)
			}
		}
	}
	var prod [nameGroups]float64
	for k := range prod {
		prod[k] = 1
	}
	for i := range n {
		if !have[i] {
			continue
		}
		all := 0.0
		for k := range nameGroups {
			all += n[i][k]
		}
		for k := range nameGroups {
			if m.pi[k] > 0 {
				prod[k] *= (n[i][k] + nameGroupPrior*m.pi[k]) / (all + nameGroupPrior) / m.pi[k]
			}
		}
	}
	sum := 0.0
	for k := range nameGroups {
		sum += m.pi[k] * prod[k]
	}
	return clamp(math.Log2(sum), 0, nameGroupMaxBits)
}
