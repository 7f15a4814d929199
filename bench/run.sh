#!/usr/bin/env bash
# bench/run.sh: the throughput, rate-limit and memory benchmarks of namepipe
# (issue 6). See bench/README.md for what is measured and the last results.
#
#   bench/run.sh              # 1M rows CSV and Parquet, serve rate test (~3 min)
#   BENCH_FULL=1 bench/run.sh # also 10M rows for the peak-RSS comparison (~+20 min)
#
# Environment:
#   BENCH_ROWS       rows of the throughput runs (default 1000000)
#   BENCH_FULL_ROWS  rows of the large RSS runs (default 10000000)
#   BENCH_SERVE_ROWS rows of the serve run (default 2000, ~13 s at 500 req/s)
#   BENCH_DIR        work directory (default: a new temporary directory,
#                    removed at the end unless BENCH_KEEP=1)
#   BENCH_ONLY       space-separated subset of: csv parquet serve full
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
rows=${BENCH_ROWS:-1000000}
full_rows=${BENCH_FULL_ROWS:-10000000}
serve_rows=${BENCH_SERVE_ROWS:-2000}
only=${BENCH_ONLY:-csv parquet serve full}
port=${BENCH_PORT:-18765} # must match bench/configs/serve.yaml

want() { [[ " $only " == *" $1 "* ]]; }

. "$repo/bench/lib.sh"
bench_install time # GNU time reports the peak RSS

bench_workdir namepipe-bench
server_pid=
bench_on_exit 'if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null; fi'

echo "# building into $dir" >&2
(cd "$repo" && go build -o "$dir/namepipe" ./cmd/namepipe && go build -o "$dir/copy" ./bench/copy && go build -o "$dir/gen" ./bench/gen)
cd "$dir"


gen() { # gen N FILE
	[ -s "$2" ] || ./gen -n "$1" -o "$2"
}

results=()
report() { results+=("$(printf '%-44s %s' "$1" "$2")"); echo "$1: $2" >&2; }

# throughput FORMAT N: bare copy vs namepipe run on N rows.
throughput() {
	local fmt=$1 n=$2 in="customers.$2.$1"
	gen "$n" "$in"
	read -r cw crss ccpu < <(measure "copy-$fmt-$n" ./copy -in "$in" -out "copy.$n.$fmt")
	rm -f "copy.$n.$fmt"
	read -r rw rrss rcpu < <(measure "run-$fmt-$n" ./namepipe run --config "$repo/bench/configs/local.yaml" \
		--input "$in" --output "out.$n.$fmt" --quiet --no-cache --summary "run-$fmt-$n.json")
	local crate rrate
	crate=$(awk -v n="$n" -v s="$cw" 'BEGIN{printf "%.0f", n/s}')
	rrate=$(awk -v n="$n" -v s="$rw" 'BEGIN{printf "%.0f", n/s}')
	report "$fmt $n rows: bare read+write" "$crate rows/s (${cw}s, ${ccpu} CPU-s), peak RSS $((crss / 1024)) MiB"
	report "$fmt $n rows: namepipe run, local engine" "$rrate rows/s (${rw}s, ${rcpu} CPU-s), peak RSS $((rrss / 1024)) MiB"
	report "$fmt $n rows: ratio (target >= 0.4)" "$(awk -v a="$rrate" -v b="$crate" 'BEGIN{printf "%.3f", a/b}') wall, $(awk -v a="$ccpu" -v b="$rcpu" 'BEGIN{printf "%.3f", a/b}') CPU"
	rm -f "out.$n.$fmt"
	eval "rss_copy_${fmt}_$n=$crss rss_run_${fmt}_$n=$rrss"
}

if want csv; then throughput csv "$rows"; fi
if want parquet; then throughput parquet "$rows"; fi

if want serve; then
	head -n "$((serve_rows + 1))" "customers.$rows.csv" >serve.csv 2>/dev/null || {
		gen "$serve_rows" serve.csv
	}
	./namepipe serve --addr "127.0.0.1:$port" --latency 50ms --rate-limit 500 --log-level warn 2>serve.log &
	server_pid=$!
	for _ in $(seq 50); do
		if ./namepipe ping --base-url "http://127.0.0.1:$port/rest/v5.3" >/dev/null 2>&1; then break; fi
		sleep 0.1
	done
	NAMEPIPE_BENCH_KEY=bench ./namepipe run --config "$repo/bench/configs/serve.yaml" \
		--input serve.csv --output serve.out.csv --quiet --no-cache --summary serve.json
	kill "$server_pid" && wait "$server_pid" 2>/dev/null || true
	server_pid=
	# Achieved rate: calls (attempts included) over the run's elapsed time.
	vals=$(tr -d ' \n' <serve.json | sed -E 's/.*"calls":([0-9]+).*"retries":([0-9]+).*"elapsed_seconds":([0-9.e+-]+).*/\1 \2 \3/')
	read -r calls retries el <<<"$vals"
	rate=$(awk -v c="$calls" -v s="$el" 'BEGIN{printf "%.1f", c/s}')
	report "serve 50ms latency, limit 500 req/s" "$calls calls in ${el}s = $rate req/s ($(awk -v r="$rate" 'BEGIN{printf "%.1f", r/5}') % of the limit; target >= 98 %), retries $retries"
fi

if want full && [ "${BENCH_FULL:-0}" = 1 ]; then
	for fmt in csv parquet; do
		in="customers.$full_rows.$fmt"
		gen "$full_rows" "$in"
		read -r cw crss ccpu < <(measure "copy-$fmt-$full_rows" ./copy -in "$in" -out "copy.$full_rows.$fmt")
		rm -f "copy.$full_rows.$fmt"
		read -r rw rrss rcpu < <(measure "run-$fmt-$full_rows" ./namepipe run --config "$repo/bench/configs/local.yaml" \
			--input "$in" --output "out.$full_rows.$fmt" --quiet --no-cache)
		rm -f "out.$full_rows.$fmt"
		report "$fmt $full_rows rows: bare read+write" "$(awk -v n="$full_rows" -v s="$cw" 'BEGIN{printf "%.0f", n/s}') rows/s (${cw}s, ${ccpu} CPU-s), peak RSS $((crss / 1024)) MiB"
		report "$fmt $full_rows rows: namepipe run" "$(awk -v n="$full_rows" -v s="$rw" 'BEGIN{printf "%.0f", n/s}') rows/s (${rw}s, ${rcpu} CPU-s), peak RSS $((rrss / 1024)) MiB"
		c1=$(eval echo "\${rss_copy_${fmt}_$rows:-}")
		r1=$(eval echo "\${rss_run_${fmt}_$rows:-}")
		if [ -n "$c1" ] && [ -n "$r1" ]; then
			report "$fmt peak RSS ${full_rows}/${rows} (target <= 1.3)" "copy $(awk -v a="$crss" -v b="$c1" 'BEGIN{printf "%.2f", a/b}'), run $(awk -v a="$rrss" -v b="$r1" 'BEGIN{printf "%.2f", a/b}')"
		fi
		rm -f "$in"
	done
fi

echo
echo "## namepipe benchmarks, $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%s\n' "${results[@]}"
