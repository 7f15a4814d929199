package dedupeflow

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"

	"github.com/namepipe/namepipe/beam/enrich"
	"github.com/namepipe/namepipe/dedupe"
	"github.com/namepipe/namepipe/internal/wiring"
	"github.com/namepipe/namepipe/job"
	"github.com/namepipe/namepipe/mapping"
	"github.com/namepipe/namepipe/nameapi"
	"github.com/namepipe/namepipe/readers"
	"github.com/namepipe/namepipe/record"
)

// source is one file to read: an input, or a reference file (Ref).
type source struct {
	Path string
	Src  int64
	Ref  bool
}

// batch is the number of records read at a time.
const batch = 256

// openSource opens a file with the config's input settings (a reference
// file: with the delimiter its extension implies, as `namepipe dedupe`
// does) and its mapping plan. Malformed rows are kept and flagged where
// the config says reject: every row takes part and is written.
func openSource(ctx context.Context, cfg *mapping.Config, path string, ref bool) (readers.Reader, *mapping.Plan, error) {
	c := *cfg
	if ref {
		c.Input.Delimiter = ""
	}
	c.Input.Override(path)
	job.KeepMalformed(&c.Input)
	rd, err := wiring.OpenInput(ctx, c.Input, nil)
	if err != nil {
		return nil, nil, err
	}
	plan, err := mapping.NewPlan(&c, rd.Schema())
	if err != nil {
		rd.Close()
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	return rd, plan, nil
}

// extractFn reads one file and reduces each row to its features (the
// extract step), under the provisional id source<<srcShift | row. With
// dedupe.idColumn it also emits each row's ID.
type extractFn struct {
	W workerConfig
}

func (f *extractFn) ProcessElement(ctx context.Context, s source, emit func(row), info func(srcInfo), emitID func(idCell)) error {
	cfg, err := f.W.parse()
	if err != nil {
		return err
	}
	rd, plan, err := openSource(ctx, cfg, s.Path, s.Ref)
	if err != nil {
		return err
	}
	defer rd.Close()
	idCol := -1
	if col := cfg.Dedupe.IDColumn; col != "" {
		if idCol = rd.Schema().Index(col); idCol < 0 {
			side := "input"
			if s.Ref {
				side = "reference"
			}
			return fmt.Errorf("%s: dedupe.idColumn: no column %q in the %s", s.Path, col, side)
		}
	}
	// the config's own columns (dedupe.compare, dedupe.blockOn), as
	// dedupe.Run reads them
	cols, err := dedupe.NewColumns(cfg.Dedupe)
	if err != nil {
		return err
	}
	colIdx, err := cols.Indexes(rd.Schema(), s.Path)
	if err != nil {
		return err
	}
	si := srcInfo{Src: s.Src}
	buf := make([]record.Record, batch)
	for {
		n, err := rd.Read(ctx, buf)
		for i := range buf[:n] {
			req, berr := plan.Build(&buf[i])
			if berr != nil {
				si.Errors++
			}
			var p *nameapi.InputPerson
			if req != nil {
				p = req.Person
			}
			feat := dedupe.Extract(int32(si.Rows), p)
			feat.Ref = s.Ref
			colIdx.Set(&feat, buf[i].Values)
			if !feat.Comparable() {
				si.NothingComparable++
			}
			r := row{ID: s.Src<<srcShift | si.Rows, F: feat}
			if idCol >= 0 {
				var v record.Value
				if idCol < len(buf[i].Values) {
					v = buf[i].Values[idCol]
					r.Tie = dedupe.IDTie(v)
				}
				emitID(idCell{Prov: r.ID, Line: buf[i].Line, ID: record.Format(v, record.String)})
			}
			emit(r)
			si.Rows++
		}
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return fmt.Errorf("%s: %w", s.Path, err)
		}
	}
	info(si)
	return nil
}

// writeFn re-reads one input file and writes it, every row unchanged and
// in order, with the dedupe columns (match_reason names the model's
// compared columns).
type writeFn struct {
	W      workerConfig
	Shards []enrich.Shard
}

func (f *writeFn) ProcessElement(ctx context.Context, src int64, it func(*result) bool, model dedupe.Model) (err error) {
	cfg, err := f.W.parse()
	if err != nil {
		return err
	}
	var rows []dedupe.RowResult
	var ids [][2]string // with dedupe.idColumn: the cluster's and the match's ID
	var r result
	for it(&r) {
		for int64(len(rows)) <= r.Row {
			rows = append(rows, dedupe.RowResult{})
			ids = append(ids, [2]string{})
		}
		rows[r.Row] = r.R
		ids[r.Row] = [2]string{r.ClusterID, r.MatchID}
	}
	res := dedupe.ResultOf(rows)
	res.Model = model
	path, out := f.Shards[src].Input, f.Shards[src].Output
	rd, _, err := openSource(ctx, cfg, path, false)
	if err != nil {
		return err
	}
	defer rd.Close()
	idColumn := cfg.Dedupe.IDColumn
	schema, err := outputSchema(rd.Schema(), cfg.Output.ColumnPrefix(), idColumn)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	// the ID columns' type: a whole number's (int64), else text
	idType := schema.Fields[len(rd.Schema().Fields)].Type
	var layout *readers.CSVLayout
	if l, ok := readers.LayoutOf(rd); ok {
		layout = &l
	}
	s := cfg.Settings
	s.Input.Override(path)
	s.Output.Override(out)
	// A retried bundle writes the output again: a FIFO would get it twice.
	w, err := wiring.CreateAtomicOutput(ctx, &s, schema, len(rd.Schema().Fields), layout)
	if err != nil {
		return fmt.Errorf("output %s: %w", out, err)
	}
	defer func() {
		if err != nil {
			_ = w.Abort()
		}
	}()
	buf := make([]record.Record, batch)
	recs := make([]record.Record, 0, batch)
	n := 0
	for {
		k, rerr := rd.Read(ctx, buf)
		recs = recs[:0]
		for i := range buf[:k] {
			if n >= len(rows) {
				return fmt.Errorf("%s: the input changed while dedupe ran (more than %d rows)", path, len(rows))
			}
			rec := buf[i]
			cells := res.Values(n)
			if idColumn != "" {
				for k, c := range [2]int{0, 2} { // cluster, match
					if cells[c] != nil {
						if cells[c], err = idValue(ids[n][k], idType); err != nil {
							return fmt.Errorf("%s: row %d: %w", path, n+1, err)
						}
					}
				}
			}
			vals := append(append(make([]record.Value, 0, len(rec.Values)+7), rec.Values...), cells...)
			vals = append(vals, path, rec.Index+1)
			recs = append(recs, record.Record{Index: rec.Index, Line: rec.Line, Values: vals, Raw: rec.Raw, End: rec.End})
			n++
		}
		if len(recs) > 0 {
			if err := w.Write(ctx, recs); err != nil {
				return fmt.Errorf("output %s: %w", out, err)
			}
		}
		if errors.Is(rerr, io.EOF) {
			break
		}
		if rerr != nil {
			return fmt.Errorf("%s: %w", path, rerr)
		}
	}
	if n != len(rows) {
		return fmt.Errorf("%s: the input changed while dedupe ran (%d rows, first read %d)", path, n, len(rows))
	}
	return w.Commit()
}

// outputSchema is the input's columns, the dedupe columns (IDs typed as
// dedupe.OutputSchemaIDs says) and the source columns of namepipe-beam
// run (the input file and the 1-based data row).
func outputSchema(in record.Schema, prefix, idColumn string) (record.Schema, error) {
	out, err := dedupe.OutputSchemaIDs(in, prefix, idColumn)
	if err != nil {
		return out, err
	}
	return enrich.SourceSchema(out, prefix)
}

// idValue is an ID as an output cell of type t (dedupe.OutputSchemaIDs).
func idValue(id string, t record.Type) (record.Value, error) {
	if t != record.Int64 {
		return id, nil
	}
	n, err := strconv.ParseInt(id, 10, 64)
	if err != nil {
		return nil, fmt.Errorf("dedupe.idColumn: the ID %q is not a whole number", id)
	}
	return n, nil
}

func init() {
	register.DoFn5x1[context.Context, source, func(row), func(srcInfo), func(idCell), error](&extractFn{})
	register.DoFn4x1[context.Context, int64, func(*result) bool, dedupe.Model, error](&writeFn{})
	register.Emitter1[srcInfo]()
	register.Emitter1[idCell]()
}
