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
//
// Files: flow.go builds the pipeline and its first stages (ids, block
// sizes); compare.go the group-and-compare, u-sample and training steps;
// score.go term frequencies, scoring, best matches, links, results and
// the summary; cc.go the connected components; io.go reading and writing;
// types.go the elements that travel between stages.
package dedupeflow

import (
	"context"
	"fmt"
	"reflect"
	"slices"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/transforms/stats"

	"github.com/namepipe/namepipe/beam/enrich"
	"github.com/namepipe/namepipe/config"
	"github.com/namepipe/namepipe/dedupe"
	"github.com/namepipe/namepipe/mapping"
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
	// Summary, when set, is the path the summary JSON is written to;
	// Pairs the path of the pairs file (namepipe dedupe --pairs).
	Summary, Pairs string
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
	provisional, infos, idCells := beam.ParDo3(s, &extractFn{W: wc}, beam.CreateList(s, srcs))
	side := beam.SideInput{Input: infos}
	rows := beam.ParDo(s, &assignIDs{W: wc}, provisional, side)
	var idTexts beam.PCollection
	if set.IDColumn != "" {
		// the rows' IDs checked and ranked in one step; rows renumbered
		// by rank
		var ranks beam.PCollection
		ranks, idTexts = beam.ParDo2(s, &rankFn{W: wc, Column: set.IDColumn, Paths: slices.Concat(o.Inputs, o.References)},
			beam.Impulse(s), beam.SideInput{Input: idCells}, side)
		rows = beam.ParDo(s, setRank, beam.CoGroupByKey(s, beam.ParDo(s, rowByID, rows), ranks))
	}
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
	matches, strong, above, kept := beam.ParDo4(s, &scoreFn{Set: set, Link: link, Pairs: o.Pairs != ""}, unique,
		beam.SideInput{Input: model}, beam.SideInput{Input: fieldRows})
	best := beam.CombinePerKey(s, &bestFn{}, matches)

	// cluster
	var clusters, refused, sizeCounts beam.PCollection
	if link {
		clusters, sizeCounts = beam.ParDo2(s, linkCluster, beam.GroupByKey(s, beam.ParDo(s, &linkRoot{Threshold: set.Threshold}, best, beam.SideInput{Input: model})))
		refused = beam.CreateList(s, []int64{})
	} else {
		largest := set.IDColumn != "" && set.ClusterIDFrom == config.ClusterIDLargest
		clusters, refused, sizeCounts = clusterComponents(s, strong, o.Rounds, set.MaxClusterSize, largest)
	}

	// results, output, summary
	results := beam.ParDo(s, &resultFn{W: wc, Link: link}, beam.CoGroupByKey(s, byID, best, clusters), side)
	if set.IDColumn != "" {
		results = attachIDs(s, results, idTexts)
	}
	if o.Pairs != "" {
		writePairs(s, o.Pairs, wc, link, kept, byID, clusters, idTexts, model, infos, set.IDColumn != "")
	}
	beam.ParDo0(s, &writeFn{W: wc, Shards: enrich.ShardPaths(o.Inputs, o.Output)}, beam.GroupByKey(s, beam.ParDo(s, resultBySrc, results)), beam.SideInput{Input: model})
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
	r.Pos = r.ID
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
	kr := keyedRow{ID: r.ID, Pos: r.Pos, Tie: r.Tie, F: r.F, Keys: dedupe.RowKeys(&r.F)}
	for i := range kr.Keys {
		kr.Keys[i].Size = uint32(size[kr.Keys[i].Hash])
	}
	for _, k := range kr.Keys {
		if k.Size >= 2 {
			emit(k.Hash, kr)
		}
	}
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
	register.DoFn6x1[[]byte, func(*int64, *int64) bool, func(*int64, *int64) bool, func(*int64, *int64) bool, func(*srcInfo) bool, func(dedupe.Model), error](&trainFn{})
	register.Combiner2[dedupe.FieldRows, row](&fieldRowsFn{})
	register.DoFn7x0[cand, dedupe.Model, dedupe.FieldRows, func(int64, match), func(edge), func(string, int64), func(keptPair)](&scoreFn{})
	register.Combiner1[match](&bestFn{})
	register.DoFn4x0[int64, match, dedupe.Model, func(int64, int64)](&linkRoot{})
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
