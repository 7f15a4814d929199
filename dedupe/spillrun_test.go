package dedupe

import (
	"cmp"
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// runWith runs dedupe on in (and ref) with the test config, letting opt
// change the options; it returns the result and the error.
func runWith(t *testing.T, ctx context.Context, in, ref string, opt func(*Options)) (*Result, error) {
	t.Helper()
	cfg := parseConfig(t, testConfig)
	o := Options{Settings: cfg.Dedupe, USample: 20_000}
	o.Input, o.Plan = openCSV(t, cfg, in)
	if ref != "" {
		o.Reference, o.RefPlan = openCSV(t, cfg, ref)
	}
	opt(&o)
	return Run(ctx, o)
}

// comparable returns what must not depend on how Run spilled or how many
// workers it had: the summary without timings and disk use.
func comparableSummary(s Summary) Summary {
	s.Stages, s.Elapsed, s.ElapsedSec, s.TempDiskBytes = nil, 0, 0, 0
	return s
}

// TestRunSameWhateverItSpills runs dedupe with everything sorted in
// memory and with sort buffers so small that every sort writes many
// runs, on one and on three workers, once without the pairs' names
// (NoNames), and once without the pairs (NoPairs: the rows' best matches
// and the clusters from the kept pairs read back from their sort): the
// results are identical (but for the names and the pairs), and the
// temporary directory is empty afterwards.
func TestRunSameWhateverItSpills(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name    string
		in, ref string
	}{
		{"dedupe", people + moreRows(2500), ""},
		{"link", people[:strings.Index(people, "\nIsabella")+1] + moreRows(40), people + moreRows(2500)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var results []*Result
			variants := []struct {
				buf, workers     int
				noNames, noPairs bool
			}{{0, 1, false, false}, {1, 3, false, false}, {1, 1, false, false}, {1, 2, true, false}, {1, 2, true, true}, {0, 3, true, true}}
			for _, v := range variants {
				tmp := t.TempDir()
				res, err := runWith(t, context.Background(), tc.in, tc.ref, func(o *Options) {
					o.SortBuffer, o.Workers, o.Settings.TempDir, o.NoNames, o.NoPairs = v.buf, v.workers, tmp, v.noNames, v.noPairs
				})
				if err != nil {
					t.Fatal(err)
				}
				if left, _ := os.ReadDir(tmp); len(left) != 0 {
					t.Errorf("buffer %d: %d temporary files left", v.buf, len(left))
				}
				if res.Summary.TempDiskBytes <= 0 {
					t.Errorf("buffer %d: temp disk %d bytes", v.buf, res.Summary.TempDiskBytes)
				}
				results = append(results, res)
			}
			want := results[0]
			if len(want.Pairs) == 0 {
				t.Fatal("no pairs: the test compares nothing")
			}
			for i, got := range results[1:] {
				if !reflect.DeepEqual(rowsOf(got), rowsOf(want)) {
					t.Errorf("variant %d: rows differ", i+1)
				}
				wantPairs := want.PairRows()
				if variants[i+1].noPairs {
					if len(got.Pairs) != 0 || len(got.PairRows()) != 0 {
						t.Errorf("variant %d: %d pairs held, want none", i+1, len(got.Pairs))
					}
					wantPairs = []*PairRow{}
				} else if variants[i+1].noNames {
					for _, p := range wantPairs {
						if p.NameA == "" || p.NameB == "" {
							t.Fatalf("pair %s-%s without names", p.RowA, p.RowB)
						}
						p.NameA, p.NameB = "", ""
					}
				}
				if !reflect.DeepEqual(got.PairRows(), wantPairs) {
					t.Errorf("variant %d: pairs differ", i+1)
				}
				if g, w := comparableSummary(got.Summary), comparableSummary(want.Summary); !reflect.DeepEqual(g, w) {
					t.Errorf("variant %d: summary\n got %+v\nwant %+v", i+1, g, w)
				}
				if got.Model.Lambda != want.Model.Lambda || !reflect.DeepEqual(got.Model.M, want.Model.M) {
					t.Errorf("variant %d: model differs", i+1)
				}
			}
			if results[1].Summary.TempDiskBytes <= results[0].Summary.TempDiskBytes {
				t.Errorf("small buffers took %d bytes of disk, no more than in memory (%d)", results[1].Summary.TempDiskBytes, results[0].Summary.TempDiskBytes)
			}
		})
	}
}

// TestRunCancelRemovesTempFiles cancels Run in each of its stages: it
// returns the context's error and leaves no temporary file.
func TestRunCancelRemovesTempFiles(t *testing.T) {
	t.Parallel()
	for _, stage := range []string{"reading", "comparing name_tokens", "comparing email", "clustering"} {
		t.Run(stage, func(t *testing.T) {
			t.Parallel()
			tmp := t.TempDir()
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			seen := false
			_, err := runWith(t, ctx, people+moreRows(3000), "", func(o *Options) {
				o.SortBuffer, o.Settings.TempDir = 1, tmp
				o.Progress = func(s string, _, _ int64) {
					if s == stage {
						seen = true
						cancel()
					}
				}
			})
			if !seen {
				t.Fatalf("stage %q never reported", stage)
			}
			if !errors.Is(err, context.Canceled) && stage != "clustering" {
				t.Errorf("err = %v, want context.Canceled", err)
			}
			if left, _ := os.ReadDir(tmp); len(left) != 0 {
				t.Errorf("%d temporary files left", len(left))
			}
		})
	}
}

func TestRunReportsTempDirError(t *testing.T) {
	t.Parallel()
	_, err := runWith(t, context.Background(), people, "", func(o *Options) {
		o.Settings.TempDir = "/nonexistent/namepipe-test"
	})
	if err == nil || !strings.Contains(err.Error(), "/nonexistent/namepipe-test") {
		t.Errorf("err = %v, want one naming the temporary directory", err)
	}
}

// TestCandAdjustMatchesKeys: the adjustment a candidate pair computes
// from its recorded block sizes is the one tf.adjust gives on the two
// rows' keys.
func TestCandAdjustMatchesKeys(t *testing.T) {
	t.Parallel()
	var u [maxFields][]float64
	for f := Field(0); f < numFields; f++ {
		u[f] = make([]float64, f.Levels())
		for l := range u[f] {
			u[f][l] = 0.01 * float64(l+int(f)+1)
		}
	}
	tf := newTermFreq(&Model{U: u}, nil)
	for f := range tf.rows {
		tf.rows[f] = 1000 + float64(f)
	}
	r := rand.New(rand.NewPCG(5, 6))
	for i := range 2000 {
		var ka, kb []blockKey
		for range r.IntN(10) {
			k := blockKey{h: r.Uint64N(6), size: uint32(1 + r.IntN(500)), rule: Rule(r.IntN(int(NumRules)))}
			ka = append(ka, k)
			if r.IntN(2) == 0 {
				kb = append(kb, k)
			}
		}
		for range r.IntN(4) {
			kb = append(kb, blockKey{h: r.Uint64N(6), size: uint32(1 + r.IntN(500)), rule: Rule(r.IntN(int(NumRules)))})
		}
		// rule by rule, as BlockKeys makes them
		byRule := func(x, y blockKey) int { return cmp.Compare(x.rule, y.rule) }
		slices.SortStableFunc(ka, byRule)
		slices.SortStableFunc(kb, byRule)
		var v Vector
		for f := Field(0); f < numFields; f++ {
			v[f] = Level(r.IntN(f.Levels()))
		}
		p := v.Pattern()
		c, _ := newCand(1, 2, p, ka, kb, &Features{}, &Features{}, nameShares{}, blockKey{}, 0) // no name words: names not adjusted
		if got, want := c.adjust(tf), tf.adjust(ka, kb, p); got != want {
			t.Fatalf("case %d: cand adjust %v, tf.adjust %v (keys %+v / %+v, vector %v)", i, got, want, ka, kb, v)
		}
	}
}

// rowsOf returns every row's result of res.
func rowsOf(res *Result) []RowResult {
	out := make([]RowResult, res.NumRows())
	for i := range out {
		out[i] = res.Row(i)
	}
	return out
}
