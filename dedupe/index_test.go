package dedupe

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/namepipe/namepipe/mapping"
	"github.com/namepipe/namepipe/readers"
	"github.com/namepipe/namepipe/record"
)

// indexConfig is testConfig with IDs and small blocks, so that many
// blocks are capped and an incremental run reads only a window of them.
var indexConfig = strings.Replace(testConfig, "dedupe: {names: local}", "dedupe: {names: local, idColumn: id, maxBlockSize: %d, window: %d}", 1)

// withIDs puts an id column (id0, id1, …) in front of CSV rows with a
// header.
func withIDs(csv string, first int) string {
	lines := strings.Split(strings.TrimRight(csv, "\n"), "\n")
	var b strings.Builder
	for i, l := range lines {
		if i == 0 {
			b.WriteString("id," + l + "\n")
			continue
		}
		fmt.Fprintf(&b, "id%d,%s\n", first+i-1, l)
	}
	return b.String()
}

// indexFixture is a previous run over one CSV text with its index saved,
// and the previous output written as CSV (the input's columns and
// np_cluster_id).
type indexFixture struct {
	cfg         *mapping.Config
	dir         string
	index, prev string
	model       *Model
}

func newIndexFixture(t testing.TB, maxBlock, window int, rows string) *indexFixture {
	t.Helper()
	return newIndexFixtureConfig(t, fmt.Sprintf(indexConfig, maxBlock, window), rows)
}

// newIndexFixtureConfig is newIndexFixture with a config's text.
func newIndexFixtureConfig(t testing.TB, config, rows string) *indexFixture {
	t.Helper()
	fx := &indexFixture{dir: t.TempDir()}
	var err error
	if fx.cfg, err = mapping.Parse([]byte(config), "test.yaml"); err != nil {
		t.Fatal(err)
	}
	var res *Result
	fx.prev, fx.index, res = fx.save(t, rows, "", "", "prev")
	fx.model = &res.Model
	return fx
}

// writeOutput writes a run's output as CSV: its input rows (CSV text)
// with their cluster IDs.
func writeOutput(t testing.TB, path, rows string, res *Result) {
	t.Helper()
	lines := strings.Split(strings.TrimRight(rows, "\n"), "\n")
	var b strings.Builder
	b.WriteString(lines[0] + ",np_cluster_id\n")
	for i, l := range lines[1:] {
		c := ""
		if v := res.Values(i)[0]; v != nil {
			c = record.Format(v, record.String)
		}
		b.WriteString(l + "," + c + "\n")
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// options are the options of a run over rows (CSV text).
func (fx *indexFixture) options(t testing.TB, rows string) Options {
	t.Helper()
	rd, plan := fx.open(t, rows)
	return Options{Input: rd, Plan: plan, Settings: fx.cfg.Dedupe, USample: 20_000, InputName: "in.csv"}
}

func (fx *indexFixture) open(t testing.TB, data string) (readers.Reader, *mapping.Plan) {
	t.Helper()
	return openCSV(t, fx.cfg, data)
}

// incremental runs the new rows against the previous output, through
// the index or reading the whole previous output.
func (fx *indexFixture) incremental(t *testing.T, rows string, index bool) *Result {
	t.Helper()
	o := fx.options(t, rows)
	o.Model, o.PreviousName = fx.model, fx.prev
	if index {
		ix, err := OpenIndex(fx.index)
		if err != nil {
			t.Fatal(err)
		}
		defer ix.Close()
		if err := ix.Check("config", fx.prev); err != nil {
			t.Fatal(err)
		}
		o.Index = ix
	} else {
		data, err := os.ReadFile(fx.prev)
		if err != nil {
			t.Fatal(err)
		}
		o.Previous, o.PrevPlan = fx.open(t, string(data))
		o.PreviousClusterColumn = "np_cluster_id"
	}
	res, err := Run(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestIndexSameAsReadingAll: an incremental run through the index finds
// the same pairs, clusters (with the previous clusters' IDs) and merge
// events as one that reads every previous row, also when most blocks
// are capped (then it reads only the rows a window away from a new row).
func TestIndexSameAsReadingAll(t *testing.T) {
	t.Parallel()
	all := withIDs(people+moreRows(900), 1)
	lines := strings.SplitAfter(strings.TrimRight(all, "\n")+"\n", "\n")
	head, body := lines[0], lines[1:len(lines)-1]
	// Every fifth row is new: the planted duplicates and the namesakes
	// (moreRows repeats a name every 156 rows) fall on both sides.
	var old, cur []string
	for i, l := range body {
		if i%5 == 1 {
			cur = append(cur, l)
		} else {
			old = append(old, l)
		}
	}
	for _, c := range []struct{ maxBlock, window int }{{24, 4}, {3, 1}, {4, 2}} {
		t.Run(fmt.Sprintf("maxBlockSize %d window %d", c.maxBlock, c.window), func(t *testing.T) {
			t.Parallel()
			fx := newIndexFixture(t, c.maxBlock, c.window, head+strings.Join(old, ""))
			news := head + strings.Join(cur, "")
			want, got := fx.incremental(t, news, false), fx.incremental(t, news, true)
			if got.Summary.PairsCompared != want.Summary.PairsCompared || got.Summary.PairsCompared == 0 {
				t.Errorf("%d pairs compared through the index, %d reading all", got.Summary.PairsCompared, want.Summary.PairsCompared)
			}
			for i := range want.NumRows() {
				w, g := want.Values(i), got.Values(i)
				if fmt.Sprint(w) != fmt.Sprint(g) {
					t.Errorf("new row %d: %v through the index, %v reading all", i+1, g, w)
				}
			}
			if fmt.Sprint(got.Summary.MergeEvents) != fmt.Sprint(want.Summary.MergeEvents) {
				t.Errorf("merge events %v through the index, %v reading all", got.Summary.MergeEvents, want.Summary.MergeEvents)
			}
			if got.Summary.PreviousRows != int64(len(old)) || got.Summary.PreviousRowsRead >= int64(len(old)) && c.maxBlock < 24 {
				t.Errorf("previous rows %d, read %d of %d", got.Summary.PreviousRows, got.Summary.PreviousRowsRead, len(old))
			}
			joined := 0
			for _, r := range rowsOf(got) {
				if r.Cluster >= int32(len(cur)) {
					joined++
				}
			}
			if joined == 0 {
				t.Error("no new row joined a previous cluster")
			}
			t.Logf("%d pairs, %d new rows joined previous clusters, %d of %d previous rows read", got.Summary.PairsCompared, joined, got.Summary.PreviousRowsRead, len(old))
		})
	}
}

// TestNearWindow: the old entries a capped block's new rows are compared
// with are those at most window places from a new entry in the merged
// block order, checked against counting places one by one.
func TestNearWindow(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(1, 2))
	for trial := range 2000 {
		nOld, nNew, window := r.IntN(40), 1+r.IntN(5), 1+r.IntN(5)
		old := make([]idxEnt, nOld)
		for i := range old {
			old[i] = idxEnt{order: uint64(r.IntN(20)), tie: uint32(r.IntN(3)), row: int32(i)}
		}
		slices.SortFunc(old, func(a, b idxEnt) int {
			if a.order != b.order {
				return int(a.order) - int(b.order)
			}
			if a.tie != b.tie {
				return int(a.tie) - int(b.tie)
			}
			return int(a.row - b.row)
		})
		group := make([]newEnt, nNew)
		for i := range group {
			group[i] = newEnt{order: uint64(r.IntN(20)), tie: uint32(r.IntN(3)), row: int32(i)}
		}
		slices.SortFunc(group, func(a, b newEnt) int {
			if a.order != b.order {
				return int(a.order) - int(b.order)
			}
			if a.tie != b.tie {
				return int(a.tie) - int(b.tie)
			}
			return int(a.row - b.row)
		})
		// The merged order: a new entry before an old one at equal
		// order and tie (its row is lower).
		type pos struct {
			old bool
			i   int
		}
		var merged []pos
		i, j := 0, 0
		for i < len(old) || j < len(group) {
			if j < len(group) && (i == len(old) || !old[i].before(group[j])) {
				merged = append(merged, pos{false, j})
				j++
			} else {
				merged = append(merged, pos{true, i})
				i++
			}
		}
		var want []idxEnt
		for p, m := range merged {
			if !m.old {
				continue
			}
			for q := max(p-window, 0); q <= min(p+window, len(merged)-1); q++ {
				if !merged[q].old {
					want = append(want, old[m.i])
					break
				}
			}
		}
		if got := nearWindow(old, group, window); !slices.Equal(got, want) {
			t.Fatalf("trial %d (window %d): got %v, want %v", trial, window, got, want)
		}
	}
}

// FuzzIndex opens arbitrary bytes as an index (--index takes a file from
// outside) and, when they pass as one, runs an incremental run through
// them that saves a chained index: a broken index is an error, never a
// panic or a huge allocation.
func FuzzIndex(f *testing.F) {
	all := withIDs(people+moreRows(40), 1)
	lines := strings.SplitAfter(strings.TrimRight(all, "\n")+"\n", "\n")
	head, body := lines[0], lines[1:len(lines)-1]
	fx := newIndexFixture(f, 4, 2, head+strings.Join(body[:30], ""))
	news := head + strings.Join(body[30:], "")
	idx, err := os.ReadFile(fx.index)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(idx)
	f.Add(idx[:len(idx)/2])
	f.Add([]byte(indexMagic + "\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00NPDX"))
	f.Fuzz(func(t *testing.T, data []byte) {
		p := filepath.Join(t.TempDir(), "fuzz.index")
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		ix, err := OpenIndex(p)
		if err != nil {
			if !strings.Contains(err.Error(), p) {
				t.Errorf("error %q does not name the index", err)
			}
			return
		}
		defer ix.Close()
		o := fx.options(t, news)
		o.Model, o.PreviousName, o.Index = fx.model, fx.prev, ix
		// A chained index is saved from it too (its sections copied and
		// merged): an error or an index, never a panic.
		iw, err := CreateIndex(filepath.Join(t.TempDir(), "next.index"), "config")
		if err != nil {
			t.Fatal(err)
		}
		defer iw.Abort()
		o.SaveIndex = iw
		if res, err := Run(context.Background(), o); err == nil {
			_ = iw.Commit(res, fx.prev)
		}
	})
}
