package dedupeflow

import (
	"cmp"
	"slices"
	"strconv"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"

	"github.com/namepipe/namepipe/dedupe"
)

// Connected components with Beam, by alternating large-star and
// small-star rounds (Kiveris et al., "Connected Components in MapReduce
// and Beyond", 2014): each round is a GroupByKey over the edges, and the
// graph shrinks towards one star per component around its smallest node.
// A Beam pipeline has no loops, so the rounds are unrolled; what a fixed
// number of rounds leaves unfinished is exact anyway: every node takes
// the smallest node of its neighbourhood as its label, and where the two
// ends of an edge still have different labels, that pair of labels (the
// residual, empty once the rounds have converged, and in any case a graph
// on far fewer nodes than the input) is joined with a union-find in one
// step.

// DefaultRounds is the number of large-star/small-star rounds unrolled:
// a chain of 3,000 rows in random order needs 9 (TestRoundsConverge);
// clusters of duplicates, a few rows each, one or two.
const DefaultRounds = 12

// components returns KV<node, component> for every node of edges
// (KV<int64, int64>, either direction), the component being its
// smallest node.
func components(s beam.Scope, edges beam.PCollection, rounds int) beam.PCollection {
	s = s.Scope("components")
	g := edges
	for range rounds {
		g = beam.ParDo(s, largeStar, beam.GroupByKey(s, beam.ParDo(s, bothWays, g)))
		g = beam.ParDo(s, smallStar, beam.GroupByKey(s, beam.ParDo(s, largeFirst, g)))
	}
	tags := beam.ParDo(s, labelNode, beam.GroupByKey(s, beam.ParDo(s, bothWays, g)))
	labels, residual := beam.ParDo2(s, checkLabels, beam.GroupByKey(s, tags))
	fix := beam.ParDo(s, unionResidual, beam.Impulse(s), beam.SideInput{Input: residual})
	return beam.ParDo(s, &applyFix{}, labels, beam.SideInput{Input: fix})
}

func bothWays(a, b int64, emit func(int64, int64)) {
	emit(a, b)
	emit(b, a)
}

// largeFirst keys an edge by its larger end, for small-star.
func largeFirst(a, b int64, emit func(int64, int64)) {
	emit(max(a, b), min(a, b))
}

// neighbours collects the distinct neighbours of u (u itself left out).
func neighbours(u int64, vs func(*int64) bool) []int64 {
	var n []int64
	var v int64
	for vs(&v) {
		if v != u {
			n = append(n, v)
		}
	}
	slices.Sort(n)
	return slices.Compact(n)
}

// largeStar links every larger neighbour of u to the smallest node of
// u's neighbourhood.
func largeStar(u int64, vs func(*int64) bool, emit func(int64, int64)) {
	n := neighbours(u, vs)
	if len(n) == 0 {
		return
	}
	m := min(u, n[0])
	for _, v := range n {
		if v > u {
			emit(v, m)
		}
	}
}

// smallStar links u and its smaller neighbours (all it is given) to the
// smallest of them.
func smallStar(u int64, vs func(*int64) bool, emit func(int64, int64)) {
	n := neighbours(u, vs)
	if len(n) == 0 {
		return
	}
	m := n[0]
	for _, v := range n[1:] {
		emit(v, m)
	}
	emit(u, m)
}

// labelNode gives u the smallest node of its neighbourhood as its label,
// and tells its neighbours: a value is label<<1, or label<<1|1 for u's
// own.
func labelNode(u int64, vs func(*int64) bool, emit func(int64, int64)) {
	n := neighbours(u, vs)
	l := u
	if len(n) > 0 {
		l = min(u, n[0])
	}
	emit(u, l<<1|1)
	for _, v := range n {
		emit(v, l<<1)
	}
}

// checkLabels emits u's label, and a residual edge from it to every other
// label among u's neighbours.
func checkLabels(u int64, tags func(*int64) bool, label, residual func(int64, int64)) {
	own := int64(-1)
	var others []int64
	var t int64
	for tags(&t) {
		if t&1 == 1 {
			own = t >> 1
		} else {
			others = append(others, t>>1)
		}
	}
	label(u, own)
	slices.Sort(others)
	for _, o := range slices.Compact(others) {
		if o != own {
			residual(own, o)
		}
	}
}

// unionResidual joins the residual label pairs (union-find, the smaller
// node the root) and emits KV<label, root> for every label that is not
// its own root.
func unionResidual(_ []byte, residual func(*int64, *int64) bool, emit func(int64, int64)) {
	parent := map[int64]int64{}
	find := func(x int64) int64 {
		for {
			p, ok := parent[x]
			if !ok || p == x {
				return x
			}
			if gp, ok := parent[p]; ok {
				parent[x] = gp
			}
			x = p
		}
	}
	var a, b int64
	for residual(&a, &b) {
		ra, rb := find(a), find(b)
		if ra == rb {
			continue
		}
		if rb < ra {
			ra, rb = rb, ra
		}
		parent[rb] = ra
		if _, ok := parent[ra]; !ok {
			parent[ra] = ra
		}
	}
	for x := range parent {
		if r := find(x); r != x {
			emit(x, r)
		}
	}
}

// applyFix maps a node's label through the residual's roots (read
// once: a side input is the same for every bundle).
type applyFix struct {
	fix map[int64]int64
}

func (f *applyFix) ProcessElement(u, label int64, fix func(*int64, *int64) bool, emit func(int64, int64)) {
	if f.fix == nil {
		f.fix = map[int64]int64{}
		var a, b int64
		for fix(&a, &b) {
			f.fix[a] = b
		}
	}
	if r, ok := f.fix[label]; ok {
		label = r
	}
	emit(u, label)
}

// clusterComponents runs dedupe.Clusters (connected components with its
// guards against chaining) on each component's edges: the guards look
// only at the edges of one component, so the clusters are those of
// dedupe.Run. It returns KV<row, clusterOf> for the rows of clusters of
// two or more, the joins the guards refused, and KV<size label, 1> per
// cluster.
func clusterComponents(s beam.Scope, edges beam.PCollection, rounds, maxSize int, largest bool) (clusters, refused, sizes beam.PCollection) {
	s = s.Scope("clusters")
	pairs := beam.ParDo(s, edgeEnds, edges)
	comp := components(s, pairs, rounds)
	byA := beam.ParDo(s, edgeByA, edges)
	byComp := beam.ParDo(s, toComponent, beam.CoGroupByKey(s, byA, comp))
	return beam.ParDo3(s, &clusterComponent{MaxSize: maxSize, Largest: largest}, beam.GroupByKey(s, byComp))
}

func edgeEnds(e edge, emit func(int64, int64)) { emit(e.A, e.B) }

func edgeByA(e edge, emit func(int64, edge)) { emit(e.A, e) }

func toComponent(_ int64, edges func(*edge) bool, comps func(*int64) bool, emit func(int64, edge)) {
	var c int64
	if !comps(&c) {
		return
	}
	var e edge
	for edges(&e) {
		emit(c, e)
	}
}

// clusterComponent clusters one component. A cluster is named by its
// smallest row, or with Largest (dedupe.clusterIdFrom: largest_id) its
// largest.
type clusterComponent struct {
	MaxSize int
	Largest bool
}

func (c *clusterComponent) ProcessElement(_ int64, it func(*edge) bool, clusters func(int64, clusterOf), refused func(int64), sizes func(string, int64)) {
	var edges []edge
	var nodes []int64
	var e edge
	for it(&e) {
		edges = append(edges, e)
		nodes = append(nodes, e.A, e.B)
	}
	slices.Sort(nodes)
	nodes = slices.Compact(nodes)
	// Local numbers in the same order as the rows, so that ties break
	// and roots come out as in dedupe.Run.
	local := func(x int64) int32 {
		i, _ := slices.BinarySearch(nodes, x)
		return int32(i)
	}
	le := make([]dedupe.Edge, len(edges))
	for i, e := range edges {
		le[i] = dedupe.Edge{A: local(e.A), B: local(e.B), P: e.P}
	}
	slices.SortFunc(le, func(x, y dedupe.Edge) int {
		return cmp.Or(cmp.Compare(x.A, y.A), cmp.Compare(x.B, y.B), cmp.Compare(x.P, y.P))
	})
	root, n := dedupe.Clusters(len(nodes), le, c.MaxSize)
	if n > 0 {
		refused(int64(n))
	}
	size := make([]int64, len(nodes))
	name := make([]int64, len(nodes)) // by root: the cluster's row id
	for i, r := range root {
		size[r]++
		if c.Largest || size[r] == 1 {
			name[r] = nodes[i] // nodes ascend
		}
	}
	for i, r := range root {
		if size[r] < 2 {
			continue
		}
		clusters(nodes[i], clusterOf{Root: name[r], Size: size[r]})
		if int(r) == i {
			sizes(sizeLabel(size[r]), 1)
		}
	}
}

// sizeLabel is the summary's name of a cluster size ("2", …, "10+").
func sizeLabel(n int64) string {
	if n >= 10 {
		return "10+"
	}
	return strconv.FormatInt(n, 10)
}

func init() {
	register.Function3x0(bothWays)
	register.Function3x0(largeFirst)
	register.Function3x0(largeStar)
	register.Function3x0(smallStar)
	register.Function3x0(labelNode)
	register.Function4x0(checkLabels)
	register.Function3x0(unionResidual)
	register.DoFn4x0[int64, int64, func(*int64, *int64) bool, func(int64, int64)](&applyFix{})
	register.Function2x0(edgeEnds)
	register.Function2x0(edgeByA)
	register.Function4x0(toComponent)
	register.DoFn5x0[int64, func(*edge) bool, func(int64, clusterOf), func(int64), func(string, int64)](&clusterComponent{})
	register.Emitter2[int64, int64]()
	register.Emitter2[int64, edge]()
	register.Emitter2[int64, clusterOf]()
	register.Emitter2[string, int64]()
	register.Emitter1[int64]()
	register.Iter1[int64]()
	register.Iter1[edge]()
	register.Iter2[int64, int64]()
}
