#!/usr/bin/env bash
# Sets up, builds, then records every model in examples/, compiles each to
# out/<name>.mindir and checks the compiled program against eager on the CPU.
# Prints per model: eager ops recorded, graph ops, AI Core kernels, weights
# written, the max error of the compiled program against eager, and (with the
# MindSpore venv of scripts/setup-venvs.sh) whether MindSpore loads the .mindir
# and matches eager on every run (ascend-mindspore-check).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${ASCEND_BUILD_DIR:-$root/build}"
bin="$build/bin"
cd "$root"
out=out

"$root/scripts/setup.sh"
mkdir -p "$build"
echo "demo: building (first build takes a few minutes)"
"$root/scripts/build.sh" >"$build/build.log" 2>&1 || {
  tail -n 40 "$build/build.log"; echo "demo: build failed (log: $build/build.log)"; exit 1; }
mkdir -p "$out"

# MindSpore, the judge of the MindIR files (scripts/setup-venvs.sh mindspore).
mindspore=1
if ! "$root/scripts/setup-venvs.sh" mindspore; then
  mindspore=0
  echo "demo: !!! the MindSpore venv could not be set up (see above): the MindIR files are NOT checked in MindSpore !!!"
fi

status=0
not_loaded=()
not_matching=()
for model in examples/*.py; do
  name="$(basename "$model" .py)"
  echo
  echo "== $name"
  "$bin/ascend-trace" record "$model" -o "$out/$name.pntrace"
  "$bin/ascend-compile" "$out/$name.pntrace" --emit=mindspore -o "$out/$name.mindspore.mlir" --quiet
  "$bin/ascend-compile" "$out/$name.pntrace" --emit=aicore -o "$out/$name.aicore.mlir" --quiet
  "$bin/ascend-compile" "$out/$name.pntrace" -o "$out/$name.mindir"
  echo "compiled program (mindspore level) against eager:"
  "$bin/ascend-run" "$out/$name.mindspore.mlir" --trace "$out/$name.pntrace" || status=1
  echo "compiled program (aicore level) against eager:"
  "$bin/ascend-run" "$out/$name.aicore.mlir" --trace "$out/$name.pntrace" || status=1
  if [ $mindspore -eq 1 ]; then
    echo "MindIR file loaded and run in MindSpore against eager:"
    log="$out/$name.mindspore-check.log"
    if "$bin/ascend-mindspore-check" "$out/$name.mindir" --trace "$out/$name.pntrace" 2>"$log"; then
      :
    else
      cat "$log"
      if grep -q -E "MindSpore cannot load|MindSpore crashed \([A-Z0-9 ]+\) loading" "$log"; then
        not_loaded+=("$name")
      else
        not_matching+=("$name")
      fi
    fi
  fi
done
echo
if [ $status -eq 0 ]; then
  echo "demo: every compiled program matches eager; MindIR files are in out/"
else
  echo "demo: a compiled program did not match eager (see above)"
fi
if [ $mindspore -eq 0 ]; then
  echo "demo: !!! MindSpore is not set up: the MindIR files were NOT checked in MindSpore !!!"
elif [ ${#not_loaded[@]} -eq 0 ] && [ ${#not_matching[@]} -eq 0 ]; then
  echo "demo: MindSpore loads every MindIR file and matches eager on every run"
else
  [ ${#not_loaded[@]} -eq 0 ] || echo "demo: MindSpore did not load: ${not_loaded[*]}"
  [ ${#not_matching[@]} -eq 0 ] || echo "demo: MindSpore loaded but did not match eager (or raised): ${not_matching[*]}"
  status=1
fi
exit $status
