package dedupe

import (
	"context"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
)

// Model holds the Fellegi–Sunter parameters: for every field and level,
// m (the share of true matches at that level) and u (the share of
// non-matches), and Lambda, the share of matches among compared pairs.
// A pair's match weight is log2(Lambda/(1-Lambda)) plus, for every field
// not missing, log2(m/u); its probability is 2^w / (1 + 2^w).
type Model struct {
	Lambda float64
	M, U   [numFields][]float64
	// Iterations is the number of EM iterations run; USample the number
	// of random pairs u was estimated from.
	Iterations int
	USample    int
	// USampled is u as estimated from the random pairs, before the
	// matches among them were taken out (see TrainShared): the baseline
	// of the term-frequency adjustment, whose value shares count every
	// row holding a value, a person's duplicates included.
	USampled [numFields][]float64
}

// PatternCounts counts compared pairs by comparison pattern. Counts of
// parts of the data add up (Add), which is what the EM step needs.
type PatternCounts []int64

// NewPatternCounts returns zero counts.
func NewPatternCounts() PatternCounts { return make(PatternCounts, NumPatterns) }

// Add adds o into c.
func (c PatternCounts) Add(o PatternCounts) {
	for i, n := range o {
		c[i] += n
	}
}

// EstimateU estimates u from the vectors of random pairs (almost all of
// them non-matches), with a small prior so that no level is impossible.
func EstimateU(sample []Vector) [numFields][]float64 {
	c := NewPatternCounts()
	for _, v := range sample {
		c[v.Pattern()]++
	}
	return EstimateUCounts(c)
}

// EstimateUCounts is EstimateU from the sample's pattern counts (a
// combinable aggregate, as a distributed runner has them).
func EstimateUCounts(c PatternCounts) [numFields][]float64 {
	var u [numFields][]float64
	for f := Field(0); f < numFields; f++ {
		counts := make([]float64, f.Levels())
		total := 0.0
		for p, n := range c {
			if n == 0 {
				continue
			}
			if l := Pattern(p).Vector()[f]; f.weighs(l) {
				counts[l] += float64(n)
				total += float64(n)
			}
		}
		u[f] = make([]float64, f.Levels())
		k := 0.0
		for l := 1; l < f.Levels(); l++ {
			if f.weighs(Level(l)) {
				k++
			}
		}
		for l := 1; l < f.Levels(); l++ {
			if f.weighs(Level(l)) {
				u[f][l] = (counts[l] + 0.5) / (total + 0.5*k)
			} else {
				u[f][l] = 1 // never used: the level weighs nothing
			}
		}
	}
	return u
}

// maxEMIterations bounds the EM loop; emTolerance ends it earlier.
const (
	maxEMIterations = 100
	emTolerance     = 1e-7
	// priorPairs is the weight, in pairs, of the prior m shares in each
	// M step: a level the data hardly shows keeps a plausible m instead
	// of one near zero.
	priorPairs = 10
)

// priorM are the starting (and prior) m shares of every level: most
// matches agree exactly, a few show each kind of error.
var priorM = [numFields][]float64{
	FieldName:    {0, 0.6, 0.15, 0.12, 0.05, 0.08},
	FieldBirth:   {0, 0.85, 0.04, 0.06, 0.05},
	FieldEmail:   {0, 0.6, 0.15, 0.25, 0},
	FieldPhone:   {0, 0.7, 0.1, 0.2},
	FieldAddress: {0, 0.6, 0.25, 0.15},
}

// ruleFields are the fields a blocking rule makes agree: EM on that
// rule's pairs learns nothing about them (Splink's way).
var ruleFields = [NumRules][]Field{
	RuleNameTokens: {FieldName},
	RulePhonetic:   {FieldName},
	RuleEmail:      {FieldEmail},
	RulePhone:      {FieldPhone},
	RuleBirth:      {FieldBirth},
	RuleAddress:    {FieldAddress},
	RuleNamePlace:  {FieldName, FieldAddress},
}

// emResult is the EM outcome on one rule's pairs.
type emResult struct {
	lambda  float64
	m       [numFields][]float64
	learned [numFields]bool
	iters   int
}

// emRule runs EM on one rule's pattern counts with u fixed, ignoring the
// fields the rule blocks on.
func emRule(counts PatternCounts, u [numFields][]float64, skip []Field) emResult {
	var r emResult
	r.lambda = 0.01
	for f := Field(0); f < numFields; f++ {
		r.m[f] = append([]float64(nil), priorM[f]...)
	}
	vecs := make([]Vector, NumPatterns)
	for p := range vecs {
		vecs[p] = Pattern(p).Vector()
		for _, f := range skip {
			vecs[p][f] = Missing
		}
	}
	m := Model{U: u}
	for it := 0; it < maxEMIterations; it++ {
		r.iters = it + 1
		m.Lambda, m.M = r.lambda, r.m
		var mc [numFields][]float64
		for f := Field(0); f < numFields; f++ {
			mc[f] = make([]float64, f.Levels())
		}
		matches, total := 0.0, 0.0
		for p, c := range counts {
			if c == 0 {
				continue
			}
			w := float64(c) * m.probability(vecs[p])
			matches += w
			total += float64(c)
			for f := Field(0); f < numFields; f++ {
				if l := vecs[p][f]; f.weighs(l) {
					mc[f][l] += w
				}
			}
		}
		if total == 0 {
			break
		}
		lambda := clamp(matches/total, 1e-9, 1-1e-9)
		change := math.Abs(lambda - r.lambda)
		r.lambda = lambda
		for f := Field(0); f < numFields; f++ {
			sum := 0.0
			for l := 1; l < len(mc[f]); l++ {
				sum += mc[f][l]
			}
			if sum > 0 {
				r.learned[f] = true
			}
			for l := 1; l < len(mc[f]); l++ {
				v := (mc[f][l] + priorPairs*priorM[f][l]) / (sum + priorPairs)
				change = math.Max(change, math.Abs(v-r.m[f][l]))
				r.m[f][l] = v
			}
		}
		if change < emTolerance {
			break
		}
	}
	for _, f := range skip {
		r.learned[f] = false
	}
	return r
}

// TrainShared learns the model from pattern counts, as Splink does: u is
// fixed (from random pairs); for each rule, EM learns m of the fields the
// rule does not block on, and how many of its pairs are matches; a
// field's m is the mean over the rules that learned it, weighted by their
// expected matches. Lambda is then the chance that two random rows match
// (expected matches over all possible pairs), the prior of a pair before
// any field is compared. No labels are used.
//
// byRule holds the pairs each rule owns (every compared pair once);
// shared[r] every compared pair that shares a key of rule r, whichever
// rule compared it (Splink's training semantics), from which m is
// learned: the pairs a rule owns are biased (they exclude the pairs an
// earlier rule compared, so that the email rule's own pairs hardly ever
// have equal names, and EM on them learns that matches rarely agree on
// the name). Expected matches (and so
// Lambda) still come from the owned pairs, which count each pair once. A
// rule whose EM settles on a "match" class most of which differs on some
// field (rows sharing a common value, such as a city, not people) does
// not contribute m.
//
// u comes from random pairs, and some random pairs are matches: about
// Lambda of them, at the levels m says. In a file with many duplicates
// that share is no longer negligible next to u of the top levels (two
// random rows with one email address are mostly one person), so u is
// corrected once by the first model, u' = (u − Lambda·m) / (1 − Lambda),
// never below a quarter of u (a common value, such as a placeholder birth
// date, keeps most of its sampled u: the term-frequency adjustment is
// made against the sampled u), and the model learned again with it.
func TrainShared(byRule, shared []PatternCounts, u [numFields][]float64, possiblePairs float64) Model {
	first := trainOnce(byRule, shared, u, possiblePairs)
	m := trainOnce(byRule, shared, withoutMatches(u, &first), possiblePairs)
	m.USampled = u
	return m
}

// withoutMatches returns u with the matches among random pairs taken out
// (see TrainShared).
func withoutMatches(u [numFields][]float64, m *Model) [numFields][]float64 {
	var out [numFields][]float64
	for f := Field(0); f < numFields; f++ {
		out[f] = make([]float64, len(u[f]))
		sum := 0.0
		for l := 1; l < len(u[f]); l++ {
			if !f.weighs(Level(l)) {
				out[f][l] = u[f][l]
				continue
			}
			out[f][l] = math.Max(u[f][l]/4, (u[f][l]-m.Lambda*m.M[f][l])/(1-m.Lambda))
			sum += out[f][l]
		}
		for l := 1; l < len(u[f]); l++ {
			if f.weighs(Level(l)) {
				out[f][l] /= sum
			}
		}
	}
	return out
}

func trainOnce(byRule, shared []PatternCounts, u [numFields][]float64, possiblePairs float64) Model {
	m := Model{U: u}
	var msum [numFields][]float64
	var wsum [numFields]float64
	for f := Field(0); f < numFields; f++ {
		msum[f] = make([]float64, f.Levels())
	}
	expected := 0.0
	for r, counts := range byRule {
		n := 0.0
		for _, c := range counts {
			n += float64(c)
		}
		if n == 0 {
			continue
		}
		res := emRule(counts, u, ruleFields[r])
		m.Iterations = max(m.Iterations, res.iters)
		expected += res.lambda * n
		if r < len(shared) && &shared[r][0] != &counts[0] {
			res = emRule(shared[r], u, ruleFields[r])
			m.Iterations = max(m.Iterations, res.iters)
			n = 0
			for _, c := range shared[r] {
				n += float64(c)
			}
		}
		if !res.plausible() {
			continue
		}
		em := res.lambda * n
		for f := Field(0); f < numFields; f++ {
			if !res.learned[f] {
				continue
			}
			for l := 1; l < f.Levels(); l++ {
				msum[f][l] += em * res.m[f][l]
			}
			wsum[f] += em
		}
	}
	for f := Field(0); f < numFields; f++ {
		m.M[f] = make([]float64, f.Levels())
		for l := 1; l < f.Levels(); l++ {
			if wsum[f] > 0 {
				m.M[f][l] = (msum[f][l] + priorPairs*priorM[f][l]) / (wsum[f] + priorPairs)
			} else {
				m.M[f][l] = priorM[f][l]
			}
		}
	}
	// Agreeing less never weighs more: a level's m/u is capped at the
	// level above it (rare levels have noisy u).
	for f := Field(0); f < numFields; f++ {
		for l := Level(2); l <= f.different(); l++ {
			if hi := m.M[f][l-1] / u[f][l-1]; m.M[f][l]/u[f][l] > hi {
				m.M[f][l] = hi * u[f][l]
			}
		}
	}
	m.Lambda = clamp(expected/math.Max(possiblePairs, 1), 1e-12, 0.5)
	return m
}

// plausible reports whether no field EM learned has most of its matches
// at its lowest level (different).
func (r *emResult) plausible() bool {
	for f := Field(0); f < numFields; f++ {
		if r.learned[f] && r.m[f][f.different()] > 0.5 {
			return false
		}
	}
	return true
}

// sharedCounts returns, per rule, the pattern counts of every compared
// pair that shares one of the rule's keys: the pairs each rule owns
// (owned) plus, for every kept pair (one that agrees somewhere), its
// pattern under each further rule whose key it shares (cand.shared).
func sharedCounts(ctx context.Context, owned []PatternCounts, cands *sorter[cand]) ([]PatternCounts, error) {
	out := make([]PatternCounts, len(owned))
	for r := range owned {
		out[r] = NewPatternCounts()
		out[r].Add(owned[r])
	}
	last := cand{a: -1}
	err := cands.Each(ctx, func(c cand) error {
		if c.a == last.a && c.b == last.b {
			return nil // compared under two rules (an earlier block was capped)
		}
		last = c
		for r := range out {
			if c.shared&(1<<r) != 0 {
				out[r][c.p]++
			}
		}
		return nil
	})
	return out, err
}

// AddShared adds one agreeing compared pair (the keys of its rows, its
// pattern) to counts under every rule whose key the rows share except
// the rule that owns the pair, whose own counts hold it already: for a
// runner that streams its compared pairs (Run keeps the rules in each
// candidate pair instead).
func AddShared(counts []PatternCounts, a, b []blockKey, p Pattern) {
	m := sharedMask(a, b)
	for r := range counts {
		if m&(1<<r) != 0 {
			counts[r][p]++
		}
	}
}

// A uint8 holds a bit per rule.
const _ = uint8(1 << (NumRules - 1))

// sharedMask returns the rules (bit r for rule r) whose key rows a and b
// share, except the pair's owner: the first rule in which they share a
// key whose block was not capped (or the first shared rule).
func sharedMask(a, b []blockKey) uint8 {
	var shared, uncapped uint8
	for _, x := range a {
		for _, y := range b {
			if x.rule == y.rule && x.h == y.h {
				shared |= 1 << x.rule
				if !x.capped {
					uncapped |= 1 << x.rule
				}
			}
		}
	}
	owner := uncapped & -uncapped // lowest set bit
	if owner == 0 {
		owner = shared & -shared
	}
	return shared &^ owner
}

func clamp(x, lo, hi float64) float64 { return math.Max(lo, math.Min(hi, x)) }

// Weight returns the match weight (log2 odds) of a comparison vector.
func (m *Model) Weight(v Vector) float64 {
	w := math.Log2(m.Lambda / (1 - m.Lambda))
	for f := Field(0); f < numFields; f++ {
		if l := v[f]; f.weighs(l) {
			w += math.Log2(m.M[f][l] / m.U[f][l])
		}
	}
	return w
}

func (m *Model) probability(v Vector) float64 {
	return 1 / (1 + math.Exp2(-m.Weight(v)))
}

// Scores returns the match probability of every pattern (the score step's
// lookup table).
func (m *Model) Scores() []float64 {
	s := make([]float64, NumPatterns)
	for p := range s {
		s[p] = m.probability(Pattern(p).Vector())
	}
	return s
}

// Explain writes the learned weights: per field and level m, u and the
// weight log2(m/u) a pair at that level adds.
func (m *Model) Explain(w io.Writer) error {
	if _, err := fmt.Fprintf(w, "Fellegi–Sunter weights learned by EM (%d iterations; u from %d random pairs)\n", m.Iterations, m.USample); err != nil {
		return err
	}
	fmt.Fprintf(w, "prior: two random rows match with probability %.4g (weight %+.2f)\n", m.Lambda, math.Log2(m.Lambda/(1-m.Lambda)))
	fmt.Fprintf(w, "%-12s %-18s %10s %10s %8s\n", "field", "level", "m", "u", "weight")
	for f := Field(0); f < numFields; f++ {
		for l := 1; l < f.Levels(); l++ {
			if !f.weighs(Level(l)) {
				fmt.Fprintf(w, "%-12s %-18s %10s %10s %8s\n", f, f.LevelName(Level(l)), "", "", "0")
				continue
			}
			fmt.Fprintf(w, "%-12s %-18s %10.4g %10.4g %+8.2f\n", f, f.LevelName(Level(l)), m.M[f][l], m.U[f][l], math.Log2(m.M[f][l]/m.U[f][l]))
		}
	}
	_, err := fmt.Fprintf(w, "%-12s %-18s %10s %10s %8s\n", "(any)", "missing", "", "", "0")
	return err
}

// samplePairs returns n random pairs of distinct indexes below na (and,
// for linking, pairs of one index below na and one below nb), seeded so
// that a run is reproducible.
func samplePairs(n, na, nb int, link bool) [][2]int32 {
	r := rand.New(rand.NewPCG(1, 2))
	out := make([][2]int32, 0, n)
	for len(out) < n {
		if link {
			if na == 0 || nb == 0 {
				break
			}
			out = append(out, [2]int32{int32(r.IntN(na)), int32(r.IntN(nb))})
			continue
		}
		if na < 2 {
			break
		}
		a, b := r.IntN(na), r.IntN(na)
		if a != b {
			out = append(out, [2]int32{int32(a), int32(b)})
		}
	}
	return out
}
