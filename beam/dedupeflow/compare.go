package dedupeflow

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"sync"

	"github.com/namepipe/namepipe/config"
	"github.com/namepipe/namepipe/dedupe"
	"github.com/namepipe/namepipe/engine"
	"github.com/namepipe/namepipe/mapping"
	"github.com/namepipe/namepipe/nameapi"
)

// newComparer returns the compare step of a worker: names through the
// local engine's person matcher unless the config says local (a remote
// matcher's budget cannot be shared between workers, so with the remote
// engine names are compared locally), and the config's own columns
// (dedupe.compare).
func newComparer(cfg *mapping.Config, rows int64) (*dedupe.Comparer, error) {
	cols, err := dedupe.NewColumns(cfg.Dedupe)
	if err != nil {
		return nil, err
	}
	var m nameapi.PersonMatcher
	if cfg.Dedupe.Names != config.DedupeNamesLocal && (cfg.Engine.Kind == config.EngineLocal || cfg.Engine.Kind == "") {
		e, err := localEngine()
		if err != nil {
			return nil, fmt.Errorf("engine: %w", err)
		}
		m = e
	}
	return dedupe.NewComparer(m, -1, rows).WithColumns(cols), nil
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
	// dedupe.Run's order of a capped block: by order, tie, then position
	slices.SortFunc(idx, func(x, y int) int {
		return cmp.Or(cmp.Compare(order[x], order[y]), cmp.Compare(rows[x].Tie, rows[y].Tie), cmp.Compare(rows[x].Pos, rows[y].Pos))
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
// input's size) go to the comparing workers as a side input, whole: the
// pairs beyond dedupe.UNameSample are compared without the names' level
// (dedupe.Comparer.CompareOthers), but other fields' levels read the name words
// (an email spelt from the name is weaker evidence). The pairs are cut
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
// features. (Names are not left out of the rows only in pairs beyond
// dedupe.UNameSample: dedupe.Comparer.CompareOthers reads the name words, and
// without them 229 of 100,000 rows got other scores or matches than
// dedupe.Run's; TestSameClustersAsLocal's sample goes beyond
// dedupe.UNameSample.)
type sampleRowsFn struct {
	W        workerConfig
	N        int
	Link     bool
	inSample map[int64]bool
}

func (f *sampleRowsFn) ProcessElement(r row, srcs func(*srcInfo) bool, emit func([]byte)) error {
	if f.inSample == nil {
		f.inSample = map[int64]bool{}
		for _, p := range samplePairs(f.N, newLayout(f.W.NumInputs, f.W.NumSources, srcs), f.Link) {
			f.inSample[p[0]], f.inSample[p[1]] = true, true
		}
	}
	if !f.inSample[r.ID] {
		return nil
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
		v := f.c.CompareOthers(a, b)
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

func (f *trainFn) ProcessElement(_ []byte, codes, sharedCodes, uCodes func(*int64, *int64) bool, srcs func(*srcInfo) bool, emit func(dedupe.Model)) error {
	cfg, err := f.W.parse()
	if err != nil {
		return err
	}
	cols, err := dedupe.NewColumns(cfg.Dedupe)
	if err != nil {
		return err
	}
	l := newLayout(f.W.NumInputs, f.W.NumSources, srcs)
	byRule := make([]dedupe.PatternCounts, dedupe.NumRules)
	shared := make([]dedupe.PatternCounts, dedupe.NumRules)
	for r := range byRule {
		byRule[r], shared[r] = cols.NewPatternCounts(), cols.NewPatternCounts()
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
	u := cols.NewPatternCounts()
	sample := int64(0)
	for uCodes(&code, &n) {
		u[code] += n
		sample += n
	}
	possible := float64(l.nIn) * float64(l.nIn-1) / 2
	if f.Link {
		possible = float64(l.nIn) * float64(l.nRef)
	}
	m := cols.Train(byRule, shared, dedupe.EstimateUCounts(u), possible)
	m.USample = int(sample)
	emit(m)
	return nil
}
