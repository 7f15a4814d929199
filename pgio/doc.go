// Package pgio reads the input rows from a PostgreSQL database and writes
// the output rows to a PostgreSQL table, through github.com/jackc/pgx/v5.
// It owns everything namepipe knows about PostgreSQL; its Source is a
// readers.Reader and its Sink a writers.Writer, picked where the formats
// are picked (internal/wiring), so that no command special-cases a
// database.
//
// # Source
//
// OpenSource runs a query (or reads a table) in one read-only,
// repeatable-read transaction, so the run sees one snapshot, and streams
// its rows through a server-side cursor in batches (FETCH), never holding
// the result whole. The result's columns are known before any row is read
// (the statement is described first), and each PostgreSQL type maps to a
// record.Type: text-like types (text, varchar, char, name, uuid, json,
// enums, citext and other string-category types, and domains over them) to
// String, smallint and integer to Int32, bigint to Int64, real and double
// precision to Float and Double, numeric(p,s) to Decimal (an unconstrained
// numeric keeps its exact text, as String), boolean to Bool, date to Date,
// timestamp and timestamptz to Timestamp (LocalTime for timestamp), bytea
// to Bytes, NULL to nil. Any other type is an error naming the column and
// the type, with the cast that fixes it. Describe does the same without
// reading a row, for `namepipe validate`. The transaction ends as soon as
// the last row is read, so that its locks never hold up the sink's commit
// on the same table. dedupe opens its input twice (two snapshots): the
// sessions read without synchronized scans, so an unchanged table comes
// back in the same order, and a query with ORDER BY a key keeps it so
// whatever the plan.
//
// # Sink
//
// CreateSink writes in one transaction, through COPY FROM (text format)
// streamed from Write, so that nothing is visible to other connections
// before Commit and a failed, aborted or killed run leaves every table as
// it was. Modes: create (a new table with typed columns), append (an
// existing table), replace (a new table renamed over the old one at
// commit), update (the result columns staged in a temporary table, then
// one UPDATE … FROM by the key column; missing result columns are added).
//
// # Secrets
//
// The connection string comes from the caller (config reads it from the
// environment variable the config names). Its password never appears in
// an error of this package: Password extracts it so that callers redact
// it elsewhere too, and every error is cleaned of it before it is
// returned.
package pgio
