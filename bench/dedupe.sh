#!/usr/bin/env bash
# bench/dedupe.sh: the scale benchmark of `namepipe dedupe` (issue 12).
# For each size it generates people with planted duplicates (bench/dupgen),
# de-duplicates them with the local engine, and prints wall time, CPU
# seconds (user+sys), peak RSS, pairs compared per row and the pairwise F1
# against the planted truth. See bench/README.md for the last results.
#
#   bench/dedupe.sh                  # 100k and 1M rows (~3 min on 2 idle cores)
#   BENCH_FULL=1 bench/dedupe.sh     # also 5M rows
#
# Environment:
#   BENCH_DEDUPE_ROWS  space-separated sizes (default "100000 1000000",
#                      plus 5000000 with BENCH_FULL=1)
#   BENCH_DIR          work directory (default: a new temporary directory,
#                      removed at the end unless BENCH_KEEP=1)
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
sizes=${BENCH_DEDUPE_ROWS:-100000 1000000}
if [ "${BENCH_FULL:-0}" = 1 ] && [ -z "${BENCH_DEDUPE_ROWS:-}" ]; then
	sizes="$sizes 5000000"
fi

. "$repo/bench/lib.sh"
bench_install time # GNU time reports the peak RSS
bench_workdir namepipe-dedupe

echo "# building into $dir" >&2
(cd "$repo" && go build -o "$dir/namepipe" ./cmd/namepipe && go build -o "$dir/dupgen" ./bench/dupgen)
cp "$repo/bench/configs/dedupe.yaml" "$dir/dedupe.yaml"
cd "$dir"

printf "| Rows | Wall s | CPU s (user+sys) | Peak RSS MiB | Pairs compared | Pairs per row (mean / max) | Matcher calls | Precision | Recall | F1 |\n"
printf "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n"
for n in $sizes; do
	./dupgen -n "$n" -o "people-$n.csv"
	/usr/bin/time -f "%e %M %U %S" -o "dedupe-$n.time" \
		./namepipe dedupe --config dedupe.yaml --input "people-$n.csv" --output "out-$n.csv" --quiet --summary "summary-$n.json" \
		2>"dedupe-$n.err" || { cat "dedupe-$n.err" >&2; exit 1; }
	./dupgen -score "out-$n.csv" >"score-$n.txt"
	read -r wall rss user sys <"dedupe-$n.time"
	pairs=$(grep -o '"pairs_compared": [0-9]*' "summary-$n.json" | grep -o '[0-9]*$')
	maxp=$(grep -o '"max_pairs_per_row": [0-9]*' "summary-$n.json" | grep -o '[0-9]*$')
	calls=$(grep -o '"match_calls": [0-9]*' "summary-$n.json" | grep -o '[0-9]*$')
	read -r _ _ _ _ prec rec f1 < <(grep ' all ' "score-$n.txt" | awk '{print $1,$2,$3,$4,$5,$6,$7}')
	awk -v n="$n" -v wall="$wall" -v rss="$rss" -v u="$user" -v s="$sys" -v p="$pairs" -v m="$maxp" -v c="$calls" -v pr="$prec" -v re="$rec" -v f="$f1" \
		'BEGIN { printf "| %d | %.1f | %.1f | %.0f | %d | %.1f / %d | %d | %s | %s | %s |\n", n, wall, u + s, rss / 1024, p, 2 * p / n, m, c, pr, re, f }'
	rm -f "people-$n.csv" "out-$n.csv"
done
echo
echo "Per kind of corruption, largest size:"
cat "score-${sizes##* }.txt"
