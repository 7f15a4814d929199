package dedupe

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/namepipe/namepipe/config"
	"github.com/namepipe/namepipe/readers"
	"github.com/namepipe/namepipe/record"
	"github.com/namepipe/namepipe/writers"
)

// The columns a golden record (--merge) appends, after the prefix.
const (
	ColSurvivorID = "survivor_id"
	ColMemberIDs  = "member_ids"
)

// Merger turns each cluster into one golden record by the survivorship
// rules of config.DedupeMerge: every input column chosen by its rule,
// then the survivor's ID, the members' IDs (comma-separated, in ID order)
// and the cluster size. A row without duplicates passes through as its
// own record.
type Merger struct {
	in       record.Schema
	out      record.Schema
	rules    []string // per input column
	date     int      // the date column, or -1
	survivor string
}

// NewMerger checks the rules against the input's columns (an unknown
// column is an error, before any work) and returns the merger.
func NewMerger(in record.Schema, m config.DedupeMerge, prefix string) (*Merger, error) {
	g := &Merger{in: in, date: -1, survivor: m.Survivor, rules: make([]string, len(in.Fields))}
	for i := range g.rules {
		g.rules[i] = m.Default
	}
	cols := make([]string, 0, len(m.Columns))
	for c := range m.Columns {
		cols = append(cols, c)
	}
	slices.Sort(cols)
	for _, c := range cols {
		i := in.Index(c)
		if i < 0 {
			return nil, fmt.Errorf("dedupe.merge.columns: no column %q in the input", c)
		}
		g.rules[i] = m.Columns[c]
	}
	if m.DateColumn != "" {
		if g.date = in.Index(m.DateColumn); g.date < 0 {
			return nil, fmt.Errorf("dedupe.merge.dateColumn: no column %q in the input", m.DateColumn)
		}
	}
	g.out = record.Schema{Fields: append([]record.Field(nil), in.Fields...)}
	for _, c := range []struct {
		name string
		typ  record.Type
	}{{ColSurvivorID, record.String}, {ColMemberIDs, record.String}, {ColClusterSize, record.Int64}} {
		name := prefix + c.name
		if in.Index(name) >= 0 {
			return nil, fmt.Errorf("column %q already exists in the input; set output.prefix to another prefix", name)
		}
		g.out.Fields = append(g.out.Fields, record.Field{Name: name, Type: c.typ, Nullable: true})
	}
	return g, nil
}

// Schema is the golden records' schema.
func (g *Merger) Schema() record.Schema { return g.out }

// member is one row of a cluster being merged.
type member struct {
	row  int32
	vals []record.Value
	date time.Time // zero: none
	full int       // non-empty cells
}

// Write re-reads the input and writes one record per cluster (when its
// last member has been read) and every row without duplicates, in input
// order otherwise. It holds the rows of the clusters not yet complete.
func (g *Merger) Write(ctx context.Context, rd readers.Reader, w writers.Writer, r *Result) error {
	if r.Summary.ReferenceRows > 0 {
		return errors.New("--merge: not with --reference (the reference's rows are not read again)")
	}
	open := map[int32][]member{}
	buf := make([]record.Record, batchSize)
	var out []record.Record
	row, written := int32(0), int64(0)
	emit := func(vals []record.Value) {
		out = append(out, record.Record{Index: written, Line: written + 2, Values: vals})
		written++
	}
	for {
		n, err := rd.Read(ctx, buf)
		for i := range buf[:n] {
			if int(row) >= r.NumRows() {
				return fmt.Errorf("--merge: the input changed while dedupe ran (more than %d rows)", r.NumRows())
			}
			rec := &buf[i]
			vals := slices.Clone(rec.Values)
			rr := r.Row(int(row))
			if rr.Cluster < 0 {
				id := r.RowID(row)
				emit(append(vals, id, id, int64(1)))
			} else {
				m := member{row: row, vals: vals, full: filled(vals)}
				if g.date >= 0 {
					m.date = dateOf(vals[g.date])
				}
				ms := append(open[rr.Cluster], m)
				if int32(len(ms)) == rr.Size {
					delete(open, rr.Cluster)
					emit(g.merge(ms, r))
				} else {
					open[rr.Cluster] = ms
				}
			}
			row++
		}
		if len(out) > 0 {
			if werr := w.Write(ctx, out); werr != nil {
				return fmt.Errorf("--merge: %w", werr)
			}
			out = out[:0]
		}
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return err
		}
	}
	if int(row) != r.NumRows() || len(open) > 0 {
		return fmt.Errorf("--merge: the input changed while dedupe ran (%d rows, first read %d)", row, r.NumRows())
	}
	return nil
}

// merge makes the golden record of a cluster's members.
func (g *Merger) merge(ms []member, r *Result) []record.Value {
	slices.SortFunc(ms, func(a, b member) int { return r.compareIDs(a.row, b.row) })
	surv := g.pick(ms, g.survivor, -1)
	vals := make([]record.Value, 0, len(g.out.Fields))
	for c, rule := range g.rules {
		if rule == config.MergeFromSurvivor {
			vals = append(vals, ms[surv].vals[c])
			continue
		}
		var v record.Value
		if k := g.pick(ms, rule, c); k >= 0 {
			v = ms[k].vals[c]
		}
		vals = append(vals, v)
	}
	ids := make([]string, len(ms))
	for i, m := range ms {
		ids[i] = r.RowID(m.row)
	}
	return append(vals, ids[surv], strings.Join(ids, ","), int64(len(ms)))
}

// pick returns the member (of ms, in ID order) whose value of column c
// the rule takes, or -1 when no member has one; c < 0 picks the survivor
// (any member, empty cells allowed). Ties go to the smaller ID.
func (g *Merger) pick(ms []member, rule string, c int) int {
	ok := func(m *member) bool { return c < 0 || !empty(m.vals[c]) }
	best := -1
	better := func(i int, less bool) {
		if best < 0 || less {
			best = i
		}
	}
	switch rule {
	case config.MergeSmallestID, config.MergeFirst:
		for i := range ms {
			if ok(&ms[i]) {
				return i
			}
		}
	case config.MergeMostComplete:
		for i := range ms {
			if ok(&ms[i]) {
				better(i, best >= 0 && ms[i].full > ms[best].full)
			}
		}
	case config.MergeNewest, config.MergeOldest:
		for i := range ms {
			if !ok(&ms[i]) || ms[i].date.IsZero() {
				continue
			}
			if best < 0 {
				best = i
				continue
			}
			d := ms[i].date.Compare(ms[best].date)
			if rule == config.MergeNewest && d > 0 || rule == config.MergeOldest && d < 0 {
				best = i
			}
		}
		if best < 0 && c < 0 {
			best = 0 // no member has a date: the smallest ID survives
		}
	case config.MergeLongest:
		for i := range ms {
			if ok(&ms[i]) {
				better(i, best >= 0 && len(cellText(ms[i].vals[c])) > len(cellText(ms[best].vals[c])))
			}
		}
	case config.MergeMostFrequent:
		count := map[string]int{}
		for i := range ms {
			if ok(&ms[i]) {
				count[cellText(ms[i].vals[c])]++
			}
		}
		for i := range ms {
			if ok(&ms[i]) {
				better(i, best >= 0 && count[cellText(ms[i].vals[c])] > count[cellText(ms[best].vals[c])])
			}
		}
	}
	return best
}

// compareIDs orders rows by ID (by row without IDs).
func (r *Result) compareIDs(a, b int32) int {
	if r.ids == nil {
		return cmp.Compare(a, b)
	}
	return cmp.Compare(r.ids.rank[a], r.ids.rank[b])
}

func cellText(v record.Value) string { return record.Format(v, record.String) }

func empty(v record.Value) bool { return strings.TrimSpace(cellText(v)) == "" }

// filled counts the non-empty cells.
func filled(vals []record.Value) int {
	n := 0
	for _, v := range vals {
		if !empty(v) {
			n++
		}
	}
	return n
}

// dateOf reads a date cell: a date or timestamp, or text in one of the
// common layouts; the zero time when there is none.
func dateOf(v record.Value) time.Time {
	if t, ok := v.(time.Time); ok {
		return t
	}
	s := strings.TrimSpace(cellText(v))
	for _, layout := range []string{time.RFC3339Nano, time.DateTime, time.DateOnly, "2006-01-02T15:04:05", "02.01.2006", "2006/01/02"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t
		}
	}
	return time.Time{}
}
