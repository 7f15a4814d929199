#!/usr/bin/env bash
# bench/dedupe.sh: the scale benchmark of `namepipe dedupe` (issue 12).
# For each size it generates people with planted duplicates (bench/dupgen),
# de-duplicates them with the local engine, and prints wall time, CPU
# seconds (user+sys), peak RSS, the most disk its temporary files took,
# pairs compared per row, the pairwise F1 against the planted truth and the
# load average before and after (2 shared cores: a loaded machine inflates
# the wall time, not the CPU seconds). Each step's wall seconds follow the
# table. See bench/README.md for the last results.
#
#   bench/dedupe.sh                  # 100k and 1M rows (~3 min on 2 idle cores)
#   BENCH_FULL=1 bench/dedupe.sh     # also 5M rows
#
# Environment:
#   BENCH_DEDUPE_ROWS  space-separated sizes (default "100000 1000000",
#                      plus 5000000 with BENCH_FULL=1)
#   BENCH_DIR          work directory (default: a new temporary directory,
#                      removed at the end unless BENCH_KEEP=1); dedupe's
#                      temporary files go there too (dedupe.tempDir)
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
sizes=${BENCH_DEDUPE_ROWS:-100000 1000000}
if [ "${BENCH_FULL:-0}" = 1 ] && [ -z "${BENCH_DEDUPE_ROWS:-}" ]; then
	sizes="$sizes 5000000"
fi

. "$repo/bench/lib.sh"
bench_dedupe namepipe-dedupe

printf "| Rows | Wall s | CPU s (user+sys) | Peak RSS MiB | Temp disk MiB | Pairs compared | Pairs per row (mean / max) | Matcher calls | Precision | Recall | F1 | Load before / after |\n"
printf "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n"
for n in $sizes; do
	./dupgen -n "$n" -o "people-$n.csv"
	load0=$(loadavg)
	/usr/bin/time -f "%e %M %U %S" -o "dedupe-$n.time" \
		./namepipe dedupe --config dedupe.yaml --input "people-$n.csv" --output "out-$n.csv" --quiet --summary "summary-$n.json" \
		2>"dedupe-$n.err" || { cat "dedupe-$n.err" >&2; exit 1; }
	load1=$(loadavg)
	./dupgen -score "out-$n.csv" >"score-$n.txt"
	read -r wall rss user sys <"dedupe-$n.time"
	pairs=$(json pairs_compared "summary-$n.json")
	maxp=$(json max_pairs_per_row "summary-$n.json")
	calls=$(json match_calls "summary-$n.json")
	disk=$(json temp_disk_bytes "summary-$n.json")
	read -r _ _ _ _ prec rec f1 < <(grep ' all ' "score-$n.txt" | awk '{print $1,$2,$3,$4,$5,$6,$7}')
	awk -v n="$n" -v wall="$wall" -v rss="$rss" -v u="$user" -v s="$sys" -v d="${disk:-0}" -v p="$pairs" -v m="$maxp" -v c="$calls" -v pr="$prec" -v re="$rec" -v f="$f1" -v l0="$load0" -v l1="$load1" \
		'BEGIN { printf "| %d | %.1f | %.1f | %.0f | %.0f | %d | %.1f / %d | %d | %s | %s | %s | %s / %s |\n", n, wall, u + s, rss / 1024, d / 1048576, p, 2 * p / n, m, c, pr, re, f, l0, l1 }'
	if [ -n "$(ls -A tmp)" ]; then
		echo "dedupe left temporary files in $dir/tmp" >&2
		exit 1
	fi
	rm -f "people-$n.csv" "out-$n.csv"
done
echo
echo "Wall seconds per step:"
for n in $sizes; do
	printf "%s rows:" "$n"
	tr -d '\n' <"summary-$n.json" | grep -o '"stages": *\[[^]]*\]' | grep -o '"stage": *"[^"]*", *"seconds": *[0-9.]*' |
		sed -E 's/"stage": *"([^"]*)", *"seconds": *([0-9.]*)/\1 \2/' | awk '{s = $NF; $NF = ""; printf " %s%.1f;", $0, s}' ||
		printf " (not reported)"
	echo
done
echo
echo "Per kind of corruption, largest size:"
cat "score-${sizes##* }.txt"
