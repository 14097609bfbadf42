#!/usr/bin/env bash
# Configures (once) and builds ascend-opt into build/ with Ninja against
# Debian's LLVM/MLIR 22. Usage: scripts/build.sh [ninja targets...]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${ASCEND_BUILD_DIR:-$root/build}"
# Debian's cmake (a pip cmake 4.x may come first on PATH); ccache when installed.
cmake=/usr/bin/cmake; [ -x "$cmake" ] || cmake=cmake
launcher=()
if command -v ccache >/dev/null 2>&1; then
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
  export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$(dirname "$root")}"
fi
if [ ! -f "$build/build.ninja" ]; then
  "$cmake" -G Ninja -S "$root" -B "$build" \
    -DCMAKE_BUILD_TYPE=Release \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
    -DCMAKE_INSTALL_PREFIX="$root/install" "${launcher[@]}" >/dev/null
fi
ninja -C "$build" "$@"
