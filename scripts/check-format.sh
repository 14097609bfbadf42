#!/usr/bin/env bash
# Checks that the C/C++ lines changed since a base commit are formatted as
# .clang-format says (LLVM style), with clang-format-22 through git's
# `git clang-format-22 --diff`: only changed lines are checked, so existing
# code that was never formatted does not fail the check.
#
# The base, first that applies:
#   1. $ASCEND_FORMAT_BASE (any commit-ish), e.g. the commit a CI job started
#      from: ASCEND_FORMAT_BASE=origin/main scripts/check-format.sh;
#   2. the merge-base of HEAD with origin/main, else with main, when that is
#      not HEAD itself (a branch: every change the branch makes);
#   3. HEAD~1 (on main itself: the last commit's changes).
# Uncommitted changes to tracked files count as changed too.
# The repository checked is the one this script is in, or $ASCEND_FORMAT_ROOT.
#
# Exit 0 when every changed line is formatted (or nothing changed); 1 with the
# diff that would format them (apply it with `git clang-format-22 <base>`);
# 2 when clang-format-22 or the base is missing.
set -uo pipefail
root="${ASCEND_FORMAT_ROOT:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}"
cd "$root" || exit 2
clang_format="${ASCEND_CLANG_FORMAT:-clang-format-22}"
git_clang_format="${ASCEND_GIT_CLANG_FORMAT:-git-clang-format-22}"
for tool in "$clang_format" "$git_clang_format"; do
  if ! command -v "$tool" >/dev/null; then
    echo "check-format: $tool not found (scripts/setup.sh installs clang-format-22)" >&2
    exit 2
  fi
done

base="${ASCEND_FORMAT_BASE:-}"
if [ -z "$base" ]; then
  head=$(git rev-parse HEAD)
  for ref in origin/main main; do
    if mb=$(git merge-base HEAD "$ref" 2>/dev/null) && [ "$mb" != "$head" ]; then
      base="$mb"
      break
    fi
  done
  [ -n "$base" ] || base="HEAD~1"
fi
if ! git rev-parse --verify -q "$base^{commit}" >/dev/null; then
  echo "check-format: base '$base' is not a commit (set ASCEND_FORMAT_BASE)" >&2
  exit 2
fi

out=$("$git_clang_format" --binary "$(command -v "$clang_format")" --diff \
      --extensions c,cc,cpp,h,hpp,inc "$base" 2>&1)
case "$out" in
  ""|"no modified files to format"|"clang-format did not modify any files")
    echo "check-format: the lines changed since $(git rev-parse --short "$base") are formatted"
    exit 0 ;;
esac
echo "check-format: lines changed since $(git rev-parse --short "$base") are not formatted (.clang-format);"
echo "check-format: this diff formats them (or run: git clang-format-22 $base):"
echo "$out"
exit 1
