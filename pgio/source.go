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

// SourceOptions say what a Source reads.
type SourceOptions struct {
	// DSN is the connection string (never logged).
	DSN string
	// Query is a SELECT whose rows are the input; or
	Query string
	// Table is a table or view read whole (schema.table allowed).
	Table string
	// Fetch is how many rows one FETCH brings; 0 means 4096.
	Fetch int
}

func (o SourceOptions) sql() string {
	if o.Table != "" {
		return "SELECT * FROM " + ident(o.Table)
	}
	return strings.TrimRight(strings.TrimSpace(o.Query), "; \t\r\n")
}

// what names the input in errors.
func (o SourceOptions) what() string {
	if o.Table != "" {
		return "input table " + o.Table
	}
	return "input query"
}

// Source streams the rows of a query from one snapshot. It is a
// readers.Reader.
type Source struct {
	conn   *pgx.Conn
	red    redactor
	what   string
	cols   []Column
	decs   []decoder
	schema record.Schema
	fetch  int
	rows   pgx.Rows
	got    int // rows of the current FETCH
	done   int64
	eof    bool
}

// Describe connects, checks the query (or the table) and returns its
// columns as the source would read them, without reading a row.
func Describe(ctx context.Context, o SourceOptions) ([]Column, error) {
	s, err := OpenSource(ctx, o)
	if err != nil {
		return nil, err
	}
	defer s.Close()
	return s.Columns(), nil
}

// OpenSource connects, starts a read-only repeatable-read transaction,
// describes the query (its columns and their types, before any row is
// read) and opens a cursor on it.
func OpenSource(ctx context.Context, o SourceOptions) (_ *Source, err error) {
	red := newRedactor(o.DSN)
	// Without synchronized scans, reading an unchanged table twice (as
	// dedupe does, once to compare and once to write) gives its rows in
	// the same order: a synchronized scan may start mid-table.
	conn, err := connect(ctx, o.DSN, red, map[string]string{"synchronize_seqscans": "off"})
	if err != nil {
		return nil, err
	}
	s := &Source{conn: conn, red: red, what: o.what(), fetch: o.Fetch}
	if s.fetch <= 0 {
		s.fetch = 4096
	}
	defer func() {
		if err != nil {
			_ = conn.Close(context.Background())
		}
	}()
	if _, err := conn.Exec(ctx, "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"); err != nil {
		return nil, red.err(err, "%s: starting a read-only transaction", s.what)
	}
	q := o.sql()
	if q == "" {
		return nil, fmt.Errorf("postgres: %s is empty", s.what)
	}
	sd, err := conn.Prepare(ctx, "", q)
	if err != nil {
		return nil, red.err(err, "%s", s.what)
	}
	if len(sd.Fields) == 0 {
		return nil, fmt.Errorf("postgres: %s returns no columns", s.what)
	}
	if s.cols, s.decs, err = mapColumns(ctx, conn, sd.Fields, s.what); err != nil {
		return nil, &redactedError{msg: red.text("postgres: " + err.Error()), cause: err}
	}
	s.schema.Fields = make([]record.Field, len(s.cols))
	for i, c := range s.cols {
		s.schema.Fields[i] = c.Field
	}
	if _, err := conn.Exec(ctx, "DECLARE namepipe_source NO SCROLL CURSOR FOR "+q); err != nil {
		return nil, red.err(err, "%s", s.what)
	}
	return s, nil
}

// Columns returns the result's columns and their types.
func (s *Source) Columns() []Column { return s.cols }

// Schema returns the input's columns.
func (s *Source) Schema() record.Schema { return s.schema }

// Progress returns the rows read so far; the total is not known.
func (s *Source) Progress() (done, total int64) { return s.done, 0 }

// Read fills dst with the next rows. A value that cannot be read (a date
// beyond year 9999) leaves the cell NULL and flags the row.
func (s *Source) Read(ctx context.Context, dst []record.Record) (int, error) {
	n := 0
	for n < len(dst) {
		if s.eof {
			break
		}
		if s.rows == nil {
			rows, err := s.conn.Query(ctx, fmt.Sprintf("FETCH FORWARD %d FROM namepipe_source", s.fetch), pgx.QueryResultFormats{pgx.TextFormatCode})
			if err != nil {
				return n, s.red.err(err, "%s: row %d", s.what, s.done+1)
			}
			s.rows, s.got = rows, 0
		}
		if !s.rows.Next() {
			s.rows.Close()
			err := s.rows.Err()
			got := s.got
			s.rows = nil
			if err != nil {
				return n, s.red.err(err, "%s: row %d", s.what, s.done+1)
			}
			if got < s.fetch {
				s.eof = true
				// End the snapshot now: its locks must not hold up the
				// writer's commit (a replace or update of a table read here).
				if _, err := s.conn.Exec(ctx, "COMMIT"); err != nil {
					return n, s.red.err(err, "%s: ending the read transaction", s.what)
				}
			}
			continue
		}
		s.got++
		s.fill(&dst[n], s.rows.RawValues())
		n++
	}
	if n == 0 && s.eof {
		return 0, io.EOF
	}
	return n, nil
}

func (s *Source) fill(r *record.Record, raw [][]byte) {
	vals := r.Values[:0]
	if cap(vals) < len(raw) {
		vals = make([]record.Value, 0, len(raw))
	}
	r.Index, r.Line = s.done, s.done+1
	r.Problem, r.Raw, r.End, r.Text = "", nil, "", ""
	var problems []string
	for i, b := range raw {
		if b == nil {
			vals = append(vals, nil)
			continue
		}
		v, err := s.decs[i](b)
		if err != nil {
			problems = append(problems, fmt.Sprintf("%s row %d column %s: %v", s.what, r.Line, s.cols[i].Name, err))
			v = nil
		}
		vals = append(vals, v)
	}
	r.Values = vals
	if len(problems) > 0 {
		r.Problem = strings.Join(problems, "; ")
	}
	s.done++
}

// Close ends the transaction and the connection.
func (s *Source) Close() error {
	if s.conn == nil {
		return nil
	}
	if s.rows != nil {
		s.rows.Close()
	}
	conn := s.conn
	s.conn = nil
	err := conn.Close(context.Background())
	if err != nil && !errors.Is(err, context.Canceled) {
		return s.red.err(err, "%s: closing", s.what)
	}
	return nil
}
