package dedupe

import (
	"math"
	"strings"
	"testing"
)

// TestTrainingStaysFinite holds the training and the weights to finite
// numbers where a level's m and u are both zero or a field is missing
// everywhere: such a level weighs nothing, and no NaN or infinity reaches
// the prior, a level's m or a pair's weight.
func TestTrainingStaysFinite(t *testing.T) {
	t.Parallel()
	// u as EstimateU gives it, then spoilt per case.
	base := func() [maxFields][]float64 {
		var sample []Vector
		for i := range 2000 {
			v := Vector{NameDifferent, BirthDifferent, Different, Different, Different}
			if i%50 == 0 {
				v = Vector{NameEqual, BirthEqual, Equal, Close, Close}
			}
			sample = append(sample, v)
		}
		return EstimateU(sample)
	}
	agreeing := func() []PatternCounts {
		counts := make([]PatternCounts, NumRules)
		for r := range counts {
			counts[r] = NewPatternCounts()
		}
		for i := range 1000 {
			v := Vector{NameEqual, BirthEqual, Equal, Different, Missing}
			if i%3 == 0 {
				v = Vector{NameDifferent, BirthEqual, Different, Different, Missing}
			}
			counts[RuleBirth][v.Pattern()]++
		}
		return counts
	}
	cases := []struct {
		name  string
		u     func() [maxFields][]float64
		model func() Model // a model given as is (a saved one), not trained
	}{
		{name: "a level's u is zero", u: func() [maxFields][]float64 {
			u := base()
			u[FieldEmail][Equal] = 0
			return u
		}},
		{name: "a field's u is zero at every level (missing everywhere)", u: func() [maxFields][]float64 {
			u := base()
			for l := range u[FieldAddress] {
				u[FieldAddress][l] = 0
			}
			return u
		}},
		{name: "every level of every field has u zero", u: func() [maxFields][]float64 {
			var u [maxFields][]float64
			for f := Field(0); f < maxFields; f++ {
				u[f] = make([]float64, f.Levels())
			}
			return u
		}},
		{name: "a model with m = u = 0 at a level", model: func() Model {
			u := base()
			m := TrainShared(agreeing(), agreeing(), u, 1e6)
			m.M[FieldPhone][Close], m.U[FieldPhone][Close] = 0, 0
			return m
		}},
		{name: "a model with m > 0 and u = 0 at one level, m = 0 at another", model: func() Model {
			u := base()
			m := TrainShared(agreeing(), agreeing(), u, 1e6)
			m.U[FieldPhone][Equal] = 0
			m.M[FieldAddress][Different] = 0
			return m
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			var m Model
			if c.model != nil {
				m = c.model()
			} else {
				m = TrainShared(agreeing(), agreeing(), c.u(), 1e6)
				if math.IsNaN(m.Lambda) || math.IsInf(m.Lambda, 0) || m.Lambda <= 0 || m.Lambda >= 1 {
					t.Fatalf("Lambda = %v, want a probability", m.Lambda)
				}
				for f := Field(0); f < numFields; f++ {
					for l := 1; l < f.Levels(); l++ {
						if x := m.M[f][l]; math.IsNaN(x) || math.IsInf(x, 0) || x < 0 {
							t.Errorf("m[%s][%s] = %v", f, f.LevelName(Level(l)), x)
						}
					}
				}
			}
			for p := range BuiltinPatterns {
				v := Pattern(p).Vector()
				if w := m.Weight(v); math.IsNaN(w) || math.IsInf(w, 0) {
					t.Fatalf("Weight(%v) = %v", v, w)
				}
				pair := Pair{Pattern: Pattern(p)}
				terms := m.Terms(&pair)
				if s := terms.Sum(); math.Abs(s-m.Weight(v)) > 1e-9 {
					t.Fatalf("terms of %v sum to %v, weight %v", v, s, m.Weight(v))
				}
			}
			for _, lw := range m.LevelWeights() {
				if math.IsNaN(lw.Weight) || math.IsInf(lw.Weight, 0) {
					t.Errorf("LevelWeights: %s %s = %v", lw.Field, lw.Level, lw.Weight)
				}
			}
		})
	}
}

// TestClassPosteriorStaysFinite holds the name-group model's E step to a
// finite posterior that sums to 1 where no class holds both of a pair's
// words (every product zero: 0/0 would spread NaN to every class).
func TestClassPosteriorStaysFinite(t *testing.T) {
	t.Parallel()
	type g = [nameGroups]float64
	cases := []struct {
		name           string
		pi, tot, ng, n g
		want           g
	}{
		{name: "both words in class 0", pi: g{0.5, 0.5, 0, 0}, tot: g{10, 10, 0, 0}, ng: g{2, 0, 0, 0}, n: g{3, 0, 0, 0}, want: g{1, 0, 0, 0}},
		{name: "an even split", pi: g{0.25, 0.25, 0.25, 0.25}, tot: g{4, 4, 4, 4}, ng: g{1, 1, 1, 1}, n: g{1, 1, 1, 1}, want: g{0.25, 0.25, 0.25, 0.25}},
		{name: "no class holds both words", pi: g{0.5, 0.5, 0, 0}, tot: g{10, 10, 0, 0}, ng: g{2, 0, 0, 0}, n: g{0, 3, 0, 0}, want: g{0.5, 0.5, 0, 0}},
		{name: "products underflow", pi: g{0.5, 0.5, 0, 0}, tot: g{1e300, 1e300, 0, 0}, ng: g{1e-300, 1e-300, 0, 0}, n: g{1e-300, 1e-300, 0, 0}, want: g{0.5, 0.5, 0, 0}},
		{name: "every class empty", want: g{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			r := g{9, 9, 9, 9}
			classPosterior(&r, &c.pi, &c.tot, &c.ng, &c.n)
			for k := range nameGroups {
				if math.IsNaN(r[k]) || math.Abs(r[k]-c.want[k]) > 1e-12 {
					t.Fatalf("posterior %v, want %v", r, c.want)
				}
			}
		})
	}
}

// TestModelFileShares holds a saved model's m and u to shares: a value
// outside [0, 1] is an error naming the field and level; zeros are
// accepted and weigh finitely (levelWeight).
func TestModelFileShares(t *testing.T) {
	t.Parallel()
	good := func() Model {
		var m Model
		m.Lambda = 0.001
		for f := Field(0); f < numFields; f++ {
			m.M[f], m.U[f] = make([]float64, f.Levels()), make([]float64, f.Levels())
			for l := 1; l < f.Levels(); l++ {
				m.M[f][l], m.U[f][l] = 0.5, 0.25
			}
		}
		return m
	}
	cases := []struct {
		name    string
		spoil   func(m *Model)
		wantErr string
	}{
		{name: "good", spoil: func(*Model) {}},
		{name: "m and u zero", spoil: func(m *Model) { m.M[FieldPhone][Close], m.U[FieldPhone][Close] = 0, 0 }},
		{name: "u zero", spoil: func(m *Model) { m.U[FieldEmail][Equal] = 0 }},
		{name: "u negative", spoil: func(m *Model) { m.U[FieldEmail][Equal] = -0.1 }, wantErr: "field email level 1: m 0.5 and u -0.1"},
		{name: "m above one", spoil: func(m *Model) { m.M[FieldBirth][BirthTypo] = 2 }, wantErr: "field birth_date level 3: m 2 and u 0.25"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			m := good()
			c.spoil(&m)
			got, _, err := modelFromFile(&modelFile{Format: modelFormat, Model: m}, "--model x.json")
			if c.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), c.wantErr) {
					t.Fatalf("error %v, want one with %q", err, c.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			for p := range BuiltinPatterns {
				if w := got.Weight(Pattern(p).Vector()); math.IsNaN(w) || math.IsInf(w, 0) {
					t.Fatalf("Weight(%v) = %v", Pattern(p).Vector(), w)
				}
			}
		})
	}
}
