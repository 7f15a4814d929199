#!/usr/bin/env bash
# bench/incremental.sh: incremental `namepipe dedupe` (issue 26). It
# generates PREV + 2×NEW people with planted duplicates (bench/dupgen),
# runs dedupe over the first PREV rows (the previous run, with
# --save-model and --save-index; its "save index" step is what saving the
# index costs), then links the next NEW rows (day 2) to that run's
# clusters: with --previous alone (every previous row read and blocked
# again), with --previous and --index (only the previous rows that share a
# block key with a new row), and the same with --save-index (a chained
# index of the previous rows and day 2's); then the last NEW rows (day 3)
# through the chained index. The day-2 outputs must be the same file. It
# prints wall time, CPU seconds (user+sys), peak RSS, the indexes' sizes,
# the previous rows read, and the load average before and after each run
# (2 shared cores: a loaded machine inflates the wall time, not the CPU
# seconds). See bench/README.md for the last results.
#
#   bench/incremental.sh                 # 10k new rows against 1M
#   BENCH_PREV=100000 bench/incremental.sh
#   BENCH_BASE=/tmp/namepipe-base BENCH_REPEAT=3 BENCH_READ_ALL=0 bench/incremental.sh
#
# Environment:
#   BENCH_PREV      previous rows (default 1000000)
#   BENCH_NEW       new rows a day (default 10000)
#   BENCH_READ_ALL  0: skip the run with --previous alone (default 1)
#   BENCH_BASE      a namepipe binary to compare with: each day-2 run
#                   through the index is made with it and with this
#                   build, one after the other, under the same load
#   BENCH_REPEAT    how many times the day-2 run through the index is
#                   made (default 1)
#   BENCH_DIR       work directory (default: a new temporary directory,
#                   removed at the end unless BENCH_KEEP=1)
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
prev=${BENCH_PREV:-1000000}
new=${BENCH_NEW:-10000}

. "$repo/bench/lib.sh"
bench_dedupe namepipe-incremental "idColumn: id"
if [ -n "${BENCH_BASE:-}" ]; then
	cp "$BENCH_BASE" namepipe-base
fi

./dupgen -n "$((prev + 2 * new))" -o all.csv
head -n "$((prev + 1))" all.csv >prev.csv
sed -n "1p; $((prev + 2)),$((prev + new + 1))p" all.csv >new.csv
sed -n "1p; $((prev + new + 2)),\$p" all.csv >next.csv
rm all.csv

printf "| Run | Rows read | Wall s | CPU s (user+sys) | Peak RSS MiB | Load before / after |\n"
printf "|---|---:|---:|---:|---:|---:|\n"
# run BIN NAME LABEL ROWS ARGS...: one dedupe run of ./BIN under GNU time
# (its files NAME.*), one table line.
run() {
	local bin=$1 name=$2 label=$3 rows=$4
	shift 4
	local l0 l1 wall rss user sys r
	l0=$(loadavg)
	/usr/bin/time -f "%e %M %U %S" -o "$name.time" "./$bin" dedupe --config dedupe.yaml --quiet --summary "$name.json" "$@" \
		2>"$name.err" || { cat "$name.err" >&2; exit 1; }
	l1=$(loadavg)
	read -r wall rss user sys <"$name.time"
	r=$(json previous_rows_read "$name.json" || true)
	if [ -n "$r" ]; then
		rows="$new + $r"
	fi
	awk -v l="$label" -v r="$rows" -v wall="$wall" -v rss="$rss" -v u="$user" -v s="$sys" -v l0="$l0" -v l1="$l1" \
		'BEGIN { printf "| %s | %s | %.1f | %.1f | %.0f | %s / %s |\n", l, r, wall, u + s, rss / 1024, l0, l1 }'
}
run namepipe first "previous run, --save-index" "$prev" --input prev.csv --output prev.out.csv --save-model model.json --save-index prev.index
if [ "${BENCH_READ_ALL:-1}" != 0 ]; then
	run namepipe incr0 "day 2, --previous" "$new + $prev" --input new.csv --previous prev.out.csv --output new.out.csv --model model.json
fi
for i in $(seq "${BENCH_REPEAT:-1}"); do
	if [ -n "${BENCH_BASE:-}" ]; then
		run namepipe-base "base$i" "day 2, --previous --index (base)" "$new" --input new.csv --previous prev.out.csv --index prev.index --output new.base.out.csv
	fi
	run namepipe "incr$i" "day 2, --previous --index" "$new" --input new.csv --previous prev.out.csv --index prev.index --output new.index.out.csv
done
run namepipe chain "day 2, --previous --index --save-index (chained)" "$new" --input new.csv --previous prev.out.csv --index prev.index \
	--output new.chain.out.csv --save-index new.index
run namepipe next "day 3, --previous --index (the chained index)" "$new" --input next.csv --previous new.chain.out.csv --index new.index --output next.out.csv
for f in new.out.csv new.base.out.csv new.chain.out.csv; do
	if [ -f "$f" ] && ! cmp -s "$f" new.index.out.csv; then
		echo "the day-2 outputs differ: $f and new.index.out.csv" >&2
		exit 1
	fi
done
stage() { tr -d '\n' <"$2" | grep -o "\"$1\", *\"seconds\": *[0-9.]*" | grep -o '[0-9.]*$'; }
echo
echo "Index: $(($(stat -c %s prev.index) / 1048576)) MiB, written in $(stage "save index" first.json) s wall; previous output: $(($(stat -c %s prev.out.csv) / 1048576)) MiB"
echo "Chained index: $(($(stat -c %s new.index) / 1048576)) MiB, written in $(stage "save index" chain.json) s wall"
echo "Pairs compared (day 2): $(json pairs_compared incr1.json); merge events: $(grep -o '"new_rows"' incr1.json | wc -l)"
echo
for name in incr1 chain next; do
	echo "Wall seconds per step of $name:"
	tr -d '\n' <"$name.json" | grep -o '"stages": *\[[^]]*\]' | grep -o '"stage": *"[^"]*", *"seconds": *[0-9.]*' |
		sed -E 's/"stage": *"([^"]*)", *"seconds": *([0-9.]*)/\1 \2/' | awk '{s = $NF; $NF = ""; printf " %s%.2f;", $0, s}'
	echo
done
if [ -n "$(ls -A tmp)" ]; then
	echo "dedupe left temporary files in $dir/tmp" >&2
	exit 1
fi
