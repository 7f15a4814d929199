package pgio

import (
	"context"
	"errors"
	"io"
	"math/big"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/namepipe/namepipe/pgio/pgtest"

	"github.com/namepipe/namepipe/record"
)

func readAll(t *testing.T, s *Source) []record.Record {
	t.Helper()
	var out []record.Record
	batch := make([]record.Record, 3)
	for {
		n, err := s.Read(context.Background(), batch)
		for _, r := range batch[:n] {
			r.Values = append([]record.Value(nil), r.Values...)
			out = append(out, r)
		}
		if errors.Is(err, io.EOF) {
			return out
		}
		if err != nil {
			t.Fatal(err)
		}
	}
}

// TestSourceTypes reads every mapped type, NULLs included, across several
// FETCHes, and checks the schema and the values.
func TestSourceTypes(t *testing.T) {
	t.Parallel()
	_, conn, sc := pgtest.Schema(t, "nptest_")
	mustExec(t, conn, `CREATE DOMAIN `+sc+`.email AS text`)
	mustExec(t, conn, `CREATE TYPE `+sc+`.mood AS ENUM ('ok', 'sad')`)
	mustExec(t, conn, `CREATE TABLE `+sc+`.contacts (
		id bigint, name text, code varchar(8), small smallint, n integer, price numeric(10,2), loose numeric,
		r real, d double precision, ok boolean, born date, seen timestamp, at timestamptz, blob bytea,
		mail `+sc+`.email, m `+sc+`.mood)`)
	mustExec(t, conn, `INSERT INTO `+sc+`.contacts VALUES
		(1, 'Petra Müller', 'A1', 7, -3, 12.5, 1.000001, 1.5, 2.25, true, '1980-02-29', '2024-01-02 03:04:05.123456', '2024-01-02 03:04:05+02', '\x00ff', 'p@example.test', 'ok'),
		(2, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL),
		(3, 'tab'||chr(9)||'and'||chr(10)||'line', 'x', 0, 0, -0.05, -7, 0, 0, false, '2000-01-01', '1999-12-31 23:59:59', '1999-12-31 23:59:59Z', '', '', 'sad'),
		(4, 'four', 'y', 0, 0, 0, 0, 0, 0, false, 'infinity', NULL, NULL, NULL, NULL, NULL)`)
	s, err := OpenSource(context.Background(), SourceOptions{DSN: pgtest.URL(t), Query: "SELECT * FROM " + sc + ".contacts ORDER BY id;", Fetch: 2})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	wantTypes := []record.Type{record.Int64, record.String, record.String, record.Int32, record.Int32, record.Decimal, record.String,
		record.Float, record.Double, record.Bool, record.Date, record.Timestamp, record.Timestamp, record.Bytes, record.String, record.String}
	for i, f := range s.Schema().Fields {
		if f.Type != wantTypes[i] {
			t.Errorf("column %s: type %s, want %s", f.Name, f.Type, wantTypes[i])
		}
	}
	if f := s.Schema().Fields[5]; f.Precision != 10 || f.Scale != 2 {
		t.Errorf("price: numeric(%d,%d)", f.Precision, f.Scale)
	}
	if !s.Schema().Fields[11].LocalTime || s.Schema().Fields[12].LocalTime {
		t.Errorf("timestamp/timestamptz LocalTime: %v %v", s.Schema().Fields[11].LocalTime, s.Schema().Fields[12].LocalTime)
	}
	rows := readAll(t, s)
	if len(rows) != 4 {
		t.Fatalf("%d rows", len(rows))
	}
	want := []record.Value{int64(1), "Petra Müller", "A1", int32(7), int32(-3), record.Dec{Unscaled: big.NewInt(1250), Scale: 2}, "1.000001",
		float32(1.5), 2.25, true, time.Date(1980, 2, 29, 0, 0, 0, 0, time.UTC), time.Date(2024, 1, 2, 3, 4, 5, 123456000, time.UTC),
		time.Date(2024, 1, 2, 1, 4, 5, 0, time.UTC), []byte{0, 0xff}, "p@example.test", "ok"}
	if !reflect.DeepEqual(rows[0].Values, want) {
		t.Errorf("row 1:\n got %#v\nwant %#v", rows[0].Values, want)
	}
	for i, v := range rows[1].Values[1:] {
		if v != nil {
			t.Errorf("row 2 column %d: %#v, want NULL", i+1, v)
		}
	}
	if rows[2].Values[1] != "tab\tand\nline" || rows[2].Values[5].(record.Dec).String() != "-0.05" {
		t.Errorf("row 3: %#v", rows[2].Values)
	}
	if rows[3].Values[10] != nil || !strings.Contains(rows[3].Problem, "column born") || rows[3].Line != 4 || rows[3].Index != 3 {
		t.Errorf("row 4 (infinity date): %q %#v", rows[3].Problem, rows[3].Values)
	}
	if done, _ := s.Progress(); done != 4 {
		t.Errorf("progress %d", done)
	}
}

// TestSourceErrors checks that each error names what is wrong.
func TestSourceErrors(t *testing.T) {
	t.Parallel()
	_, conn, sc := pgtest.Schema(t, "nptest_")
	mustExec(t, conn, `CREATE TABLE `+sc+`.t (id int, span interval)`)
	dsn := pgtest.URL(t)
	for _, tc := range []struct {
		name string
		o    SourceOptions
		want string
	}{
		{"missing table", SourceOptions{DSN: dsn, Table: sc + ".nosuch"}, `input table ` + sc + `.nosuch: relation "` + sc + `.nosuch" does not exist`},
		{"missing column", SourceOptions{DSN: dsn, Query: "SELECT id, nope FROM " + sc + ".t"}, `column "nope" does not exist`},
		{"unmappable type", SourceOptions{DSN: dsn, Table: sc + ".t"}, `column span has type interval, which namepipe cannot map`},
		{"not a select", SourceOptions{DSN: dsn, Query: "DELETE FROM " + sc + ".t"}, `input query`},
		{"duplicate names", SourceOptions{DSN: dsn, Query: "SELECT id, id FROM " + sc + ".t"}, `column "id" appears twice`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := OpenSource(context.Background(), tc.o)
			if err == nil {
				s.Close()
				t.Fatal("no error")
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q lacks %q", err, tc.want)
			}
		})
	}
	// The DELETE never ran: the source's transaction is read-only and
	// DECLARE takes only a query.
	var n int
	if err := conn.QueryRow(context.Background(), "SELECT count(*) FROM "+sc+".t").Scan(&n); err != nil || n != 0 {
		t.Fatal(n, err)
	}
}

// TestPasswordNeverShown checks connection failures with a password in
// the connection string: the error says what failed, never the password.
func TestPasswordNeverShown(t *testing.T) {
	t.Parallel()
	base := pgtest.URL(t)
	const secret = "s3cr3t-Pa$$w0rd/x"
	host := base[strings.Index(base, "?"):]
	for _, tc := range []struct{ name, dsn, want string }{
		{"unreachable", "postgres://postgres:" + strings.ReplaceAll(secret, "/", "%2F") + "@/namepipe?host=/nonexistent-dir", "cannot connect"},
		{"unknown role", "postgres://nosuchrole:" + strings.ReplaceAll(secret, "/", "%2F") + "@/namepipe" + host, `role "nosuchrole" does not exist`},
		{"bad option", "host=/nonexistent password=" + secret + " port=notaport", "invalid connection string"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := OpenSource(context.Background(), SourceOptions{DSN: tc.dsn, Table: "t"})
			if err == nil {
				t.Fatal("no error")
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q lacks %q", err, tc.want)
			}
			for _, f := range []string{secret, strings.ReplaceAll(secret, "/", "%2F"), "s3cr3t"} {
				if strings.Contains(err.Error(), f) {
					t.Errorf("error shows the password: %q", err)
				}
			}
			if _, err := CreateSink(context.Background(), record.Schema{}, SinkOptions{DSN: tc.dsn, Table: "t", Mode: ModeCreate}); err == nil || strings.Contains(err.Error(), "s3cr3t") {
				t.Errorf("sink: %v", err)
			}
		})
	}
	if Password("postgres://u:"+strings.ReplaceAll(secret, "/", "%2F")+"@h/db") != secret {
		t.Error("Password")
	}
}
