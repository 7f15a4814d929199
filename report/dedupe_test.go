package report

import (
	"fmt"
	"math"
	"strings"
	"testing"
)

func TestClusterCollector(t *testing.T) {
	t.Parallel()
	var cc ClusterCollector
	cc.AddRows(10_000)
	sizes := []int64{1, 2, 2, 3, 4, 5, 6, 10, 11, 100, 101, 5000}
	for i, n := range sizes {
		rows := make([]int64, n)
		for j := range rows {
			rows[j] = int64(i*10_000 + j + 1)
		}
		cc.AddCluster(fmt.Sprint("c", i), n, fmt.Sprint("Person ", i), rows)
	}
	for i := range 100 {
		cc.AddCluster(fmt.Sprint("small", i), 2, "", []int64{1, 2})
	}
	c := cc.Clusters()
	if c.Rows != 10_000 || c.Clusters != 111 {
		t.Errorf("rows %d, clusters %d", c.Rows, c.Clusters)
	}
	var dups int64
	for _, n := range sizes[1:] {
		dups += n - 1
	}
	if c.Duplicates != dups+100 {
		t.Errorf("duplicates %d, want %d", c.Duplicates, dups+100)
	}
	if want := [len(SizeRanges)]int64{102, 1, 2, 2, 2, 2}; c.BySize != want {
		t.Errorf("by size %v, want %v", c.BySize, want)
	}
	if len(c.Largest) != LargestClusters {
		t.Fatalf("%d largest", len(c.Largest))
	}
	if l := c.Largest[0]; l.Size != 5000 || l.ID != "c11" || len(l.Rows) != RowsPerCluster || l.Rows[0] != 110_001 {
		t.Errorf("largest %+v", l)
	}
	for i := 1; i < len(c.Largest); i++ {
		if c.Largest[i].Size > c.Largest[i-1].Size {
			t.Errorf("largest not in order: %v then %v", c.Largest[i-1].Size, c.Largest[i].Size)
		}
	}
	c.Threshold = 0.9
	c.Borderline = []PairSample{{A: "C-17", NameA: "Anna Berger", B: "C-90", NameB: "Anna Bergér", Score: 0.8812, Reason: "name=similar email=equal"}}
	page := render(t, &Report{Totals: Totals{RowsIn: 10_000}, Dedupe: c})
	for _, want := range []string{`id="h-dedupe"`, "more than 100 rows", "Person 11", "110,001, 110,002",
		"Borderline pairs", "(0.90)", "<bdi>C-17</bdi>", "Anna Bergér", "0.8812", "<td>no</td>", "name=similar email=equal"} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	for _, bad := range []string{"Match weights", "Weights of the model", "Why the borderline"} {
		if strings.Contains(page, bad) {
			t.Errorf("page has %q without a model", bad)
		}
	}
	// With the model: the histogram with its threshold, the level chart,
	// a waterfall whose last step is the sum of the others.
	c.ThresholdWeight, c.PriorWeight = math.Log2(0.9/0.1), -9.5
	c.Weights = []WeightBin{{-2, -1, 40}, {-1, 0, 10}, {0, 1, 0}, {1, 2, 3}, {2, 3, 2}, {3, 4, 9}, {4, 5, 30}}
	c.Levels = []LevelWeight{{Field: "name", Level: "equal", M: 0.6, U: 0.001, Weight: math.Log2(600)}, {Field: "name", Level: "different", M: 0.1, U: 0.9, Weight: math.Log2(0.1 / 0.9)},
		{Field: "email", Level: "name_other_domain", Neutral: true}}
	c.Borderline[0].Terms = []Term{{"prior", -9.5}, {"name=similar", 7.25}, {"email=equal", 5.5}, {"name term frequency", -0.25}}
	page = render(t, &Report{Totals: Totals{RowsIn: 10_000}, Dedupe: c})
	for _, want := range []string{"Match weights", "94 pairs", "threshold 0.90 (weight 3.17)", "Weights of the model", "Prior (two random rows): −9.5",
		"name=equal: m 0.6, u 0.001, weight +9.23", "name=different: m 0.1, u 0.9, weight -3.17", "0 (neutral)",
		"Why the borderline pairs", "name=similar: +7.25", "= match weight: +3.00 (0.8812)"} {
		if want = strings.ReplaceAll(want, "+", "&#43;"); !strings.Contains(page, want) {
			t.Errorf("page lacks %q", want)
		}
	}
}
