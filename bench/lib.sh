# bench/lib.sh: what the bench scripts share. Source it after setting
# `set -euo pipefail`; it defines:
#
#   bench_install PKG...   apt-get install the Debian packages that are
#                          missing (GNU time for the peak RSS, chromium…),
#                          with sudo when not root
#   bench_workdir NAME     sets $dir to $BENCH_DIR or a new temporary
#                          directory, removed at exit unless BENCH_KEEP=1
#                          (a script adds its own cleanup with bench_on_exit)
#   bench_on_exit CMD      runs CMD at exit, before the work directory goes
#   bench_dedupe NAME [KEY: VALUE]...
#                          the prologue of the dedupe benchmarks: GNU time
#                          installed, $dir made (bench_workdir NAME),
#                          namepipe and bench/dupgen built into it,
#                          $dir/dedupe.yaml = bench/configs/dedupe.yaml with
#                          dedupe.tempDir $dir/tmp and the dedupe keys
#                          given; then cd $dir. Defines json KEY FILE (the
#                          first number of KEY in a JSON summary) and
#                          loadavg (the 1-minute load average)
#   measure LABEL CMD...   runs CMD under GNU time in the current directory
#                          (stdout → LABEL.out, stderr → LABEL.err) and prints
#                          "wall_s peak_rss_kib cpu_s" (cpu = user + sys);
#                          on failure prints LABEL.err and exits 1

bench_install() {
	local need=() p
	for p in "$@"; do
		case $p in
		time) [ -x /usr/bin/time ] || need+=(time) ;;
		*) command -v "$p" >/dev/null 2>&1 || need+=("$p") ;;
		esac
	done
	[ ${#need[@]} -gt 0 ] || return 0
	echo "installing ${need[*]}" >&2
	local sudo=
	[ "$(id -u)" = 0 ] || sudo=sudo
	$sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}" >/dev/null
}

bench_exit_cmds=()
bench_on_exit() { bench_exit_cmds+=("$*"); }

bench_cleanup() {
	local c
	for c in "${bench_exit_cmds[@]}"; do eval "$c" || true; done
	if [ -z "${BENCH_DIR:-}" ] && [ "${BENCH_KEEP:-0}" != 1 ] && [ -n "${dir:-}" ]; then rm -rf "$dir"; fi
}

bench_workdir() {
	dir=${BENCH_DIR:-$(mktemp -d -t "$1.XXXXXX")}
	mkdir -p "$dir"
	trap bench_cleanup EXIT
}

measure() {
	local label=$1
	shift
	/usr/bin/time -f "%e %M %U %S" -o "$label.time" "$@" >"$label.out" 2>"$label.err" || {
		echo "$label failed:" >&2
		cat "$label.err" >&2
		exit 1
	}
	awk '{printf "%s %s %.2f\n", $1, $2, $3 + $4}' "$label.time"
}

bench_dedupe() {
	local name=$1 kv
	shift
	bench_install time # GNU time reports the peak RSS
	bench_workdir "$name"
	echo "# building into $dir" >&2
	(cd "$repo" && go build -o "$dir/namepipe" ./cmd/namepipe && go build -o "$dir/dupgen" ./bench/dupgen)
	cp "$repo/bench/configs/dedupe.yaml" "$dir/dedupe.yaml"
	cd "$dir"
	mkdir -p tmp
	local keys="dedupe:\n  tempDir: $dir/tmp"
	for kv in "$@"; do
		keys="$keys\n  $kv"
	done
	sed -i "s|^dedupe:|$keys|" dedupe.yaml
}

json() { grep -o "\"$1\": [0-9.]*" "$2" | head -1 | grep -o '[0-9.]*$'; }
loadavg() { cut -d' ' -f1 /proc/loadavg; }
