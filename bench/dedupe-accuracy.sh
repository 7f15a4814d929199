#!/usr/bin/env bash
# bench/dedupe-accuracy.sh: pairwise precision, recall and F1 of `namepipe
# dedupe` (local engine) per kind of corruption on generated sets:
# bench/dupgen's normal and -hard sets, the held-out clean and hard sets
# of bench/heldout (another name source and error model, not tuned on),
# bench/typogen's typo'd, partly empty people and bench/febrlgen's
# FEBRL-shaped sets (one, few, many duplicates) and historical persons.
# See bench/README.md for the last results.
#
#   bench/dedupe-accuracy.sh         # 100,000 rows each
#
# Environment:
#   BENCH_ACC_ROWS  rows per set (default 100000)
#   BENCH_DIR       work directory (default: a new temporary directory,
#                   removed at the end unless BENCH_KEEP=1)
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
n=${BENCH_ACC_ROWS:-100000}

. "$repo/bench/lib.sh"
bench_workdir namepipe-dedupe-acc

echo "# building into $dir" >&2
(cd "$repo" && go build -o "$dir/namepipe" ./cmd/namepipe && go build -o "$dir/dupgen" ./bench/dupgen && go build -o "$dir/heldout" ./bench/heldout &&
	go build -o "$dir/typogen" ./bench/typogen && go build -o "$dir/febrlgen" ./bench/febrlgen)
cd "$dir"

run() { # name generator-command config scorer
	local name=$1 gen=$2 cfg=$3 scorer=$4
	$gen -o "$name.csv"
	./namepipe dedupe --config "$repo/bench/configs/$cfg" --input "$name.csv" --output "$name.out.csv" --quiet 2>"$name.err" ||
		{ cat "$name.err" >&2; exit 1; }
	echo "## $name ($n rows)"
	$scorer -score "$name.out.csv"
	echo
	rm -f "$name.csv" "$name.out.csv"
}
run dupgen "./dupgen -n $n" dedupe.yaml ./dupgen
run dupgen-hard "./dupgen -hard -n $n" dedupe.yaml ./dupgen
run heldout-clean "./heldout -set clean -n $n" heldout.yaml ./heldout
run heldout-hard "./heldout -set hard -n $n" heldout.yaml ./heldout
run typogen "./typogen -n $n" typogen.yaml ./typogen
for set in one few many; do
	run febrl-$set "./febrlgen -set $set -n $n" febrlgen.yaml ./febrlgen
done
run febrl-hist "./febrlgen -mode hist -n $n" febrlgen-hist.yaml ./febrlgen
