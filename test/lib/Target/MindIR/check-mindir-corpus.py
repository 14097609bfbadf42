#!/usr/bin/env python3
"""Imports every .mindir file under a directory and fails on any crash.

Test-only driver for test/Target/MindIR/import-mindir-history-corpus.test.
With ascend-mindir-import-batch on PATH (test/lib), one process imports every
file (well under a second for the 2,856-file corpus); a crash (signal) is
reported with the file being imported. Without it, every 8th file runs
through `ascend-translate --import-mindir`, one process each (a file must
give exit code 0, or 1 with an error message). Prints
`files N imported I refused R` and the refusal reasons by count.
"""
import collections
import os
import re
import shutil
import subprocess
import sys


def reason(message):
    """The refusal message without file, graph, node and primitive names."""
    m = re.sub(r"^\S+\.mindir(:0:0)?: (error: )?(\S+\.mindir: )?", "", message)
    m = re.sub(r"(graph|node|primitive|input) '[^']*'", r"\1 X", m)
    return m.strip()


def main():
    root = sys.argv[1]
    files = sorted(
        os.path.join(d, f)
        for d, _, fs in os.walk(root)
        for f in fs
        if f.endswith(".mindir"))
    reasons = collections.Counter()
    imported = 0
    batch = shutil.which("ascend-mindir-import-batch")
    if batch:
        listing = os.path.join(root, "files.txt")
        with open(listing, "w") as out:
            out.write("\n".join(files) + "\n")
        proc = subprocess.run([batch, "--list", listing],
                              capture_output=True, text=True, errors="replace")
        lines = proc.stdout.splitlines()
        done = [l for l in lines if l.startswith(("ok ", "error "))]
        if proc.returncode < 0 or proc.returncode > 1:
            crashed = files[len(done)] if len(done) < len(files) else "?"
            print(f"CRASH (exit {proc.returncode}) importing {crashed}")
            print(proc.stderr[-2000:])
            return 1
        for line in done:
            if line.startswith("ok "):
                imported += 1
            else:
                reasons[reason(line.split(": ", 1)[1])] += 1
        if proc.returncode != 0:
            print("a file was refused without a message")
            return 1
    else:
        files = files[::8]
        for path in files:
            # `-o -`: ascend-translate renames a temporary file over its -o
            # path, which must not be /dev/null.
            proc = subprocess.run(
                ["ascend-translate", "--import-mindir", path, "-o", "-"],
                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                errors="replace")
            if proc.returncode == 0:
                imported += 1
                continue
            if proc.returncode != 1 or "error: " not in proc.stderr:
                print(f"CRASH or silent failure (exit {proc.returncode}) "
                      f"importing {path}")
                print(proc.stderr[-2000:])
                return 1
            first = proc.stderr.split("error: ", 1)[1].splitlines()[0]
            reasons[reason(first)] += 1
    print(f"files {len(files)} imported {imported} "
          f"refused {sum(reasons.values())}")
    for text, count in reasons.most_common():
        print(f"{count:6d} {text}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
