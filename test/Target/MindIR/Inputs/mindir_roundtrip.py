"""Round trip of each module of an MLIR file split by '// -----' lines:
mindspore -> MindIR -> mindspore -> MindIR with ascend-translate (from PATH).
Prints, per module, how many mindspore.while ops it holds and whether both
MindIR files are byte-identical; exits 1 when a step fails.

Usage: mindir_roundtrip.py INPUT.mlir WORKDIR
"""
import os
import subprocess
import sys


def main():
    source, work = sys.argv[1], sys.argv[2]
    os.makedirs(work, exist_ok=True)
    with open(source) as f:
        modules = f.read().split("\n// -----\n")
    status = 0
    for k, text in enumerate(modules):
        base = os.path.join(work, f"module{k}")
        with open(base + ".mlir", "w") as f:
            f.write(text)
        steps = [["--export-mindir", base + ".mlir", "-o", base + ".1.mindir"],
                 ["--import-mindir", base + ".1.mindir", "-o", base + ".imported.mlir"],
                 ["--export-mindir", base + ".imported.mlir", "-o", base + ".2.mindir"]]
        for step in steps:
            run = subprocess.run(["ascend-translate"] + step, capture_output=True, text=True)
            if run.returncode != 0:
                print(f"module {k}: ascend-translate {' '.join(step)} failed:\n{run.stderr}")
                status = 1
                break
        else:
            with open(base + ".1.mindir", "rb") as a, open(base + ".2.mindir", "rb") as b:
                same = a.read() == b.read()
            with open(base + ".imported.mlir") as f:
                loops = f.read().count("mindspore.while")
            print(f"module {k}: {loops} while, {'identical' if same else 'DIFFERENT'}")
            status |= 0 if same else 1
    return status


if __name__ == "__main__":
    sys.exit(main())
