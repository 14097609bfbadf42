#!/usr/bin/env bash
# Builds (if needed) and runs the pynative -> mindspore fuzzer. It makes its
# own traces from the bytes libFuzzer gives it, so it needs no seeds; the
# regression inputs of fuzz/pynative/regressions seed it. New inputs go to
# WORKDIR/corpus, crashes to WORKDIR/artifacts. Other arguments go to
# libFuzzer (e.g. -max_total_time=3600 -runs=100000).
# Usage: fuzz/pynative/run.sh WORKDIR [libFuzzer args...]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
if [ $# -lt 1 ]; then
  echo "usage: $0 WORKDIR [libFuzzer args...]" >&2
  exit 2
fi
work="$1"; shift
fuzzer="$("$root/fuzz/pynative/build.sh")"
mkdir -p "$work/corpus" "$work/artifacts"
exec "$fuzzer" -artifact_prefix="$work/artifacts/" -rss_limit_mb=2048 -timeout=20 \
  "$@" "$work/corpus" "$root/fuzz/pynative/regressions"
