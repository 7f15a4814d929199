package dedupe

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/namepipe/namepipe/outfile"
	"github.com/namepipe/namepipe/record"
)

// Incremental runs (--previous): the input holds new rows, Options.Previous
// the output of an earlier run (its rows with their np_cluster_id). The
// previous rows are read like a reference file (their features and block
// keys, the index the new rows are looked up in), but no pair of two
// previous rows is compared and their clusters are not re-made: a new row
// joins the cluster of the previous rows it links to (keeping its ID),
// links with other new rows into a new cluster, or links two previous
// clusters, which is a merge event (Summary.MergeEvents). The comparisons
// are those of the new rows: with n new and N previous rows, the pairs a
// new row shares a block with, not the N² of a run over everything.

// MergeEvent is two or more clusters of the previous run that new rows
// link: Clusters are their IDs (the first one is the merged cluster's
// ID; a previous row without duplicates counts as a cluster named by
// its own ID), Rows the IDs of the new rows in the merged cluster.
type MergeEvent struct {
	Clusters []string `json:"clusters"`
	Rows     []string `json:"new_rows"`
}

// modelFile is the form of a saved model (--save-model, --model).
type modelFile struct {
	Format string `json:"format"`
	// Compare are the names of the extra comparisons, which the config
	// reusing the model must compare too.
	Compare []string `json:"compare,omitempty"`
	Model   Model    `json:"model"`
}

const modelFormat = "namepipe-dedupe-model/1"

// SaveModel writes m to path as JSON (through outfile: a file is
// replaced whole or not at all).
func (m *Model) SaveModel(path string) error {
	f := modelFileOf(m)
	b, err := json.MarshalIndent(&f, "", " ")
	if err != nil {
		return fmt.Errorf("save model: %w", err)
	}
	if _, err := outfile.WriteFile(path, append(b, '\n'), outfile.Options{}); err != nil {
		return fmt.Errorf("save model: %w", err)
	}
	return nil
}

// modelFileOf is the saved form of m.
func modelFileOf(m *Model) modelFile {
	f := modelFile{Format: modelFormat, Model: *m}
	for _, x := range m.Extra {
		f.Compare = append(f.Compare, x.Name)
	}
	f.Model.Extra = nil
	return f
}

// LoadModel reads a model saved by SaveModel.
func LoadModel(path string) (*Model, []string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, fmt.Errorf("--model: %w", err)
	}
	var f modelFile
	if err := json.Unmarshal(b, &f); err != nil {
		return nil, nil, fmt.Errorf("--model %s: not a saved model: %w", path, err)
	}
	return modelFromFile(&f, "--model "+path)
}

// modelFromFile checks a saved model; what names it in errors.
func modelFromFile(f *modelFile, what string) (*Model, []string, error) {
	if f.Format != modelFormat {
		return nil, nil, fmt.Errorf("%s: format %q, want %q (save the model again with this version's --save-model)", what, f.Format, modelFormat)
	}
	m := f.Model
	for fl := Field(0); fl < numFields; fl++ {
		if len(m.M[fl]) != fl.Levels() || len(m.U[fl]) != fl.Levels() {
			return nil, nil, fmt.Errorf("%s: field %s has %d levels, want %d", what, fl, len(m.M[fl]), fl.Levels())
		}
	}
	if m.Lambda <= 0 || m.Lambda >= 1 {
		return nil, nil, fmt.Errorf("%s: prior %g is not a probability", what, m.Lambda)
	}
	for fl := Field(0); fl < maxFields; fl++ {
		for l := 1; l < len(m.M[fl]) && l < len(m.U[fl]); l++ {
			if !fl.weighs(Level(l)) {
				continue
			}
			if x, y := m.M[fl][l], m.U[fl][l]; !(x >= 0 && x <= 1 && y >= 0 && y <= 1) {
				return nil, nil, fmt.Errorf("%s: field %s level %d: m %g and u %g must be shares between 0 and 1", what, fl, l, x, y)
			}
		}
	}
	return &m, f.Compare, nil
}

// useModel returns the given model with the run's extra comparisons, or
// an error when it was learned on other ones.
func useModel(m *Model, names []string, extra []Comparison) (Model, error) {
	var want []string
	for _, x := range extra {
		want = append(want, x.Name)
	}
	if !slices.Equal(names, want) {
		return Model{}, fmt.Errorf("--model: learned comparing the columns [%s], but dedupe.compare has [%s]", strings.Join(names, ", "), strings.Join(want, ", "))
	}
	out := *m
	out.Extra = namesOf(extra)
	for i := range extra {
		f := numFields + Field(i)
		if len(out.M[f]) != ExtraLevels || len(out.U[f]) != ExtraLevels {
			return Model{}, fmt.Errorf("--model: column %s has no weights", extra[i].Name)
		}
	}
	return out, nil
}

// previousClusters holds, per previous row, the cluster ID it had in the
// previous run ("" for a row without duplicates).
type previousClusters struct {
	col int
	ids []string
}

// add records the cluster ID cell of the next previous row.
func (p *previousClusters) add(vals []record.Value) {
	s := ""
	if p.col < len(vals) && vals[p.col] != nil {
		s = strings.TrimSpace(record.Format(vals[p.col], record.String))
	}
	p.ids = append(p.ids, s)
}

// incrementalClusters is the cluster step of an incremental run: the
// previous rows (nIn and on) are put back into their clusters, then the
// strong pairs (each with a new row) join rows to them or to each other,
// with the guards of Clusters. It returns each row's root (the row whose
// ID is the cluster's: a previous cluster keeps its ID) and the merge
// events.
func incrementalClusters(res *Result, strong []Edge, prev *previousClusters, nIn, n, maxSize int, largest bool) ([]int32, []MergeEvent, int) {
	ids := res.ids
	// The previous clusters as edges stronger than any pair, and the row
	// holding each cluster's ID. A previous row without duplicates is a
	// cluster of its own, known by its ID: it needs no edge, and is
	// named below only when a new row reaches it.
	first := map[string]int32{}
	idRow := map[string]int32{}
	edges := make([]Edge, 0, len(strong))
	for k, c := range prev.ids {
		if c == "" {
			continue
		}
		row := int32(nIn + k)
		if string(ids.idBytes(row)) == c {
			idRow[c] = row
		}
		if f, ok := first[c]; ok {
			edges = append(edges, Edge{A: f, B: row, P: 2})
		} else {
			first[c] = row
		}
	}
	edges = append(edges, strong...)
	root0, refused := clusters(n, edges, maxSize, ids)
	// Per component with a new row (by its first row): the previous
	// clusters in it. (A component of previous rows alone keeps its
	// cluster; no output row is in it.)
	withNew := make(map[int32]bool, nIn)
	for j := range nIn {
		withNew[root0[j]] = true
	}
	olds := map[int32][]string{}
	for k, c := range prev.ids {
		row := int32(nIn + k)
		r := root0[row]
		if !withNew[r] {
			continue
		}
		if c == "" {
			c = ids.id(row)
			prev.ids[k] = c
			first[c], idRow[c] = row, row
		}
		if !slices.Contains(olds[r], c) {
			olds[r] = append(olds[r], c)
		}
	}
	// A component without a previous cluster is named as in a full run;
	// one with previous clusters keeps one of their IDs: the smallest
	// (largest) by ID, as clusterIdFrom says.
	root := slices.Clone(root0)
	ids.representatives(root, largest)
	keep := map[int32]int32{}
	var events []MergeEvent
	for r, cs := range olds {
		best := int32(-1)
		for _, c := range cs {
			row, ok := idRow[c]
			if !ok {
				row = first[c] // the ID's row is not in the previous output: a member
			}
			if best < 0 || ids.before(row, best) != largest {
				best = row
			}
		}
		keep[r] = best
		if len(cs) < 2 {
			continue
		}
		ev := MergeEvent{Clusters: []string{ids.id(best)}}
		for _, c := range cs {
			if c != ids.id(best) {
				ev.Clusters = append(ev.Clusters, c)
			}
		}
		slices.Sort(ev.Clusters[1:])
		for j := range nIn {
			if root0[j] == r {
				ev.Rows = append(ev.Rows, ids.id(int32(j)))
			}
		}
		events = append(events, ev)
	}
	for i, r := range root0 {
		if k, ok := keep[r]; ok {
			root[i] = k
		}
	}
	slices.SortFunc(events, func(a, b MergeEvent) int { return strings.Compare(a.Clusters[0], b.Clusters[0]) })
	return root, events, refused
}

// extractPrevious reads the previous run's rows after the input's (as
// reference rows: keys and features, no pairs among themselves) and
// their cluster IDs.
func (x *extracted) extractPrevious(ctx context.Context, o Options, cols columnsOf, nIn int32) (*previousClusters, error) {
	if x.ids == nil {
		return nil, errors.New("--previous needs dedupe.idColumn: the previous run's clusters are known by their rows' IDs")
	}
	if o.Reference != nil {
		return nil, errors.New("--previous and --reference cannot be combined")
	}
	sch := o.Previous.Schema()
	prev := &previousClusters{col: sch.Index(o.PreviousClusterColumn)}
	if prev.col < 0 {
		return nil, fmt.Errorf("%s: no column %q: --previous takes the output of an earlier namepipe dedupe run with this config", o.PreviousName, o.PreviousClusterColumn)
	}
	if x.idCol = sch.Index(o.Settings.IDColumn); x.idCol < 0 {
		return nil, fmt.Errorf("%s: dedupe.idColumn: no column %q in the previous output", o.PreviousName, o.Settings.IDColumn)
	}
	x.idFile = o.PreviousName
	var err error
	if x.extraCol, x.blockCol, err = cols.indexes(sch, o.PreviousName); err != nil {
		return nil, err
	}
	x.prev = prev
	if _, _, err := extractAll(ctx, o.Previous, o.PrevPlan, true, nIn, o.Workers, x, o.Progress); err != nil {
		return nil, fmt.Errorf("previous: %w", err)
	}
	x.prev = nil
	return prev, nil
}
