#!/usr/bin/env python3
"""The differential control-flow check (python/tests/controlflow_gen.py) over many
generated programs: each is recorded (2-6 runs), compiled to the mindspore and aicore
levels and to MindIR, every recorded run is checked with ascend-run at both levels and in
MindSpore (ascend-mindspore-check, one MindSpore process per batch of programs), and fresh
inputs (a second trace) must match eager or be refused by a guard at every level.

Prints: % of recorded runs reproduced, % of programs recovered into cond/while vs
specialized behind guards vs refused at compile with a message, and the silent wrong
answers (must be 0), then the compile refusals by message.

Usage (Debian's torch 1.13 records): /usr/bin/python3 bench/controlflow_programs.py
        [--build build] [--programs 1000] [--first 0] [--jobs 1] [--time-limit S] [--keep DIR]
        [--no-mindspore] [--mindspore-batch 50]
"""
import argparse
import collections
import concurrent.futures
import os
import re
import sys
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, os.path.join(ROOT, "python", "tests"))
import controlflow_gen as gen  # noqa: E402


def _check(args):
    seed, workdir, bindir, mindspore = args
    return gen.check_program(seed, workdir, bindir, mindspore=mindspore)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--programs", type=int, default=1000)
    parser.add_argument("--first", type=int, default=0, help="seed of the first program")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--time-limit", type=float, default=0,
                        help="seconds: summarize the programs checked by then (0: no limit)")
    parser.add_argument("--keep", help="directory for the generated files (default: a temporary one)")
    parser.add_argument("--no-mindspore", action="store_true",
                        help="do not load the MindIR files in MindSpore (ascend-run's two levels only)")
    parser.add_argument("--mindspore-batch", type=int, default=50,
                        help="programs per MindSpore process (default 50)")
    args = parser.parse_args()
    sys.path.insert(0, os.path.join(os.path.abspath(args.build), "python"))
    bindir = os.path.join(os.path.abspath(args.build), "bin")
    if not os.path.exists(os.path.join(bindir, "ascend-compile")):
        sys.exit(f"controlflow_programs: no ascend-compile in {bindir}: build first")
    workdir = args.keep or tempfile.mkdtemp(prefix="controlflow_programs_")
    os.makedirs(workdir, exist_ok=True)
    seeds = range(args.first, args.first + args.programs)
    start = time.perf_counter()
    results = []
    with concurrent.futures.ProcessPoolExecutor(max_workers=args.jobs) as pool:
        pending = {pool.submit(_check, (s, workdir, bindir, not args.no_mindspore)): s for s in seeds}
        try:
            for future in concurrent.futures.as_completed(
                    pending, timeout=args.time_limit if args.time_limit else None):
                results.append(future.result())
                if len(results) % 50 == 0:
                    print(f"... {len(results)} programs, {time.perf_counter() - start:.0f} s",
                          file=sys.stderr, flush=True)
        except concurrent.futures.TimeoutError:
            for future in pending:
                future.cancel()
            print(f"time limit: stopped after {len(results)} programs", file=sys.stderr)
    results.sort(key=lambda r: r.seed)
    if not args.no_mindspore:
        # MindSpore is imported once per batch of programs; batches run args.jobs at a time.
        batches = [results[i:i + args.mindspore_batch]
                   for i in range(0, len(results), args.mindspore_batch)]
        with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as threads:
            checked = list(threads.map(lambda b: gen.check_in_mindspore(b, bindir), batches))
        if not all(checked):
            print("controlflow_programs: MindSpore is not set up (scripts/setup-venvs.sh "
                  "mindspore): the MindIR files were not checked", file=sys.stderr)
        print(f"MindSpore check: {time.perf_counter() - start:.0f} s since the start")
    print(f"control-flow programs: {len(results)} of seeds {args.first}.."
          f"{args.first + args.programs - 1} ({time.perf_counter() - start:.0f} s)")
    gen.summarize(results)
    reasons = collections.Counter()
    for r in results:
        if r.stage in ("compile", "record"):
            reasons[re.sub(r"\S+\.py:\d+:\d+: ", "", re.sub(r"-?\d+(\.\d+)?", "N", r.message))[:110]] += 1
    if reasons:
        print("refused at compile, by message:")
        for reason, count in reasons.most_common(12):
            print(f"  {count:4d}  {reason}")
    by_feature = collections.defaultdict(lambda: [0, 0])
    for r in results:
        for f in r.features:
            by_feature[f][0] += 1
            by_feature[f][1] += r.stage == "ok"
    print("programs compiled, by construct: " + ", ".join(
        f"{f} {ok}/{n}" for f, (n, ok) in sorted(by_feature.items())))
    return 1 if any(r.wrong for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
