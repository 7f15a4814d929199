package main

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"text/tabwriter"
)

// scored is one output row: its truth and the cluster dedupe gave it
// (-1 for none).
type scored struct {
	truth int
	kind  string
	found int64
}

func readScored(r io.Reader) ([]scored, error) {
	cr := csv.NewReader(r)
	head, err := cr.Read()
	if err != nil {
		return nil, err
	}
	col := map[string]int{}
	for i, h := range head {
		col[h] = i
	}
	for _, need := range []string{"cluster", "kind", "np_cluster_id"} {
		if _, ok := col[need]; !ok {
			return nil, fmt.Errorf("no column %q", need)
		}
	}
	var out []scored
	for {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
		t, err := strconv.Atoi(rec[col["cluster"]])
		if err != nil {
			return nil, fmt.Errorf("cluster %q: %w", rec[col["cluster"]], err)
		}
		c := int64(-1)
		if s := rec[col["np_cluster_id"]]; s != "" {
			if c, err = strconv.ParseInt(s, 10, 64); err != nil {
				return nil, fmt.Errorf("np_cluster_id %q: %w", s, err)
			}
		}
		out = append(out, scored{truth: t, kind: rec[col["kind"]], found: c})
	}
}

// metrics are pairwise counts.
type metrics struct{ truePairs, predicted, correct int64 }

func (m metrics) precision() float64 { return ratio(m.correct, m.predicted) }
func (m metrics) recall() float64    { return ratio(m.correct, m.truePairs) }
func (m metrics) f1() float64 {
	p, r := m.precision(), m.recall()
	if p+r == 0 {
		return 0
	}
	return 2 * p * r / (p + r)
}

func ratio(a, b int64) float64 {
	if b == 0 {
		return 1
	}
	return float64(a) / float64(b)
}

// evaluate returns pairwise metrics overall ("all") and per kind: a pair
// counts for the kinds of its rows other than "original" (a pair of two
// originals, always a false link, counts for "original").
func evaluate(rows []scored) map[string]*metrics {
	out := map[string]*metrics{"all": {}}
	add := func(a, b scored, truth, pred bool) {
		ks := []string{}
		for _, k := range []string{a.kind, b.kind} {
			if k != "original" && !slices.Contains(ks, k) {
				ks = append(ks, k)
			}
		}
		if len(ks) == 0 {
			ks = append(ks, "original")
		}
		for _, k := range append(ks, "all") {
			m := out[k]
			if m == nil {
				m = &metrics{}
				out[k] = m
			}
			if truth {
				m.truePairs++
			}
			if pred {
				m.predicted++
			}
			if truth && pred {
				m.correct++
			}
		}
	}
	byTruth, byFound := map[int][]int{}, map[int64][]int{}
	for i, r := range rows {
		byTruth[r.truth] = append(byTruth[r.truth], i)
		if r.found >= 0 {
			byFound[r.found] = append(byFound[r.found], i)
		}
	}
	for _, ms := range byTruth {
		for i := range ms {
			for j := i + 1; j < len(ms); j++ {
				a, b := rows[ms[i]], rows[ms[j]]
				add(a, b, true, a.found >= 0 && a.found == b.found)
			}
		}
	}
	for _, ms := range byFound {
		for i := range ms {
			for j := i + 1; j < len(ms); j++ {
				if a, b := rows[ms[i]], rows[ms[j]]; a.truth != b.truth {
					add(a, b, false, true)
				}
			}
		}
	}
	return out
}

func printMetrics(w io.Writer, m map[string]*metrics) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "kind\ttrue pairs\tpredicted\tcorrect\tprecision\trecall\tF1\t")
	var kinds []string
	for k := range m {
		if k != "all" {
			kinds = append(kinds, k)
		}
	}
	slices.Sort(kinds)
	for _, k := range append(kinds, "all") {
		x := m[k]
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%.4f\t%.4f\t%.4f\t\n", k, x.truePairs, x.predicted, x.correct, x.precision(), x.recall(), x.f1())
	}
	tw.Flush()
}
