#!/usr/bin/env bash
# Configures (once) and builds ascend-opt into build/ with Ninja against
# Debian's LLVM/MLIR 22. Usage: scripts/build.sh [ninja targets...]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${ASCEND_BUILD_DIR:-$root/build}"
if [ ! -f "$build/build.ninja" ]; then
  cmake -G Ninja -S "$root" -B "$build" \
    -DCMAKE_BUILD_TYPE=Release \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
    -DCMAKE_INSTALL_PREFIX="$root/install" >/dev/null
fi
ninja -C "$build" "$@"
