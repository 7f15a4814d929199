package dedupe

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/namepipe/namepipe/report"
)

// Terms are a pair's match weight taken apart: the prior (two random rows
// match), each field's level weight log2(m/u) (0 when the field is
// missing on a side) and each field's term-frequency adjustment (how much
// rarer or commoner than average the agreeing value is; for the name, its
// words). They add up to the pair's match weight (Sum).
type Terms struct {
	Prior float64
	Level [maxFields]float64
	TF    [numFields]float64
	// fields is the number of fields of Level in use.
	fields Field
}

// Sum is the match weight the terms make.
func (t *Terms) Sum() float64 {
	w := t.Prior
	for f := Field(0); f < maxFields; f++ {
		w += t.Level[f]
	}
	for f := Field(0); f < numFields; f++ {
		w += t.TF[f]
	}
	return w
}

// Terms returns the terms of pair p under model m.
func (m *Model) Terms(p *Pair) Terms {
	t := Terms{Prior: math.Log2(m.Lambda / (1 - m.Lambda)), fields: m.fields()}
	v := p.Pattern.Vector()
	for f := Field(0); f < maxFields; f++ {
		if l := v[f]; f.weighs(l) && m.M[f] != nil && !m.impliedByName(f, &v) {
			t.Level[f] = levelWeight(m.M[f][l], m.U[f][l])
		}
	}
	for f := Field(0); f < numFields; f++ {
		t.TF[f] = float64(p.TF[f])
	}
	return t
}

// TermNames are the names of the pairs file's term columns of the
// built-in fields, in the order of TermValues: w_prior, w_<field> per
// field, w_tf_<field> per field (Model.TermNames adds the extra fields).
func TermNames() []string { return (&Model{}).TermNames() }

// TermNames are the names of the pairs file's term columns, in the order
// of TermValues: w_prior, w_<field> per built-in field, w_tf_<field> per
// built-in field, then w_<column> per extra comparison.
func (m *Model) TermNames() []string {
	out := []string{"w_prior"}
	for f := Field(0); f < numFields; f++ {
		out = append(out, "w_"+f.String())
	}
	for f := Field(0); f < numFields; f++ {
		out = append(out, "w_tf_"+f.String())
	}
	for f := numFields; f < m.fields(); f++ {
		out = append(out, "w_"+m.FieldName(f))
	}
	return out
}

// TermValues returns the terms in the order of TermNames.
func (t *Terms) TermValues() []float64 {
	out := []float64{t.Prior}
	out = append(out, t.Level[:numFields]...)
	out = append(out, t.TF[:]...)
	return append(out, t.Level[numFields:max(t.fields, numFields)]...)
}

// WriteTerms writes the terms of pair p of rows named idA and idB, one
// per line: the prior, then each field with its level and weight, its
// term-frequency adjustment when there is one, then the sum (the match
// weight) and the probability.
func (m *Model) WriteTerms(w io.Writer, idA, idB string, p *Pair) error {
	t := m.Terms(p)
	v := p.Pattern.Vector()
	var b strings.Builder
	fmt.Fprintf(&b, "pair %s, %s\n", idA, idB)
	fmt.Fprintf(&b, "  %-30s %+8.3f\n", "prior", t.Prior)
	for f := Field(0); f < m.fields(); f++ {
		fmt.Fprintf(&b, "  %-30s %+8.3f\n", m.FieldName(f)+"="+m.LevelName(f, v[f]), t.Level[f])
		if f < numFields && t.TF[f] != 0 {
			fmt.Fprintf(&b, "  %-30s %+8.3f\n", f.String()+" term frequency", t.TF[f])
		}
	}
	fmt.Fprintf(&b, "  %-30s %+8.3f  (probability %.4f)\n", "= match weight", t.Sum(), probability(t.Sum()))
	_, err := io.WriteString(w, b.String())
	return err
}

// TermList returns the terms of pair p as labelled values, in
// WriteTerms' order (the prior, then per field its level's weight and its
// term-frequency adjustment), leaving out fields missing on a side and
// adjustments of 0: they add up to p's match weight.
func (m *Model) TermList(p *Pair) []report.Term {
	t := m.Terms(p)
	v := p.Pattern.Vector()
	out := []report.Term{{Label: "prior", Value: t.Prior}}
	for f := Field(0); f < m.fields(); f++ {
		if v[f] != Missing {
			out = append(out, report.Term{Label: m.FieldName(f) + "=" + m.LevelName(f, v[f]), Value: t.Level[f]})
		}
		if f < numFields && t.TF[f] != 0 {
			out = append(out, report.Term{Label: m.FieldName(f) + " term frequency", Value: t.TF[f]})
		}
	}
	return out
}

// LevelWeights returns m, u and the weight of every level of every field
// (missing left out), for the report's chart.
func (m *Model) LevelWeights() []report.LevelWeight {
	var out []report.LevelWeight
	for f := Field(0); f < m.fields(); f++ {
		if m.M[f] == nil || m.U[f] == nil {
			continue
		}
		for l := Level(1); int(l) < f.Levels(); l++ {
			lw := report.LevelWeight{Field: m.FieldName(f), Level: m.LevelName(f, l), Neutral: !f.weighs(l)}
			if !lw.Neutral {
				lw.M, lw.U = m.M[f][l], m.U[f][l]
				lw.Weight = levelWeight(lw.M, lw.U)
			}
			out = append(out, lw)
		}
	}
	return out
}

// PriorWeight is the weight of two random rows (log2 odds of a match).
func (m *Model) PriorWeight() float64 { return math.Log2(m.Lambda / (1 - m.Lambda)) }

// Bounds of the match-weight histogram (WeightHistogram): bins of one
// bit from weightLo to weightHi, the ends open.
const (
	weightLo = -16
	weightHi = 32
)

// weightBin is the bin of the histogram of weights w falls in.
func weightBin(w float64) int {
	return min(max(int(math.Floor(w))-weightLo, 0), weightHi-weightLo-1)
}

// WeightHistogram returns the match weights of every scored pair (the
// compared pairs that agree on some field), in bins of one bit; the
// first and last bins hold everything below and above them.
func (r *Result) WeightHistogram() []report.WeightBin {
	out := make([]report.WeightBin, 0, weightHi-weightLo)
	for i, n := range r.weightCounts {
		lo := float64(weightLo + i)
		out = append(out, report.WeightBin{From: lo, To: lo + 1, Count: n})
	}
	// Trim empty bins at the ends, keeping a few around the data.
	first, last := 0, len(out)-1
	for first < last && out[first].Count == 0 {
		first++
	}
	for last > first && out[last].Count == 0 {
		last--
	}
	return out[max(0, first-1):min(len(out), last+2)]
}

// ExplainPair is one pair asked for with --explain-pair: two row IDs
// (dedupe.idColumn's, else 1-based row numbers; in linking mode B names
// a reference row).
type ExplainPair struct{ A, B string }

// ParseExplainPair parses "ID1,ID2".
func ParseExplainPair(s string) (ExplainPair, error) {
	a, b, ok := strings.Cut(s, ",")
	a, b = strings.TrimSpace(a), strings.TrimSpace(b)
	if !ok || a == "" || b == "" || strings.Contains(b, ",") {
		return ExplainPair{}, fmt.Errorf("--explain-pair %q: want two row IDs separated by a comma (ID1,ID2)", s)
	}
	return ExplainPair{A: a, B: b}, nil
}

// Explained is an asked pair compared and scored.
type Explained struct {
	Ask  ExplainPair
	Pair Pair
}

// explainPairs compares and scores the asked pairs (the store still
// open, the model learned): each pair as the compare and score steps
// would, whether or not a block brought the two rows together.
func explainPairs(ctx context.Context, o Options, store *featStore, x *extracted, names *nameComparer, weights []float64, tf *termFreq, nIn int32) ([]Explained, error) {
	var out []Explained
	for _, ask := range o.ExplainPairs {
		a, err := findRow(x.ids, ask.A, 0, nIn, o.InputName)
		if err != nil {
			return nil, err
		}
		lo, hi, file := int32(0), nIn, o.InputName
		if o.Reference != nil {
			lo, hi, file = nIn, int32(store.rows()), o.ReferenceName
		}
		b, err := findRow(x.ids, ask.B, lo, hi, file)
		if err != nil {
			return nil, err
		}
		var fa, fb Features
		buf, ka, err := store.load(a, nil, &fa, nil)
		if err != nil {
			return nil, err
		}
		_, kb, err := store.load(b, buf, &fb, nil)
		if err != nil {
			return nil, err
		}
		v := compareRows(ctx, names, &fa, &fb)
		c, _ := newCand(a, b, v.Pattern(), ka, kb, &fa, &fb, x.shares, blockKey{}, 0)
		p := Pair{A: a, B: b, Pattern: c.p, Weight: weights[c.p]}
		for f, adj := range c.adjustFields(tf) {
			p.Weight += adj
			p.TF[f] = float32(adj)
		}
		p.Score = probability(p.Weight)
		if o.Reference != nil {
			p.B -= nIn
		}
		out = append(out, Explained{Ask: ask, Pair: p})
	}
	return out, nil
}

// findRow returns the row of [lo, hi) whose ID (or 1-based row number,
// without IDs) is id.
func findRow(ids *rowIDs, id string, lo, hi int32, file string) (int32, error) {
	if ids == nil {
		n, err := strconv.ParseInt(id, 10, 32)
		if err != nil || n < 1 || n > int64(hi-lo) {
			return 0, fmt.Errorf("--explain-pair: %s has no row %q (rows are numbered 1 to %d; set dedupe.idColumn to use the rows' own IDs)", file, id, hi-lo)
		}
		return lo + int32(n) - 1, nil
	}
	for i := lo; i < hi; i++ {
		if ids.id(i) == id {
			return i, nil
		}
	}
	return 0, fmt.Errorf("--explain-pair: %s has no row with %s %q", file, ids.column, id)
}

// learnWarnings returns the warnings the u sample gives: random pairs of
// rows that agree on every field they have (one value everywhere, such
// as rows copied many times) leave nothing to tell a match from a
// non-match by, and the weights cannot be learned.
func learnWarnings(u [maxFields][]float64, sample, nIn int, link bool, extra []Comparison) []string {
	if sample == 0 {
		if nIn < 2 && !link {
			return nil
		}
		return []string{"no random pairs to learn u from: the file has too few rows to learn weights (add rows, or use --reference against a larger file)"}
	}
	var alike []string
	for f := Field(0); f < maxFields; f++ {
		if u[f] == nil || !hasData(u[f]) {
			continue // no random pair had the field on both sides
		}
		if d := u[f][f.different()]; d >= 0.5 {
			return nil // a field that tells rows apart
		}
		alike = append(alike, fmt.Sprintf("%s (%.0f%% not different)", (&Model{Extra: namesOf(extra)}).FieldName(f), 100*(1-u[f][f.different()])))
	}
	if len(alike) == 0 {
		return nil
	}
	return []string{fmt.Sprintf("the weights cannot be learned: most random pairs of rows agree on every field they have: %s. "+
		"Rows that are copies of one value everywhere give no clusters: remove exact copies first (they are duplicates by definition), "+
		"or check that the person mapping points at the right columns", strings.Join(alike, ", "))}
}

// hasData reports whether u (one field's u) came from any pair that had
// the field: EstimateU gives a field no pair had its prior alone, equal
// at every level.
func hasData(u []float64) bool {
	for l := 2; l < len(u); l++ {
		if u[l] != u[1] {
			return true
		}
	}
	return false
}

// minPairs is the number of compared pairs below which the model is
// mostly its prior m shares.
const minPairs = 100

// fewPairsWarning warns when too few pairs were compared to learn m.
func fewPairsWarning(compared int64, rows int) string {
	if compared >= minPairs || rows < 2 {
		return ""
	}
	return fmt.Sprintf("only %d pairs were compared (%d rows): too few to learn the weights from, which stay close to their defaults; "+
		"scores are rough. Run on the whole file, or on more rows", compared, rows)
}

// ShownPair is a kept pair as a review shows it: the rows' IDs (as in
// np_match_row) and names, the score, whether it was linked and the
// comparison (Reason).
type ShownPair struct {
	A, NameA, B, NameB string
	Score              float64
	Linked             bool
	Reason             string
	// Terms are its match weight's terms (TermList).
	Terms []report.Term
}

// Borderline returns at most n kept pairs scored within band of the
// threshold, closest first (then by ID), for a review.
func (r *Result) Borderline(threshold, band float64, n int) []ShownPair {
	var near []int
	for i := range r.Pairs {
		if math.Abs(r.Pairs[i].Score-threshold) <= band {
			near = append(near, i)
		}
	}
	slices.SortFunc(near, func(i, j int) int {
		a, b := &r.Pairs[i], &r.Pairs[j]
		if c := cmp.Compare(math.Abs(a.Score-threshold), math.Abs(b.Score-threshold)); c != 0 {
			return c
		}
		if c := r.compareIDs(a.A, b.A); c != 0 {
			return c
		}
		return cmp.Compare(a.B, b.B)
	})
	out := make([]ShownPair, 0, min(n, len(near)))
	nIn := int32(r.NumRows())
	for _, i := range near[:min(n, len(near))] {
		p := &r.Pairs[i]
		b := p.B
		if r.Summary.ReferenceRows > 0 {
			b += nIn
		}
		out = append(out, ShownPair{A: r.idText(p.A, false), NameA: r.names.name(p.A), B: r.idText(p.B, true), NameB: r.names.name(b),
			Score: p.Score, Linked: p.Linked, Reason: r.Model.Reason(p.Pattern), Terms: r.Model.TermList(p)})
	}
	return out
}
