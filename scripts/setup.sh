#!/usr/bin/env bash
# Installs the Debian packages ascend-opt needs to build, test and record
# traces. Idempotent: installs only what is missing and says what; a quick
# no-op when everything is present.
set -euo pipefail

PACKAGES=(
  cmake ninja-build g++ lld
  llvm-22-dev llvm-22-tools libmlir-22-dev mlir-22-tools
  protobuf-compiler libprotobuf-dev libabsl-dev libgtest-dev
  python3-torch python3-torchvision python3-protobuf python3-pytest
  clang-22 libclang-rt-22-dev clang-format-22
  libmimalloc-dev ccache
)

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all ${#PACKAGES[@]} Debian packages are installed"
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
echo "setup: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
$SUDO apt-get install -y -q "${missing[@]}"
echo "setup: done"
