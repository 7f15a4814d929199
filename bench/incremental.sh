#!/usr/bin/env bash
# bench/incremental.sh: incremental `namepipe dedupe` (issue 26). It
# generates PREV + NEW people with planted duplicates (bench/dupgen), runs
# dedupe over the first PREV rows (the previous run, with --save-model and
# --save-index; its "save index" step is what saving the index costs),
# then links the last NEW rows to that run's clusters twice: with
# --previous alone (every previous row read and blocked again) and with
# --previous and --index (only the previous rows that share a block key
# with a new row). The two incremental outputs must be the same file. It
# prints wall time, CPU seconds (user+sys), peak RSS, the index's size,
# the previous rows read, and the load average before and after each run
# (2 shared cores: a loaded machine inflates the wall time, not the CPU
# seconds). See bench/README.md for the last results.
#
#   bench/incremental.sh                 # 10k new rows against 1M
#   BENCH_PREV=100000 bench/incremental.sh
#
# Environment:
#   BENCH_PREV   previous rows (default 1000000)
#   BENCH_NEW    new rows (default 10000)
#   BENCH_DIR    work directory (default: a new temporary directory,
#                removed at the end unless BENCH_KEEP=1)
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
prev=${BENCH_PREV:-1000000}
new=${BENCH_NEW:-10000}

. "$repo/bench/lib.sh"
bench_install time # GNU time reports the peak RSS
bench_workdir namepipe-incremental

echo "# building into $dir" >&2
(cd "$repo" && go build -o "$dir/namepipe" ./cmd/namepipe && go build -o "$dir/dupgen" ./bench/dupgen)
cp "$repo/bench/configs/dedupe.yaml" "$dir/dedupe.yaml"
cd "$dir"
mkdir -p tmp
sed -i "s|^dedupe:|dedupe:\n  tempDir: $dir/tmp\n  idColumn: id|" dedupe.yaml

./dupgen -n "$((prev + new))" -o all.csv
head -n "$((prev + 1))" all.csv >prev.csv
{ head -n 1 all.csv; tail -n "$new" all.csv; } >new.csv
rm all.csv

json() { grep -o "\"$1\": [0-9.]*" "$2" | head -1 | grep -o '[0-9.]*$'; }
loadavg() { cut -d' ' -f1 /proc/loadavg; }

printf "| Run | Rows read | Wall s | CPU s (user+sys) | Peak RSS MiB | Load before / after |\n"
printf "|---|---:|---:|---:|---:|---:|\n"
# run NAME LABEL ROWS ARGS...: one dedupe run under GNU time (its files
# NAME.*), one table line.
run() {
	local name=$1 label=$2 rows=$3
	shift 3
	local l0 l1 wall rss user sys r
	l0=$(loadavg)
	/usr/bin/time -f "%e %M %U %S" -o "$name.time" ./namepipe dedupe --config dedupe.yaml --quiet --summary "$name.json" "$@" \
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
run first "previous run, --save-index" "$prev" --input prev.csv --output prev.out.csv --save-model model.json --save-index prev.index
run incr0 "incremental, --previous" "$new + $prev" --input new.csv --previous prev.out.csv --output new.out.csv --model model.json
run incr "incremental, --previous --index" "$new" --input new.csv --previous prev.out.csv --index prev.index --output new.index.out.csv
cmp -s new.out.csv new.index.out.csv || { echo "the incremental outputs differ with and without --index" >&2; exit 1; }
echo
echo "Index: $(($(stat -c %s prev.index) / 1048576)) MiB, written in $(tr -d '\n' <first.json | grep -o '"save index", *"seconds": *[0-9.]*' | grep -o '[0-9.]*$') s wall; previous output: $(($(stat -c %s prev.out.csv) / 1048576)) MiB"
echo "Pairs compared (incremental): $(json pairs_compared incr.json); merge events: $(grep -o '"new_rows"' incr.json | wc -l)"
echo
echo "Wall seconds per step of the run through the index:"
tr -d '\n' <incr.json | grep -o '"stages": *\[[^]]*\]' | grep -o '"stage": *"[^"]*", *"seconds": *[0-9.]*' |
	sed -E 's/"stage": *"([^"]*)", *"seconds": *([0-9.]*)/\1 \2/' | awk '{s = $NF; $NF = ""; printf " %s%.2f;", $0, s}'
echo
if [ -n "$(ls -A tmp)" ]; then
	echo "dedupe left temporary files in $dir/tmp" >&2
	exit 1
fi
