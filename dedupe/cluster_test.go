package dedupe

import "testing"

// clique is the edges of a complete graph on rows from..to-1 at p.
func clique(from, to int32, p float64) []Edge {
	var out []Edge
	for a := from; a < to; a++ {
		for b := a + 1; b < to; b++ {
			out = append(out, Edge{a, b, p})
		}
	}
	return out
}

// TestClustersLinkDensity: two clusters join only with one link for every
// pairRowsPerLink row pairs the join would make (Clusters' third guard).
func TestClustersLinkDensity(t *testing.T) {
	t.Parallel()
	var chain []Edge
	for i := range int32(11) {
		chain = append(chain, Edge{i, i + 1, 0.97})
	}
	var star []Edge // a previous run's cluster of 30 rows (incremental.go)
	for i := int32(1); i < 30; i++ {
		star = append(star, Edge{0, i, 2})
	}
	two5 := append(clique(0, 5, 0.99), clique(5, 10, 0.99)...)
	tests := []struct {
		name  string
		n     int
		edges []Edge
		// together: rows that must share a cluster; apart: a row that
		// must not be in row 0's cluster (-1: none).
		together []int32
		apart    int32
	}{
		{"a lone bridge from a row to 21 rows does not join", 22,
			append(clique(0, 21, 0.99), Edge{0, 21, 0.95}), []int32{0, 20}, 21},
		{"a row with two links to 21 rows joins", 22,
			append(clique(0, 21, 0.99), Edge{0, 21, 0.95}, Edge{5, 21, 0.93}), []int32{0, 20, 21}, -1},
		{"a row joins 20 rows through one link", 21,
			append(clique(0, 20, 0.99), Edge{3, 20, 0.95}), []int32{0, 19, 20}, -1},
		{"a chain of 12 rows joins link by link", 12, chain, []int32{0, 5, 11}, -1},
		{"two clusters of 5 through one link stay apart", 10,
			append(two5, Edge{0, 5, 0.95}), []int32{0, 4}, 5},
		{"two clusters of 5 through three links from three rows join", 10,
			append(two5, Edge{0, 5, 0.95}, Edge{1, 6, 0.95}, Edge{2, 6, 0.95}), []int32{0, 4, 5, 9}, -1},
		{"a previous run's cluster (P 2) is not held to the density", 30, star, []int32{0, 15, 29}, -1},
	}
	for _, tc := range tests {
		root, _ := Clusters(tc.n, tc.edges, 50)
		for _, r := range tc.together {
			if root[r] != root[tc.together[0]] {
				t.Errorf("%s: row %d in cluster %d, row %d in %d", tc.name, r, root[r], tc.together[0], root[tc.together[0]])
			}
		}
		if tc.apart >= 0 && root[tc.apart] == root[0] {
			t.Errorf("%s: row %d joined row 0's cluster", tc.name, tc.apart)
		}
	}
}
