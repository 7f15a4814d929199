package dedupe

import (
	"cmp"
	"context"
	"errors"
	"io"
	"reflect"
	"slices"
	"testing"

	"github.com/namepipe/namepipe/nameapi"
	"github.com/namepipe/namepipe/record"
)

// testFeatures extracts the features of a CSV text with testConfig.
func testFeatures(t *testing.T, data string) []Features {
	t.Helper()
	rd, plan := openCSV(t, parseConfig(t, testConfig), data)
	var feats []Features
	buf := make([]record.Record, 64)
	for {
		n, err := rd.Read(context.Background(), buf)
		for i := range buf[:n] {
			var p *nameapi.InputPerson
			if req, _ := plan.Build(&buf[i]); req != nil {
				p = req.Person
			}
			feats = append(feats, Extract(int32(len(feats)), p))
		}
		if errors.Is(err, io.EOF) {
			return feats
		}
		if err != nil {
			t.Fatal(err)
		}
	}
}

func TestFieldRowsAddUp(t *testing.T) {
	t.Parallel()
	feats := testFeatures(t, people+moreRows(50))
	all := CountFieldRows(feats)
	part := CountFieldRows(feats[:20])
	part.Add(CountFieldRows(feats[20:]))
	if part != all || all[FieldName] == 0 {
		t.Errorf("parts %v, whole %v", part, all)
	}
}

// TestStepsComposeToRun runs the exported steps one after the other, the
// way a distributed runner does (group by key hash, compare in blocks,
// train, score, cluster), and wants Run's result row for row.
func TestStepsComposeToRun(t *testing.T) {
	t.Parallel()
	data := people + moreRows(400)
	want := runOn(t, data, "", nil, 0)
	feats := testFeatures(t, data)
	cfg := parseConfig(t, testConfig)
	set := cfg.Dedupe
	ctx := context.Background()
	n := len(feats)

	// block keys, sized by their blocks
	keys := make([][]Key, n)
	blocks := map[uint64][]int32{}
	for i := range feats {
		keys[i] = RowKeys(&feats[i])
		for _, k := range keys[i] {
			blocks[k.Hash] = append(blocks[k.Hash], int32(i))
		}
	}
	sets := make([]KeySet, n)
	for i := range keys {
		for j := range keys[i] {
			keys[i][j].Size = uint32(len(blocks[keys[i][j].Hash]))
		}
		sets[i] = NewKeySet(keys[i], set.MaxBlockSize)
	}
	// group + compare
	c := NewComparer(nil, 0, int64(n))
	byRule := make([]PatternCounts, NumRules)
	for r := range byRule {
		byRule[r] = NewPatternCounts()
	}
	words := CountWords(nil, feats)
	shares := NewNameShares(words, CountFieldRows(feats)[FieldName])
	type pair struct {
		a, b   int32
		p      Pattern
		shared uint8
		names  float32
	}
	var cands []pair
	for i := range keys {
		for _, k := range keys[i] {
			rows := blocks[k.Hash]
			if rows[0] != int32(i) || len(rows) < 2 {
				continue // each block once
			}
			rows = slices.Clone(rows)
			slices.SortFunc(rows, func(x, y int32) int {
				return cmp.Or(cmp.Compare(BlockOrder(k.Rule, &feats[x]), BlockOrder(k.Rule, &feats[y])), cmp.Compare(x, y))
			})
			BlockPairs(len(rows), set, func(x, y int) {
				a, b := min(rows[x], rows[y]), max(rows[x], rows[y])
				if !Owns(sets[a], sets[b], k) {
					return
				}
				v := c.Compare(ctx, &feats[a], &feats[b])
				byRule[k.Rule][v.Pattern()]++
				if v.Agrees() {
					cands = append(cands, pair{a, b, v.Pattern(), SharedRules(sets[a], sets[b]), shares.LogU(&feats[a], &feats[b], v[FieldName])})
				}
			})
		}
	}
	slices.SortFunc(cands, func(x, y pair) int { return cmp.Or(cmp.Compare(x.a, y.a), cmp.Compare(x.b, y.b)) })
	cands = slices.CompactFunc(cands, func(x, y pair) bool { return x.a == y.a && x.b == y.b })
	shared := make([]PatternCounts, NumRules)
	for r := range shared {
		shared[r] = NewPatternCounts()
		shared[r].Add(byRule[r])
		for _, c := range cands {
			if c.shared&(1<<r) != 0 {
				shared[r][c.p]++
			}
		}
	}
	// u, EM, term frequencies
	uCounts := NewPatternCounts()
	for i, p := range SamplePairs(20_000, n, 0, false) {
		v := c.CompareOthers(&feats[p[0]], &feats[p[1]])
		if i < UNameSample {
			v = c.Compare(ctx, &feats[p[0]], &feats[p[1]])
		}
		uCounts[v.Pattern()]++
	}
	model := TrainShared(byRule, shared, EstimateUCounts(uCounts), float64(n)*float64(n-1)/2)
	if !reflect.DeepEqual(model.M, want.Model.M) || model.Lambda != want.Model.Lambda {
		t.Fatalf("model differs:\n got %+v\nwant %+v", model, want.Model)
	}
	tf := NewTermFreq(&model, CountFieldRows(feats))
	// score, best match, clusters
	type best struct {
		score float64
		row   int32
		p     Pattern
	}
	bests := make([]best, n)
	for i := range bests {
		bests[i].row = -1
	}
	var strong []Edge
	for _, x := range cands {
		s := Probability(model.Weight(x.p.Vector()) + tf.Adjust(SharedBlocks(sets[x.a], sets[x.b]), x.names, x.p))
		if s < set.PairsThreshold {
			continue
		}
		if s >= set.Threshold {
			strong = append(strong, Edge{A: x.a, B: x.b, P: s})
		}
		for _, side := range [2][2]int32{{x.a, x.b}, {x.b, x.a}} {
			if b := &bests[side[0]]; s > b.score || s == b.score && side[1] < b.row {
				*b = best{s, side[1], x.p}
			}
		}
	}
	root, _ := Clusters(n, strong, set.MaxClusterSize)
	size := map[int32]int32{}
	for _, r := range root {
		size[r]++
	}
	for i, w := range rowsOf(want) {
		got := RowResult{Cluster: -1, Size: 1, Match: bests[i].row, Score: bests[i].score, Pattern: bests[i].p, NothingComparable: !feats[i].Comparable()}
		if size[root[i]] > 1 {
			got.Cluster, got.Size = root[i], size[root[i]]
		}
		if got != w {
			t.Errorf("row %d: steps give %+v, Run %+v", i+1, got, w)
		}
	}
	if want.Summary.Clusters["2"] < 3 {
		t.Errorf("Run found %v clusters: the test data lost its duplicates", want.Summary.Clusters)
	}
}
