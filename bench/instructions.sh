#!/bin/bash
# bench/instructions.sh [DIR] [SUB]: instructions per record of
# BenchmarkPipelineFour/SUB (cold, memo, full or readonly; default cold) in
# the source tree DIR (default: this checkout). It runs the engine's test
# binary under cachegrind at -benchtime 20000x and 40000x with
# GOMAXPROCS=1 GOGC=off and divides the difference by 20,000, so that
# loading and first-use builds drop out. The count does not depend on the
# machine's load, which CPU seconds on shared cores do. Needs valgrind.
#
#   bench/instructions.sh                     # this tree, cold
#   bench/instructions.sh /tmp/a292283 memo   # another tree (git worktree add /tmp/a292283 a292283)
set -euo pipefail
dir=${1:-$(cd "$(dirname "$0")/.." && pwd)}
sub=${2:-cold}
command -v valgrind >/dev/null || { echo "bench/instructions.sh: valgrind is not installed (apt-get install valgrind)" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$dir" && go test -c -o "$tmp/engine.test" ./engine)
count() {
	(cd "$dir/engine" && GODEBUG=asyncpreemptoff=1 GOMAXPROCS=1 GOGC=off valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \
		"$tmp/engine.test" -test.run '^$' -test.bench "BenchmarkPipelineFour/$1\$" -test.benchtime "$2x" -test.count 1 2>&1 |
		awk '/I *refs/ {gsub(",", "", $NF); print $NF}')
}
a=$(count "$sub" 20000)
b=$(count "$sub" 40000)
echo "$dir BenchmarkPipelineFour/$sub: $(((b - a) / 20000)) instructions per record"
