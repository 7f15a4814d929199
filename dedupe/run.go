package dedupe

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/namepipe/namepipe/config"
	"github.com/namepipe/namepipe/mapping"
	"github.com/namepipe/namepipe/nameapi"
	"github.com/namepipe/namepipe/readers"
	"github.com/namepipe/namepipe/record"
)

// Options configure Run.
type Options struct {
	// Input is the file to de-duplicate, mapped by Plan.
	Input readers.Reader
	Plan  *mapping.Plan
	// Reference, when set, switches to linking: each input row is matched
	// against the reference rows (mapped by RefPlan), which are not
	// de-duplicated among themselves.
	Reference readers.Reader
	RefPlan   *mapping.Plan
	// Matcher compares names (the service's person matcher); nil compares
	// names locally. MaxMatchCalls budgets its calls (< 0 = unlimited).
	Matcher       nameapi.PersonMatcher
	MaxMatchCalls int64
	// Settings are the thresholds and caps (the config's dedupe section).
	Settings config.Dedupe
	// Workers compare pairs in parallel (default GOMAXPROCS).
	Workers int
	// USample is the number of random pairs u is estimated from (default
	// 200,000).
	USample int
	// Progress, when set, is called now and then with the stage and how
	// far it got.
	Progress func(stage string, done, total int64)
}

// Result is the outcome of Run.
type Result struct {
	// Rows holds one entry per input row, in input order.
	Rows []RowResult
	// Pairs are the compared pairs at or above the pairs threshold,
	// sorted by row.
	Pairs []Pair
	// Model holds the learned weights.
	Model Model
	// Summary counts what was done.
	Summary Summary

	feats []Features
}

// RowResult is what dedupe found for one input row.
type RowResult struct {
	// Cluster is the 0-based row of the cluster's first row (in linking
	// mode: the reference row), or -1 for a row without duplicates.
	Cluster int32
	// Size is the number of rows in the cluster (1 for none).
	Size int32
	// Match is the row this row matched best (a reference row in linking
	// mode), or -1; Score its match probability and Pattern the
	// comparison.
	Match   int32
	Score   float64
	Pattern Pattern
	// NothingComparable: the row has no name, email, phone, birth date or
	// address that could be compared.
	NothingComparable bool
}

// Pair is one compared pair with its score.
type Pair struct {
	// A and B are 0-based rows; in linking mode B is a reference row.
	A, B    int32
	Score   float64
	Weight  float64
	Pattern Pattern
	// Linked: the pair is at or above the threshold and both rows ended
	// in the same cluster.
	Linked bool
}

// strictRows is the size from which the matcher needs two agreeing
// fields besides the name (see compareRows).
const strictRows = 100_000

// batchSize is the number of records read at a time.
const batchSize = 256

// Run reads the input (and the reference), finds the duplicates and
// returns them. It holds the reduced features of every row, not the rows.
func Run(ctx context.Context, o Options) (*Result, error) {
	start := time.Now()
	if o.Workers <= 0 {
		o.Workers = runtime.GOMAXPROCS(0)
	}
	if o.USample <= 0 {
		o.USample = 500_000
	}
	res := &Result{}
	sum := &res.Summary
	feats, bad, err := extractAll(ctx, o.Input, o.Plan, false, o.Progress)
	if err != nil {
		return nil, err
	}
	sum.Rows, sum.RowsWithErrors = int64(len(feats)), bad
	nIn := len(feats)
	link := o.Reference != nil
	if link {
		ref, _, err := extractAll(ctx, o.Reference, o.RefPlan, true, o.Progress)
		if err != nil {
			return nil, fmt.Errorf("reference: %w", err)
		}
		sum.ReferenceRows = int64(len(ref))
		feats = append(feats, ref...)
	}
	if len(feats) > 1<<31-2 {
		return nil, errors.New("dedupe: more than 2^31 rows")
	}
	res.feats = feats
	for i := range nIn {
		if !feats[i].Comparable() {
			sum.RowsNothingComparable++
		}
	}

	names := newNameComparer(o.Matcher, o.MaxMatchCalls)
	names.strict = len(feats) >= strictRows
	if o.Matcher == nil {
		names.budget.Store(0)
	}
	// block key
	keys := make([][]blockKey, len(feats))
	for i := range feats {
		keys[i] = BlockKeys(&feats[i])
	}
	// group + compare, rule by rule
	var byRule []PatternCounts
	var parts [][]cand
	perRow := make([]int32, len(feats))
	for r := Rule(0); r < NumRules; r++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		st, p, c, err := groupAndCompare(ctx, o, r, feats, keys, nIn, link, names, perRow)
		if err != nil {
			return nil, err
		}
		byRule = append(byRule, c)
		parts = append(parts, p...)
		sum.Blocks += st.blocks
		sum.BlocksCapped += st.capped
		n := int64(0)
		for _, x := range c {
			n += x
		}
		sum.PairsCompared += n
		sum.PairsByRule = append(sum.PairsByRule, RuleCount{Rule: r.String(), Blocks: st.blocks, Capped: st.capped, Pairs: n})
	}
	pairs := slices.Concat(parts...)
	parts = nil
	slices.SortFunc(pairs, func(x, y cand) int {
		if c := cmp.Compare(x.a, y.a); c != 0 {
			return c
		}
		return cmp.Compare(x.b, y.b)
	})
	pairs = slices.CompactFunc(pairs, func(x, y cand) bool { return x.a == y.a && x.b == y.b })
	for _, n := range perRow {
		sum.MaxPairsPerRow = max(sum.MaxPairsPerRow, int64(n))
	}

	// score: u from random pairs, m and lambda by EM
	sample := samplePairs(o.USample, nIn, len(feats)-nIn, link)
	// Names of random pairs go through the matcher only for the first
	// nameSample pairs (the other fields are cheap to compare).
	nameSample := min(len(sample), 20_000)
	vecs := make([]Vector, len(sample))
	parallel(ctx, o.Workers, len(sample), func(i int) {
		a, b := sample[i][0], sample[i][1]
		if link {
			b += int32(nIn)
		}
		if i < nameSample {
			vecs[i] = compareRows(ctx, names, &feats[a], &feats[b])
		} else {
			compareOthers(&feats[a], &feats[b], &vecs[i])
		}
	})
	possible := float64(nIn) * float64(nIn-1) / 2
	if link {
		possible = float64(nIn) * float64(len(feats)-nIn)
	}
	res.Model = TrainShared(byRule, SharedCounts(byRule, pairs, keys), EstimateU(vecs), possible)
	res.Model.USample = len(sample)
	set := o.Settings
	weights := make([]float64, NumPatterns)
	for p := range weights {
		weights[p] = res.Model.Weight(Pattern(p).Vector())
	}
	tf := newTermFreq(&res.Model, feats)
	var strong []Edge
	var kept []Pair
	for _, c := range pairs {
		p := Pair{A: c.a, B: c.b, Pattern: c.p}
		p.Weight = weights[c.p] + tf.pair(&feats[p.A], &feats[p.B], keys[p.A], keys[p.B], c.p)
		if p.Score = probability(p.Weight); p.Score < set.PairsThreshold {
			continue
		}
		if p.Score >= set.Threshold {
			sum.PairsAboveThreshold++
			strong = append(strong, Edge{A: p.A, B: p.B, P: p.Score})
		}
		kept = append(kept, p)
	}
	sum.PairsAbovePairsThreshold = int64(len(kept))

	// cluster
	if o.Progress != nil {
		o.Progress("clustering", 0, int64(len(strong)))
	}
	res.Rows = make([]RowResult, nIn)
	for i := range res.Rows {
		res.Rows[i] = RowResult{Cluster: -1, Size: 1, Match: -1, NothingComparable: !feats[i].Comparable()}
	}
	for _, p := range kept {
		for _, side := range [2][2]int32{{p.A, p.B}, {p.B, p.A}} {
			me, other := side[0], side[1]
			if int(me) >= nIn {
				continue
			}
			rr := &res.Rows[me]
			if p.Score > rr.Score || p.Score == rr.Score && rr.Match >= 0 && other < rr.Match {
				rr.Score, rr.Match, rr.Pattern = p.Score, other, p.Pattern
			}
		}
	}
	var root []int32
	if link {
		root = linkClusters(res.Rows, strong, nIn, len(feats), set.Threshold)
	} else {
		var refused int
		root, refused = Clusters(nIn, strong, set.MaxClusterSize)
		sum.JoinsRefused = int64(refused)
	}
	size := make([]int32, len(feats))
	for _, r := range root {
		if r >= 0 {
			size[r]++
		}
	}
	for i := range res.Rows {
		if link && res.Rows[i].Match >= 0 {
			res.Rows[i].Match -= int32(nIn) // a row of the reference file
		}
		r := root[i]
		if r < 0 || size[r] < 2 && !link {
			continue
		}
		res.Rows[i].Cluster, res.Rows[i].Size = r, size[r]
		if link {
			res.Rows[i].Cluster -= int32(nIn)
			res.Rows[i].Size++ // the reference row
		}
	}
	for i := range kept {
		kept[i].Linked = kept[i].Score >= set.Threshold && root[kept[i].A] >= 0 && root[kept[i].A] == rootOf(root, kept[i].B, nIn, link)
		if link {
			kept[i].B -= int32(nIn)
		}
	}
	res.Pairs = kept
	sum.Clusters = clusterSizes(res.Rows, link)
	sum.MatchCalls = names.calls.Load()
	sum.MatchCallsFailed = names.failed.Load()
	sum.NamesComparedLocally = names.local.Load()
	sum.NamesNotSent = names.skipped.Load()
	sum.MatcherMemoHits = names.memoHits.Load()
	sum.Elapsed = time.Since(start)
	sum.ElapsedSec = sum.Elapsed.Seconds()
	return res, nil
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
// above the threshold: the root of an input row is that reference row's
// index, or -1.
func linkClusters(rows []RowResult, strong []Edge, nIn, n int, threshold float64) []int32 {
	root := make([]int32, nIn)
	for i := range root {
		root[i] = -1
		if rows[i].Match >= 0 && rows[i].Score >= threshold {
			root[i] = rows[i].Match
		}
	}
	_ = strong
	_ = n
	return root
}

// clusterSizes counts clusters by size ("2", "3", …, "10+").
func clusterSizes(rows []RowResult, link bool) map[string]int64 {
	out := map[string]int64{}
	seen := map[int32]bool{}
	for _, r := range rows {
		if r.Cluster < 0 || seen[r.Cluster] {
			continue
		}
		seen[r.Cluster] = true
		k := fmt.Sprint(r.Size)
		if r.Size >= 10 {
			k = "10+"
		}
		out[k]++
	}
	_ = link
	return out
}

// compareRows is the compare step for one pair.
func compareRows(ctx context.Context, names *nameComparer, a, b *Features) Vector {
	var v Vector
	compareOthers(a, b, &v)
	// Evidence: a birth date, email or phone that agrees at all, or an
	// equal address (a close one, the same street, is too common). In a
	// large file (strict) one such field with a name is not enough to
	// outweigh the small prior, unless it is an equal email or phone: the
	// matcher is asked only when two fields agree.
	n := 0
	for _, ok := range [...]bool{v[FieldBirth] != Missing && v[FieldBirth] != BirthDifferent,
		v[FieldEmail] == Equal || v[FieldEmail] == Close, v[FieldPhone] == Equal || v[FieldPhone] == Close, v[FieldAddress] == Equal} {
		if ok {
			n++
		}
	}
	evidence := n >= 2 || n == 1 && (!names.strict || v[FieldEmail] == Equal || v[FieldPhone] == Equal)
	v[FieldName] = names.compare(ctx, a, b, evidence)
	return v
}

// extractAll reads every record and reduces it to Features (the extract
// step). It returns the number of rows the mapping reported errors for.
func extractAll(ctx context.Context, rd readers.Reader, plan *mapping.Plan, ref bool, progress func(string, int64, int64)) ([]Features, int64, error) {
	stage := "reading"
	if ref {
		stage = "reading reference"
	}
	var feats []Features
	var bad int64
	buf := make([]record.Record, batchSize)
	for {
		n, err := rd.Read(ctx, buf)
		for i := range buf[:n] {
			rec := &buf[i]
			req, berr := plan.Build(rec)
			if berr != nil {
				bad++
			}
			var p *nameapi.InputPerson
			if req != nil {
				p = req.Person
			}
			f := Extract(int32(len(feats)), p)
			f.Ref = ref
			feats = append(feats, f)
		}
		if progress != nil {
			done, total := rd.Progress()
			progress(stage, done, total)
		}
		if errors.Is(err, io.EOF) {
			return feats, bad, nil
		}
		if err != nil {
			return nil, 0, err
		}
	}
}

// cand is a compared pair whose fields agree somewhere (12 bytes).
type cand struct {
	a, b int32
	p    Pattern
}

// ruleStats are the group step's counts of one rule.
type ruleStats struct{ blocks, capped int64 }

// parallel runs fn(i) for i in [0, n) on workers goroutines.
func parallel(ctx context.Context, workers, n int, fn func(i int)) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				i := int(next.Add(1)) - 1
				if i >= n {
					return
				}
				fn(i)
			}
		}()
	}
	wg.Wait()
}
