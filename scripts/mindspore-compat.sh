#!/usr/bin/env bash
# Compatibility job: the MindSpore check under MindSpore 2.7.1 (the oldest 2.x PyPI has
# for this Python; README.md, "Tested versions"), the files being written for 2.10.0.
#
#   scripts/mindspore-compat.sh                      every model of test/MindSpore/models.list:
#                                                    compiled, checked, one line each and which
#                                                    load in 2.7.1 (scripts/mindspore-check-models.sh)
#   scripts/mindspore-compat.sh M.mindir --trace T   one file (ascend-mindspore-check's options)
#
# Sets up the venv (scripts/setup-venvs.sh mindspore-compat) in
# ${ASCEND_VENV_DIR:-<checkout>/.venv}. MindSpore 2.7.1's generated protobuf modules
# predate protobuf 4, which pip installs beside it: they are read with protobuf's
# pure-Python implementation (PROTOCOL_BUFFERS_PYTHON_IMPLEMENTATION=python).
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${ASCEND_BUILD_DIR:-$root/build}"
version=2.7.1
venv="${ASCEND_VENV_DIR:-$root/.venv}/mindspore-$version"
if ! "$root/scripts/setup-venvs.sh" mindspore-compat; then
  echo "mindspore-compat: !!! the MindSpore $version venv could not be set up (see above): nothing checked !!!"
  exit 1
fi
export ASCEND_MINDSPORE_VENV="$venv"
export PROTOCOL_BUFFERS_PYTHON_IMPLEMENTATION=python
if [ $# -gt 0 ] && [[ "$1" == *.mindir ]]; then
  exec "$build/bin/ascend-mindspore-check" "$@"
fi
echo "mindspore-compat: MindSpore $version ($venv)"
"$root/scripts/mindspore-check-models.sh" --venv "$venv" --out "$root/out/mindspore-compat" "$@" |
  tee "$root/out/mindspore-compat.txt"
status=${PIPESTATUS[0]}
loads=$(grep -c -E ': (ok|failed|mismatch)' "$root/out/mindspore-compat.txt")
refused=$(grep -c ': refused' "$root/out/mindspore-compat.txt")
echo "mindspore-compat: MindSpore $version loads $loads files (refuses $refused); the lines above say which"
exit $status
