package report

import (
	"container/heap"
	"slices"
	"sort"
)

// Clusters is the de-duplication section of a report: how many clusters
// of each size were found, and the largest ones. Fill it with a
// ClusterCollector.
type Clusters struct {
	// Rows is the number of rows compared; Clusters the number of
	// clusters with at least two rows; Duplicates the rows in those
	// clusters beyond the first of each.
	Rows, Clusters, Duplicates int64
	// BySize counts clusters per size range, in SizeRanges order.
	BySize [len(SizeRanges)]int64
	// Largest are the largest clusters, largest first.
	Largest []Cluster
	// Threshold is the match probability that links two rows;
	// Borderline are pairs scored within BorderlineBand of it, closest
	// first (at most BorderlinePairs), for a review.
	Threshold  float64
	Borderline []PairSample
	// Weights is the histogram of the compared pairs' match weights
	// (log2 odds) and ThresholdWeight the weight of Threshold;
	// PriorWeight is the weight of two random rows and Levels the m, u
	// and weight of every level of every field: the model charts.
	Weights         []WeightBin
	ThresholdWeight float64
	PriorWeight     float64
	Levels          []LevelWeight
}

// PairSample is one scored pair of rows shown for a review.
type PairSample struct {
	// IDs and names of the two rows.
	A, NameA, B, NameB string
	// Score is the match probability; Linked whether the rows ended in
	// one cluster; Reason the comparison of each field (field=level).
	Score  float64
	Linked bool
	Reason string
	// Terms are the terms of its match weight, in order (prior first):
	// drawn as a waterfall.
	Terms []Term
}

// Bounds of the borderline pairs.
const (
	BorderlineBand  = 0.1
	BorderlinePairs = 25
)

// Cluster is one cluster of rows that look like the same customer.
type Cluster struct {
	// ID is the cluster's identifier as written in the output.
	ID string
	// Size is the number of rows in the cluster.
	Size int64
	// Label describes the cluster, such as the shared name.
	Label string
	// Rows are the first row numbers (1-based) of the cluster, at most
	// RowsPerCluster.
	Rows []int64
}

// SizeRange is a range of cluster sizes [Min, Max]; Max 0 is open.
type SizeRange struct {
	Min, Max int64
	Label    string
}

// SizeRanges are the cluster size ranges of Clusters.BySize.
var SizeRanges = [...]SizeRange{
	{2, 2, "2"}, {3, 3, "3"}, {4, 5, "4–5"}, {6, 10, "6–10"}, {11, 100, "11–100"}, {101, 0, "more than 100"},
}

// Bounds of a ClusterCollector.
const (
	// LargestClusters is the number of largest clusters kept.
	LargestClusters = 20
	// RowsPerCluster is the number of row numbers kept per cluster.
	RowsPerCluster = 10
)

// ClusterCollector gathers Clusters in bounded memory: counters per size
// range and the LargestClusters largest clusters.
type ClusterCollector struct {
	c Clusters
	h clusterHeap
}

// AddRows counts rows that were compared (in clusters or not).
func (cc *ClusterCollector) AddRows(n int64) { cc.c.Rows += n }

// AddCluster counts one cluster of size rows (a size below 2 is not a
// cluster and is ignored). rows are its first row numbers; only the first
// RowsPerCluster are kept, copied.
func (cc *ClusterCollector) AddCluster(id string, size int64, label string, rows []int64) {
	if size < 2 {
		return
	}
	cc.c.Clusters++
	cc.c.Duplicates += size - 1
	for i, r := range SizeRanges {
		if size >= r.Min && (r.Max == 0 || size <= r.Max) {
			cc.c.BySize[i]++
			break
		}
	}
	if len(cc.h) == LargestClusters && cc.h[0].Size >= size {
		return
	}
	cl := Cluster{ID: Visible(id), Size: size, Label: Visible(label), Rows: slices.Clone(rows[:min(len(rows), RowsPerCluster)])}
	if len(cc.h) == LargestClusters {
		cc.h[0] = cl
		heap.Fix(&cc.h, 0)
		return
	}
	heap.Push(&cc.h, cl)
}

// Clusters returns what was collected.
func (cc *ClusterCollector) Clusters() *Clusters {
	out := cc.c
	out.Largest = slices.Clone([]Cluster(cc.h))
	sort.Slice(out.Largest, func(i, j int) bool {
		a, b := out.Largest[i], out.Largest[j]
		if a.Size != b.Size {
			return a.Size > b.Size
		}
		if len(a.Rows) > 0 && len(b.Rows) > 0 && a.Rows[0] != b.Rows[0] {
			return a.Rows[0] < b.Rows[0]
		}
		return a.ID < b.ID
	})
	return &out
}

// clusterHeap is a min-heap of clusters by size.
type clusterHeap []Cluster

func (h clusterHeap) Len() int           { return len(h) }
func (h clusterHeap) Less(i, j int) bool { return h[i].Size < h[j].Size }
func (h clusterHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *clusterHeap) Push(x any)        { *h = append(*h, x.(Cluster)) }
func (h *clusterHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}
