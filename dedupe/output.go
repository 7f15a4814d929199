package dedupe

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"golang.org/x/sync/errgroup"

	"github.com/namepipe/namepipe/readers"
	"github.com/namepipe/namepipe/record"
	"github.com/namepipe/namepipe/writers"
)

// The appended columns, after the prefix.
const (
	ColClusterID   = "cluster_id"
	ColClusterSize = "cluster_size"
	ColMatchRow    = "match_row"
	ColMatchScore  = "match_score"
	ColMatchReason = "match_reason"
)

// OutputSchema returns the input's fields followed by the dedupe columns
// (cluster id, size and best match row as int64, score as double, reason
// as text; all nullable). A clash with an input column is an error.
func OutputSchema(in record.Schema, prefix string) (record.Schema, error) {
	return OutputSchemaIDs(in, prefix, "")
}

// OutputSchemaIDs is OutputSchema for rows with their own IDs in column
// idColumn (config.Dedupe.IDColumn; "" for none): the cluster ID and the
// best match are IDs, typed as the ID column when it is a whole number
// (int64) and as text otherwise.
func OutputSchemaIDs(in record.Schema, prefix, idColumn string) (record.Schema, error) {
	out := record.Schema{Fields: append([]record.Field(nil), in.Fields...)}
	idType := record.Int64
	if idColumn != "" {
		i := in.Index(idColumn)
		if i < 0 {
			return record.Schema{}, fmt.Errorf("dedupe.idColumn: no column %q in the input", idColumn)
		}
		if t := in.Fields[i].Type; t != record.Int64 && t != record.Int32 {
			idType = record.String
		}
	}
	for _, c := range []struct {
		name string
		typ  record.Type
	}{{ColClusterID, idType}, {ColClusterSize, record.Int64}, {ColMatchRow, idType}, {ColMatchScore, record.Double}, {ColMatchReason, record.String}} {
		name := prefix + c.name
		if in.Index(name) >= 0 {
			return record.Schema{}, fmt.Errorf("column %q already exists in the input; set output.prefix to another prefix", name)
		}
		out.Fields = append(out.Fields, record.Field{Name: name, Type: c.typ, Nullable: true})
	}
	return out, nil
}

// NothingToCompare is the reason given for a row without comparable data.
const NothingToCompare = "nothing to compare: no name, email, phone, birth date or address"

// Reason says which fields of the best match agreed and how, such as
// "name=equal birth_date=day_month_swapped email=close".
func Reason(p Pattern) string { return (&Model{}).Reason(p) }

// Reason is the package's Reason with the model's extra comparisons
// named by their columns.
func (m *Model) Reason(p Pattern) string {
	v := p.Vector()
	var parts []string
	for f := Field(0); f < maxFields; f++ {
		if v[f] != Missing {
			parts = append(parts, m.FieldName(f)+"="+m.LevelName(f, v[f]))
		}
	}
	return strings.Join(parts, " ")
}

// Values returns the appended cells of row i.
func (r *Result) Values(i int) []record.Value {
	rr := r.Row(i)
	vals := make([]record.Value, 5)
	if rr.Cluster >= 0 {
		vals[0] = r.rowID(rr.Cluster, true)
	}
	vals[1] = int64(rr.Size)
	if rr.Match >= 0 {
		vals[2] = r.rowID(rr.Match, true)
		vals[3] = math.Round(rr.Score*1e4) / 1e4
		vals[4] = r.Model.Reason(rr.Pattern)
	}
	if rr.NothingComparable {
		vals[4] = NothingToCompare
	}
	return vals
}

// WriteOutput re-reads the input and writes every row, unchanged and in
// order, with the dedupe columns appended. Reading (parsing), formatting
// the dedupe cells and writing run on goroutines of their own.
func WriteOutput(ctx context.Context, rd readers.Reader, w writers.Writer, r *Result, progress func(string, int64, int64)) error {
	g, gctx := errgroup.WithContext(ctx)
	type batch struct {
		recs []record.Record
		last bool
	}
	const inFlight = 4
	free := make(chan []record.Record, inFlight)
	for range inFlight {
		free <- make([]record.Record, batchSize)
	}
	full := make(chan batch, inFlight)
	g.Go(func() error {
		defer close(full)
		for {
			var buf []record.Record
			select {
			case buf = <-free:
			case <-gctx.Done():
				return gctx.Err()
			}
			n, err := rd.Read(gctx, buf)
			if progress != nil {
				done, total := rd.Progress()
				progress("writing", done, total)
			}
			eof := errors.Is(err, io.EOF)
			if err != nil && !eof {
				return err
			}
			full <- batch{recs: buf[:n], last: eof}
			if eof {
				return nil
			}
		}
	})
	// Formatting (the rows' dedupe cells) runs on a goroutine of its
	// own too, between the reading and the writing: on one goroutine with
	// the writing it was the slower half (~1.9 of 2.9 CPU-s at 1M rows).
	type formatted struct {
		in   batch
		out  []record.Record
		rows int // rows formatted so far
	}
	outFree := make(chan []record.Record, inFlight)
	for range inFlight {
		outFree <- make([]record.Record, 0, batchSize)
	}
	done := make(chan formatted, inFlight)
	g.Go(func() error {
		defer close(done)
		row := 0
		for b := range full {
			var out []record.Record
			select {
			case out = <-outFree:
			case <-gctx.Done():
				return gctx.Err()
			}
			for i := range b.recs {
				if row >= r.NumRows() {
					return fmt.Errorf("output: the input changed while dedupe ran (more than %d rows)", r.NumRows())
				}
				rec := b.recs[i]
				vals := make([]record.Value, 0, len(rec.Values)+5)
				vals = append(append(vals, rec.Values...), r.Values(row)...)
				// Raw and End carry the input cells' source text, so that CSV
				// output writes them back byte for byte.
				out = append(out, record.Record{Index: rec.Index, Line: rec.Line, Values: vals, Raw: rec.Raw, End: rec.End})
				row++
			}
			done <- formatted{in: b, out: out, rows: row} // room: at most inFlight batches exist
			if b.last {
				return nil
			}
		}
		return gctx.Err()
	})
	g.Go(func() error {
		for f := range done {
			if len(f.out) > 0 {
				if werr := w.Write(gctx, f.out); werr != nil {
					return fmt.Errorf("output: %w", werr)
				}
			}
			if f.in.last {
				if f.rows != r.NumRows() {
					return fmt.Errorf("output: the input changed while dedupe ran (%d rows, first read %d)", f.rows, r.NumRows())
				}
				return nil
			}
			free <- f.in.recs[:cap(f.in.recs)]
			outFree <- f.out[:0]
		}
		return gctx.Err()
	})
	return g.Wait()
}

// rowID returns the ID of row i (a reference row when ref is set and
// the run linked against a reference): its own ID with IDs (as int64
// when the ID column is one), else its 1-based row number.
func (r *Result) rowID(i int32, ref bool) record.Value {
	if r.ids == nil {
		return int64(i) + 1
	}
	if ref && r.Summary.ReferenceRows > 0 {
		i += r.ids.refStart
	}
	if r.ids.intColumn {
		n, _ := strconv.ParseInt(r.ids.id(i), 10, 64)
		return n
	}
	return r.ids.id(i)
}

// RowID returns the ID of input row i as the output writes it (its own
// ID with dedupe.idColumn, else its 1-based row number), as text.
func (r *Result) RowID(i int32) string { return r.idText(i, false) }

// Name returns the name text of input row i when it is a row of a kept
// pair (every clustered row is), else "".
func (r *Result) Name(i int32) string { return r.names.name(i) }
