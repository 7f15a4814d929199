package dedupe

import (
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
	M, U   [maxFields][]float64
	// Iterations is the number of EM iterations run; USample the number
	// of random pairs u was estimated from.
	Iterations int
	USample    int
	// USampled is u as estimated from the random pairs, before the
	// matches among them were taken out (see TrainShared): the baseline
	// of the term-frequency adjustment, whose value shares count every
	// row holding a value, a person's duplicates included.
	USampled [maxFields][]float64
	// Extra names the run's extra comparisons (dedupe.compare), in the
	// extra slots of a Vector, and their levels (plain values: a model
	// travels as JSON between a distributed runner's stages).
	Extra []FieldNames
}

// FieldNames names a compared field and its levels (index = level).
// ImpliedByName is its Comparison's.
type FieldNames struct {
	Name          string
	Levels        []string
	ImpliedByName bool `json:",omitempty"`
}

// namesOf returns the names of comparisons cs.
func namesOf(cs []Comparison) []FieldNames {
	var out []FieldNames
	for _, c := range cs {
		n := FieldNames{Name: c.Name, ImpliedByName: c.ImpliedByName}
		for _, l := range c.Levels {
			n.Levels = append(n.Levels, l.Label)
		}
		out = append(out, n)
	}
	return out
}

// impliedByName reports whether field f of v weighs nothing because the
// name implies it: an extra comparison ImpliedByName, where the names
// agree.
func (m *Model) impliedByName(f Field, v *Vector) bool {
	i := int(f - numFields)
	return f >= numFields && i < len(m.Extra) && m.Extra[i].ImpliedByName && namesAgree(v[FieldName])
}

// namesAgree reports whether name level l agrees: equal, matching or
// similar.
func namesAgree(l Level) bool { return l >= NameEqual && l <= NameSimilar }

// fields is the number of fields the model compares (the built-in ones
// and its extra ones).
func (m *Model) fields() Field { return numFields + Field(len(m.Extra)) }

// FieldName returns the name of field f ("name", or an extra
// comparison's column).
func (m *Model) FieldName(f Field) string {
	if f < numFields {
		return f.String()
	}
	if i := int(f - numFields); i < len(m.Extra) {
		return m.Extra[i].Name
	}
	return f.String()
}

// LevelName returns the label of level l of field f.
func (m *Model) LevelName(f Field, l Level) string {
	if f >= numFields {
		if i := int(f - numFields); i < len(m.Extra) && int(l) < len(m.Extra[i].Levels) {
			return m.Extra[i].Levels[l]
		}
	}
	return f.LevelName(l)
}

// PatternCounts counts compared pairs by comparison pattern. Counts of
// parts of the data add up (Add), which is what the EM step needs.
type PatternCounts []int64

// NewPatternCounts returns zero counts of the built-in fields' patterns
// (a run with extra comparisons counts patternsFor(k)).
func NewPatternCounts() PatternCounts { return make(PatternCounts, BuiltinPatterns) }

// newPatternCounts returns zero counts of a run with k extra comparisons.
func newPatternCounts(k int) PatternCounts { return make(PatternCounts, patternsFor(k)) }

// Add adds o into c.
func (c PatternCounts) Add(o PatternCounts) {
	for i, n := range o {
		c[i] += n
	}
}

// EstimateU estimates u from the vectors of random pairs (almost all of
// them non-matches), with a small prior so that no level is impossible.
func EstimateU(sample []Vector) [maxFields][]float64 {
	c := map[Pattern]int64{}
	for _, v := range sample {
		c[v.Pattern()]++
	}
	return uFrom(func(fn func(Pattern, int64)) {
		for p, n := range c {
			fn(p, n)
		}
	})
}

// EstimateUCounts is EstimateU from the sample's pattern counts (a
// combinable aggregate, as a distributed runner has them).
func EstimateUCounts(c PatternCounts) [maxFields][]float64 {
	return uFrom(func(fn func(Pattern, int64)) {
		for p, n := range c {
			if n != 0 {
				fn(Pattern(p), n)
			}
		}
	})
}

// uFrom is EstimateU over the patterns each calls fn with.
func uFrom(each func(fn func(Pattern, int64))) [maxFields][]float64 {
	var u [maxFields][]float64
	var counts [maxFields][]float64
	var total [maxFields]float64
	for f := Field(0); f < maxFields; f++ {
		counts[f] = make([]float64, f.Levels())
	}
	each(func(p Pattern, n int64) {
		v := p.Vector()
		for f := Field(0); f < maxFields; f++ {
			if l := v[f]; f.weighs(l) {
				counts[f][l] += float64(n)
				total[f] += float64(n)
			}
		}
	})
	for f := Field(0); f < maxFields; f++ {
		counts, total := counts[f], total[f]
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

func clamp(x, lo, hi float64) float64 { return math.Max(lo, math.Min(hi, x)) }

// Weight returns the match weight (log2 odds) of a comparison vector.
func (m *Model) Weight(v Vector) float64 {
	w := math.Log2(m.Lambda / (1 - m.Lambda))
	for f := Field(0); f < maxFields; f++ {
		if l := v[f]; f.weighs(l) && !m.impliedByName(f, &v) {
			w += levelWeight(m.M[f][l], m.U[f][l])
		}
	}
	return w
}

// maxLevelBits bounds a level's weight: far beyond any learned one (u
// has a prior of half a pair in a sample of at most a few million, m one
// of priorPairs), it only keeps a level that one class never shows from
// weighing infinitely.
const maxLevelBits = 64

// levelWeight is the weight log2(m/u) of a level whose share among
// matches is m and among non-matches u, bounded to ±maxLevelBits; 0 when
// neither class shows the level (m = u = 0, as where a caller's u leaves
// a column out): it says nothing. Training never gives such shares (u
// and m have priors), but a caller's u or a saved model may, and one NaN
// would spread through EM to every pair.
func levelWeight(m, u float64) float64 {
	if !(m > 0) && !(u > 0) {
		return 0
	}
	return clamp(math.Log2(m/u), -maxLevelBits, maxLevelBits)
}

func (m *Model) probability(v Vector) float64 {
	return 1 / (1 + math.Exp2(-m.Weight(v)))
}

// Scores returns the match probability of every pattern (the score step's
// lookup table).
func (m *Model) Scores() []float64 {
	s := make([]float64, patternsFor(len(m.Extra)))
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
	for f := Field(0); f < m.fields(); f++ {
		for l := 1; l < f.Levels(); l++ {
			if !f.weighs(Level(l)) {
				fmt.Fprintf(w, "%-12s %-18s %10s %10s %8s\n", m.FieldName(f), m.LevelName(f, Level(l)), "", "", "0")
				continue
			}
			fmt.Fprintf(w, "%-12s %-18s %10.4g %10.4g %+8.2f\n", m.FieldName(f), m.LevelName(f, Level(l)), m.M[f][l], m.U[f][l], levelWeight(m.M[f][l], m.U[f][l]))
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
