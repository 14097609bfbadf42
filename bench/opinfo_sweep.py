#!/usr/bin/env python3
"""The full OpInfo sweep: every op_db entry, every sample of float32, float16, bfloat16,
int64 and bool, recorded, compiled to the mindspore and aicore levels and run with
ascend-run against eager (python/ascend_opinfo; test/OpInfo runs its CI subset).

Prints the per-entry table and the summary (first float32 sample of each entry, the
entries whose every usable sample passes, samples per dtype, the most common
refusals) and exits 1 on any silent mismatch, abort or recorder failure.

    PYTHONPATH=build/python /usr/bin/python3 bench/opinfo_sweep.py [--first-float32]
        [--max-samples N] [--ops a,b] [--jobs 2] [--json out.json]
    # torch 2.x:
    PYTHONPATH=build/python /work/main/.venv/torch-2.13.0/bin/python bench/opinfo_sweep.py

Every sample of every dtype is tens of thousands of samples (hours on 2 cores);
`--max-samples N` caps the samples per entry and dtype, `--first-float32` gives the
headline figure in minutes. The tools are copied to a scratch directory first, so a
rebuild during the sweep does not change them.
"""
import os
import shutil
import sys
import tempfile

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
sys.path.append(os.path.join(REPO, "python"))

from ascend_opinfo import harness  # noqa: E402


def main():
    argv = sys.argv[1:]
    bin_dir = os.path.join(REPO, "build", "bin")
    if "--bin" in argv:
        bin_dir = argv[argv.index("--bin") + 1]
        del argv[argv.index("--bin"):argv.index("--bin") + 2]
    with tempfile.TemporaryDirectory(prefix="opinfo_bin_") as scratch:
        for tool in ("ascend-compile", "ascend-run"):
            source = os.path.join(bin_dir, tool)
            if not os.access(source, os.X_OK):
                sys.exit(f"opinfo_sweep: {source} not found (build first: scripts/build.sh)")
            shutil.copy2(source, scratch)
        return harness.main(["--bin", scratch] + argv)


if __name__ == "__main__":
    sys.exit(main())
