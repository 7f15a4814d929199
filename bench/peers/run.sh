#!/usr/bin/env bash
# bench/peers/run.sh: namepipe side by side with peer pipelines a developer
# would write in an afternoon (Node: humanparser, gender-detection-from-name,
# disposable-email-domains; Python: Debian's python3-nameparser), on the
# same generated file, in one run. Prints wall and CPU (user + sys) per row
# and the ratio to the Node peer doing the same work. See README.md.
#
#   bench/peers/run.sh                       # 1M rows (~5 min on 2 cores)
#   PEERS_BASE=main bench/peers/run.sh       # also a build of git ref main, alternated
#
# Environment:
#   PEERS_ROWS    rows of the generated CSV (default 1000000)
#   PEERS_BASE    git refs (space-separated) to build and measure beside the
#                 working tree (alternating), e.g. main or commit hashes
#   PEERS_REPEAT  rounds of measurements of the Node peer and of each
#                 namepipe case (default 1); the table shows, for each, the
#                 run with the least CPU
#   PEERS_SCALE   concurrencies of the scaling runs (default "1 2 4")
#   PEERS_DIR     work directory (default: a new temporary directory,
#                 removed at the end unless PEERS_KEEP=1)
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
rows=${PEERS_ROWS:-1000000}
repeat=${PEERS_REPEAT:-1}
scale=${PEERS_SCALE:-1 2 4}
bases=(${PEERS_BASE:-})

need_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
# GNU time for CPU seconds; Debian's nameparser for the Python peer.
if ! [ -x /usr/bin/time ]; then
	need_root apt-get update -qq && need_root apt-get install -y -qq time >/dev/null
fi
py=
if /usr/bin/python3 -c 'import nameparser' 2>/dev/null; then
	py=/usr/bin/python3
elif command -v apt-get >/dev/null && (need_root apt-get update -qq && need_root apt-get install -y -qq python3-nameparser) >/dev/null 2>&1; then
	py=/usr/bin/python3
else
	echo "python3-nameparser not installable: no Python peer" >&2
fi

dir=${PEERS_DIR:-$(mktemp -d -t namepipe-peers.XXXXXX)}
mkdir -p "$dir"
cleanup() {
	if [ -z "${PEERS_DIR:-}" ] && [ "${PEERS_KEEP:-0}" != 1 ]; then rm -rf "$dir"; fi
}
trap cleanup EXIT

echo "# building into $dir" >&2
(cd "$repo" && go build -o "$dir/namepipe" ./cmd/namepipe && go build -o "$dir/copy" ./bench/copy && go build -o "$dir/gen" ./bench/gen)
for base in "${bases[@]}"; do
	mkdir -p "$dir/src-$base"
	git -C "$repo" archive "$base" | tar -x -C "$dir/src-$base"
	(cd "$dir/src-$base" && go build -o "$dir/namepipe-$base" ./cmd/namepipe)
done
echo "# installing the Node peer's packages" >&2
mkdir -p "$dir/node"
cp "$here/package.json" "$here/node_peer.mjs" "$dir/node/"
(cd "$dir/node" && npm install --no-audit --no-fund --silent >/dev/null)
cd "$dir"

# The runs' configs: bench/configs/local.yaml (full mapping, local engine)
# with the operations of each case.
for c in "parse:[parse]" "pgd:[parse, genderize, disposable]" "four:[parse, genderize, risk, disposable]"; do
	sed -E "s/^operations: .*/operations: ${c#*:}/" "$repo/bench/configs/local.yaml" >"${c%%:*}.yaml"
done

in=customers.$rows.csv
echo "# generating $rows rows" >&2
./gen -n "$rows" -o "$in"

# measure CMD...: runs CMD under GNU time; prints "wall cpu rss" (seconds,
# seconds, peak resident MiB).
measure() {
	/usr/bin/time -f "%e %U %S %M" -o t.time "$@" >t.out 2>t.err || {
		echo "failed: $*" >&2
		cat t.err >&2
		exit 1
	}
	awk '{printf "%s %.2f %.0f\n", $1, $2 + $3, $4 / 1024}' t.time
}

declare -A wall cpu rss
# run KEY CMD...: measures CMD, keeps the run with the least CPU of KEY
# (and the least peak RSS of its runs).
run() {
	local key=$1 w c m
	shift
	read -r w c m < <(measure "$@")
	echo "$key: ${w}s wall, ${c} CPU-s, ${m} MiB peak RSS" >&2
	if [ -z "${cpu[$key]:-}" ] || awk -v a="$c" -v b="${cpu[$key]}" 'BEGIN{exit !(a < b)}'; then
		wall[$key]=$w cpu[$key]=$c
	fi
	if [ -z "${rss[$key]:-}" ] || [ "$m" -lt "${rss[$key]}" ]; then
		rss[$key]=$m
	fi
}

builds=()
for base in "${bases[@]}"; do builds+=("namepipe-$base"); done
builds+=(namepipe)
# label BUILD: the build's name in the table.
label() { if [ "$1" = namepipe ]; then echo namepipe; else echo "namepipe ${1#namepipe-}"; fi; }
np() { # np KEY BUILD CONFIG [flags]: measures one namepipe run on the input
	local key=$1 b=$2 cfg=$3
	shift 3
	run "$key" "./$b" run --config "$cfg.yaml" --input "$in" --output "out.$b.$cfg.csv" --quiet --no-cache "$@"
}

run copy ./copy -in "$in" -out copy.csv
if [ -n "$py" ]; then run python "$py" "$here/py_peer.py" "$in" python.csv; fi
# Each round measures the Node peer too, so that both sides get the same
# treatment: the table shows each one's run with the least CPU.
for ((i = 0; i < repeat; i++)); do
	for mode in parse all; do
		run "node-$mode" node node/node_peer.mjs "$in" "node-$mode.csv" "$mode"
	done
	for cfg in parse pgd four; do
		for b in "${builds[@]}"; do np "$b-$cfg" "$b" "$cfg"; done
	done
done
for base in "${bases[@]}"; do
	for cfg in parse pgd four; do
		if cmp -s "out.namepipe-$base.$cfg.csv" "out.namepipe.$cfg.csv"; then
			echo "# $cfg: output identical to $base's" >&2
		else
			echo "# $cfg: OUTPUT DIFFERS from $base's" >&2
		fi
	done
done
for n in $scale; do
	for b in "${builds[@]}"; do np "$b-four-c$n" "$b" four --concurrency "$n"; done
done

us() { awk -v s="$1" -v n="$rows" 'BEGIN{printf "%.1f", s / n * 1e6}'; }
line() { # line LABEL KEY [PEER-KEY]
	local k=$2
	[ -n "${cpu[$k]:-}" ] || return 0
	local ratio=
	if [ -n "${3:-}" ] && [ -n "${cpu[$3]:-}" ]; then
		ratio=$(awk -v a="${cpu[$k]}" -v b="${cpu[$3]}" 'BEGIN{printf "%.2f", a / b}')
	fi
	printf '| %s | %s s | %s s | %s µs | %s µs | %s | %s MiB |\n' "$1" "${wall[$k]}" "${cpu[$k]}" "$(us "${wall[$k]}")" "$(us "${cpu[$k]}")" "$ratio" "${rss[$k]}"
}

echo
echo "## namepipe and its peers, $rows rows, $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| pipeline | wall | CPU | wall per row | CPU per row | CPU ÷ Node peer's | peak RSS |"
echo "|---|---|---|---|---|---|---|"
line "bare read + write (bench/copy)" copy
for b in "${builds[@]}"; do
	label=$(label "$b")
	line "$label, parse only (full mapping)" "$b-parse" node-parse
done
line "Node peer, parse only" node-parse node-parse
line "Python nameparser, parse only" python node-parse
for b in "${builds[@]}"; do
	label=$(label "$b")
	line "$label, parse + genderize + disposable" "$b-pgd" node-all
done
line "Node peer, parse + gender + disposable" node-all node-all
for b in "${builds[@]}"; do
	label=$(label "$b")
	line "$label, the four operations" "$b-four"
done
echo
echo "Scaling, the four operations (rows/s):"
for b in "${builds[@]}"; do
	label=$(label "$b")
	printf '%s:' "$label"
	for n in $scale; do
		printf ' --concurrency %s %s (%s CPU-s);' "$n" "$(awk -v n="$rows" -v s="${wall[$b-four-c$n]}" 'BEGIN{printf "%.0f", n / s}')" "${cpu[$b-four-c$n]}"
	done
	echo
done
