#!/usr/bin/env bash
# Compiles every model of test/MindSpore/models.list to MindIR and checks each file in
# MindSpore with ascend-mindspore-check; prints one line per model and a summary:
#
#   NAME: ok (N runs)                       loads and matches eager on every run
#   NAME: refused: <MindSpore's message>    MindSpore does not load the file
#   NAME: failed: <first error or mismatch> loads, but a run raises or differs
#   NAME: not compiled: <ascend-compile's first error>
#
# Usage: scripts/mindspore-check-models.sh [--venv DIR] [--out DIR]
#                                          [--compile-option OPT]... [--update-list] [NAME...]
#   --venv DIR            the MindSpore venv (default: the launcher's, MindSpore 2.10.0)
#   --out DIR             where traces, files and logs go (default: out/mindspore-check)
#   --compile-option OPT  passed to ascend-compile (e.g. --graph-opt=false)
#   --update-list         rewrite the XFAIL marks of test/MindSpore/models.list from the
#                         results: `XFAIL: * (first error)` on each model not ok, none
#                         on the ok ones (how the lit tests are flipped)
# Needs a build (scripts/build.sh); ../shared models are left out when ../shared is
# absent. Exit status 0 when every model is ok.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${ASCEND_BUILD_DIR:-$root/build}"
bin="$build/bin"
out="$root/out/mindspore-check"
names=()
compile_options=()
update=0
while [ $# -gt 0 ]; do
  case "$1" in
    --venv) export ASCEND_MINDSPORE_VENV="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    --compile-option) compile_options+=("$2"); shift 2 ;;
    --update-list) update=1; shift ;;
    -h|--help) sed -n '2,22p' "$0"; exit 0 ;;
    *) names+=("$1"); shift ;;
  esac
done
shared="$(dirname "$root")/shared"
mkdir -p "$out"
export PYTHONPATH="$build/python${PYTHONPATH:+:$PYTHONPATH}"

ok=0; bad=0; skipped=0
results="$out/results.txt"
: >"$results"
# report NAME STATUS TEXT: the model's line, and its result for --update-list.
report() {
  echo "$1: $2${3:+: $3}"
  printf '%s\t%s\t%s\n' "$1" "$2" "$3" >>"$results"
}
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
      report "$name" "not recorded" "$(head -n 1 "$t.record.log")"; bad=$((bad + 1)); continue
    fi
  else
    cp "$source" "$t.pntrace"
  fi
  if ! "$bin/ascend-compile" "$t.pntrace" -o "$t.mindir" --quiet ${compile_options[@]+"${compile_options[@]}"} \
      2>"$t.compile.log"; then
    report "$name" "not compiled" "$(grep -m 1 error "$t.compile.log")"; bad=$((bad + 1)); continue
  fi
  "$bin/ascend-mindspore-check" "$t.mindir" --trace "$t.pntrace" >"$t.check.out" 2>"$t.check.err"
  status=$?
  runs=$(grep -c '^run ' "$t.check.out")
  if [ $status -eq 0 ]; then
    report "$name" ok "$runs runs"; ok=$((ok + 1)); continue
  fi
  bad=$((bad + 1))
  message="$(grep -m 1 'error:' "$t.check.err" | sed 's/^ascend-mindspore-check: error: //')"
  # The message without the paths of this script's files.
  message="${message//$out\//}"
  if grep -q -E "MindSpore cannot load the file|MindSpore crashed \([A-Z0-9 ]+\) loading the file" "$t.check.err"; then
    report "$name" refused "${message#*MindSpore cannot load the file: }"
  elif [ -n "$message" ]; then
    report "$name" failed "${message#*: run [0-9]*: }"
  else
    report "$name" mismatch "$(grep -m 1 -A 1 mismatch "$t.check.out" | tr '\n' ' ')"
  fi
done < "$root/test/MindSpore/models.list"
extra=""
[ $skipped -eq 0 ] || extra=", $skipped skipped (no ../shared)"
echo "mindspore-check-models: $ok ok, $bad not ok$extra"
if [ $update -eq 1 ]; then
  /usr/bin/python3 - "$root/test/MindSpore/models.list" "$results" <<'PY'
import re, sys
path, results = sys.argv[1], sys.argv[2]
status = {}
for line in open(results):
    name, state, text = (line.rstrip("\n").split("\t") + ["", ""])[:3]
    status[name] = (state, text)
out = []
for line in open(path):
    words = line.split()
    if words and not line.startswith("#") and words[0] in status:
        state, text = status[words[0]]
        base = line.split("XFAIL:")[0].rstrip()
        if state != "ok":
            # MindSpore's first line, without the long tail of its advice.
            reason = re.sub(r", Please confirm.*?list\.", "", f"{state}: {text}")
            reason = reason if len(reason) <= 300 else reason[:297] + "..."
            base = f"{base}  XFAIL: * ({reason})"
        line = base + "\n"
    out.append(line)
open(path, "w").write("".join(out))
print(f"mindspore-check-models: updated {path}")
PY
fi
[ $bad -eq 0 ]
