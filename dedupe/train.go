package dedupe

// This file learns the model: EM over each blocking rule's pattern
// counts with u fixed, as Splink trains.

import "math"

// maxEMIterations bounds the EM loop; emTolerance ends it earlier.
const (
	maxEMIterations = 100
	emTolerance     = 1e-7
	// priorPairs is the weight, in pairs, of the prior m shares in each
	// M step: a level the data hardly shows keeps a plausible m instead
	// of one near zero.
	priorPairs = 10
)

// trainer is the EM step of a run: its extra comparisons (whose prior m
// shares it starts from) and, per rule, the fields the rule makes agree.
type trainer struct {
	extra []Comparison
	prior [maxFields][]float64
	skip  [NumRules][]Field
}

// newTrainer returns the trainer of a run with the extra comparisons
// extra, of which those at blocked (indexes into extra) are blocked on
// by RuleColumns.
func newTrainer(extra []Comparison, blocked []int) *trainer {
	t := &trainer{extra: extra, skip: ruleFields}
	for f := Field(0); f < maxFields; f++ {
		t.prior[f] = priorMOf(f, extra)
	}
	for _, i := range blocked {
		t.skip[RuleColumns] = append(t.skip[RuleColumns], numFields+Field(i))
	}
	return t
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
	RuleColumns:    nil, // the extra fields blocked on: newTrainer
}

// emResult is the EM outcome on one rule's pairs.
type emResult struct {
	lambda  float64
	m       [maxFields][]float64
	learned [maxFields]bool
	iters   int
}

// emRule runs EM on one rule's pattern counts with u fixed, ignoring the
// fields the rule blocks on.
func (t *trainer) emRule(counts PatternCounts, u [maxFields][]float64, skip []Field) emResult {
	var r emResult
	r.lambda = 0.01
	for f := Field(0); f < maxFields; f++ {
		r.m[f] = append([]float64(nil), t.prior[f]...)
	}
	// The patterns seen (most of NumPatterns never are).
	type seen struct {
		v Vector
		n float64
	}
	var obs []seen
	for p, c := range counts {
		if c == 0 {
			continue
		}
		v := Pattern(p).Vector()
		for k := range t.extra {
			if t.extra[k].ImpliedByName && namesAgree(v[FieldName]) {
				v[numFields+Field(k)] = Missing // what the names said (Model.impliedByName)
			}
		}
		for _, f := range skip {
			v[f] = Missing
		}
		obs = append(obs, seen{v, float64(c)})
	}
	m := Model{U: u}
	for it := 0; it < maxEMIterations; it++ {
		r.iters = it + 1
		m.Lambda, m.M = r.lambda, r.m
		var mc [maxFields][]float64
		for f := Field(0); f < maxFields; f++ {
			mc[f] = make([]float64, f.Levels())
		}
		matches, total := 0.0, 0.0
		for _, o := range obs {
			w := o.n * m.probability(o.v)
			matches += w
			total += o.n
			for f := Field(0); f < maxFields; f++ {
				if l := o.v[f]; f.weighs(l) {
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
		for f := Field(0); f < maxFields; f++ {
			sum := 0.0
			for l := 1; l < len(mc[f]); l++ {
				sum += mc[f][l]
			}
			if sum > 0 {
				r.learned[f] = true
			}
			for l := 1; l < len(mc[f]); l++ {
				v := (mc[f][l] + priorPairs*t.prior[f][l]) / (sum + priorPairs)
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
// rule whose EM settles on a "match" class most of which differs on the
// name or the birth date (rows sharing a common value, such as a city,
// not people) does not contribute m (emResult.plausible).
//
// u comes from random pairs, and some random pairs are matches: about
// Lambda of them, at the levels m says. In a file with many duplicates
// that share is no longer negligible next to u of the top levels (two
// random rows with one email address are mostly one person), so u is
// corrected once by the first model, u' = (u − Lambda·m) / (1 − Lambda),
// never below a quarter of u (a common value, such as a placeholder birth
// date, keeps most of its sampled u: the term-frequency adjustment is
// made against the sampled u), and the model learned again with it.
func TrainShared(byRule, shared []PatternCounts, u [maxFields][]float64, possiblePairs float64) Model {
	return newTrainer(nil, nil).train(byRule, shared, u, possiblePairs)
}

// train is TrainShared with the trainer's extra comparisons.
func (t *trainer) train(byRule, shared []PatternCounts, u [maxFields][]float64, possiblePairs float64) Model {
	first := t.trainOnce(byRule, shared, u, possiblePairs)
	m := t.trainOnce(byRule, shared, withoutMatches(u, &first), possiblePairs)
	m.USampled = u
	m.Extra = namesOf(t.extra)
	return m
}

// withoutMatches returns u with the matches among random pairs taken out
// (see TrainShared).
func withoutMatches(u [maxFields][]float64, m *Model) [maxFields][]float64 {
	var out [maxFields][]float64
	for f := Field(0); f < maxFields; f++ {
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
		if !(sum > 0) {
			// No share left to spread (u zero everywhere: a field the
			// caller's sample never had): u stays as it was.
			copy(out[f], u[f])
			continue
		}
		for l := 1; l < len(u[f]); l++ {
			if f.weighs(Level(l)) {
				out[f][l] /= sum
			}
		}
	}
	return out
}

func (t *trainer) trainOnce(byRule, shared []PatternCounts, u [maxFields][]float64, possiblePairs float64) Model {
	m := Model{U: u}
	var msum [maxFields][]float64
	var wsum [maxFields]float64
	for f := Field(0); f < maxFields; f++ {
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
		res := t.emRule(counts, u, t.skip[r])
		m.Iterations = max(m.Iterations, res.iters)
		expected += res.lambda * n
		if r < len(shared) && &shared[r][0] != &counts[0] {
			res = t.emRule(shared[r], u, t.skip[r])
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
		for f := Field(0); f < maxFields; f++ {
			if !res.learned[f] {
				continue
			}
			for l := 1; l < f.Levels(); l++ {
				msum[f][l] += em * res.m[f][l]
			}
			wsum[f] += em
		}
	}
	for f := Field(0); f < maxFields; f++ {
		m.M[f] = make([]float64, f.Levels())
		for l := 1; l < f.Levels(); l++ {
			if wsum[f] > 0 {
				m.M[f][l] = (msum[f][l] + priorPairs*t.prior[f][l]) / (wsum[f] + priorPairs)
			} else {
				m.M[f][l] = t.prior[f][l]
			}
		}
	}
	// Agreeing less never weighs more: a level's m/u is capped at that
	// of each level that agrees more (Field.above; rare levels have
	// noisy u).
	for f := Field(0); f < maxFields; f++ {
		for l := Level(2); l <= f.different(); l++ {
			for _, a := range f.above(l) {
				if !(u[f][l] > 0 && u[f][a] > 0) {
					continue // no ratio to cap (see levelWeight)
				}
				if hi := m.M[f][a] / u[f][a]; m.M[f][l]/u[f][l] > hi {
					m.M[f][l] = hi * u[f][l]
				}
			}
		}
	}
	m.Lambda = clamp(expected/math.Max(possiblePairs, 1), 1e-12, 0.5)
	return m
}

// plausible reports whether the rule's "match" class can be people: no
// identity field (identityFields) that EM learned has most of its
// matches at its lowest level (different). Rows that share a common
// value (a city, an occupation) and not a person differ on the name or
// the birth date; one person's rows differ on an address, an email or a
// phone as often as not (people move and change their email and phone),
// so a class that mostly differs there is still people, and a rule that
// blocks on the birth date is what teaches the name's m in files whose
// addresses change.
func (r *emResult) plausible() bool {
	for _, f := range identityFields {
		if r.learned[f] && r.m[f][f.different()] > 0.5 {
			return false
		}
	}
	return true
}

// identityFields are the fields whose value a person keeps: a name
// (typos and short forms aside) and a birth date.
var identityFields = []Field{FieldName, FieldBirth}

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
