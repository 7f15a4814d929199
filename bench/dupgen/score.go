package main

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"sort"
	"strconv"
	"text/tabwriter"
)

// scored is one output row: its truth and the cluster dedupe gave it
// (-1 for none).
type scored struct {
	entity  int
	kind    string
	cluster int64
}

// readScored reads a dedupe output with entity, kind and np_cluster_id.
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
	for _, need := range []string{"entity", "kind", "np_cluster_id"} {
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
		e, err := strconv.Atoi(rec[col["entity"]])
		if err != nil {
			return nil, fmt.Errorf("entity %q: %w", rec[col["entity"]], err)
		}
		c := int64(-1)
		if s := rec[col["np_cluster_id"]]; s != "" {
			if c, err = strconv.ParseInt(s, 10, 64); err != nil {
				return nil, fmt.Errorf("np_cluster_id %q: %w", s, err)
			}
		}
		out = append(out, scored{entity: e, kind: rec[col["kind"]], cluster: c})
	}
}

// metrics are pairwise counts: a pair is two rows of one entity (true) or
// one cluster (predicted).
type metrics struct {
	truePairs, predicted, correct int64
}

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

// evaluate returns the pairwise metrics overall ("all") and per kind of
// corruption: a pair counts for the kinds of its duplicates (a pair of two
// originals, a false match, counts for "original").
func evaluate(rows []scored) map[string]*metrics {
	out := map[string]*metrics{"all": {}}
	get := func(k string) *metrics {
		if out[k] == nil {
			out[k] = &metrics{}
		}
		return out[k]
	}
	kindsOf := func(a, b scored) []string {
		var ks []string
		for _, k := range []string{a.kind, b.kind} {
			if k != "original" && !contains(ks, k) {
				ks = append(ks, k)
			}
		}
		if len(ks) == 0 {
			ks = []string{"original"}
		}
		return ks
	}
	byEntity := map[int][]int{}
	byCluster := map[int64][]int{}
	for i, r := range rows {
		byEntity[r.entity] = append(byEntity[r.entity], i)
		if r.cluster >= 0 {
			byCluster[r.cluster] = append(byCluster[r.cluster], i)
		}
	}
	for _, members := range byEntity {
		for i := range members {
			for j := i + 1; j < len(members); j++ {
				a, b := rows[members[i]], rows[members[j]]
				out["all"].truePairs++
				for _, k := range kindsOf(a, b) {
					get(k).truePairs++
				}
				if a.cluster >= 0 && a.cluster == b.cluster {
					out["all"].correct++
					for _, k := range kindsOf(a, b) {
						get(k).correct++
					}
				}
			}
		}
	}
	for _, members := range byCluster {
		for i := range members {
			for j := i + 1; j < len(members); j++ {
				a, b := rows[members[i]], rows[members[j]]
				out["all"].predicted++
				for _, k := range kindsOf(a, b) {
					get(k).predicted++
				}
			}
		}
	}
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// printMetrics prints one line per kind, then the total.
func printMetrics(w io.Writer, m map[string]*metrics) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "kind\ttrue pairs\tpredicted\tcorrect\tprecision\trecall\tF1\t")
	var kinds []string
	for k := range m {
		if k != "all" {
			kinds = append(kinds, k)
		}
	}
	sort.Strings(kinds)
	for _, k := range append(kinds, "all") {
		x := m[k]
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%.4f\t%.4f\t%.4f\t\n", k, x.truePairs, x.predicted, x.correct, x.precision(), x.recall(), x.f1())
	}
	tw.Flush()
}
