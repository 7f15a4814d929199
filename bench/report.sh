#!/usr/bin/env bash
# bench/report.sh: what the run report (--report) costs, and how fast its
# page opens in headless Chromium (issue 14). See bench/README.md.
#
#   bench/report.sh              # 1M rows, 3 alternating pairs without/with --report (~5 min)
#   BENCH_FULL=1 bench/report.sh # also 10M rows, one pair, for peak RSS (~+6 min)
#
# Environment:
#   BENCH_ROWS       rows of the cost runs (default 1000000)
#   BENCH_PAIRS      alternating pairs (default 3)
#   BENCH_FULL_ROWS  rows of the peak-RSS pair (default 10000000)
#   BENCH_DIR        work directory (default: a new temporary directory,
#                    removed at the end unless BENCH_KEEP=1)
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
rows=${BENCH_ROWS:-1000000}
pairs=${BENCH_PAIRS:-3}
full_rows=${BENCH_FULL_ROWS:-10000000}

. "$repo/bench/lib.sh"
bench_install time chromium # GNU time for the peak RSS; Chromium renders the pages
bench_workdir namepipe-report-bench

echo "# building into $dir" >&2
(cd "$repo" && go build -o "$dir/namepipe" ./cmd/namepipe && go build -o "$dir/gen" ./bench/gen &&
	go build -o "$dir/reportview" ./bench/reportview)
cd "$dir"


# one N WITH LABEL: one `namepipe run` of the bench config on N rows, with
# --report when WITH is 1.
one() {
	local n=$1 with=$2 label=$3 extra=()
	if [ "$with" = 1 ]; then extra=(--report "report.$n.html"); fi
	measure "$label" ./namepipe run --config "$repo/bench/configs/local.yaml" \
		--input "customers.$n.csv" --output "out.$n.csv" --quiet --no-cache --summary "$label.json" "${extra[@]}"
	rm -f "out.$n.csv"
}

results=()
note() { results+=("$1"); echo "$1" >&2; }

[ -s "customers.$rows.csv" ] || ./gen -n "$rows" -o "customers.$rows.csv"
./namepipe run --config "$repo/bench/configs/local.yaml" --input "customers.$rows.csv" --output warm.csv --quiet --no-cache
rm -f warm.csv

# Alternate the order within each pair (AB, BA, AB …) so that drift in
# the machine's load hits both sides alike.
a_cpu=() b_cpu=() a_wall=() b_wall=()
for i in $(seq "$pairs"); do
	order="0 1"
	if [ $((i % 2)) = 0 ]; then order="1 0"; fi
	for with in $order; do
		read -r w rss cpu < <(one "$rows" "$with" "run-$i-$with")
		if [ "$with" = 1 ]; then
			b_cpu+=("$cpu") b_wall+=("$w")
			note "pair $i, with --report:    ${w} s, ${cpu} CPU-s, peak RSS $((rss / 1024)) MiB"
		else
			a_cpu+=("$cpu") a_wall+=("$w")
			note "pair $i, without --report: ${w} s, ${cpu} CPU-s, peak RSS $((rss / 1024)) MiB"
		fi
	done
done

sum() { awk '{s=0; for (i=1; i<=NF; i++) s+=$i; printf "%.2f", s}' <<<"$*"; }
ac=$(sum "${a_cpu[@]}")
bc=$(sum "${b_cpu[@]}")
aw=$(sum "${a_wall[@]}")
bw=$(sum "${b_wall[@]}")
note "$rows rows, $pairs pairs: CPU-s without $ac, with $bc: report costs $(awk -v a="$ac" -v b="$bc" 'BEGIN{printf "%+.1f", 100*(b-a)/a}') % CPU (target <= 3 %); wall $(awk -v a="$aw" -v b="$bw" 'BEGIN{printf "%+.1f", 100*(b-a)/a}') %"

# The collector's share of the run's CPU samples: steadier than CPU
# seconds on a loaded machine. Rendering the page at the end takes
# milliseconds; it is included when it shows.
./namepipe run --config "$repo/bench/configs/local.yaml" --input "customers.$rows.csv" --output "out.$rows.csv" \
	--quiet --no-cache --report "report.prof.html" --cpuprofile run.prof
rm -f "out.$rows.csv"
(cd "$repo" && go tool pprof -top -cum "$dir/namepipe" "$dir/run.prof") >prof.txt 2>/dev/null
# secs V: a pprof duration (850ms, 21.13s, 1.2mins) in seconds.
secs='function secs(v) { if (v ~ /ms$/) { sub("ms", "", v); return v / 1000 } if (v ~ /mins$/) { sub("mins", "", v); return v * 60 } sub("s", "", v); return v + 0 }'
total=$(awk "$secs"' /Total samples/ {printf "%.2f", secs($6)}' prof.txt)
share=$(awk "$secs"' /pipeline\.\(\*runner\)\.observe$|report\.\(\*Report\)\.WriteFile$/ {s += secs($4)} END {printf "%.2f", s}' prof.txt)
note "profile of one $rows-row run with --report: the report took ${share} s of ${total} s CPU samples ($(awk -v a="$share" -v b="$total" 'BEGIN{printf "%.2f", 100*a/b}') %, target <= 3 %)"

# Render times: the sample's page and the 1M-row page.
(cd "$repo" && "$dir/namepipe" run --config configs/example.yaml --output "$dir/sample.out.csv" --quiet \
	--report "$dir/report.sample.html")
while IFS= read -r line; do note "open + render in headless Chromium: $line"; done < <(./reportview -n 5 report.sample.html "report.$rows.html")

if [ "${BENCH_FULL:-0}" = 1 ]; then
	[ -s "customers.$full_rows.csv" ] || ./gen -n "$full_rows" -o "customers.$full_rows.csv"
	read -r w0 r0 c0 < <(one "$full_rows" 0 full-0)
	read -r w1 r1 c1 < <(one "$full_rows" 1 full-1)
	note "$full_rows rows without --report: ${w0} s, ${c0} CPU-s, peak RSS $((r0 / 1024)) MiB"
	note "$full_rows rows with --report:    ${w1} s, ${c1} CPU-s, peak RSS $((r1 / 1024)) MiB ($(awk -v a="$r0" -v b="$r1" 'BEGIN{printf "%+.1f", 100*(b-a)/a}') %)"
	rm -f "customers.$full_rows.csv"
fi

echo
echo "## namepipe report benchmark, $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%s\n' "${results[@]}"
