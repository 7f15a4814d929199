package dedupe

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// save runs over rows (CSV text) and saves the output (as name.out.csv)
// and the index (name.index): a full run when prev is "", else an
// incremental one through the previous output prev and its index, which
// saves a chained index. The incremental run uses the index's model.
func (fx *indexFixture) save(t testing.TB, rows, prev, index, name string) (out, idx string, res *Result) {
	t.Helper()
	o := fx.options(t, rows)
	if prev != "" {
		ix, err := OpenIndex(index)
		if err != nil {
			t.Fatal(err)
		}
		defer ix.Close()
		if err := ix.Check("config", prev); err != nil {
			t.Fatal(err)
		}
		o.Index, o.PreviousName = ix, prev
	}
	out, idx = filepath.Join(fx.dir, name+".out.csv"), filepath.Join(fx.dir, name+".index")
	iw, err := CreateIndex(idx, "config")
	if err != nil {
		t.Fatal(err)
	}
	o.SaveIndex = iw
	if res, err = Run(context.Background(), o); err != nil {
		iw.Abort()
		t.Fatal(err)
	}
	writeOutput(t, out, rows, res)
	if err := iw.Commit(res, out); err != nil {
		t.Fatal(err)
	}
	return out, idx, res
}

// rowSections are the sections of an index made of the rows alone: a
// chained index has those of a full run over the same rows.
var rowSections = []string{"features", "featOff", "idText", "idEnd", "idHash", "words", "keyDir", "keySparse", "keyEnts"}

// indexClusters reads an index's clusters: each row's cluster ID text,
// and the partition (each cluster's rows' IDs, sorted).
func indexClusters(t *testing.T, path string) (ids, text []string, parts []string) {
	t.Helper()
	ix, err := OpenIndex(path)
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	sec := map[string][]byte{}
	for _, name := range []string{"idText", "idEnd", "clusterText", "clusterEnd", "clusterOf"} {
		if sec[name], err = ix.whole(name); err != nil {
			t.Fatal(err)
		}
	}
	texts := func(ends, text []byte) []string {
		var out []string
		lo := uint32(0)
		for i := 0; i < len(ends); i += 4 {
			hi := binary.LittleEndian.Uint32(ends[i:])
			out = append(out, string(text[lo:hi]))
			lo = hi
		}
		return out
	}
	ids, text = texts(sec["idEnd"], sec["idText"]), texts(sec["clusterEnd"], sec["clusterText"])
	byCluster := map[int32][]string{}
	for i := range ids {
		if c := int32(binary.LittleEndian.Uint32(sec["clusterOf"][4*i:])); c >= 0 {
			byCluster[c] = append(byCluster[c], ids[i])
		}
	}
	for _, m := range byCluster {
		slices.Sort(m)
		parts = append(parts, strings.Join(m, " "))
	}
	slices.Sort(parts)
	return ids, text, parts
}

// sameRowSections reports the row sections and counts in which two
// indexes differ.
func sameRowSections(t *testing.T, want, got string) {
	t.Helper()
	a, err := OpenIndex(want)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	b, err := OpenIndex(got)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	for _, name := range rowSections {
		x, err := a.whole(name)
		if err != nil {
			t.Fatal(err)
		}
		y, err := b.whole(name)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(x, y) {
			t.Errorf("section %s: %d bytes in %s, %d in %s, not the same", name, len(y), filepath.Base(got), len(x), filepath.Base(want))
		}
	}
	fa, fb := a.foot, b.foot
	if fa.Rows != fb.Rows || fa.Keys != fb.Keys || fa.Entries != fb.Entries || fa.Words != fb.Words || fa.NumericIDs != fb.NumericIDs || fa.TFRows != fb.TFRows {
		t.Errorf("counts %+v, want %+v", []any{fb.Rows, fb.Keys, fb.Entries, fb.Words, fb.NumericIDs, fb.TFRows}, []any{fa.Rows, fa.Keys, fa.Entries, fa.Words, fa.NumericIDs, fa.TFRows})
	}
}

// TestChainedIndex: day 1 a full run saves an index; day 2 and day 3 are
// incremental runs, each through the index the day before saved, each
// saving a chained one. The chained indexes hold the rows' sections of a
// full run over the same rows byte for byte; the clusters after day 3
// are those of day 1 then days 2 and 3 in one incremental run (the same
// partition; the same IDs wherever a cluster holds a day-1 row); and a
// chained index serves a run like a full run's.
func TestChainedIndex(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name, config, data string
		capped             bool
	}{
		{"capped", fmt.Sprintf(indexConfig, 4, 2), withIDs(people+moreRows(900), 1), true},
		{"dupgen 10k", fmt.Sprintf(dupgenConfig, ""), dupgen10k(t), false},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			lines := strings.SplitAfter(strings.TrimRight(c.data, "\n")+"\n", "\n")
			head, body := lines[0], lines[1:len(lines)-1]
			// Days by row: the duplicates fall on every day.
			var days [3][]string
			for i, l := range body {
				d := 0
				switch i % 7 {
				case 1, 4:
					d = 1
				case 2:
					d = 2
				}
				days[d] = append(days[d], l)
			}
			csv := func(ls ...[]string) string { return head + strings.Join(slices.Concat(ls...), "") }
			fx := newIndexFixtureConfig(t, c.config, csv(days[0]))
			out2, idx2, res2 := fx.save(t, csv(days[1]), fx.prev, fx.index, "day2")
			_, idx3, res3 := fx.save(t, csv(days[2]), out2, idx2, "day3")
			_, idx23, _ := fx.save(t, csv(days[1], days[2]), fx.prev, fx.index, "days23")
			_, full2, _ := fx.save(t, csv(days[0], days[1]), "", "", "full2")
			_, full3, _ := fx.save(t, csv(days[0], days[1], days[2]), "", "", "full3")
			sameRowSections(t, full2, idx2)
			sameRowSections(t, full3, idx3)
			sameRowSections(t, full3, idx23)
			if res3.Summary.PreviousRows != int64(len(days[0])+len(days[1])) || c.capped && res3.Summary.PreviousRowsRead >= res3.Summary.PreviousRows {
				t.Errorf("day 3: %d previous rows, %d read", res3.Summary.PreviousRows, res3.Summary.PreviousRowsRead)
			}
			if c.capped {
				return // capped blocks: the windows of days 2 and 3 apart are not those of both at once
			}
			ids, chained, parts3 := indexClusters(t, idx3)
			_, once, parts23 := indexClusters(t, idx23)
			if !slices.Equal(parts3, parts23) {
				t.Errorf("clusters after day 3 differ from days 2 and 3 at once:\n%v\n%v", parts3, parts23)
			}
			day1 := map[string]bool{}
			for i := range days[0] {
				day1[ids[i]] = true
			}
			// The IDs: the same wherever a cluster holds a day-1 row; one
			// made of day-2 and day-3 rows alone keeps, after day 3, the
			// ID day 2 gave it (the smallest of its day-2 rows), which a
			// run of both days gives the smallest of all its rows.
			withOld, rows, idsDiffer := 0, 0, 0
			for _, p := range parts3 {
				m := strings.Fields(p)
				if slices.ContainsFunc(m, func(id string) bool { return day1[id] }) {
					withOld++
				}
				rows += len(m)
			}
			of := map[string]string{}
			for i := range ids {
				of[ids[i]] = chained[i]
			}
			for i := range ids {
				if chained[i] == once[i] {
					continue
				}
				if day1[chained[i]] || day1[once[i]] || chained[i] == "" || once[i] == "" {
					t.Errorf("row %s: cluster %q chained, %q at once", ids[i], chained[i], once[i])
				}
				idsDiffer++
			}
			if withOld == 0 || withOld == len(parts3) {
				t.Errorf("%d of %d clusters with a day-1 row: the days do not test both kinds", withOld, len(parts3))
			}
			t.Logf("%d clusters (%d rows) after day 3, %d with a day-1 row, %d rows with another ID; merge events: day 2 %d, day 3 %d; day 3 read %d of %d previous rows",
				len(parts3), rows, withOld, idsDiffer, len(res2.Summary.MergeEvents), len(res3.Summary.MergeEvents), res3.Summary.PreviousRowsRead, res3.Summary.PreviousRows)
		})
	}
}
