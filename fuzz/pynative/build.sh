#!/usr/bin/env bash
# Configures (once) and builds the pynative -> mindspore fuzzer with clang-22
# and -fsanitize=fuzzer,address,undefined into its own build directory
# (default: <main build>/fuzz-pynative). Needs the main build (its static
# libraries and generated headers). Prints the fuzzer's path.
# Usage: fuzz/pynative/build.sh
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
main="${ASCEND_BUILD_DIR:-$root/build}"
build="${ASCEND_FUZZ_PYNATIVE_BUILD_DIR:-$main/fuzz-pynative}"
if [ ! -f "$build/build.ninja" ]; then
  cmake -G Ninja -S "$root/fuzz/pynative" -B "$build" \
    -DCMAKE_CXX_COMPILER=clang++-22 \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
    -DASCEND_MAIN_BUILD_DIR="$main" >&2
fi
ninja -C "$build" pynative-to-mindspore-fuzzer >&2
echo "$build/pynative-to-mindspore-fuzzer"
