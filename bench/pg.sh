#!/usr/bin/env bash
# bench/pg.sh: PostgreSQL table -> table against CSV file -> file on the
# same generated rows with the four operations of bench/configs/local.yaml
# (parse, genderize, risk, disposable; local engine), in one run side by
# side, then the table run's peak RSS at BENCH_ROWS and BENCH_PG_BIG rows.
# Target (issue 25): table -> table within 2x the CSV run's wall time, and
# peak RSS flat from 1M to 5M rows.
#
#   bench/pg.sh                                 # 1M rows, then 5M (~15 min)
#   BENCH_ROWS=200000 BENCH_PG_BIG=1000000 bench/pg.sh
#
# Uses $NAMEPIPE_TEST_PGURL when set, else starts a throwaway server
# (.ci/pg.sh). Prints: label, wall s, peak RSS KiB, CPU s.
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
rows=${BENCH_ROWS:-1000000}
big=${BENCH_PG_BIG:-5000000}

. "$repo/bench/lib.sh"
bench_install time
bench_workdir namepipe-bench-pg
if [ -z "${NAMEPIPE_TEST_PGURL:-}" ]; then
	. "$repo/.ci/pg.sh"
	pg_start >&2
	bench_on_exit pg_stop
fi
export PGURL=$NAMEPIPE_TEST_PGURL

(cd "$repo" && go build -o "$dir/namepipe" ./cmd/namepipe && go build -o "$dir/gen" ./bench/gen)
cd "$dir"

load() { # load N TABLE: N generated rows into TABLE (all columns text but id)
	[ -s "in$1.csv" ] || ./gen -n "$1" -o "in$1.csv"
	psql -q "$PGURL" -c "DROP TABLE IF EXISTS $2" -c "CREATE TABLE $2 (id bigint PRIMARY KEY, full_name text, given_name text, surname text, company text, email text, phone text, birth_date text, country text, street text, postal_code text, city text, gender text)" \
		-c "\\copy $2 FROM 'in$1.csv' CSV HEADER"
}

pgconfig() { # pgconfig TABLE OUT > yaml
	sed -e "s#^  path: customers.csv#  postgres: {dsnEnv: PGURL, table: $1}#" \
		-e "s#^  path: customers.enriched.csv#  postgres: {dsnEnv: PGURL, table: $2, mode: replace}#" "$repo/bench/configs/local.yaml"
}

load "$rows" bench_contacts
pgconfig bench_contacts bench_enriched >pg.yaml
echo "# $rows rows, four operations, local engine: label wall_s peak_rss_kib cpu_s"
echo "csv_file_to_file $(measure csv ./namepipe run --config "$repo/bench/configs/local.yaml" --input "in$rows.csv" --output out.csv --no-cache --quiet)"
echo "pg_table_to_table $(measure pg ./namepipe run --config pg.yaml --no-cache --quiet)"
echo "# rows written: $(psql -tA "$PGURL" -c 'SELECT count(*) FROM bench_enriched')"
if [ "$big" -gt 0 ]; then
	load "$big" bench_contacts_big
	pgconfig bench_contacts_big bench_enriched_big >pgbig.yaml
	echo "# peak RSS of table -> table at $big rows"
	echo "pg_table_to_table_$big $(measure pgbig ./namepipe run --config pgbig.yaml --no-cache --quiet)"
	psql -q "$PGURL" -c "DROP TABLE bench_contacts_big, bench_enriched_big"
fi
psql -q "$PGURL" -c "DROP TABLE bench_contacts, bench_enriched"
