// DuckDB side of namepipe's Parquet interop test (writers/duckdb_test.go).
//
//   node interop.mjs write DIR ROWS   writes DuckDB Parquet files into DIR and
//                                     prints their metadata as JSON
//   node interop.mjs read FILE        prints FILE's column types and values
//                                     (cast to VARCHAR) as JSON
//   node interop.mjs csv FILE         the same for a CSV file, with DuckDB's
//                                     own type detection (read_csv)
//                                     (cmd/namepipe/dedupe_duckdb_test.go)
import { DuckDBInstance } from '@duckdb/node-api';

const [cmd, ...args] = process.argv.slice(2);
const instance = await DuckDBInstance.create(':memory:');
const con = await instance.connect();
const q = (s) => "'" + String(s).replaceAll("'", "''") + "'";
const ident = (s) => '"' + String(s).replaceAll('"', '""') + '"';

async function rows(sql) {
  const r = await con.runAndReadAll(sql);
  return r.getRowObjectsJson();
}

if (cmd === 'write') {
  const [dir, n] = args;
  // Deterministic values the Go test recomputes from i; NULLs in several
  // columns; low-cardinality strings so DuckDB dictionary-encodes them.
  const select = `SELECT
      i::INTEGER AS id,
      i * 1000000007 AS big,
      CASE WHEN i % 7 = 0 THEN NULL ELSE 'name' || (i % 50) END AS name,
      CASE WHEN i % 11 = 0 THEN NULL ELSE i * 0.25::DOUBLE END AS score,
      (i * 0.5)::FLOAT AS half,
      CASE WHEN i % 13 = 0 THEN NULL ELSE i % 2 = 0 END AS flag,
      DATE '2000-01-01' + i::INTEGER AS day,
      CASE WHEN i % 5 = 0 THEN NULL ELSE TIMESTAMP '2020-01-01 00:00:00' + to_microseconds(i * 1000003) END AS ts,
      (TIMESTAMP '2020-01-01 00:00:00' + to_milliseconds(i * 1001))::TIMESTAMP_MS AS ts_ms,
      (TIMESTAMP '2020-01-01 00:00:00' + to_microseconds(i))::TIMESTAMP_NS AS ts_ns,
      TIMESTAMPTZ '2021-06-01 00:00:00+00' + to_seconds(i) AS tstz,
      ((i * 125 - 100000) * 0.01)::DECIMAL(10,2) AS amount,
      (((i % 1000) - 500) * 0.1)::DECIMAL(4,1) AS small,
      (i::HUGEINT * 1234567890123456789)::DECIMAL(38,0)::DECIMAL(38,6) AS wide
    FROM range(${Number(n)}) t(i)`;
  const out = [];
  for (const codec of ['snappy', 'zstd', 'gzip']) {
    const file = `${dir}/duckdb_${codec}.parquet`;
    await con.run(`COPY (${select}) TO ${q(file)} (FORMAT parquet, COMPRESSION ${codec}, ROW_GROUP_SIZE 1024)`);
    const meta = await rows(`SELECT count(DISTINCT row_group_id) AS row_groups,
        string_agg(DISTINCT compression, ',') AS compression,
        string_agg(DISTINCT encodings, ',') AS encodings
      FROM parquet_metadata(${q(file)})`);
    out.push({ file, ...meta[0] });
  }
  await con.run(`COPY (SELECT 1 AS id, {'a': 1, 'b': 'x'} AS person) TO ${q(dir + '/duckdb_struct.parquet')} (FORMAT parquet)`);
  await con.run(`COPY (SELECT 1 AS id, [1, 2] AS phones) TO ${q(dir + '/duckdb_list.parquet')} (FORMAT parquet)`);
  console.log(JSON.stringify(out));
} else if (cmd === 'read' || cmd === 'csv') {
  const [file] = args;
  const from = cmd === 'read' ? `read_parquet(${q(file)})` : `read_csv(${q(file)})`;
  const cols = await rows(`DESCRIBE SELECT * FROM ${from}`);
  const exprs = cols.map((c) => `CAST(${ident(c.column_name)} AS VARCHAR)`).join(', ');
  const r = await con.runAndReadAll(`SELECT ${exprs} FROM ${from}`);
  const values = await r.getRowsJson();
  console.log(JSON.stringify({
    columns: cols.map((c) => ({ name: c.column_name, type: c.column_type })),
    rows: values,
  }));
} else {
  console.error('usage: node interop.mjs write DIR ROWS | read FILE | csv FILE');
  process.exit(2);
}
