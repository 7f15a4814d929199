// Package dedupeflow is `namepipe dedupe` as an Apache Beam pipeline: the
// steps of package dedupe (extract, block keys, group, compare, EM
// training, scoring, clustering) as Beam transforms over a shuffle, so
// that the job runs on any Beam runner (prism in-process, Flink, Spark,
// Dataflow) with the results of dedupe.Run.
//
//	read + extract   file → rows (features under a row id)
//	size blocks      GroupByKey(key hash → row ids) → each key's block size
//	attach sizes     CoGroupByKey(row id: features, key sizes) → keyed rows
//	group + compare  GroupByKey(key hash → keyed rows) → pattern counts,
//	                 candidate pairs (owned by their first shared key)
//	u sample         dedupe.SamplePairs, drawn by every worker from the
//	                 seed, compared against a side input of their rows
//	train            pattern counts (combined per rule, and per further rule
//	                 a candidate shares) → dedupe.TrainShared
//	score            candidates (GroupByKey: once each) → weights, + term
//	                 frequencies (side inputs: rows per field, name words)
//	                 → best match per row (a combiner), links
//	cluster          connected components by large-star/small-star rounds,
//	                 then dedupe.Clusters per component
//	write            results grouped by input file → the file re-read and
//	                 written with the dedupe columns
//
// The counts of the summary are Beam combiners.
package dedupeflow

import (
	"context"
	"fmt"
	"reflect"
	"slices"
	"sync"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/transforms/stats"

	"github.com/namepipe/namepipe/beam/enrich"
	"github.com/namepipe/namepipe/config"
	"github.com/namepipe/namepipe/dedupe"
	"github.com/namepipe/namepipe/engine"
	"github.com/namepipe/namepipe/mapping"
	"github.com/namepipe/namepipe/nameapi"
)

// Options configure the pipeline.
type Options struct {
	// Config is the YAML config's text and ConfigName its file name (for
	// messages); every worker parses it.
	Config     []byte
	ConfigName string
	// Inputs are the input files in order; References, when set, the
	// files to link the inputs against (linking mode).
	Inputs, References []string
	// Output is the output path the shards are named from, as by
	// namepipe-beam run (enrich.ShardPaths): out/x.csv →
	// out/x-00000-of-00004.csv, one shard per input file.
	Output string
	// Summary, when set, is the path the summary JSON is written to.
	Summary string
	// USample is the number of random pairs u is estimated from (default
	// dedupe.DefaultUSample, as dedupe.Run); Rounds the connected-component
	// rounds unrolled (default DefaultRounds).
	USample, Rounds int
}

// srcInfo says how many rows a source file has (its index: inputs, then
// references).
type srcInfo struct {
	Src, Rows, Errors, NothingComparable int64
}

// layout is the row-id space, from the sources' row counts.
type layout struct {
	offsets   []int64
	nIn, nRef int64
}

func newLayout(numInputs, numSources int, srcs func(*srcInfo) bool) layout {
	rows := make([]int64, numSources)
	var s srcInfo
	for srcs(&s) {
		rows[s.Src] = s.Rows
	}
	l := layout{offsets: make([]int64, numSources+1)}
	for i, n := range rows {
		l.offsets[i+1] = l.offsets[i] + n
		if i < numInputs {
			l.nIn += n
		} else {
			l.nRef += n
		}
	}
	return l
}

// src returns the source and the row in it of row id.
func (l layout) src(id int64) (int64, int64) {
	i, found := slices.BinarySearch(l.offsets, id)
	if !found {
		i--
	}
	for i+1 < len(l.offsets) && l.offsets[i+1] == id { // empty files
		i++
	}
	return int64(i), id - l.offsets[i]
}

// srcShift puts the source index above the row in a provisional id.
const srcShift = 40

// Build adds the dedupe pipeline to s: it reads o.Inputs (and
// o.References), writes the output shards and, when asked, the summary.
// It returns the results (one per input row) for tests.
func Build(s beam.Scope, o Options) (beam.PCollection, error) {
	cfg, err := mapping.Parse(o.Config, o.ConfigName)
	if err != nil {
		return beam.PCollection{}, err
	}
	if len(o.Inputs) == 0 {
		return beam.PCollection{}, fmt.Errorf("dedupe: no input files")
	}
	if o.USample <= 0 {
		o.USample = dedupe.DefaultUSample
	}
	if o.Rounds <= 0 {
		o.Rounds = DefaultRounds
	}
	link := len(o.References) > 0
	nIn, nSrc := len(o.Inputs), len(o.Inputs)+len(o.References)
	var srcs []source
	for i, p := range slices.Concat(o.Inputs, o.References) {
		srcs = append(srcs, source{Path: p, Src: int64(i), Ref: i >= nIn})
	}
	set := cfg.Dedupe
	wc := workerConfig{Config: o.Config, ConfigName: o.ConfigName, NumInputs: nIn, NumSources: nSrc}

	// read + extract
	provisional, infos := beam.ParDo2(s, &extractFn{W: wc}, beam.CreateList(s, srcs))
	side := beam.SideInput{Input: infos}
	rows := beam.ParDo(s, &assignIDs{W: wc}, provisional, side)
	byID := beam.ParDo(s, rowByID, rows)

	// block keys, sized by their blocks
	sizes := beam.ParDo(s, sizeBlock, beam.GroupByKey(s, beam.ParDo(s, keyMembers, rows)))
	blocks := beam.ParDo(s, attachSizes, beam.CoGroupByKey(s, byID, sizes))

	// group + compare
	fieldRows := beam.Combine(s, &fieldRowsFn{}, rows)
	words := beam.Combine(s, &wordsFn{}, rows)
	cands, codes, ruleStats, perRow := beam.ParDo4(s, &compareFn{W: wc, Set: set, Link: link}, beam.GroupByKey(s, blocks), side,
		beam.SideInput{Input: words}, beam.SideInput{Input: fieldRows})
	// each pair once (a pair compared under several capped keys), and the
	// pattern counts of the other rules it shares
	unique, sharedCodes := beam.ParDo2(s, uniquePair, beam.GroupByKey(s, cands))

	// u from random pairs: the same pairs as dedupe.Run
	sampleRows := beam.ParDo(s, &sampleRowsFn{W: wc, N: o.USample, Link: link}, rows, side)
	chunks := make([]int64, sampleChunks)
	for i := range chunks {
		chunks[i] = int64(i)
	}
	uCodes := beam.ParDo(s, &compareSampleFn{W: wc, N: o.USample, Link: link}, beam.CreateList(s, chunks),
		beam.SideInput{Input: sampleRows}, side)

	// train
	model := beam.ParDo(s, &trainFn{W: wc, USample: o.USample, Link: link}, beam.Impulse(s),
		beam.SideInput{Input: stats.SumPerKey(s, codes)}, beam.SideInput{Input: stats.SumPerKey(s, sharedCodes)},
		beam.SideInput{Input: stats.SumPerKey(s, uCodes)}, side)

	// score
	matches, strong, above := beam.ParDo3(s, &scoreFn{Set: set, Link: link}, unique,
		beam.SideInput{Input: model}, beam.SideInput{Input: fieldRows})
	best := beam.CombinePerKey(s, &bestFn{}, matches)

	// cluster
	var clusters, refused, sizeCounts beam.PCollection
	if link {
		clusters, sizeCounts = beam.ParDo2(s, linkCluster, beam.GroupByKey(s, beam.ParDo(s, &linkRoot{Threshold: set.Threshold}, best)))
		refused = beam.CreateList(s, []int64{})
	} else {
		clusters, refused, sizeCounts = clusterComponents(s, strong, o.Rounds, set.MaxClusterSize)
	}

	// results, output, summary
	results := beam.ParDo(s, &resultFn{W: wc, Link: link}, beam.CoGroupByKey(s, byID, best, clusters), side)
	beam.ParDo0(s, &writeFn{W: wc, Shards: enrich.ShardPaths(o.Inputs, o.Output)}, beam.GroupByKey(s, beam.ParDo(s, resultBySrc, results)))
	if o.Summary != "" {
		maxPerRow := stats.Max(s, beam.DropKey(s, stats.SumPerKey(s, perRow)))
		beam.ParDo0(s, &summaryFn{W: wc, Path: o.Summary}, beam.Impulse(s), side,
			beam.SideInput{Input: beam.CombinePerKey(s, addStats, ruleStats)},
			beam.SideInput{Input: stats.SumPerKey(s, above)},
			beam.SideInput{Input: stats.SumPerKey(s, sizeCounts)},
			beam.SideInput{Input: stats.Sum(s, refused)},
			beam.SideInput{Input: maxPerRow})
	}
	return results, nil
}

// workerConfig is what every worker stage needs: the config and the
// number of sources.
type workerConfig struct {
	Config     []byte
	ConfigName string
	NumInputs  int
	NumSources int
}

func (w workerConfig) parse() (*mapping.Config, error) { return mapping.Parse(w.Config, w.ConfigName) }

// assignIDs turns a provisional id (source, row) into the row id.
type assignIDs struct {
	W workerConfig
	l *layout
}

func (f *assignIDs) ProcessElement(r row, srcs func(*srcInfo) bool, emit func(row)) {
	if f.l == nil {
		l := newLayout(f.W.NumInputs, f.W.NumSources, srcs)
		f.l = &l
	}
	r.ID = f.l.offsets[r.ID>>srcShift] + r.ID&(1<<srcShift-1)
	emit(r)
}

func rowByID(r row, emit func(int64, row)) { emit(r.ID, r) }

// keyMembers emits (key hash, row id) for every block key of the row.
func keyMembers(r row, emit func(uint64, int64)) {
	for _, k := range dedupe.RowKeys(&r.F) {
		emit(k.Hash, r.ID)
	}
}

// sizeBlock counts a block and tells each member its size.
func sizeBlock(h uint64, ids func(*int64) bool, emit func(int64, keySize)) {
	var members []int64
	var id int64
	for ids(&id) {
		members = append(members, id)
	}
	for _, id := range members {
		emit(id, keySize{Hash: h, Size: int64(len(members))})
	}
}

// attachSizes gives a row's keys their sizes and sends the row to each
// of its blocks of two or more rows.
func attachSizes(_ int64, rows func(*row) bool, sizes func(*keySize) bool, emit func(uint64, keyedRow)) {
	var r row
	if !rows(&r) {
		return
	}
	size := map[uint64]int64{}
	var ks keySize
	for sizes(&ks) {
		size[ks.Hash] = ks.Size
	}
	kr := keyedRow{ID: r.ID, F: r.F, Keys: dedupe.RowKeys(&r.F)}
	for i := range kr.Keys {
		kr.Keys[i].Size = uint32(size[kr.Keys[i].Hash])
	}
	for _, k := range kr.Keys {
		if k.Size >= 2 {
			emit(k.Hash, kr)
		}
	}
}

// newComparer returns the compare step of a worker: names through the
// local engine's person matcher unless the config says local; a remote
// matcher's budget cannot be shared between workers, so with the remote
// engine names are compared locally.
func newComparer(cfg *mapping.Config, rows int64) (*dedupe.Comparer, error) {
	var m nameapi.PersonMatcher
	if cfg.Dedupe.Names != config.DedupeNamesLocal && (cfg.Engine.Kind == config.EngineLocal || cfg.Engine.Kind == "") {
		e, err := localEngine()
		if err != nil {
			return nil, fmt.Errorf("engine: %w", err)
		}
		m = e
	}
	return dedupe.NewComparer(m, -1, rows), nil
}

// localEngine is the worker process's local engine, built once and shared
// by its DoFn instances (it holds megabytes of name data; it is safe for
// concurrent use).
var localEngine = sync.OnceValues(func() (*engine.Engine, error) { return engine.New() })

// compareFn is the group and compare steps of one block.
type compareFn struct {
	W      workerConfig
	Set    config.Dedupe
	Link   bool
	c      *dedupe.Comparer
	prev   dedupe.ComparerCounts
	shares dedupe.NameShares
}

func (f *compareFn) ProcessElement(ctx context.Context, h uint64, it func(*keyedRow) bool, srcs func(*srcInfo) bool,
	words dedupe.WordCounts, fieldRows dedupe.FieldRows,
	emitCand func(int64, cand), emitCode func(int64, int64), emitStats func(int64, counts), emitPerRow func(int64, int64)) error {
	if f.c == nil {
		f.shares = dedupe.NewNameShares(words, fieldRows[dedupe.FieldName])
		cfg, err := f.W.parse()
		if err != nil {
			return err
		}
		l := newLayout(f.W.NumInputs, f.W.NumSources, srcs)
		if f.c, err = newComparer(cfg, l.nIn+l.nRef); err != nil {
			return err
		}
	}
	var rows []keyedRow
	var r keyedRow
	for it(&r) {
		rows = append(rows, r)
	}
	key := dedupe.Key{Hash: h}
	for _, k := range rows[0].Keys {
		if k.Hash == h {
			key = k
		}
	}
	order := make([]uint64, len(rows))
	for i := range rows {
		order[i] = dedupe.BlockOrder(key.Rule, &rows[i].F)
	}
	idx := make([]int, len(rows))
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, func(x, y int) int {
		if order[x] != order[y] {
			if order[x] < order[y] {
				return -1
			}
			return 1
		}
		return int(rows[x].ID - rows[y].ID)
	})
	sets := make([]dedupe.KeySet, len(rows))
	for i := range rows {
		sets[i] = dedupe.NewKeySet(rows[i].Keys, f.Set.MaxBlockSize)
	}
	st := counts{Blocks: 1}
	if len(rows) > f.Set.MaxBlockSize {
		st.Capped = 1
	}
	patterns := map[dedupe.Pattern]int64{}
	perRow := map[int64]int64{}
	dedupe.BlockPairs(len(rows), f.Set, func(i, j int) {
		a, b := idx[i], idx[j]
		if f.Link {
			if rows[a].F.Ref == rows[b].F.Ref {
				return
			}
			if rows[a].F.Ref {
				a, b = b, a
			}
		} else if rows[b].ID < rows[a].ID {
			a, b = b, a
		}
		if !dedupe.Owns(sets[a], sets[b], key) {
			return
		}
		v := f.c.Compare(ctx, &rows[a].F, &rows[b].F)
		p := v.Pattern()
		patterns[p]++
		st.Pairs++
		perRow[rows[a].ID]++
		perRow[rows[b].ID]++
		if v.Agrees() {
			emitCand(rows[a].ID<<32|rows[b].ID, cand{A: rows[a].ID, B: rows[b].ID, P: p, S: dedupe.SharedBlocks(sets[a], sets[b]),
				Rules: dedupe.SharedRules(sets[a], sets[b]), Names: f.shares.LogU(&rows[a].F, &rows[b].F, v[dedupe.FieldName])})
		}
	})
	for p, n := range patterns {
		emitCode(int64(key.Rule)*int64(dedupe.NumPatterns)+int64(p), n)
	}
	for id, n := range perRow {
		emitPerRow(id, n)
	}
	now := f.c.Counts()
	st.Calls, st.Failed, st.Local = now.Calls-f.prev.Calls, now.Failed-f.prev.Failed, now.Local-f.prev.Local
	st.NotSent, st.MemoHits = now.NotSent-f.prev.NotSent, now.MemoHits-f.prev.MemoHits
	f.prev = now
	emitStats(int64(key.Rule), st)
	return nil
}

// The u sample: dedupe.Run's random pairs, compared as it compares them.
// The pairs are no shuffle: every worker draws the same ones from the
// same seed. The rows they touch (at most twice the sample, whatever the
// input's size) go to the comparing workers as a side input, without
// their names beyond the pairs compared with names; the pairs are cut
// into sampleChunks ranges compared in parallel.
const sampleChunks = 16

// samplePairs draws dedupe.Run's pairs over the layout, b counted in row
// ids.
func samplePairs(n int, l layout, link bool) [][2]int64 {
	pairs := dedupe.SamplePairs(n, int(l.nIn), int(l.nRef), link)
	out := make([][2]int64, len(pairs))
	for i, p := range pairs {
		out[i] = [2]int64{int64(p[0]), int64(p[1])}
		if link {
			out[i][1] += l.nIn
		}
	}
	return out
}

// sampleRowsFn emits the rows of the u sample: the row id and its
// features, full when the row is in one of the pairs compared with
// names, else without names (dedupe.CompareOthers does not read them).
type sampleRowsFn struct {
	W    workerConfig
	N    int
	Link bool
	// inSample: 0 not in the sample, 1 in a pair without names, 2 with.
	inSample map[int64]uint8
}

func (f *sampleRowsFn) ProcessElement(r row, srcs func(*srcInfo) bool, emit func([]byte)) error {
	if f.inSample == nil {
		f.inSample = map[int64]uint8{}
		for i, p := range samplePairs(f.N, newLayout(f.W.NumInputs, f.W.NumSources, srcs), f.Link) {
			mark := uint8(1)
			if i < dedupe.UNameSample {
				mark = 2
			}
			for _, id := range p {
				f.inSample[id] = max(f.inSample[id], mark)
			}
		}
	}
	mark := f.inSample[r.ID]
	if mark == 0 {
		return nil
	}
	if mark == 1 {
		r.F.Names, r.F.Given, r.F.Surname, r.F.Tokens = nil, nil, nil, nil
	}
	b, err := encRow(r)
	if err != nil {
		return err
	}
	emit(b)
	return nil
}

// compareSampleFn compares one range of the u sample's pairs, as
// dedupe.Run: with names for the first dedupe.UNameSample pairs. It emits
// KV<pattern, count>.
type compareSampleFn struct {
	W     workerConfig
	N     int
	Link  bool
	c     *dedupe.Comparer
	pairs [][2]int64
	feats map[int64]*dedupe.Features
}

func (f *compareSampleFn) ProcessElement(ctx context.Context, chunk int64, rows func(*[]byte) bool, srcs func(*srcInfo) bool, emit func(int64, int64)) error {
	if f.c == nil {
		cfg, err := f.W.parse()
		if err != nil {
			return err
		}
		l := newLayout(f.W.NumInputs, f.W.NumSources, srcs)
		if f.c, err = newComparer(cfg, l.nIn+l.nRef); err != nil {
			return err
		}
		f.pairs = samplePairs(f.N, l, f.Link)
		f.feats = map[int64]*dedupe.Features{}
		var b []byte
		for rows(&b) {
			r, err := decRow(b)
			if err != nil {
				return fmt.Errorf("u sample: %w", err)
			}
			f.feats[r.ID] = &r.F
		}
	}
	counts := map[dedupe.Pattern]int64{}
	lo, hi := chunkRange(len(f.pairs), int(chunk))
	for i := lo; i < hi; i++ {
		a, b := f.feats[f.pairs[i][0]], f.feats[f.pairs[i][1]]
		if a == nil || b == nil {
			return fmt.Errorf("u sample pair %d: row %d or %d missing", i, f.pairs[i][0], f.pairs[i][1])
		}
		v := dedupe.CompareOthers(a, b)
		if i < dedupe.UNameSample {
			v = f.c.Compare(ctx, a, b)
		}
		counts[v.Pattern()]++
	}
	for p, n := range counts {
		emit(int64(p), n)
	}
	return nil
}

// chunkRange is the range of pairs of chunk c of sampleChunks.
func chunkRange(n, c int) (lo, hi int) {
	return n * c / sampleChunks, n * (c + 1) / sampleChunks
}

// trainFn is the EM step: one model from the combined counts.
type trainFn struct {
	W       workerConfig
	USample int
	Link    bool
}

func (f *trainFn) ProcessElement(_ []byte, codes, sharedCodes, uCodes func(*int64, *int64) bool, srcs func(*srcInfo) bool, emit func(dedupe.Model)) {
	l := newLayout(f.W.NumInputs, f.W.NumSources, srcs)
	byRule := make([]dedupe.PatternCounts, dedupe.NumRules)
	shared := make([]dedupe.PatternCounts, dedupe.NumRules)
	for r := range byRule {
		byRule[r], shared[r] = dedupe.NewPatternCounts(), dedupe.NewPatternCounts()
	}
	var code, n int64
	for codes(&code, &n) {
		byRule[code/int64(dedupe.NumPatterns)][code%int64(dedupe.NumPatterns)] += n
	}
	for r := range shared {
		shared[r].Add(byRule[r])
	}
	for sharedCodes(&code, &n) {
		shared[code/int64(dedupe.NumPatterns)][code%int64(dedupe.NumPatterns)] += n
	}
	u := dedupe.NewPatternCounts()
	sample := int64(0)
	for uCodes(&code, &n) {
		u[code] += n
		sample += n
	}
	possible := float64(l.nIn) * float64(l.nIn-1) / 2
	if f.Link {
		possible = float64(l.nIn) * float64(l.nRef)
	}
	m := dedupe.TrainShared(byRule, shared, dedupe.EstimateUCounts(u), possible)
	m.USample = int(sample)
	emit(m)
}

// fieldRowsFn counts the rows having each field (term frequencies).
type fieldRowsFn struct{}

func (fieldRowsFn) CreateAccumulator() dedupe.FieldRows { return dedupe.FieldRows{} }

func (fieldRowsFn) AddInput(a dedupe.FieldRows, r row) dedupe.FieldRows {
	a.Add(dedupe.CountFieldRows([]dedupe.Features{r.F}))
	return a
}

func (fieldRowsFn) MergeAccumulators(a, b dedupe.FieldRows) dedupe.FieldRows {
	a.Add(b)
	return a
}

// wordsFn counts the rows holding each name word (the names' term
// frequencies).
type wordsFn struct{}

func (wordsFn) CreateAccumulator() dedupe.WordCounts { return dedupe.WordCounts{} }

func (wordsFn) AddInput(a dedupe.WordCounts, r row) dedupe.WordCounts {
	return dedupe.CountWords(a, []dedupe.Features{r.F})
}

func (wordsFn) MergeAccumulators(a, b dedupe.WordCounts) dedupe.WordCounts {
	return dedupe.AddWords(a, b)
}

// uniquePair keeps one copy of a pair compared under several capped keys,
// and counts its pattern under every other rule whose key the rows share
// (KV<rule·NumPatterns + pattern, 1>, for dedupe.TrainShared).
func uniquePair(_ int64, it func(*cand) bool, emit func(cand), shared func(int64, int64)) {
	var c cand
	if !it(&c) {
		return
	}
	emit(c)
	for r := range dedupe.NumRules {
		if c.Rules&(1<<r) != 0 {
			shared(int64(r)*int64(dedupe.NumPatterns)+int64(c.P), 1)
		}
	}
}

// scoreFn scores a candidate pair.
type scoreFn struct {
	Set     config.Dedupe
	Link    bool
	weights []float64
	tf      *dedupe.TermFreq
}

func (f *scoreFn) ProcessElement(c cand, model dedupe.Model, rows dedupe.FieldRows,
	emitMatch func(int64, match), emitEdge func(edge), emitAbove func(string, int64)) {
	if f.weights == nil {
		f.weights = make([]float64, dedupe.NumPatterns)
		for p := range f.weights {
			f.weights[p] = model.Weight(dedupe.Pattern(p).Vector())
		}
		f.tf = dedupe.NewTermFreq(&model, rows)
	}
	score := dedupe.Probability(f.weights[c.P] + f.tf.Adjust(c.S, c.Names, c.P))
	if score < f.Set.PairsThreshold {
		return
	}
	emitAbove("pairs_threshold", 1)
	if score >= f.Set.Threshold {
		emitAbove("threshold", 1)
		if !f.Link && dedupe.Links(c.P) {
			emitEdge(edge{A: c.A, B: c.B, P: score})
		}
	}
	emitMatch(c.A, match{Other: c.B, Score: score, P: int64(c.P)})
	if !f.Link {
		emitMatch(c.B, match{Other: c.A, Score: score, P: int64(c.P)})
	}
}

// bestFn keeps a row's best match: the highest score, then the smallest
// row (dedupe.Run's order).
type bestFn struct{}

func (bestFn) CreateAccumulator() match { return match{Other: -1} }

func (bestFn) AddInput(a, m match) match { return better(a, m) }

func (bestFn) MergeAccumulators(a, b match) match { return better(a, b) }

func better(a, b match) match {
	if b.Other < 0 {
		return a
	}
	if a.Other < 0 || b.Score > a.Score || b.Score == a.Score && b.Other < a.Other {
		return b
	}
	return a
}

// linkRoot keys an input row linked to a reference row by that row.
type linkRoot struct{ Threshold float64 }

func (f *linkRoot) ProcessElement(id int64, m match, emit func(int64, int64)) {
	if m.Other >= 0 && m.Score >= f.Threshold && dedupe.Links(dedupe.Pattern(m.P)) {
		emit(m.Other, id)
	}
}

// linkCluster makes the input rows linked to one reference row a cluster
// (its size counts the reference row).
func linkCluster(ref int64, ids func(*int64) bool, emit func(int64, clusterOf), sizes func(string, int64)) {
	var members []int64
	var id int64
	for ids(&id) {
		members = append(members, id)
	}
	size := int64(len(members)) + 1
	for _, id := range members {
		emit(id, clusterOf{Root: ref, Size: size})
	}
	sizes(sizeLabel(size), 1)
}

// resultFn puts together what dedupe found for one input row.
type resultFn struct {
	W    workerConfig
	Link bool
	l    *layout
}

func (f *resultFn) ProcessElement(id int64, rows func(*row) bool, best func(*match) bool, clusters func(*clusterOf) bool,
	srcs func(*srcInfo) bool, emit func(result)) {
	if f.l == nil {
		l := newLayout(f.W.NumInputs, f.W.NumSources, srcs)
		f.l = &l
	}
	var r row
	if !rows(&r) || id >= f.l.nIn {
		return // a reference row
	}
	res := result{ID: id, R: dedupe.RowResult{Cluster: -1, Size: 1, Match: -1, NothingComparable: !r.F.Comparable()}}
	res.Src, res.Row = f.l.src(id)
	var m match
	if best(&m) && m.Other >= 0 {
		res.R.Match, res.R.Score, res.R.Pattern = int32(m.Other), m.Score, dedupe.Pattern(m.P)
		if f.Link {
			res.R.Match -= int32(f.l.nIn)
		}
	}
	var c clusterOf
	if clusters(&c) {
		res.R.Cluster, res.R.Size = int32(c.Root), int32(c.Size)
		if f.Link {
			res.R.Cluster -= int32(f.l.nIn)
		}
	}
	emit(res)
}

func resultBySrc(r result, emit func(int64, result)) { emit(r.Src, r) }

func sumInt64(a, b int64) int64 { return a + b }

// summaryFn writes the summary JSON from the combined counts.
type summaryFn struct {
	W    workerConfig
	Path string
}

func (f *summaryFn) ProcessElement(_ []byte, srcs func(*srcInfo) bool, rules func(*int64, *counts) bool, above func(*string, *int64) bool,
	sizes func(*string, *int64) bool, refused, maxPerRow func(*int64) bool) error {
	var sum dedupe.Summary
	var si srcInfo
	for srcs(&si) {
		if si.Src < int64(f.W.NumInputs) {
			sum.Rows += si.Rows
			sum.RowsWithErrors += si.Errors
			sum.RowsNothingComparable += si.NothingComparable
		} else {
			sum.ReferenceRows += si.Rows
		}
	}
	byRule := make([]counts, dedupe.NumRules)
	var rule int64
	var st counts
	for rules(&rule, &st) {
		byRule[rule] = st
	}
	for r, st := range byRule {
		sum.Blocks += st.Blocks
		sum.BlocksCapped += st.Capped
		sum.PairsCompared += st.Pairs
		sum.MatchCalls += st.Calls
		sum.MatchCallsFailed += st.Failed
		sum.NamesComparedLocally += st.Local
		sum.NamesNotSent += st.NotSent
		sum.MatcherMemoHits += st.MemoHits
		sum.PairsByRule = append(sum.PairsByRule, dedupe.RuleCount{Rule: dedupe.Rule(r).String(), Blocks: st.Blocks, Capped: st.Capped, Pairs: st.Pairs})
	}
	var k string
	var n int64
	for above(&k, &n) {
		switch k {
		case "threshold":
			sum.PairsAboveThreshold = n
		case "pairs_threshold":
			sum.PairsAbovePairsThreshold = n
		}
	}
	sum.Clusters = map[string]int64{}
	for sizes(&k, &n) {
		sum.Clusters[k] = n
	}
	for refused(&n) {
		sum.JoinsRefused += n
	}
	for maxPerRow(&n) {
		sum.MaxPairsPerRow = max(sum.MaxPairsPerRow, n)
	}
	return sum.WriteJSON(f.Path)
}

// addStats sums element-wise (the summary's per-rule counts).
func addStats(a, b counts) counts {
	return counts{Blocks: a.Blocks + b.Blocks, Capped: a.Capped + b.Capped, Pairs: a.Pairs + b.Pairs, Calls: a.Calls + b.Calls,
		Failed: a.Failed + b.Failed, Local: a.Local + b.Local, NotSent: a.NotSent + b.NotSent, MemoHits: a.MemoHits + b.MemoHits}
}

func init() {
	register.DoFn3x0[row, func(*srcInfo) bool, func(row)](&assignIDs{})
	register.Function2x0(rowByID)
	register.Function2x0(keyMembers)
	register.Function3x0(sizeBlock)
	register.Function4x0(attachSizes)
	register.DoFn10x1[context.Context, uint64, func(*keyedRow) bool, func(*srcInfo) bool, dedupe.WordCounts, dedupe.FieldRows, func(int64, cand), func(int64, int64), func(int64, counts), func(int64, int64), error](&compareFn{})
	register.Function4x0(uniquePair)
	register.Combiner2[dedupe.WordCounts, row](&wordsFn{})
	register.Emitter1[cand]()
	register.DoFn3x1[row, func(*srcInfo) bool, func([]byte), error](&sampleRowsFn{})
	register.DoFn5x1[context.Context, int64, func(*[]byte) bool, func(*srcInfo) bool, func(int64, int64), error](&compareSampleFn{})
	register.DoFn6x0[[]byte, func(*int64, *int64) bool, func(*int64, *int64) bool, func(*int64, *int64) bool, func(*srcInfo) bool, func(dedupe.Model)](&trainFn{})
	register.Combiner2[dedupe.FieldRows, row](&fieldRowsFn{})
	register.DoFn6x0[cand, dedupe.Model, dedupe.FieldRows, func(int64, match), func(edge), func(string, int64)](&scoreFn{})
	register.Combiner1[match](&bestFn{})
	register.DoFn3x0[int64, match, func(int64, int64)](&linkRoot{})
	register.Function4x0(linkCluster)
	register.DoFn6x0[int64, func(*row) bool, func(*match) bool, func(*clusterOf) bool, func(*srcInfo) bool, func(result)](&resultFn{})
	register.Function2x0(resultBySrc)
	register.Function2x1(sumInt64)
	register.Function2x1(addStats)
	register.DoFn7x1[[]byte, func(*srcInfo) bool, func(*int64, *counts) bool, func(*string, *int64) bool, func(*string, *int64) bool, func(*int64) bool, func(*int64) bool, error](&summaryFn{})
	register.Emitter1[row]()
	register.Emitter2[int64, row]()
	register.Emitter2[uint64, int64]()
	register.Emitter2[int64, keySize]()
	register.Emitter2[uint64, keyedRow]()
	register.Emitter2[int64, cand]()
	register.Emitter2[int64, counts]()
	register.Emitter1[[]byte]()
	register.Emitter1[dedupe.Model]()
	register.Emitter2[int64, match]()
	register.Emitter1[edge]()
	register.Emitter1[result]()
	register.Emitter2[int64, result]()
	register.Iter1[srcInfo]()
	register.Iter1[row]()
	register.Iter1[keySize]()
	register.Iter1[keyedRow]()
	register.Iter1[[]byte]()
	register.Iter1[cand]()
	register.Iter1[match]()
	register.Iter1[clusterOf]()
	register.Iter1[result]()
	register.Iter2[int64, counts]()
	register.Iter2[string, int64]()
	beam.RegisterType(reflect.TypeFor[srcInfo]())
	beam.RegisterType(reflect.TypeFor[source]())
}
