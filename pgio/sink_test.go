package pgio

import (
	"context"
	"math/big"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/namepipe/namepipe/pgio/pgtest"

	"github.com/jackc/pgx/v5"

	"github.com/namepipe/namepipe/record"
)

var sinkSchema = record.Schema{Fields: []record.Field{
	{Name: "id", Type: record.Int64}, {Name: "name", Type: record.String},
	{Name: "born", Type: record.Date}, {Name: "price", Type: record.Decimal, Precision: 10, Scale: 2},
	{Name: "np_gender", Type: record.String}, {Name: "np_confidence", Type: record.Double},
	{Name: "np_ok", Type: record.Bool}, {Name: "np_at", Type: record.Timestamp},
}}

func sinkRows(gender string) []record.Record {
	born := time.Date(1980, 2, 29, 0, 0, 0, 0, time.UTC)
	at := time.Date(2024, 1, 2, 3, 4, 5, 6000, time.UTC)
	return []record.Record{
		{Line: 1, Values: []record.Value{int64(1), "Petra\tMüller\\", born, record.Dec{Unscaled: big.NewInt(1250), Scale: 2}, gender, 0.75, true, at}},
		{Line: 2, Values: []record.Value{int64(2), nil, nil, nil, nil, nil, nil, nil}},
		{Line: 3, Values: []record.Value{int64(3), "line\nbreak", born, record.Dec{Unscaled: big.NewInt(-5), Scale: 2}, gender, 1.0, false, at}},
	}
}

func writeRows(t *testing.T, o SinkOptions, recs []record.Record) *Sink {
	t.Helper()
	s, err := CreateSink(context.Background(), sinkSchema, o)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Write(context.Background(), recs[:1]); err != nil {
		t.Fatal(err)
	}
	if err := s.Write(context.Background(), recs[1:]); err != nil {
		t.Fatal(err)
	}
	return s
}

// tableRows reads a table back through a Source, ordered by id.
func tableRows(t *testing.T, table string) (record.Schema, [][]record.Value) {
	t.Helper()
	src, err := OpenSource(context.Background(), SourceOptions{DSN: pgtest.URL(t), Query: "SELECT * FROM " + table + " ORDER BY id"})
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	var vals [][]record.Value
	for _, r := range readAll(t, src) {
		vals = append(vals, r.Values)
	}
	return src.Schema(), vals
}

func count(t *testing.T, conn *pgx.Conn, table string) int {
	t.Helper()
	var n int
	if err := conn.QueryRow(context.Background(), "SELECT count(*) FROM "+table).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestSinkCreate writes a new table, typed, invisible before Commit, and
// reads it back with its types and values.
func TestSinkCreate(t *testing.T) {
	t.Parallel()
	_, conn, sc := pgtest.Schema(t, "nptest_")
	table := sc + ".enriched"
	s := writeRows(t, SinkOptions{DSN: pgtest.URL(t), Table: table, Mode: ModeCreate}, sinkRows("FEMALE"))
	var exists bool
	if err := conn.QueryRow(context.Background(), "SELECT to_regclass($1) IS NOT NULL", table).Scan(&exists); err != nil || exists {
		t.Fatalf("table visible before commit: %v %v", exists, err)
	}
	if err := s.Commit(); err != nil {
		t.Fatal(err)
	}
	schema, vals := tableRows(t, table)
	for i, f := range schema.Fields {
		w := sinkSchema.Fields[i]
		if f.Name != w.Name || f.Type != w.Type || f.Precision != w.Precision || f.Scale != w.Scale {
			t.Errorf("column %d: %+v, want %+v", i, f, w)
		}
	}
	for i, r := range sinkRows("FEMALE") {
		if !reflect.DeepEqual(vals[i], r.Values) {
			t.Errorf("row %d:\n got %#v\nwant %#v", i+1, vals[i], r.Values)
		}
	}
	// create refuses a table that exists, and leaves it alone.
	if _, err := CreateSink(context.Background(), sinkSchema, SinkOptions{DSN: pgtest.URL(t), Table: table, Mode: ModeCreate}); err == nil || !strings.Contains(err.Error(), "already exists") {
		t.Errorf("create over an existing table: %v", err)
	}
	if n := count(t, conn, table); n != 3 {
		t.Errorf("%d rows", n)
	}
}

// TestSinkAppendReplaceAbort: append adds rows, replace swaps the table at
// commit (the old one stays visible until then), abort changes nothing.
func TestSinkAppendReplaceAbort(t *testing.T) {
	t.Parallel()
	_, conn, sc := pgtest.Schema(t, "nptest_")
	table := sc + ".enriched"
	dsn := pgtest.URL(t)
	if err := writeRows(t, SinkOptions{DSN: dsn, Table: table, Mode: ModeCreate}, sinkRows("F")).Commit(); err != nil {
		t.Fatal(err)
	}
	if err := writeRows(t, SinkOptions{DSN: dsn, Table: table, Mode: ModeAppend}, sinkRows("F")).Commit(); err != nil {
		t.Fatal(err)
	}
	if n := count(t, conn, table); n != 6 {
		t.Fatalf("append: %d rows", n)
	}
	s := writeRows(t, SinkOptions{DSN: dsn, Table: table, Mode: ModeAppend}, sinkRows("F"))
	if err := s.Abort(); err != nil {
		t.Fatal(err)
	}
	if n := count(t, conn, table); n != 6 {
		t.Fatalf("after abort: %d rows", n)
	}
	s = writeRows(t, SinkOptions{DSN: dsn, Table: table, Mode: ModeReplace}, sinkRows("M"))
	if n := count(t, conn, table); n != 6 {
		t.Fatalf("replace before commit: %d rows", n)
	}
	if err := s.Commit(); err != nil {
		t.Fatal(err)
	}
	_, vals := tableRows(t, table)
	if len(vals) != 3 || vals[0][4] != "M" {
		t.Fatalf("after replace: %v", vals)
	}
	var leftovers int
	if err := conn.QueryRow(context.Background(), "SELECT count(*) FROM pg_tables WHERE schemaname = $1", sc).Scan(&leftovers); err != nil || leftovers != 1 {
		t.Errorf("tables in the schema after replace: %d %v", leftovers, err)
	}
	// append into a table without the columns: named, nothing written.
	mustExec(t, conn, "CREATE TABLE "+sc+".narrow (id bigint)")
	if _, err := CreateSink(context.Background(), sinkSchema, SinkOptions{DSN: dsn, Table: sc + ".narrow", Mode: ModeAppend}); err == nil || !strings.Contains(err.Error(), "has no column name, born") {
		t.Errorf("append to a narrow table: %v", err)
	}
	// A value the column cannot hold fails the COPY; Commit rolls back.
	s, err := CreateSink(context.Background(), sinkSchema, SinkOptions{DSN: dsn, Table: table, Mode: ModeAppend})
	if err != nil {
		t.Fatal(err)
	}
	bad := sinkRows("F")
	bad[0].Values[3] = record.Dec{Unscaled: big.NewInt(1e15), Scale: 2}
	werr := s.Write(context.Background(), bad)
	cerr := s.Commit()
	if werr == nil && cerr == nil {
		t.Fatal("numeric overflow accepted")
	}
	err = cerr
	if err == nil {
		err = werr
	}
	if !strings.Contains(err.Error(), "price") {
		t.Errorf("error does not name the column: %v", err)
	}
	if n := count(t, conn, table); n != 3 {
		t.Errorf("after a failed append: %d rows", n)
	}
}

// TestSinkUpdate writes the result columns into the rows of the table by
// key, adding the columns it lacks, and refuses duplicate keys.
func TestSinkUpdate(t *testing.T) {
	t.Parallel()
	_, conn, sc := pgtest.Schema(t, "nptest_")
	table := sc + ".contacts"
	dsn := pgtest.URL(t)
	mustExec(t, conn, "CREATE TABLE "+table+" (id bigint PRIMARY KEY, name text, born date, price numeric(10,2), np_gender varchar(10), other text)")
	mustExec(t, conn, "INSERT INTO "+table+" VALUES (1, 'a', NULL, NULL, 'old', 'keep1'), (2, 'b', NULL, NULL, 'old', 'keep2'), (3, 'c', NULL, NULL, 'old', 'keep3'), (4, 'd', NULL, NULL, 'old', 'keep4')")
	o := SinkOptions{DSN: dsn, Table: table, Mode: ModeUpdate, Key: "id", InputColumns: 4}
	s := writeRows(t, o, sinkRows("F"))
	if err := s.Commit(); err != nil {
		t.Fatal(err)
	}
	if s.Updated() != 3 {
		t.Errorf("updated %d", s.Updated())
	}
	rows, err := conn.Query(context.Background(), "SELECT id, name, np_gender, np_confidence, np_ok, other FROM "+table+" ORDER BY id")
	if err != nil {
		t.Fatal(err)
	}
	got, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) ([]any, error) { return r.Values() })
	if err != nil {
		t.Fatal(err)
	}
	want := [][]any{
		{int64(1), "a", "F", 0.75, true, "keep1"},
		{int64(2), "b", nil, nil, nil, "keep2"},
		{int64(3), "c", "F", 1.0, false, "keep3"},
		{int64(4), "d", "old", nil, nil, "keep4"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("after update:\n got %v\nwant %v", got, want)
	}
	// A key twice in the input: nothing is written.
	dup := append(sinkRows("M"), sinkRows("M")[0])
	s = writeRows(t, o, dup)
	if err := s.Commit(); err == nil || !strings.Contains(err.Error(), `unique-key violation: key column id has value "1" in 2 input rows`) {
		t.Errorf("duplicate key: %v", err)
	}
	var g string
	if err := conn.QueryRow(context.Background(), "SELECT np_gender FROM "+table+" WHERE id = 1").Scan(&g); err != nil || g != "F" {
		t.Errorf("after a failed update: %q %v", g, err)
	}
	// A key column the table lacks, and one the input lacks.
	for _, tc := range []struct{ key, want string }{{"name2", "not a column of the input"}, {"born", "born"}} {
		o := o
		o.Key = tc.key
		mustExec(t, conn, "CREATE TABLE IF NOT EXISTS "+sc+".nokey (id bigint)")
		o.Table = sc + ".nokey"
		if _, err := CreateSink(context.Background(), sinkSchema, o); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("key %s: %v", tc.key, err)
		}
	}
}

// TestSinkPermissionDenied writes as a role that may read but not insert:
// the error names the table and the missing privilege; nothing is written.
func TestSinkPermissionDenied(t *testing.T) {
	t.Parallel()
	_, conn, sc := pgtest.Schema(t, "nptest_")
	table := sc + ".enriched"
	if err := writeRows(t, SinkOptions{DSN: pgtest.URL(t), Table: table, Mode: ModeCreate}, sinkRows("F")).Commit(); err != nil {
		t.Fatal(err)
	}
	role := sc + "_reader"
	mustExec(t, conn, "CREATE ROLE "+role+" LOGIN")
	t.Cleanup(func() {
		_, _ = conn.Exec(context.Background(), "DROP OWNED BY "+role)
		_, _ = conn.Exec(context.Background(), "DROP ROLE "+role)
	})
	mustExec(t, conn, "GRANT USAGE ON SCHEMA "+sc+" TO "+role)
	mustExec(t, conn, "GRANT SELECT ON "+table+" TO "+role)
	cfg, err := pgx.ParseConfig(pgtest.URL(t))
	if err != nil {
		t.Fatal(err)
	}
	dsn := strings.Replace(pgtest.URL(t), "postgres://"+cfg.User+"@", "postgres://"+role+"@", 1)
	s, err := CreateSink(context.Background(), sinkSchema, SinkOptions{DSN: dsn, Table: table, Mode: ModeAppend})
	if err == nil {
		werr := s.Write(context.Background(), sinkRows("F"))
		err = s.Commit()
		if err == nil {
			err = werr
		}
	}
	if err == nil || !strings.Contains(err.Error(), "permission denied for table enriched") || !strings.Contains(err.Error(), "lacks the privilege") {
		t.Errorf("append without INSERT: %v", err)
	}
	if n := count(t, conn, table); n != 3 {
		t.Errorf("%d rows", n)
	}
}
