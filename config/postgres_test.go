package config

import (
	"strings"
	"testing"
)

// TestPostgresKeys checks input.postgres and output.postgres: every
// problem at its file:line, and the defaults.
func TestPostgresKeys(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, src string
		want      []string // substrings of the error, "" = valid
	}{
		{"table to table", "input:\n  postgres: {dsnEnv: PGURL, table: contacts}\noutput:\n  postgres: {dsnEnv: PGURL, table: enriched}\n", nil},
		{"query to file", "input:\n  postgres: {dsnEnv: PGURL, query: SELECT 1 AS x}\noutput: {path: out.csv}\n", nil},
		{"update defaults to the input table", "input:\n  postgres: {dsnEnv: PGURL, table: contacts}\noutput:\n  postgres: {dsnEnv: PGURL, mode: update, key: id}\n", nil},
		{"no query nor table", "input:\n  postgres: {dsnEnv: PGURL}\noutput: {path: o.csv}\n", []string{"c.yaml:2: input.postgres: needs query"}},
		{"both query and table", "input:\n  postgres:\n    dsnEnv: PGURL\n    query: SELECT 1\n    table: t\noutput: {path: o.csv}\n", []string{"c.yaml:5: input.postgres.table: query and table exclude each other"}},
		{"path and postgres", "input:\n  path: in.csv\n  postgres: {dsnEnv: PGURL, table: t}\noutput: {path: o.csv}\n", []string{"c.yaml:3: input.postgres: input.path and input.postgres exclude"}},
		{"pasted DSN", "input:\n  postgres: {dsnEnv: 'postgres://u:hunter2@h/db', table: t}\noutput: {path: o.csv}\n", []string{"c.yaml:2: input.postgres.dsnEnv: must be the NAME"}},
		{"missing dsnEnv", "input: {path: in.csv}\noutput:\n  postgres:\n    table: t\n", []string{"c.yaml:3: output.postgres.dsnEnv: is required"}},
		{"bad mode", "input: {path: in.csv}\noutput:\n  postgres:\n    dsnEnv: PGURL\n    table: t\n    mode: upsert\n", []string{"c.yaml:6: output.postgres.mode: \"upsert\": must be create, append, replace or update"}},
		{"update without key", "input: {path: in.csv}\noutput:\n  postgres:\n    dsnEnv: PGURL\n    table: t\n    mode: update\n", []string{"output.postgres.key: mode update needs key"}},
		{"key without update", "input: {path: in.csv}\noutput:\n  postgres:\n    dsnEnv: PGURL\n    table: t\n    key: id\n", []string{"c.yaml:6: output.postgres.key: applies only to mode update"}},
		{"replace the input", "input:\n  postgres: {dsnEnv: PGURL, table: contacts}\noutput:\n  postgres:\n    dsnEnv: PGURL\n    table: public.Contacts\n    mode: replace\n", []string{"c.yaml:6: output.postgres.table: \"public.Contacts\" is the input table"}},
		{"bad table name", "input: {path: in.csv}\noutput:\n  postgres:\n    dsnEnv: PGURL\n    table: a.b.c\n", []string{"c.yaml:5: output.postgres.table: \"a.b.c\": must be a table name"}},
		{"neither path nor postgres", "input: {format: csv}\noutput:\n  postgres: {dsnEnv: PGURL, table: t}\n", []string{"input.path: is required (or input.postgres)"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, err := load(tc.src)
			if len(tc.want) == 0 {
				if err != nil {
					t.Fatal(err)
				}
				if pg := f.Output.Postgres; pg != nil && (pg.Mode == "" || pg.Table == "") {
					t.Errorf("defaults not applied: %+v", pg)
				}
				return
			}
			if err == nil {
				t.Fatal("no error")
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q lacks %q", err, w)
				}
			}
			if strings.Contains(err.Error(), "hunter2") {
				t.Errorf("error echoes the connection string: %q", err)
			}
		})
	}
}

func TestLookupDSN(t *testing.T) {
	t.Setenv("NAMEPIPE_TEST_DSN_X", "  postgres://u:hunter2@/db  ")
	if v, err := LookupDSN("NAMEPIPE_TEST_DSN_X", "k"); err != nil || v != "postgres://u:hunter2@/db" {
		t.Errorf("got %q, %v", v, err)
	}
	_, err := LookupDSN("NAMEPIPE_TEST_DSN_UNSET", "input.postgres.dsnEnv")
	if err == nil || !strings.Contains(err.Error(), "NAMEPIPE_TEST_DSN_UNSET (input.postgres.dsnEnv) is not set") {
		t.Errorf("got %v", err)
	}
}

func TestDefaultCachePath(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ src, want string }{
		{minimal, "out.csv.namepipe-cache"},
		{"input: {path: in.csv}\noutput: {path: '-'}\n", ""},
		{"input: {path: in.csv}\noutput:\n  postgres: {dsnEnv: PGURL, table: crm.enriched}\n", "namepipe-crm.enriched.cache"},
	} {
		f, err := load(tc.src)
		if err != nil {
			t.Fatal(err)
		}
		if got := f.DefaultCachePath(); got != tc.want {
			t.Errorf("%q: %q, want %q", tc.src, got, tc.want)
		}
	}
}
