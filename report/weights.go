package report

import (
	"fmt"
	"math"
	"strconv"
)

// The model charts of the de-duplication section, for a review: the
// match weights of the compared pairs with the threshold marked, the m,
// u and weight of every level of every field (as Splink draws them), and
// a waterfall per listed pair (prior + terms = weight). The caller (job)
// fills the plain values below from dedupe's result; the report imports
// nothing of dedupe.

// WeightBin counts compared pairs whose match weight is in [From, To).
type WeightBin struct {
	From, To float64
	Count    int64
}

// LevelWeight is one level of one compared field as the model learned
// it: m (the share of matches at the level), u (of non-matches) and the
// weight log2(m/u) a pair at that level adds. Neutral levels weigh
// nothing.
type LevelWeight struct {
	Field, Level string
	M, U, Weight float64
	Neutral      bool
}

// Term is one term of a pair's match weight: the prior, a field's level
// weight or a term-frequency adjustment.
type Term struct {
	Label string
	Value float64
}

// weightHist is the histogram of match weights as drawn.
type weightHist struct {
	Bins      []histBin
	Ticks     []tick
	Total     int64
	Threshold *marker
}

// marker is a vertical line at X with a label.
type marker struct {
	X, TX  float64
	Y2     float64
	Label  string
	Anchor string
}

func (c *Clusters) weightHist() *weightHist {
	if len(c.Weights) == 0 {
		return nil
	}
	h := &weightHist{}
	var most int64
	for _, b := range c.Weights {
		most = max(most, b.Count)
		h.Total += b.Count
	}
	if h.Total == 0 {
		return nil
	}
	lo, hi := c.Weights[0].From, c.Weights[len(c.Weights)-1].To
	xOf := func(w float64) float64 { return histW * (w - lo) / (hi - lo) }
	bw := histW / float64(len(c.Weights))
	for i, b := range c.Weights {
		ht := 0.0
		if b.Count > 0 {
			ht = math.Max(1, (histBottom-histTop)*float64(b.Count)/float64(most))
		}
		x := float64(i) * bw
		h.Bins = append(h.Bins, histBin{X: x + 0.5, W: bw - 1, Y: histBottom - ht, H: ht, Count: b.Count,
			Label: num(b.From) + " to " + num(b.To)})
		if i%4 == 0 {
			h.Ticks = append(h.Ticks, tick{X: x, Label: num(b.From), Anchor: "middle"})
		}
	}
	if len(h.Ticks) > 0 {
		h.Ticks[0].Anchor = "start"
	}
	if t := c.ThresholdWeight; c.Threshold > 0 && t >= lo && t <= hi {
		m := &marker{X: xOf(t), TX: xOf(t) + 4, Label: fmt.Sprintf("threshold %.2f (weight %.2f)", c.Threshold, t), Anchor: "start"}
		if m.X > histW*0.6 {
			m.TX, m.Anchor = m.X-4, "end"
		}
		h.Threshold = m
	}
	return h
}

// levelChart is the m/u chart: a row per level, its weight drawn as a
// bar left (against) or right (for) of zero.
type levelChart struct {
	Rows   []levelRow
	Height float64
	ZeroX  float64
	Prior  string
}

type levelRow struct {
	LevelWeight
	Y, TY      float64
	X, W       float64
	Class      string
	First      bool // the field's first level: its name is drawn
	MText      string
	UText      string
	WeightText string
}

// Geometry of the level chart (viewBox units).
const (
	lcW, lcLabel, lcRow = 600.0, 230.0, 18.0
)

func (c *Clusters) levelChart() *levelChart {
	if len(c.Levels) == 0 {
		return nil
	}
	most := 1.0
	for _, l := range c.Levels {
		most = math.Max(most, math.Abs(l.Weight))
	}
	half := (lcW - lcLabel - 60) / 2
	lc := &levelChart{ZeroX: lcLabel + half, Prior: num(c.PriorWeight)}
	y := 4.0
	field := ""
	for _, l := range c.Levels {
		r := levelRow{LevelWeight: l, First: l.Field != field, MText: prob(l.M), UText: prob(l.U), WeightText: signed(l.Weight)}
		if r.First && field != "" {
			y += 6
		}
		field = l.Field
		r.Y, r.TY = y, y+lcRow/2+4
		w := half * math.Abs(l.Weight) / most
		switch {
		case l.Neutral:
			r.Class, r.WeightText = "neutral", "0 (neutral)"
		case l.Weight >= 0:
			r.X, r.W, r.Class = lc.ZeroX, w, "pos"
		default:
			r.X, r.W, r.Class = lc.ZeroX-w, w, "neg"
		}
		lc.Rows = append(lc.Rows, r)
		y += lcRow
	}
	lc.Height = y + 4
	return lc
}

// Waterfalls is the number of borderline pairs (the closest to the
// threshold) drawn as waterfalls.
const Waterfalls = 10

// waterfall is one pair's weight drawn as steps: each term moves the
// running sum from its start to its end; the last bar is the sum.
type waterfall struct {
	Pair   PairSample
	Steps  []step
	Height float64
	ZeroX  float64
	Thresh *marker
}

type step struct {
	Label, Value string
	Y, TY, X, W  float64
	Class        string
}

func (c *Clusters) waterfalls() []waterfall {
	var out []waterfall
	for _, p := range c.Borderline {
		if len(p.Terms) == 0 || len(out) == Waterfalls {
			continue
		}
		lo, hi, run := 0.0, 0.0, 0.0
		for _, t := range p.Terms {
			run += t.Value
			lo, hi = math.Min(lo, run), math.Max(hi, run)
		}
		lo, hi = math.Min(lo, c.ThresholdWeight), math.Max(hi, c.ThresholdWeight)
		span := math.Max(hi-lo, 1)
		const x0, w = lcLabel, lcW - lcLabel - 60
		xOf := func(v float64) float64 { return x0 + w*(v-lo)/span }
		wf := waterfall{Pair: p, ZeroX: xOf(0)}
		y, run := 4.0, 0.0
		for _, t := range p.Terms {
			a, b := xOf(run), xOf(run+t.Value)
			s := step{Label: t.Label, Value: signed(t.Value), Y: y, TY: y + lcRow/2 + 4, X: math.Min(a, b), W: math.Max(math.Abs(b-a), 1), Class: "pos"}
			if t.Value < 0 {
				s.Class = "neg"
			}
			wf.Steps = append(wf.Steps, s)
			run += t.Value
			y += lcRow
		}
		a, b := xOf(0), xOf(run)
		wf.Steps = append(wf.Steps, step{Label: "= match weight", Value: fmt.Sprintf("%s (%.4f)", signed(run), p.Score), Y: y, TY: y + lcRow/2 + 4,
			X: math.Min(a, b), W: math.Max(math.Abs(b-a), 1), Class: "sum"})
		y += lcRow
		wf.Height = y + 4
		tx := xOf(c.ThresholdWeight)
		wf.Thresh = &marker{X: tx, Y2: wf.Height, Label: "threshold"}
		out = append(out, wf)
	}
	return out
}

func signed(x float64) string { return fmt.Sprintf("%+.2f", x) }

// prob formats a share with 3 significant digits.
func prob(x float64) string { return strconv.FormatFloat(x, 'g', 3, 64) }
