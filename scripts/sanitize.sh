#!/usr/bin/env bash
# Builds ascend-opt with -fsanitize=address,undefined (g++, as the main build)
# into its own build directory and runs the lit suite and the GoogleTest unit
# tests there. Any AddressSanitizer or UndefinedBehaviorSanitizer report fails
# the test it happens in (UBSan halts on its first report). Ends with the
# lit summary, each unit test binary's result and one line
# "sanitize: lit <rc>, unit tests <rc>".
#
# Usage: scripts/sanitize.sh [lit args...]      (e.g. build/sanitize/test/Trace)
# Environment: ASCEND_SANITIZE_BUILD_DIR (default <build>/sanitize),
# ASCEND_SANITIZE_JOBS (ninja -j, default 1: the machine is shared), NICE
# (default 10). The fuzzers are not built here (fuzz/, docs/Fuzzing.md).
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${ASCEND_SANITIZE_BUILD_DIR:-${ASCEND_BUILD_DIR:-$root/build}/sanitize}"
jobs="${ASCEND_SANITIZE_JOBS:-1}"
nice="${NICE:-10}"
flags="-fsanitize=address,undefined -fno-sanitize=vptr -fno-sanitize-recover=undefined -fno-omit-frame-pointer -g1"
cmake=/usr/bin/cmake; [ -x "$cmake" ] || cmake=cmake
launcher=()
if command -v ccache >/dev/null 2>&1; then
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
  export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$(dirname "$root")}"
fi
if [ ! -f "$build/build.ninja" ]; then
  "$cmake" -G Ninja -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir -DASCEND_ENABLE_FUZZERS=OFF \
    -DCMAKE_CXX_FLAGS="$flags" -DCMAKE_C_FLAGS="$flags" \
    -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined" \
    -DCMAKE_SHARED_LINKER_FLAGS="-fsanitize=address,undefined" \
    "${launcher[@]}" >/dev/null || { echo "sanitize: configure failed"; exit 1; }
fi
echo "sanitize: building $build (ninja -j$jobs)"
nice -n "$nice" ninja -C "$build" -j "$jobs" >"$build/build.log" 2>&1 || {
  tail -n 40 "$build/build.log"; echo "sanitize: build failed (log: $build/build.log)"; exit 1; }

# Leaks of the tools' process-lifetime objects (llvm::cl options, MLIR
# contexts ended by exit) are not bugs: leak checking stays off. A library
# built here, loaded into an uninstrumented program (the mlir-opt plugin),
# needs the runtime preloaded.
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0:abort_on_error=1:verify_asan_link_order=0}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
[ $# -gt 0 ] || set -- "$build/test"
echo "sanitize: lit $*"
nice -n "$nice" /usr/lib/llvm-22/bin/lit -s -j "$jobs" "$@"
lit_rc=$?
unit_rc=0
while IFS= read -r bin; do
  nice -n "$nice" "$bin" --gtest_brief=1 || unit_rc=1
  echo "sanitize: $(basename "$bin"): $([ $unit_rc = 0 ] && echo ok || echo FAILED)"
done < <(find "$build/unittests" -type f -perm -u+x -name '*Tests' 2>/dev/null | sort)
echo "sanitize: lit $lit_rc, unit tests $unit_rc"
[ $lit_rc = 0 ] && [ $unit_rc = 0 ]
