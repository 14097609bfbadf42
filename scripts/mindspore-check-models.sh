#!/usr/bin/env bash
# Compiles every model of test/MindSpore/models.list to MindIR and checks each file in
# MindSpore with ascend-mindspore-check; prints one line per model and a summary:
#
#   NAME: ok (N runs)                       loads and matches eager on every run
#   NAME: refused: <MindSpore's message>    MindSpore does not load the file
#   NAME: failed: <first error or mismatch> loads, but a run raises or differs
#   NAME: not compiled: <ascend-compile's first error>
#
# Usage: scripts/mindspore-check-models.sh [--venv DIR] [--out DIR] [NAME...]
#   --venv DIR  the MindSpore venv to use (default: the launcher's, MindSpore 2.10.0)
#   --out DIR   where traces, files and logs go (default: out/mindspore-check)
# Needs a build (scripts/build.sh); ../shared models are left out when ../shared is
# absent. Exit status 0 when every model is ok.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${ASCEND_BUILD_DIR:-$root/build}"
bin="$build/bin"
out="$root/out/mindspore-check"
names=()
while [ $# -gt 0 ]; do
  case "$1" in
    --venv) export ASCEND_MINDSPORE_VENV="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    -h|--help) sed -n '2,17p' "$0"; exit 0 ;;
    *) names+=("$1"); shift ;;
  esac
done
shared="$(dirname "$root")/shared"
mkdir -p "$out"
export PYTHONPATH="$build/python${PYTHONPATH:+:$PYTHONPATH}"

ok=0; bad=0; skipped=0
while read -r name source _; do
  case "$name" in ''|'#'*) continue ;; esac
  if [ ${#names[@]} -gt 0 ] && [[ ! " ${names[*]} " == *" $name "* ]]; then continue; fi
  source="${source//%src_root/$root}"
  if [[ "$source" == %shared* ]]; then
    if [ ! -d "$shared/cases" ]; then skipped=$((skipped + 1)); continue; fi
    source="${source//%shared/$shared}"
  fi
  t="$out/$name"
  rm -f "$t".mindir "$t"_*.mindir
  if [[ "$source" == *.py ]]; then
    if ! "$bin/ascend-trace" record "$source" -o "$t.pntrace" -q 2>"$t.record.log"; then
      echo "$name: not recorded: $(head -n 1 "$t.record.log")"; bad=$((bad + 1)); continue
    fi
  else
    cp "$source" "$t.pntrace"
  fi
  if ! "$bin/ascend-compile" "$t.pntrace" -o "$t.mindir" --quiet 2>"$t.compile.log"; then
    echo "$name: not compiled: $(grep -m 1 error "$t.compile.log")"; bad=$((bad + 1)); continue
  fi
  "$bin/ascend-mindspore-check" "$t.mindir" --trace "$t.pntrace" >"$t.check.out" 2>"$t.check.err"
  status=$?
  runs=$(grep -c '^run ' "$t.check.out")
  if [ $status -eq 0 ]; then
    echo "$name: ok ($runs runs)"; ok=$((ok + 1)); continue
  fi
  bad=$((bad + 1))
  message="$(grep -m 1 'error:' "$t.check.err" | sed 's/^ascend-mindspore-check: error: //')"
  if grep -q "MindSpore cannot load the file" "$t.check.err"; then
    echo "$name: refused: ${message#*MindSpore cannot load the file: }"
  elif [ -n "$message" ]; then
    echo "$name: failed: $message"
  else
    echo "$name: failed: $(grep -m 1 -A 1 mismatch "$t.check.out" | tr '\n' ' ')"
  fi
done < "$root/test/MindSpore/models.list"
echo "mindspore-check-models: $ok ok, $bad not ok${skipped:+, $skipped skipped (no ../shared)}"
[ $bad -eq 0 ]
