#!/usr/bin/env bash
# Runs every fuzz target of the repository for a short fixed time, one at a
# time (go test -fuzz accepts a single target per run). A crash makes the
# script fail; the failing input is written under the package's
# testdata/fuzz/<Target>/ so that it can be committed as a regression seed.
#
#   .ci/fuzz.sh            # each target for FUZZTIME (default 10s)
#   FUZZTIME=1m .ci/fuzz.sh
#
# Every fuzz target in the repository must be listed below: the script
# fails when it finds one that is not, so a new target cannot be forgotten.
set -euo pipefail
cd "$(dirname "$0")/.."
FUZZTIME="${FUZZTIME:-10s}"

# package:target
targets=(
  ./readers:FuzzCSVReader
  ./readers:FuzzCSVRows
  ./readers:FuzzCSVRoundTrip
  ./readers:FuzzScannerAgainstStdlib
  ./readers:FuzzParquetReader
  ./readers:FuzzCompressedAndXLSX
  ./readers:FuzzJSONLObject
  ./writers:FuzzCSVWriterFields
  ./writers:FuzzJSONLRoundTrip
  ./nameapi:FuzzDecodeResults
  ./nameapi:FuzzStatusError
  ./config:FuzzDecode
  ./mapping:FuzzBuild
  ./dedupe:FuzzCompareRows
  ./dedupe:FuzzFeatCodec
  ./server:FuzzRESTBody
  ./server:FuzzSOAPBody
  ./server:FuzzRESTQuery
  ./engine:FuzzParseName
  ./engine:FuzzDetectRisk
  ./engine/email:FuzzSplit
  ./engine/script:FuzzLatinKey
  ./engine/dict:FuzzSplitSurnameFirst
  ./report:FuzzRenderEscapes
)

# Every "func FuzzX(" in a test file must be in the list.
missing=0
while IFS= read -r line; do
  file=${line%%:*}
  name=$(sed -E 's/^.*func (Fuzz[A-Za-z0-9_]*)\(.*$/\1/' <<<"${line#*:}")
  pkg="./$(dirname "$file")"
  if ! printf '%s\n' "${targets[@]}" | grep -qx "$pkg:$name"; then
    echo "fuzz.sh: $pkg:$name is not listed in .ci/fuzz.sh" >&2
    missing=1
  fi
done < <(git ls-files '*_test.go' | xargs grep -H '^func Fuzz[A-Za-z0-9_]*(' || true)
[ "$missing" = 0 ] || exit 1

for t in "${targets[@]}"; do
  pkg=${t%%:*}
  name=${t#*:}
  printf '=== fuzz %s %s (%s)\n' "$pkg" "$name" "$FUZZTIME"
  go test -run='^$' -fuzz="^${name}\$" -fuzztime="$FUZZTIME" "$pkg"
done
