#!/usr/bin/env bash
# bench/startup.sh: start-up of a batch run (issue 23: <= 300 ms, heap
# <= 100 MB after loading). Times `namepipe run` of a one-row file with
# bench/configs/local.yaml (the four operations of the local engine: the
# embedded data loaded, the engine built, one row answered, the output
# committed) against `true` (the cost of starting any process here),
# BENCH_RUNS times each, interleaved so that both see the same load, and
# prints the medians: wall s, peak RSS KiB, CPU s (user + sys). Start-up is
# the run's median wall time less true's. The engine's own share, and the
# heap it keeps, is `go test ./engine -run XXX -bench BenchmarkEngineStartup`.
#
#   bench/startup.sh                 # 15 runs each
#   BENCH_RUNS=31 bench/startup.sh
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
runs=${BENCH_RUNS:-15}

. "$repo/bench/lib.sh"
bench_install time
bench_workdir namepipe-bench-startup

echo "# building into $dir" >&2
(cd "$repo" && go build -o "$dir/namepipe" ./cmd/namepipe && go build -o "$dir/gen" ./bench/gen)
cd "$dir"
cfg=$repo/bench/configs/local.yaml
./gen -n 1 -o in.csv >/dev/null

echo "# $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) at the start; $runs runs each"
: >true.all
: >run.all
for _ in $(seq "$runs"); do
	measure true true >>true.all
	measure run ./namepipe run --config "$cfg" --input in.csv --output out.csv --no-cache --quiet >>run.all
done
[ "$(wc -l <out.csv)" -eq 2 ] || {
	echo "want a header and one row in out.csv, got:" >&2
	cat out.csv >&2
	exit 1
}
median() { sort -g | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}'; }
echo "# load average $(cut -d' ' -f1-3 /proc/loadavg) at the end"
echo "# label wall_s peak_rss_kib cpu_s (medians)"
for l in true run; do
	printf '%-5s %s %s %s\n' "$l" "$(cut -d' ' -f1 $l.all | median)" "$(cut -d' ' -f2 $l.all | median)" "$(cut -d' ' -f3 $l.all | median)"
done
tw=$(cut -d' ' -f1 true.all | median)
rw=$(cut -d' ' -f1 run.all | median)
echo "start-up $(awk -v r="$rw" -v t="$tw" 'BEGIN {printf "%.0f", (r - t) * 1000}') ms (target <= 300 ms)"
