#!/usr/bin/env bash
# bench/compress.sh: compressed and Excel inputs (issue 24), in one run
# side by side on the same generated rows:
#  1. plain CSV against gzip CSV, input and output, at BENCH_ROWS rows:
#     bench/copy (bare read+write, where the codec is most of the work) and
#     `namepipe run` with bench/configs/local.yaml (four operations, local
#     engine). Target: the gzip run within 1.5x the plain run's wall time
#     (decompression and compression each on their own goroutine). The
#     gzip output, decompressed, must equal the plain run's output.
#  2. reading an .xlsx of BENCH_XLSX_ROWS rows (bench/xlsxgen: every cell
#     text, birth dates as date cells) and a quarter of it, beside the same
#     rows as CSV: peak RSS, which must not grow with the rows (excelize's
#     streaming row iterator; the shared strings table is the one part
#     held in memory).
#
#   bench/compress.sh                               # 1M and 100k rows
#   BENCH_ROWS=200000 BENCH_XLSX_ROWS=40000 bench/compress.sh
#
# Prints: label, wall s, peak RSS KiB, CPU s (user + sys), then the ratios.
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
rows=${BENCH_ROWS:-1000000}
xrows=${BENCH_XLSX_ROWS:-100000}

. "$repo/bench/lib.sh"
bench_install time gzip
bench_workdir namepipe-bench-compress

echo "# building into $dir" >&2
(cd "$repo" && go build -o "$dir/namepipe" ./cmd/namepipe && go build -o "$dir/gen" ./bench/gen &&
	go build -o "$dir/copy" ./bench/copy && go build -o "$dir/xlsxgen" ./bench/xlsxgen)
cd "$dir"
cfg=$repo/bench/configs/local.yaml

echo "# $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) at the start"
[ -s "in.csv" ] || ./gen -n "$rows" -o in.csv >/dev/null
gzip -6 -c in.csv >in.csv.gz
echo "# $rows rows: in.csv $(($(stat -c %s in.csv) / 1024)) KiB, in.csv.gz $(($(stat -c %s in.csv.gz) / 1024)) KiB (gzip -6)"
echo "# label wall_s peak_rss_kib cpu_s"
row() { printf '%-24s %s\n' "$1" "$2"; }

read -r cpw cprss cpcpu < <(measure copy_plain ./copy -in in.csv -out copy.csv)
row copy_csv "$cpw $cprss $cpcpu"
read -r cgw cgrss cgcpu < <(measure copy_gzip ./copy -in in.csv.gz -out copy.csv.gz)
row copy_csv_gz "$cgw $cgrss $cgcpu"
rm -f copy.csv copy.csv.gz

read -r rpw rprss rpcpu < <(measure run_plain ./namepipe run --config "$cfg" --input in.csv --output out.csv --no-cache --quiet)
row run_csv "$rpw $rprss $rpcpu"
read -r rgw rgrss rgcpu < <(measure run_gzip ./namepipe run --config "$cfg" --input in.csv.gz --output out.csv.gz --no-cache --quiet)
row run_csv_gz "$rgw $rgrss $rgcpu"
if gzip -dc out.csv.gz | cmp -s - out.csv; then same=yes; else same=NO; fi
echo "# gzip output decompressed equals the plain output: $same"
rm -f out.csv out.csv.gz
ratio() { awk -v a="$1" -v b="$2" 'BEGIN{printf "%.2f", a/b}'; }
echo "# gzip / plain: copy $(ratio "$cgw" "$cpw")x wall, $(ratio "$cgcpu" "$cpcpu")x CPU;" \
	"namepipe run $(ratio "$rgw" "$rpw")x wall (target <= 1.5), $(ratio "$rgcpu" "$rpcpu")x CPU"

quarter=$((xrows / 4))
head -n "$((xrows + 1))" in.csv >x.csv
head -n "$((quarter + 1))" in.csv >xq.csv
./xlsxgen -in x.csv -out x.xlsx >/dev/null
./xlsxgen -in xq.csv -out xq.xlsx >/dev/null
echo "# xlsx: $xrows rows $(($(stat -c %s x.xlsx) / 1024)) KiB, $quarter rows $(($(stat -c %s xq.xlsx) / 1024)) KiB"
read -r xqw xqrss xqcpu < <(measure xlsx_quarter ./namepipe run --config "$cfg" --input xq.xlsx --output xq.out.csv --no-cache --quiet)
row "run_xlsx_$quarter" "$xqw $xqrss $xqcpu"
read -r xw xrss xcpu < <(measure xlsx ./namepipe run --config "$cfg" --input x.xlsx --output x.out.csv --no-cache --quiet)
row "run_xlsx_$xrows" "$xw $xrss $xcpu"
read -r cw crss ccpu < <(measure xlsx_csv ./namepipe run --config "$cfg" --input x.csv --output xc.out.csv --no-cache --quiet)
row "run_csv_$xrows" "$cw $crss $ccpu"
echo "# xlsx peak RSS: $xrows rows $((xrss / 1024)) MiB, $quarter rows $((xqrss / 1024)) MiB ($(ratio "$xrss" "$xqrss")x for 4x the rows);" \
	"the same $xrows rows as CSV $((crss / 1024)) MiB; xlsx / CSV $(ratio "$xw" "$cw")x wall, $(ratio "$xcpu" "$ccpu")x CPU"
echo "# load average $(cut -d' ' -f1-3 /proc/loadavg) at the end"
