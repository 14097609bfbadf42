#!/usr/bin/env bash
# Builds (if needed) and runs the MindIR importer fuzzer, seeded at run time
# from MindSpore's own files: every *.mindir of the samples directory and,
# with --history, the 2,856 files of history-corpus.tar.gz (unpacked into
# WORKDIR). New inputs go to WORKDIR/corpus, crashes to WORKDIR/artifacts.
# Other arguments go to libFuzzer (e.g. -max_total_time=3600 -jobs=2).
# Usage: fuzz/mindir/run.sh [--samples DIR] [--history] WORKDIR [libFuzzer args...]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
samples="$(dirname "$root")/shared/mindir-samples"
[ -d "$samples" ] || samples=/work/shared/mindir-samples
history=0
while [ $# -gt 0 ]; do
  case "$1" in
    --samples) samples="$2"; shift 2 ;;
    --history) history=1; shift ;;
    *) break ;;
  esac
done
if [ $# -lt 1 ]; then
  echo "usage: $0 [--samples DIR] [--history] WORKDIR [libFuzzer args...]" >&2
  exit 2
fi
work="$1"; shift
if ! ls "$samples"/*.mindir >/dev/null 2>&1; then
  echo "run.sh: no .mindir files in '$samples' (give --samples DIR)" >&2
  exit 2
fi
fuzzer="$("$root/fuzz/mindir/build.sh")"
mkdir -p "$work/corpus" "$work/seeds" "$work/artifacts"
cp "$samples"/*.mindir "$work/seeds/"
dirs=("$work/corpus" "$work/seeds")
if [ "$history" = 1 ]; then
  if [ ! -d "$work/history/hist" ]; then
    mkdir -p "$work/history"
    tar -xzf "$samples/history-corpus.tar.gz" -C "$work/history"
    rm -f "$work/history/hist/index.txt"
  fi
  dirs+=("$work/history/hist")
fi
exec "$fuzzer" -artifact_prefix="$work/artifacts/" -rss_limit_mb=2048 -timeout=20 \
  "$@" "${dirs[@]}"
