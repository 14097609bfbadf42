#!/usr/bin/env bash
# Configures (once) and builds the MindIR importer fuzzer with clang-22 and
# -fsanitize=fuzzer,address into its own build directory (default:
# <main build>/fuzz-mindir). Needs the main build's MindSpore dialect
# library (built here if missing). Prints the fuzzer's path.
# Usage: fuzz/mindir/build.sh
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
main="${ASCEND_BUILD_DIR:-$root/build}"
build="${ASCEND_FUZZ_MINDIR_BUILD_DIR:-$main/fuzz-mindir}"
if [ ! -f "$main/lib/libMLIRMindSpore.a" ]; then
  "$root/scripts/build.sh" MLIRMindSpore >&2
fi
if [ ! -f "$build/build.ninja" ]; then
  cmake -G Ninja -S "$root/fuzz/mindir" -B "$build" \
    -DCMAKE_CXX_COMPILER=clang++-22 \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
    -DASCEND_MAIN_BUILD_DIR="$main" >&2
fi
ninja -C "$build" mindir-import-fuzzer >&2
echo "$build/mindir-import-fuzzer"
