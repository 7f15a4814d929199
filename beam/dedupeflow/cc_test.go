package dedupeflow

import (
	"fmt"
	"math/rand/v2"
	"os"
	"reflect"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/passert"

	"github.com/namepipe/namepipe/dedupe"
)

func TestMain(m *testing.M) {
	beam.Init()
	os.Exit(m.Run())
}

// adversarial returns several components at once, node ids shuffled so
// that no structure follows their order: a long chain, a star whose
// centre is not its smallest node, a cycle, a dense random component, a
// chain of triangles and a lone pair.
func adversarial(seed uint64) (edges [][2]int64, n int) {
	r := rand.New(rand.NewPCG(seed, 7))
	var raw [][2]int
	add := func(a, b int) { raw = append(raw, [2]int{a, b}) }
	for i := range 2999 { // chain of 3,000
		add(n+i, n+i+1)
	}
	n += 3000
	for i := 1; i < 500; i++ { // star
		add(n, n+i)
	}
	n += 500
	for i := range 300 { // cycle
		add(n+i, n+(i+1)%300)
	}
	n += 300
	for range 400 { // random, 60 nodes
		add(n+r.IntN(60), n+r.IntN(60))
	}
	n += 60
	for i := 0; i < 600; i += 2 { // triangles in a chain
		add(n+i, n+i+1)
		add(n+i+1, n+i+2)
		add(n+i, n+i+2)
	}
	n += 601
	add(n, n+1)
	n += 2
	perm := r.Perm(n)
	for _, e := range raw {
		edges = append(edges, [2]int64{int64(perm[e[0]]), int64(perm[e[1]])})
	}
	return edges, n
}

// unionFind is the reference: each node's smallest node of its component.
func unionFind(n int, edges [][2]int64) []int64 {
	parent := make([]int64, n)
	for i := range parent {
		parent[i] = int64(i)
	}
	var find func(int64) int64
	find = func(x int64) int64 {
		if parent[x] != x {
			parent[x] = find(parent[x])
		}
		return parent[x]
	}
	for _, e := range edges {
		a, b := find(e[0]), find(e[1])
		if a > b {
			a, b = b, a
		}
		parent[b] = a
	}
	out := make([]int64, n)
	for i := range out {
		out[i] = find(int64(i))
	}
	return out
}

type kv struct{ K, V int64 }

func toKV(e kv, emit func(int64, int64)) { emit(e.K, e.V) }

func formatKV(k, v int64) string { return fmt.Sprint(k, ":", v) }

func init() {
	register.Function2x0(toKV)
	register.Function2x1(formatKV)
	register.Emitter2[int64, int64]()
	beam.RegisterType(reflect.TypeFor[kv]())
}

// TestComponentsAgainstUnionFind: the Beam connected components agree
// with a union-find on adversarial graphs, with the rounds the pipeline
// uses and with a single round (the residual step then finishes the
// job).
func TestComponentsAgainstUnionFind(t *testing.T) {
	edges, n := adversarial(1)
	want := unionFind(n, edges)
	var exp []any
	touched := map[int64]bool{}
	for _, e := range edges {
		touched[e[0]], touched[e[1]] = true, true
	}
	for i, c := range want {
		if touched[int64(i)] {
			exp = append(exp, formatKV(int64(i), c))
		}
	}
	var in []kv
	for _, e := range edges {
		in = append(in, kv{e[0], e[1]})
	}
	for _, rounds := range []int{1, DefaultRounds} {
		t.Run(fmt.Sprint(rounds, " rounds"), func(t *testing.T) {
			p, s := beam.NewPipelineWithRoot()
			comp := components(s, beam.ParDo(s, toKV, beam.CreateList(s, in)), rounds)
			passert.Equals(s, beam.ParDo(s, formatKV, comp), exp...)
			runPrism(t, p)
		})
	}
}

// TestRoundsConverge runs the large-star/small-star rounds in memory on
// the adversarial graphs and wants them finished within DefaultRounds:
// every edge joins a node to its component's smallest node, so the
// residual step has nothing to do.
func TestRoundsConverge(t *testing.T) {
	t.Parallel()
	edges, n := adversarial(2)
	want := unionFind(n, edges)
	g := edges
	step := func(g [][2]int64, key func(a, b int64, emit func(int64, int64)), red func(int64, func(*int64) bool, func(int64, int64))) [][2]int64 {
		groups := map[int64][]int64{}
		for _, e := range g {
			key(e[0], e[1], func(k, v int64) { groups[k] = append(groups[k], v) })
		}
		var out [][2]int64
		for k, vs := range groups {
			i := 0
			red(k, func(v *int64) bool {
				if i == len(vs) {
					return false
				}
				*v, i = vs[i], i+1
				return true
			}, func(a, b int64) { out = append(out, [2]int64{a, b}) })
		}
		return out
	}
	for round := 1; ; round++ {
		g = step(step(g, bothWays, largeStar), largeFirst, smallStar)
		done := true
		for _, e := range g {
			if lo, hi := min(e[0], e[1]), max(e[0], e[1]); want[hi] != lo {
				done = false
			}
		}
		if done {
			t.Logf("converged after %d rounds", round)
			break
		}
		if round == DefaultRounds {
			t.Fatalf("not converged after %d rounds", round)
		}
	}
}

// TestClusterComponentsAsClusters: dedupe.Clusters run per component
// gives the clusters of dedupe.Clusters over all rows, guards included.
func TestClusterComponentsAsClusters(t *testing.T) {
	edges, n := adversarial(3)
	r := rand.New(rand.NewPCG(3, 3))
	var all []dedupe.Edge
	var in []edge
	for _, e := range edges {
		a, b := min(e[0], e[1]), max(e[0], e[1])
		if a == b {
			continue
		}
		p := 0.9 + float64(r.IntN(10))/100 // ties on purpose
		all = append(all, dedupe.Edge{A: int32(a), B: int32(b), P: p})
		in = append(in, edge{A: a, B: b, P: p})
	}
	const maxSize = 7
	root, refusedWant := dedupe.Clusters(n, all, maxSize)
	size := map[int32]int64{}
	for _, x := range root {
		size[x]++
	}
	var exp []any
	for i, x := range root {
		if size[x] > 1 {
			exp = append(exp, fmt.Sprint(i, ":", x, "/", size[x]))
		}
	}
	p, s := beam.NewPipelineWithRoot()
	clusters, refused, _ := clusterComponents(s, beam.CreateList(s, in), DefaultRounds, maxSize, false)
	passert.Equals(s, beam.ParDo(s, formatCluster, clusters), exp...)
	passert.Equals(s, beam.Combine(s, sumInt64, refused), int64(refusedWant))
	runPrism(t, p)
	if refusedWant == 0 {
		t.Errorf("the guards refused nothing: the test does not test them")
	}
}

func formatCluster(id int64, c clusterOf) string { return fmt.Sprint(id, ":", c.Root, "/", c.Size) }

func init() { register.Function2x1(formatCluster) }
