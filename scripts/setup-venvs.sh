#!/usr/bin/env bash
# Creates the Python virtual environments the tests and the demo use beside
# Debian's /usr/bin/python3 (torch 1.13): MindSpore (CPU) to load and run the
# MindIR files ascend-opt writes, and PyTorch 2.x to record with a current
# PyTorch. Idempotent: a venv whose stamp file names the pinned versions is
# kept. Usage: scripts/setup-venvs.sh [mindspore|mindspore-compat|torch2]...
# (no argument: all three). The venvs go to ${ASCEND_VENV_DIR:-<checkout>/.venv}.
#
# Tested versions (README.md, "Tested versions"):
#   mindspore 2.10.0  the target: what ascend-compile writes and checks
#   mindspore 2.7.1   compatibility job: the oldest 2.x PyPI has for Python 3.11
#   torch 2.13.0      the CPU wheel on this machine's disk (recorder on 2.x)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
venvs="${ASCEND_VENV_DIR:-$root/.venv}"
mkdir -p "$venvs"

MINDSPORE_VERSION=2.10.0
MINDSPORE_COMPAT_VERSION=2.7.1
TORCH2_VERSION=2.13.0

# make_venv NAME PACKAGE...: creates $venvs/NAME with PACKAGE... installed.
make_venv() {
  local name="$1"; shift
  local dir="$venvs/$name" stamp="$venvs/$name/.ascend-stamp"
  local want="$*"
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
    echo "setup: venv $name is ready ($want)"
    return 0
  fi
  echo "setup: creating venv $name ($want)"
  rm -rf "$dir"
  /usr/bin/python3 -m venv "$dir"
  if ! "$dir/bin/pip" install -q --disable-pip-version-check "$@" \
      >"$venvs/$name.log" 2>&1; then
    tail -n 20 "$venvs/$name.log"
    echo "setup: pip install $want failed (log: $venvs/$name.log)"
    return 1
  fi
  echo "$want" >"$stamp"
}

which=("$@")
[ ${#which[@]} -eq 0 ] && which=(mindspore mindspore-compat torch2)
for w in "${which[@]}"; do
  case "$w" in
    mindspore)
      make_venv "mindspore-$MINDSPORE_VERSION" "mindspore==$MINDSPORE_VERSION" "numpy<2.5" ;;
    mindspore-compat)
      make_venv "mindspore-$MINDSPORE_COMPAT_VERSION" "mindspore==$MINDSPORE_COMPAT_VERSION" "numpy<2" "protobuf<4" ;;
    torch2)
      make_venv "torch-$TORCH2_VERSION" "torch==$TORCH2_VERSION" numpy pytest "protobuf<5" ;;
    *) echo "setup-venvs: unknown venv '$w' (mindspore, mindspore-compat, torch2)"; exit 2 ;;
  esac
done
