package dedupe

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestTrainRecoversWeights plants matches and non-matches with known m and
// u and checks that EM, without labels, gives matches the higher weight.
func TestTrainRecoversWeights(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(7, 7))
	trueM := [numFields][]float64{
		FieldName: {0, 0.7, 0.1, 0.1, 0.05, 0.05}, FieldBirth: {0, 0.9, 0.03, 0.04, 0.03},
		FieldEmail: {0, 0.7, 0.1, 0.2}, FieldPhone: {0, 0.8, 0.05, 0.15}, FieldAddress: {0, 0.7, 0.2, 0.1},
	}
	trueU := [numFields][]float64{
		FieldName: {0, 0.001, 0.001, 0.002, 0.02, 0.976}, FieldBirth: {0, 0.0001, 0.0001, 0.002, 0.9978},
		FieldEmail: {0, 0.00001, 0.0001, 0.99989}, FieldPhone: {0, 0.00001, 0.0001, 0.99989}, FieldAddress: {0, 0.001, 0.01, 0.989},
	}
	all := make([]Field, numFields)
	for f := range all {
		all[f] = Field(f)
	}
	vec := func(shares [numFields][]float64) Vector { return drawVector(r, &shares, all) }
	// u from random pairs: all non-matches.
	var sample []Vector
	for range 200_000 {
		sample = append(sample, vec(trueU))
	}
	u := EstimateU(sample)
	// The blocked pairs of one rule (birth date blocking): the birth date
	// agrees for all; 5 % are matches.
	counts := make([]PatternCounts, NumRules)
	for i := range counts {
		counts[i] = NewPatternCounts()
	}
	matches := 0
	for i := range 50_000 {
		var v Vector
		if i%20 == 0 {
			v = vec(trueM)
			matches++
		} else {
			v = vec(trueU)
		}
		v[FieldBirth] = BirthEqual
		counts[RuleBirth][v.Pattern()]++
	}
	m := TrainShared(counts, counts, u, 1e9)
	for _, f := range []Field{FieldName, FieldEmail, FieldPhone} {
		if got := m.M[f][1]; math.Abs(got-trueM[f][1]) > 0.08 {
			t.Errorf("%s: learned m(equal) = %.3f, want about %.2f", f, got, trueM[f][1])
		}
	}
	if lam := m.Lambda * 1e9; math.Abs(lam-float64(matches))/float64(matches) > 0.15 {
		t.Errorf("expected matches %.0f, planted %d", lam, matches)
	}
	match := Vector{NameEqual, BirthEqual, Equal, Equal, Equal}
	non := Vector{NameDifferent, BirthEqual, Different, Different, Different}
	if m.Weight(match) <= 0 || m.Weight(non) >= 0 {
		t.Errorf("weights: agreeing pair %.1f (want > 0), disagreeing %.1f (want < 0)", m.Weight(match), m.Weight(non))
	}
	// Agreeing less never weighs more.
	for f := Field(0); f < numFields; f++ {
		for l := Level(2); int(l) < f.Levels(); l++ {
			for _, a := range f.above(l) {
				if m.M[f][l]/m.U[f][l] > m.M[f][a]/m.U[f][a]*(1+1e-9) {
					t.Errorf("%s: level %s weighs more than %s", f, f.LevelName(l), f.LevelName(a))
				}
			}
		}
	}
}

func TestClustersGuard(t *testing.T) {
	t.Parallel()
	// Two triangles joined by one weak edge stay apart; a chain of pairs
	// within the size cap joins.
	edges := []Edge{
		{0, 1, 0.99}, {1, 2, 0.99}, {0, 2, 0.99},
		{3, 4, 0.99}, {4, 5, 0.99}, {3, 5, 0.99},
		{2, 3, 0.95}, // one weak link
		{6, 7, 0.99},
	}
	root, refused := Clusters(9, edges, 50)
	want := []int32{0, 0, 0, 3, 3, 3, 6, 6, 8}
	for i := range want {
		if root[i] != want[i] {
			t.Fatalf("roots %v, want %v", root, want)
		}
	}
	if refused != 1 {
		t.Errorf("refused %d joins, want 1", refused)
	}
	// Well-linked clusters do join.
	edges = append(edges, Edge{0, 4, 0.95}, Edge{1, 5, 0.95})
	root, _ = Clusters(9, edges, 50)
	if root[5] != 0 {
		t.Errorf("two triangles with three links stay apart: %v", root)
	}
	// The size cap holds.
	var chain []Edge
	for i := range int32(9) {
		chain = append(chain, Edge{i, i + 1, 0.99})
	}
	root, _ = Clusters(10, chain, 4)
	size := map[int32]int{}
	for _, r := range root {
		size[r]++
	}
	for r, n := range size {
		if n > 4 {
			t.Errorf("cluster %d has %d rows, cap 4", r, n)
		}
	}
}

func TestTermFrequencyAdjustment(t *testing.T) {
	t.Parallel()
	m := &Model{}
	for f := Field(0); f < numFields; f++ {
		m.U[f] = make([]float64, f.Levels())
		for l := range m.U[f] {
			m.U[f][l] = 0.01 // the average share of pairs agreeing
		}
	}
	feats := make([]Features, 1000)
	for i := range feats {
		feats[i].Phones = []string{"x"}
	}
	tf := newTermFreq(m, feats)
	key := func(size uint32) []blockKey { return []blockKey{{h: 7, size: size, rule: RulePhone}} }
	v := Vector{FieldPhone: Equal}
	common := tf.adjust(key(100), key(100), v.Pattern()) // 10 % of rows share it
	rare := tf.adjust(key(3), key(3), v.Pattern())       // these two and one more
	if common >= 0 || rare <= 0 || common < tfMin || rare > tfMax {
		t.Errorf("adjustment of a common phone %.2f (want < 0), of a rare one %.2f (want > 0), bounds [%g, %g]", common, rare, tfMin, tfMax)
	}
	if got := tf.adjust(key(2), key(2), v.Pattern()); got != 0 {
		t.Errorf("a phone only these two rows hold: adjustment %.2f, want 0 (its count says nothing)", got)
	}
	if got := tf.adjust(key(3), []blockKey{{h: 8, size: 3, rule: RulePhone}}, v.Pattern()); got != 0 {
		t.Errorf("rows that share no phone key: adjustment %.2f, want 0", got)
	}
	if got := tf.adjust(key(100), key(100), Vector{FieldPhone: Close}.Pattern()); got != 0 {
		t.Errorf("a close phone: adjustment %.2f, want 0", got)
	}
}

// TestMovedPeopleTeachM: a birth-date rule whose true pairs mostly
// differ on the address (people move) still teaches the name's m; before,
// any field with most matches at different made the rule's class
// implausible, and the name kept its prior m (0.6 at equal), which
// overrated namesakes.
func TestMovedPeopleTeachM(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(3, 9))
	trueM := [numFields][]float64{
		FieldName: {0, 0.3, 0.25, 0.25, 0.05, 0.15}, FieldBirth: {0, 0.9, 0.03, 0.04, 0.03},
		FieldEmail: {0, 1, 0, 0}, FieldPhone: {0, 1, 0, 0}, FieldAddress: {0, 0.1, 0.1, 0.8},
	}
	trueU := [numFields][]float64{
		FieldName: {0, 0.001, 0.002, 0.004, 0.02, 0.973}, FieldBirth: {0, 0.0001, 0.0001, 0.002, 0.9978},
		FieldEmail: {0, 1, 0, 0}, FieldPhone: {0, 1, 0, 0}, FieldAddress: {0, 0.001, 0.01, 0.989},
	}
	vec := func(shares [numFields][]float64) Vector { // email and phone missing
		return drawVector(r, &shares, []Field{FieldName, FieldBirth, FieldAddress})
	}
	var sample []Vector
	for range 200_000 {
		sample = append(sample, vec(trueU))
	}
	u := EstimateU(sample)
	counts := make([]PatternCounts, NumRules)
	for i := range counts {
		counts[i] = NewPatternCounts()
	}
	for i := range 50_000 {
		v := vec(trueU)
		if i%5 == 0 {
			v = vec(trueM)
		}
		v[FieldBirth] = BirthEqual
		counts[RuleBirth][v.Pattern()]++
	}
	m := TrainShared(counts, counts, u, 1e9)
	for l := NameEqual; l <= NameDifferent; l++ {
		if got := m.M[FieldName][l]; math.Abs(got-trueM[FieldName][l]) > 0.05 {
			t.Errorf("name %s: learned m = %.3f, want about %.2f", FieldName.LevelName(l), got, trueM[FieldName][l])
		}
	}
}

// TestRulePlausible: a rule's match class is implausible when most of it
// differs on a learned identity field (name, birth date), not when it
// differs on a field people change (address, email, phone).
func TestRulePlausible(t *testing.T) {
	t.Parallel()
	mk := func(f Field, diff float64) emResult {
		var r emResult
		for g := Field(0); g < maxFields; g++ {
			r.m[g] = make([]float64, g.Levels())
		}
		r.learned[f] = true
		r.m[f][f.different()] = diff
		r.m[f][1] = 1 - diff
		return r
	}
	tests := []struct {
		name string
		r    emResult
		want bool
	}{
		{"address mostly different", mk(FieldAddress, 0.8), true},
		{"email mostly different", mk(FieldEmail, 0.9), true},
		{"phone mostly different", mk(FieldPhone, 0.9), true},
		{"birth date mostly different", mk(FieldBirth, 0.75), false},
		{"name mostly different", mk(FieldName, 0.6), false},
		{"name mostly equal", mk(FieldName, 0.2), true},
	}
	for _, tc := range tests {
		if got := tc.r.plausible(); got != tc.want {
			t.Errorf("%s: plausible = %v, want %v", tc.name, got, tc.want)
		}
	}
	unlearned := mk(FieldBirth, 0.9)
	unlearned.learned[FieldBirth] = false
	if !unlearned.plausible() {
		t.Error("a field EM did not learn decides nothing")
	}
}

// drawVector draws a level for each of fields, in that order, by its
// shares (see drawLevel); the other fields stay missing.
func drawVector(r *rand.Rand, shares *[numFields][]float64, fields []Field) Vector {
	var v Vector
	for _, f := range fields {
		v[f] = drawLevel(r, shares[f])
	}
	return v
}

// drawLevel draws a level by its shares (shares[0], the missing level, is
// never drawn).
func drawLevel(r *rand.Rand, shares []float64) Level {
	x := r.Float64()
	for l := 1; l < len(shares); l++ {
		if x < shares[l] {
			return Level(l)
		}
		x -= shares[l]
	}
	return Level(len(shares) - 1)
}

// TestNameLevelsPartialOrder: similar is capped by equal, not by
// matching (a file of typos has more true pairs misspelt than with a word
// left out, and fewer random ones); relation by both.
func TestNameLevelsPartialOrder(t *testing.T) {
	if got := FieldName.above(NameSimilar); !slices.Equal(got, []Level{NameEqual}) {
		t.Errorf("similar is capped by %v, want equal only", got)
	}
	if got := FieldName.above(NameRelation); !slices.Equal(got, []Level{NameMatching, NameSimilar}) {
		t.Errorf("relation is capped by %v, want matching and similar", got)
	}
	if got := FieldBirth.above(BirthTypo); !slices.Equal(got, []Level{BirthSwapped}) {
		t.Errorf("a birth date typo is capped by %v, want the level before", got)
	}
}

// TestImpliedByName: an extra comparison the name implies (a gender
// column) weighs nothing where the names agree, in Weight and in the
// pairs' terms alike, and as learned where they do not.
func TestImpliedByName(t *testing.T) {
	m := Model{Lambda: 0.001, Extra: []FieldNames{{Name: "gender", Levels: []string{"missing", "equal", "close", "different"}, ImpliedByName: true}}}
	for f := Field(0); f < numFields; f++ {
		m.M[f] = make([]float64, f.Levels())
		m.U[f] = make([]float64, f.Levels())
		for l := 1; l < f.Levels(); l++ {
			m.M[f][l], m.U[f][l] = 0.5, 0.25
		}
	}
	g := numFields
	m.M[g] = []float64{0, 0.99, 0.005, 0.005}
	m.U[g] = []float64{0, 0.5, 0.001, 0.499}
	for _, c := range []struct {
		name Level
		zero bool
	}{{NameEqual, true}, {NameMatching, true}, {NameSimilar, true}, {NameRelation, false}, {NameDifferent, false}, {Missing, false}} {
		for _, l := range []Level{Equal, Different} {
			var v, without Vector
			v[FieldName], v[g] = c.name, l
			without[FieldName] = c.name
			diff := m.Weight(v) - m.Weight(without)
			want := 0.0
			if !c.zero {
				want = levelWeight(m.M[g][l], m.U[g][l])
			}
			if math.Abs(diff-want) > 1e-9 {
				t.Errorf("name %s, gender %s: the gender weighs %.3f, want %.3f", FieldName.LevelName(c.name), m.LevelName(g, l), diff, want)
			}
			terms := m.Terms(&Pair{Pattern: v.Pattern()})
			if math.Abs(terms.Level[g]-want) > 1e-9 || math.Abs(terms.Sum()-m.Weight(v)) > 1e-9 {
				t.Errorf("name %s, gender %s: term %.3f (want %.3f), terms sum %.3f, weight %.3f", FieldName.LevelName(c.name), m.LevelName(g, l), terms.Level[g], want, terms.Sum(), m.Weight(v))
			}
		}
	}
}
