package config

import (
	"fmt"
	"os"
	"slices"
	"strings"
)

// PostgresInput is input.postgres: the rows of a query or a table of a
// PostgreSQL database.
type PostgresInput struct {
	// The NAME of the environment variable holding the connection string (such as `PGURL`, holding `postgres://user:password@host/db` or `host=… user=… dbname=…`). Never the connection string itself; its password never appears in logs, errors, summaries or reports.
	// Type: environment variable name
	// Default: required
	DSNEnv string `yaml:"dsnEnv"`
	// The query whose rows are the input, such as `SELECT id, name, email FROM contacts WHERE active`. Its column names are the input's columns for the mapping.
	// Type: SQL
	// Default: one of `query` and `table` is required
	Query string `yaml:"query"`
	// The table (or view) to read whole, optionally with its schema (`crm.contacts`).
	// Type: name
	// Default: one of `query` and `table` is required
	Table string `yaml:"table"`
}

// PostgresOutput is output.postgres: the table the rows are written to.
type PostgresOutput struct {
	// The NAME of the environment variable holding the connection string (see `input.postgres.dsnEnv`).
	// Type: environment variable name
	// Default: required
	DSNEnv string `yaml:"dsnEnv"`
	// The table written, optionally with its schema (`crm.enriched`).
	// Type: name
	// Default: required (with `mode: update`: `input.postgres.table`)
	Table string `yaml:"table"`
	// `create` makes the table, with typed columns (the input's types and the result columns'), and fails if it exists; `append` adds the rows to an existing table with those columns; `replace` writes a new table and swaps it for the old one when the run commits; `update` writes only the result columns into the existing rows of the table, matched by `key` (columns it lacks are added).
	// Type: `create` | `append` | `replace` | `update`
	// Default: create (which fails when the table exists)
	Mode string `yaml:"mode"`
	// The key column of `mode: update`: an input column whose values are unique in the table and in the input.
	// Type: column name
	// Default: required with `mode: update`
	Key string `yaml:"key"`
}

// Modes of output.postgres.mode.
const (
	PGCreate  = "create"
	PGAppend  = "append"
	PGReplace = "replace"
	PGUpdate  = "update"
)

// LookupDSN returns the connection string held by the environment
// variable env, or an error naming the variable (never its value).
func LookupDSN(env, key string) (string, error) {
	v := strings.TrimSpace(os.Getenv(env))
	if v == "" {
		return "", fmt.Errorf("environment variable %s (%s) is not set or empty", env, key)
	}
	return v, nil
}

// DSN reads the connection string of the input's database.
func (p *PostgresInput) DSN() (string, error) {
	return LookupDSN(p.DSNEnv, "input.postgres.dsnEnv")
}

// DSN reads the connection string of the output's database.
func (p *PostgresOutput) DSN() (string, error) {
	return LookupDSN(p.DSNEnv, "output.postgres.dsnEnv")
}

// InputDesc names the input for messages and reports: its path, or
// "postgres:TABLE" / "postgres:query".
func (s *Settings) InputDesc() string {
	if pg := s.Input.Postgres; pg != nil {
		if pg.Table != "" {
			return "postgres:" + pg.Table
		}
		return "postgres:query"
	}
	return s.Input.Path
}

// OutputDesc names the output for messages and reports: its path, or
// "postgres:TABLE".
func (s *Settings) OutputDesc() string {
	if pg := s.Output.Postgres; pg != nil {
		return "postgres:" + pg.Table
	}
	return s.Output.Path
}

// DefaultCachePath is where a run keeps its persistent cache when neither
// --cache nor run.cache says: OUTPUT.namepipe-cache beside an output file,
// or, for a table (output.postgres), namepipe-TABLE.cache in the working
// directory, so that a remote-engine run into a table resumes as one into
// a file does. "" for stdout.
func (s *Settings) DefaultCachePath() string {
	if pg := s.Output.Postgres; pg != nil {
		return "namepipe-" + pg.Table + ".cache"
	}
	if s.Output.Path == "" || s.Output.Path == "-" {
		return ""
	}
	return s.Output.Path + ".namepipe-cache"
}

func (s *Settings) applyPostgresDefaults() {
	if pg := s.Output.Postgres; pg != nil {
		if pg.Mode == "" {
			pg.Mode = PGCreate
		}
		if pg.Table == "" && pg.Mode == PGUpdate && s.Input.Postgres != nil {
			pg.Table = s.Input.Postgres.Table
		}
	}
}

// checkPostgres adds the problems of input.postgres and output.postgres.
func (s *Settings) checkPostgres(p *Problems) {
	if pg := s.Input.Postgres; pg != nil {
		if s.Input.Path != "" {
			p.Add("input.postgres", "input.path and input.postgres exclude each other: read a file or a database")
		}
		checkDSNEnv(p, "input.postgres.dsnEnv", pg.DSNEnv)
		switch {
		case pg.Query == "" && pg.Table == "":
			p.Add("input.postgres", "needs query (a SELECT) or table")
		case pg.Query != "" && pg.Table != "":
			p.Add("input.postgres.table", "query and table exclude each other")
		}
		if pg.Table != "" {
			checkTableName(p, "input.postgres.table", pg.Table)
		}
	}
	pg := s.Output.Postgres
	if pg == nil {
		return
	}
	if s.Output.Path != "" {
		p.Add("output.postgres", "output.path and output.postgres exclude each other: write a file or a table")
	}
	checkDSNEnv(p, "output.postgres.dsnEnv", pg.DSNEnv)
	if pg.Table == "" {
		p.Add("output.postgres.table", "is required")
	} else {
		checkTableName(p, "output.postgres.table", pg.Table)
	}
	if !slices.Contains([]string{PGCreate, PGAppend, PGReplace, PGUpdate}, pg.Mode) {
		p.Add("output.postgres.mode", "%q: must be create, append, replace or update", pg.Mode)
	}
	switch {
	case pg.Mode == PGUpdate && pg.Key == "":
		p.Add("output.postgres.key", "mode update needs key, the column that matches a row to its table row")
	case pg.Mode != PGUpdate && pg.Key != "":
		p.Add("output.postgres.key", "applies only to mode update")
	}
	if in := s.Input.Postgres; in != nil && in.Table != "" && sameTable(in.Table, pg.Table) && pg.Mode != PGUpdate {
		p.Add("output.postgres.table", "%q is the input table: namepipe never overwrites its input; use mode update to write the result columns into it, or another table", pg.Table)
	}
	if s.Output.EscapeFormulas != "" && s.Output.EscapeFormulas != EscapeResults {
		p.Add("output.escapeFormulas", "applies only to CSV output")
	}
}

func checkDSNEnv(p *Problems, key, env string) {
	switch {
	case env == "":
		p.Add(key, "is required: the NAME of the environment variable holding the connection string")
	case !envNameRe.MatchString(env):
		// Never echo the value: it may be a pasted connection string.
		p.Add(key, "must be the NAME of an environment variable (letters, digits, '_'), not the connection string itself")
	}
}

func checkTableName(p *Problems, key, name string) {
	parts := strings.Split(name, ".")
	if len(parts) > 2 || slices.Contains(parts, "") || strings.ContainsRune(name, 0) {
		p.Add(key, "%q: must be a table name, optionally with its schema (schema.table)", name)
	}
}

// sameTable compares two table names as PostgreSQL folds unquoted names.
func sameTable(a, b string) bool {
	strip := func(s string) string {
		s = strings.ToLower(s)
		return strings.TrimPrefix(s, "public.")
	}
	return strip(a) == strip(b)
}
