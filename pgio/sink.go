package pgio

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/namepipe/namepipe/record"
)

// Sink modes.
const (
	ModeCreate  = "create"
	ModeAppend  = "append"
	ModeReplace = "replace"
	ModeUpdate  = "update"
)

// SinkOptions say where and how a Sink writes.
type SinkOptions struct {
	// DSN is the connection string (never logged).
	DSN string
	// Table is the table written (schema.table allowed).
	Table string
	// Mode is create, append, replace or update.
	Mode string
	// Key is the key column of mode update.
	Key string
	// InputColumns is how many of the schema's first columns are the
	// input's; mode update writes only the others (the result columns).
	InputColumns int
}

// Sink writes rows to a table inside one transaction: COPY FROM streams
// them as Write is called, and Commit commits (after the swap of replace
// or the UPDATE of update). It is a writers.Writer.
type Sink struct {
	o      SinkOptions
	red    redactor
	conn   *pgx.Conn
	tx     pgx.Tx
	schema record.Schema
	cols   []int    // schema columns sent to COPY, in order
	target string   // the table COPY writes into (quoted)
	newTab string   // replace: the new table (quoted, unqualified name)
	add    []string // update: result columns to add to the table at commit

	pw      *io.PipeWriter
	done    chan error // the COPY's result
	buf     []byte
	rows    int64
	updated int64
	ended   bool
}

// lockTimeout bounds how long the sink waits for a lock on its table (an
// application holding it, a reader of the same table), so that a wait
// ends in an error naming the table instead of a hang.
const lockTimeout = "120s"

// errAborted ends the COPY of an aborted run.
var errAborted = errors.New("run aborted")

// CreateSink connects, starts the transaction, prepares the target table
// per the mode (creating it, checking its columns) and starts the COPY.
func CreateSink(ctx context.Context, schema record.Schema, o SinkOptions) (_ *Sink, err error) {
	red := newRedactor(o.DSN)
	conn, err := connect(ctx, o.DSN, red, map[string]string{"lock_timeout": lockTimeout})
	if err != nil {
		return nil, err
	}
	s := &Sink{o: o, red: red, conn: conn, schema: schema}
	defer func() {
		if err != nil {
			if s.tx != nil {
				_ = s.tx.Rollback(context.Background())
			}
			_ = conn.Close(context.Background())
		}
	}()
	if s.tx, err = conn.Begin(ctx); err != nil {
		return nil, red.err(err, "output table %s: starting a transaction", o.Table)
	}
	if err := s.prepare(ctx); err != nil {
		return nil, err
	}
	s.startCopy()
	return s, nil
}

// prepare makes or checks the table that COPY writes into.
func (s *Sink) prepare(ctx context.Context) error {
	all := make([]int, len(s.schema.Fields))
	for i := range all {
		all[i] = i
	}
	switch s.o.Mode {
	case ModeCreate:
		s.target, s.cols = ident(s.o.Table), all
		return s.exec(ctx, "CREATE TABLE "+s.target+" ("+s.columnDefs(all)+")", "creating it (mode create; use append or replace for a table that exists)")
	case ModeAppend:
		s.target, s.cols = ident(s.o.Table), all
		return s.checkColumns(ctx, all)
	case ModeReplace:
		s.cols = all
		parts := strings.Split(s.o.Table, ".")
		name := parts[len(parts)-1]
		s.newTab = quoteCol(name + "_namepipe_new")
		parts[len(parts)-1] = name + "_namepipe_new"
		s.target = ident(strings.Join(parts, "."))
		if err := s.exec(ctx, "DROP TABLE IF EXISTS "+s.target, "dropping a leftover new table"); err != nil {
			return err
		}
		return s.exec(ctx, "CREATE TABLE "+s.target+" ("+s.columnDefs(all)+")", "creating the new table")
	case ModeUpdate:
		return s.prepareUpdate(ctx)
	}
	return fmt.Errorf("postgres: output table %s: unknown mode %q (use create, append, replace or update)", s.o.Table, s.o.Mode)
}

func (s *Sink) exec(ctx context.Context, sql, what string) error {
	if _, err := s.tx.Exec(ctx, sql); err != nil {
		return s.red.err(err, "output table %s: %s", s.o.Table, what)
	}
	return nil
}

func (s *Sink) columnDefs(cols []int) string {
	defs := make([]string, len(cols))
	for i, c := range cols {
		f := s.schema.Fields[c]
		defs[i] = quoteCol(f.Name) + " " + pgTypeOf(f)
	}
	return strings.Join(defs, ", ")
}

// tableColumns returns the columns of the table and their types, or an
// error when it does not exist.
func (s *Sink) tableColumns(ctx context.Context) (map[string]string, error) {
	var oid uint32
	if err := s.tx.QueryRow(ctx, "SELECT to_regclass($1)::oid", ident(s.o.Table)).Scan(&oid); err != nil || oid == 0 {
		if err == nil {
			return nil, fmt.Errorf("postgres: output table %s does not exist (mode %s needs it; mode create makes it)", s.o.Table, s.o.Mode)
		}
		return nil, s.red.err(err, "output table %s", s.o.Table)
	}
	rows, err := s.tx.Query(ctx, "SELECT attname, format_type(atttypid, atttypmod) FROM pg_attribute WHERE attrelid = $1 AND attnum > 0 AND NOT attisdropped", oid)
	if err != nil {
		return nil, s.red.err(err, "output table %s: reading its columns", s.o.Table)
	}
	out := map[string]string{}
	var name, typ string
	_, err = pgx.ForEachRow(rows, []any{&name, &typ}, func() error { out[name] = typ; return nil })
	if err != nil {
		return nil, s.red.err(err, "output table %s: reading its columns", s.o.Table)
	}
	return out, nil
}

// checkColumns fails unless the table has every column of cols.
func (s *Sink) checkColumns(ctx context.Context, cols []int) error {
	have, err := s.tableColumns(ctx)
	if err != nil {
		return err
	}
	var missing []string
	for _, c := range cols {
		if _, ok := have[s.schema.Fields[c].Name]; !ok {
			missing = append(missing, s.schema.Fields[c].Name)
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("postgres: output table %s has no column %s (mode %s writes every output column; its columns: %s)",
			s.o.Table, strings.Join(missing, ", "), s.o.Mode, strings.Join(sortedKeys(have), ", "))
	}
	return nil
}

// startCopy runs COPY FROM STDIN in the background, fed through a pipe by
// Write.
func (s *Sink) startCopy() {
	names := make([]string, len(s.cols))
	for i, c := range s.cols {
		names[i] = quoteCol(s.schema.Fields[c].Name)
	}
	sql := "COPY " + s.target + " (" + strings.Join(names, ", ") + ") FROM STDIN"
	pr, pw := io.Pipe()
	s.pw, s.done = pw, make(chan error, 1)
	conn := s.conn.PgConn()
	go func() {
		_, err := conn.CopyFrom(context.Background(), pr, sql)
		pr.CloseWithError(errCopyEnded(err))
		s.done <- err
	}()
}

func errCopyEnded(err error) error {
	if err == nil {
		return errors.New("COPY ended")
	}
	return err
}

// Write sends recs to the COPY.
func (s *Sink) Write(ctx context.Context, recs []record.Record) error {
	if s.ended {
		return fmt.Errorf("postgres: output table %s: write after commit or abort", s.o.Table)
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	buf := s.buf[:0]
	for i := range recs {
		r := &recs[i]
		for j, c := range s.cols {
			if j > 0 {
				buf = append(buf, '\t')
			}
			var v record.Value
			if c < len(r.Values) {
				v = r.Values[c]
			}
			var err error
			if buf, err = appendCopyText(buf, v, s.schema.Fields[c]); err != nil {
				return fmt.Errorf("postgres: output table %s: row %d column %s: %w", s.o.Table, r.Line, s.schema.Fields[c].Name, err)
			}
		}
		buf = append(buf, '\n')
	}
	s.buf = buf
	if _, err := s.pw.Write(buf); err != nil {
		return s.copyErr(err)
	}
	s.rows += int64(len(recs))
	return nil
}

// copyErr is the COPY's own error once it ended, else err.
func (s *Sink) copyErr(err error) error {
	if cerr := <-s.done; cerr != nil {
		s.done <- cerr
		return s.red.err(cerr, "output table %s", s.o.Table)
	}
	s.done <- nil
	return s.red.err(err, "output table %s", s.o.Table)
}

// Rows returns the rows written so far.
func (s *Sink) Rows() int64 { return s.rows }

// Commit ends the COPY, finishes the mode's work (replace: swap the
// tables; update: the UPDATE) and commits. On any error it rolls back.
func (s *Sink) Commit() error {
	if s.ended {
		return nil
	}
	s.ended = true
	ctx := context.Background()
	_ = s.pw.Close()
	if err := <-s.done; err != nil {
		s.rollback()
		return s.red.err(err, "output table %s", s.o.Table)
	}
	var err error
	switch s.o.Mode {
	case ModeReplace:
		err = s.swap(ctx)
	case ModeUpdate:
		err = s.update(ctx)
	}
	if err == nil {
		if cerr := s.tx.Commit(ctx); cerr != nil {
			err = s.red.err(cerr, "output table %s: committing", s.o.Table)
		}
	}
	if err != nil {
		s.rollback()
		return err
	}
	return s.close()
}

// swap replaces the old table by the new one, inside the transaction.
func (s *Sink) swap(ctx context.Context) error {
	if err := s.exec(ctx, "DROP TABLE IF EXISTS "+ident(s.o.Table), "dropping the old table (mode replace)"); err != nil {
		return err
	}
	parts := strings.Split(s.o.Table, ".")
	return s.exec(ctx, "ALTER TABLE "+s.target+" RENAME TO "+quoteCol(parts[len(parts)-1]), "renaming the new table (mode replace)")
}

// Abort ends the COPY with an error and rolls the transaction back: the
// table is as it was. A no-op after Commit.
func (s *Sink) Abort() error {
	if s.ended {
		return nil
	}
	s.ended = true
	s.pw.CloseWithError(errAborted)
	<-s.done
	s.rollback()
	return nil
}

func (s *Sink) rollback() {
	_ = s.tx.Rollback(context.Background())
	_ = s.close()
}

func (s *Sink) close() error {
	if s.conn == nil {
		return nil
	}
	err := s.conn.Close(context.Background())
	s.conn = nil
	if err != nil {
		return s.red.err(err, "output table %s: closing", s.o.Table)
	}
	return nil
}
