#!/usr/bin/env bash
# Sets up, builds, then records every model in examples/, compiles each to
# out/<name>.mindir and checks the compiled program against eager on the CPU.
# Prints per model: eager ops recorded, graph ops, AI Core kernels, weights
# written, and the max error of the compiled program against eager.
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

status=0
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
done
echo
if [ $status -eq 0 ]; then
  echo "demo: every model matches eager; MindIR files are in out/"
else
  echo "demo: a compiled program did not match eager (see above)"
fi
exit $status
