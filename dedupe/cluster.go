package dedupe

import (
	"cmp"
	"fmt"
	"slices"
)

// Edge is a scored pair of rows (indexes into one row space).
type Edge struct {
	A, B int32
	P    float64
}

// Clusters groups n rows by the edges at or above the threshold
// (connected components), with three guards against chaining: a cluster
// never grows past maxSize rows; two clusters of two or more rows join
// only when at least half the rows of the smaller one have a link to the
// other; and two clusters join only when the links between them are at
// least one for every pairRowsPerLink row pairs the join would make (a
// row joins a cluster of up to 20 rows through one link, one of 21 to 40
// needs two: a lone bridge between two persons' clusters does not make
// their sizes' product of false pairs). Edges are taken strongest first;
// an edge with P above 1 (a previous run's cluster) is exempt from the
// third guard. It returns each row's cluster root (the smallest row of
// its cluster) and how many joins the guards refused.
func Clusters(n int, edges []Edge, maxSize int) (root []int32, refused int) {
	return clusters(n, edges, maxSize, nil)
}

// clusters is Clusters with equally strong edges taken in the ID order
// of their rows (in row order when ids is nil). The union-find holds only
// the rows of the edges (numbered in row order, so that the smaller
// local number is the smaller row), not every row.
func clusters(n int, edges []Edge, maxSize int, ids *rowIDs) (root []int32, refused int) {
	rows := make([]int32, 0, 2*len(edges))
	for _, e := range edges {
		rows = append(rows, e.A, e.B)
	}
	slices.Sort(rows)
	rows = slices.Clip(slices.Compact(rows))
	local := func(r int32) int32 {
		i, _ := slices.BinarySearch(rows, r)
		return int32(i)
	}
	sorted := make([]Edge, len(edges))
	for i, e := range edges {
		sorted[i] = Edge{A: local(e.A), B: local(e.B), P: e.P}
	}
	m := len(rows)
	parent := make([]int32, m)
	size := make([]int32, m)
	next := make([]int32, m) // circular member lists
	for i := range parent {
		parent[i], size[i], next[i] = int32(i), 1, int32(i)
	}
	find := func(x int32) int32 {
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	// adjacency of the strong edges
	deg := make([]int32, m+1)
	for _, e := range sorted {
		deg[e.A+1]++
		deg[e.B+1]++
	}
	for i := 1; i <= m; i++ {
		deg[i] += deg[i-1]
	}
	adj := make([]int32, len(sorted)*2)
	fill := slices.Clone(deg[:m])
	for _, e := range sorted {
		adj[fill[e.A]] = e.B
		fill[e.A]++
		adj[fill[e.B]] = e.A
		fill[e.B]++
	}
	fill = nil
	slices.SortFunc(sorted, func(x, y Edge) int {
		if c := cmp.Compare(y.P, x.P); c != 0 {
			return c
		}
		if ids != nil {
			xa, xb := orderedRanks(ids, Edge{A: rows[x.A], B: rows[x.B]})
			ya, yb := orderedRanks(ids, Edge{A: rows[y.A], B: rows[y.B]})
			if c := cmp.Compare(xa, ya); c != 0 {
				return c
			}
			return cmp.Compare(xb, yb)
		}
		if c := cmp.Compare(x.A, y.A); c != 0 {
			return c
		}
		return cmp.Compare(x.B, y.B)
	})
	for _, e := range sorted {
		ra, rb := find(e.A), find(e.B)
		if ra == rb {
			continue
		}
		sa, sb := size[ra], size[rb]
		if int(sa+sb) > maxSize {
			refused++
			continue
		}
		// dense: the join would make more row pairs than one link
		// vouches for, so its links are counted.
		total := int64(0)
		dense := e.P <= 1 && int64(sa)*int64(sb) > pairRowsPerLink
		if sa > 1 && sb > 1 || dense {
			small, other := ra, rb
			if sb < sa {
				small, other = rb, ra
			}
			linked, links := int32(0), int64(0)
			for m := small; ; {
				for _, x := range adj[deg[m]:deg[m+1]] {
					if find(x) != other {
						continue
					}
					if links++; !dense {
						break
					}
				}
				if links > 0 {
					linked++
				}
				total += links
				links = 0
				if m = next[m]; m == small {
					break
				}
			}
			if linked*2 < min(sa, sb) || dense && total*pairRowsPerLink < int64(sa)*int64(sb) {
				refused++
				continue
			}
		}
		// union: the smaller root index becomes the root
		if rb < ra {
			ra, rb = rb, ra
		}
		parent[rb] = ra
		size[ra] += size[rb]
		next[ra], next[rb] = next[rb], next[ra]
	}
	root = make([]int32, n)
	for i := range root {
		root[i] = int32(i)
	}
	for j, r := range rows {
		root[r] = rows[find(int32(j))]
	}
	return root, refused
}

// pairRowsPerLink is how many row pairs one link between two clusters
// vouches for when they join (Clusters' third guard). Measured on
// bench/febrlgen's historical persons (up to 20 rows a person) at 50k
// and 100k rows: 12 refuses too many true joins of typo'd rows, 24 lets
// too many single bridges through (bench/README.md, tenth session).
const pairRowsPerLink = 20

// orderedRanks returns the ID ranks of e's rows, the smaller first.
func orderedRanks(ids *rowIDs, e Edge) (int32, int32) {
	a, b := ids.rank[e.A], ids.rank[e.B]
	return min(a, b), max(a, b)
}

// rootOf is the cluster root of row b (a reference row in linking mode,
// which is its own root).
func rootOf(root []int32, b int32, nIn int, link bool) int32 {
	if link {
		return b
	}
	return root[b]
}

// linkClusters links each input row to its best reference row at or
// above the threshold (before the pairs' reference rows are numbered
// from 0): the root of an input row is that reference row's index in
// the row space, or -1.
func linkClusters(res *Result, nIn int, threshold float64) []int32 {
	root := make([]int32, nIn)
	rules := res.Model.LinkRules()
	for i := range root {
		root[i] = -1
		if m := res.rows.match[i]; m >= 0 && res.rows.score[i] >= threshold && rules.Links(res.rows.pattern[i]) {
			root[i] = m
		}
	}
	return root
}

// clusterSizes counts clusters by size ("2", "3", …, "10+"), each
// cluster once by its ID row (a bit per row, not a map of the clusters).
func clusterSizes(rows *rowResults) map[string]int64 {
	out := map[string]int64{}
	top := int32(-1)
	for _, c := range rows.cluster {
		top = max(top, c)
	}
	seen := make([]uint64, top/64+1)
	for i, c := range rows.cluster {
		if c < 0 || seen[c/64]&(1<<(c%64)) != 0 {
			continue
		}
		seen[c/64] |= 1 << (c % 64)
		size := rows.size[i]
		k := fmt.Sprint(size)
		if size >= 10 {
			k = "10+"
		}
		out[k]++
	}
	return out
}
