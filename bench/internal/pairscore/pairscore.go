// Package pairscore scores a de-duplication against planted truth, as
// bench/dupgen and bench/heldout report it: pairwise precision, recall and
// F1, overall ("all") and per kind of corruption.
//
// A pair is two rows of one true person (a true pair) or two rows of one
// found cluster (a predicted pair); it counts for the kinds of its rows
// other than "original", and a pair of two originals (always a false
// link) counts for "original".
package pairscore

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"text/tabwriter"
)

// Row is one output row: its true person, its kind of corruption and the
// cluster dedupe gave it (-1 for none).
type Row struct {
	Truth int
	Kind  string
	Found int64
}

// Read reads a dedupe output CSV with the truth column truthCol, "kind"
// and "np_cluster_id" (row numbers, or the rows' own IDs with
// dedupe.idColumn: each distinct ID is one cluster).
func Read(r io.Reader, truthCol string) ([]Row, error) {
	cr := csv.NewReader(r)
	head, err := cr.Read()
	if err != nil {
		return nil, err
	}
	col := map[string]int{}
	for i, h := range head {
		col[h] = i
	}
	for _, need := range []string{truthCol, "kind", "np_cluster_id"} {
		if _, ok := col[need]; !ok {
			return nil, fmt.Errorf("no column %q", need)
		}
	}
	var out []Row
	clusters := map[string]int64{}
	for {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
		t, err := strconv.Atoi(rec[col[truthCol]])
		if err != nil {
			return nil, fmt.Errorf("%s %q: %w", truthCol, rec[col[truthCol]], err)
		}
		c := int64(-1)
		if s := rec[col["np_cluster_id"]]; s != "" {
			var ok bool
			if c, ok = clusters[s]; !ok {
				c = int64(len(clusters))
				clusters[s] = c
			}
		}
		out = append(out, Row{Truth: t, Kind: rec[col["kind"]], Found: c})
	}
}

// Metrics are pairwise counts.
type Metrics struct{ TruePairs, Predicted, Correct int64 }

// Precision is the share of predicted pairs that are true (1 when none
// is predicted).
func (m Metrics) Precision() float64 { return ratio(m.Correct, m.Predicted) }

// Recall is the share of true pairs that are predicted (1 when there is
// none).
func (m Metrics) Recall() float64 { return ratio(m.Correct, m.TruePairs) }

// F1 is the harmonic mean of precision and recall.
func (m Metrics) F1() float64 {
	p, r := m.Precision(), m.Recall()
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

// Evaluate returns the pairwise metrics overall ("all") and per kind.
func Evaluate(rows []Row) map[string]*Metrics {
	out := map[string]*Metrics{"all": {}}
	add := func(a, b Row, truth, pred bool) {
		ks := []string{}
		for _, k := range []string{a.Kind, b.Kind} {
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
				m = &Metrics{}
				out[k] = m
			}
			if truth {
				m.TruePairs++
			}
			if pred {
				m.Predicted++
			}
			if truth && pred {
				m.Correct++
			}
		}
	}
	byTruth, byFound := map[int][]int{}, map[int64][]int{}
	for i, r := range rows {
		byTruth[r.Truth] = append(byTruth[r.Truth], i)
		if r.Found >= 0 {
			byFound[r.Found] = append(byFound[r.Found], i)
		}
	}
	for _, ms := range byTruth {
		for i := range ms {
			for j := i + 1; j < len(ms); j++ {
				a, b := rows[ms[i]], rows[ms[j]]
				add(a, b, true, a.Found >= 0 && a.Found == b.Found)
			}
		}
	}
	for _, ms := range byFound {
		for i := range ms {
			for j := i + 1; j < len(ms); j++ {
				if a, b := rows[ms[i]], rows[ms[j]]; a.Truth != b.Truth {
					add(a, b, false, true)
				}
			}
		}
	}
	return out
}

// Print writes one line per kind, then the total.
func Print(w io.Writer, m map[string]*Metrics) {
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
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%.4f\t%.4f\t%.4f\t\n", k, x.TruePairs, x.Predicted, x.Correct, x.Precision(), x.Recall(), x.F1())
	}
	tw.Flush()
}

// ScoreFile reads the dedupe output at path (see Read) and prints its
// metrics to w.
func ScoreFile(path, truthCol string, w io.Writer) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	rows, err := Read(f, truthCol)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	Print(w, Evaluate(rows))
	return nil
}

// ScoreOrWrite is the main of a generator that can also score: with score
// set, it prints the scores of that dedupe output (truth column truthCol)
// to standard output; otherwise it calls write with out ("-" for standard
// output), a file it creates and closes.
func ScoreOrWrite(score, truthCol, out string, write func(io.Writer) error) error {
	if score != "" {
		return ScoreFile(score, truthCol, os.Stdout)
	}
	if out == "-" {
		return write(os.Stdout)
	}
	f, err := os.Create(out)
	if err != nil {
		return err
	}
	if err := write(f); err != nil {
		_ = f.Close()
		return fmt.Errorf("%s: %w", out, err)
	}
	return f.Close()
}
