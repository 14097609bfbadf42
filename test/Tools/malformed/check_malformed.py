#!/usr/bin/env python3
"""Runs the tools on every file of the malformed-input corpus and checks that
each is refused properly: a non-zero exit (no signal, no abort), no
"LLVM ERROR" or stack dump, a message naming the file and the place (the
expected fragments below), and no output file (nor anything else) left in
the output directory.

Usage: check_malformed.py BIN_DIR CORPUS_DIR WORK_DIR [--print]

The corpus is the committed text files of CORPUS_DIR (*.pntrace.txt and
run-inputs-*.txt) plus the binary files this script makes from them in
WORK_DIR/corpus (truncated and bit-flipped traces and MindIR, an empty file,
random bytes, a non-UTF-8 file name, ...). A case whose output lies in the
output directory ({out}/...) runs twice: with no output file (none may be
left) and with one already there (it must keep its bytes, and nothing else
may be left). --print shows each tool's
messages instead of checking them. Prints one line per case and a summary
`malformed inputs: <cases> cases, <files> files, <failed> failed`.
"""
import os
import random
import shutil
import subprocess
import sys

from ascend_trace import PyNativeTrace_pb2 as pb
from google.protobuf import text_format

BIN, CORPUS, WORK = (os.path.abspath(a) for a in sys.argv[1:4])
PRINT = "--print" in sys.argv
FILES = os.path.join(WORK, "corpus")

BAD_SIGNS = ["LLVM ERROR", "Stack dump", "PLEASE submit", "Assertion",
             "AddressSanitizer", "runtime error:", "Segmentation fault"]


def text_trace(name):
    return text_format.Parse(open(os.path.join(CORPUS, name)).read(), pb.Trace())


def write_file(path, data):
    with open(path, "wb") as f:
        f.write(data)


def write(name, data):
    path = os.path.join(FILES, name) if isinstance(name, str) else os.path.join(os.fsencode(FILES), name)
    write_file(path, data)
    return path


def flip(data, at, bit=0x80):
    return data[:at] + bytes([data[at] ^ bit]) + data[at + 1:]


def make_binary_corpus():
    """The damaged binary files, from the valid trace and its MindIR."""
    os.makedirs(FILES, exist_ok=True)
    valid = text_trace("valid.pntrace.txt").SerializeToString()
    write("valid.pntrace", valid)
    write("truncated-half.pntrace", valid[:len(valid) // 2])
    write("truncated-last-byte.pntrace", valid[:-1])
    # The first byte is the tag of Trace.format_version (field 1, varint):
    # flipped to field 17, which Trace does not have.
    write("bitflip-tag.pntrace", flip(valid, 0, 0x80 | 0x08))
    # The length of the first run (field 8, length-delimited) made larger
    # than the file.
    run_at = valid.index(b"\x42")
    write("bitflip-length.pntrace", flip(valid, run_at + 1, 0x40))
    write("empty.pntrace", b"")
    write("random-bytes.pntrace", bytes(random.Random(23).getrandbits(8) for _ in range(300)))
    write("mlir-as-trace.pntrace", b"func.func @main() {\n  return\n}\n")
    # A source file name that is not UTF-8 (protobuf strings must be).
    source = text_trace("valid.pntrace.txt")
    source.runs[0].events[0].loc.frames[0].file = "XXXXXXXX.py"
    data = source.SerializeToString()
    write("non-utf8-source.pntrace", data.replace(b"XXXXXXXX", b"\xff\xfe\xfd\xfc\xfb\xfa\xf9\xf8"))
    # A file name that is not UTF-8, holding a cut trace.
    write(b"non-utf8-name-\xff\xfe.pntrace", valid[:-3])
    # MindIR: the valid trace compiled, then damaged.
    mindir = os.path.join(WORK, "valid.mindir")
    subprocess.run([os.path.join(BIN, "ascend-compile"), os.path.join(FILES, "valid.pntrace"),
                    "-o", mindir, "--quiet"], check=True)
    model = open(mindir, "rb").read()
    write("truncated-half.mindir", model[:len(model) // 2])
    write("truncated-last-byte.mindir", model[:-1])
    write("bitflip-tag.mindir", flip(model, 0, 0x80 | 0x08))
    write("empty.mindir", b"")
    write("trace-as.mindir", valid)
    write("random-bytes.mindir", bytes(random.Random(7).getrandbits(8) for _ in range(300)))


# (case, tool arguments, fragments the messages must contain). In the
# arguments, {f} is the corpus file, {out} the output path, {c} the corpus
# directory; in the fragments {f} is the file's path as the tool prints it.
COMPILE = ["ascend-compile", "{f}", "-o", "{out}/model.mindir", "--quiet"]
TO_MS = ["ascend-compile", "{f}", "--emit=mindspore", "-o", "{out}/model.mlir", "--quiet"]
IMPORT = ["ascend-translate", "--import-pynative-trace", "{f}", "-o", "{out}/model.mlir"]
IMPORT_MINDIR = ["ascend-translate", "--import-mindir", "{f}", "-o", "{out}/model.mlir"]
RUN_INPUTS = ["ascend-run", "{c}/../Inputs/add.mlir", "--inputs", "{f}"]
RUN_TRACE = ["ascend-run", "{c}/../Inputs/add.mlir", "--trace", "{f}"]

CASES = [
    # Committed text traces.
    ("dangling-argument.pntrace.txt", COMPILE, ["{f}: run 0, event 0: "]),
    ("dangling-output.pntrace.txt", COMPILE, ["{f}: run 0: "]),
    ("wrong-data-size.pntrace.txt", COMPILE, ["{f}: run 0: "]),
    ("unknown-dtype.pntrace.txt", COMPILE, ["{f}: run 0, event 0: "]),
    ("complex-dtype.pntrace.txt", COMPILE, ["{f}: run 0, event 0: "]),
    ("complex-dtype-argument.pntrace.txt", COMPILE, ["{f}: run 0, event 0: argument 'dtype' has unknown dtype 'complex64'"]),
    ("undefined-dtype.pntrace.txt", COMPILE, ["{f}: run 0, event 0: "]),
    ("missing-result-type.pntrace.txt", COMPILE, ["{f}: run 0, event 0: "]),
    ("huge-dims.pntrace.txt", COMPILE, ["{f}: run 0, event 0: "]),
    ("huge-input.pntrace.txt", COMPILE, ["{f}: run 0: "]),
    ("negative-dim.pntrace.txt", COMPILE, ["{f}: run 0: "]),
    ("negative-step-slice.pntrace.txt", COMPILE, ["model.py:5:16: error: unsupported eager op 'aten.slice.Tensor'"]),
    ("negative-stride-alias.pntrace.txt", COMPILE, ["model.py:5:16: error: unsupported eager op 'aten._reshape_alias.default'"]),
    ("adaptive-pool-3d.pntrace.txt", COMPILE, ["model.py:5:16: error: unsupported eager op 'aten.adaptive_avg_pool2d.default'"]),
    ("index-select-0d.pntrace.txt", COMPILE, ["model.py:5:16: error: unsupported eager op 'aten.index_select.default': dim 1 is out of range for a 0-D tensor"]),
    ("matmul-sizes.pntrace.txt", COMPILE, ["model.py:5:16: error: unsupported eager op 'aten.mm.default'"]),
    ("transpose-dim-out-of-range.pntrace.txt", COMPILE, ["model.py:5:16: error: unsupported eager op 'aten.transpose.int'"]),
    ("squeeze-dim-out-of-range.pntrace.txt", COMPILE, ["model.py:5:16: error: unsupported eager op 'aten.squeeze.dim'"]),
    ("slice-dim-out-of-range.pntrace.txt", COMPILE, ["model.py:5:16: error: unsupported eager op 'aten.slice.Tensor'"]),
    ("max-dim-one-result.pntrace.txt", COMPILE, ["model.py:5:16: error: unsupported eager op 'aten.max.dim'"]),
    ("missing-self.pntrace.txt", COMPILE, ["model.py:5:16: error: unsupported eager op 'aten.add.Tensor'"]),
    ("unknown-op.pntrace.txt", COMPILE, ["model.py:5:16: error: unsupported eager op 'aten.no_such_op.default'"]),
    ("mutated-out-of-range.pntrace.txt", COMPILE, ["{f}: run 0, event 0: "]),
    ("alias-out-of-range.pntrace.txt", COMPILE, ["{f}: run 0, event 0: "]),
    ("external-weights-missing.pntrace.txt", COMPILE, ["{f}"]),
    ("newer-version.pntrace.txt", COMPILE, ["{f}: "]),
    ("runs-disagree.pntrace.txt", COMPILE, ["model.py:5:16: error: runs cannot be merged"]),
    ("runs-disagree-args.pntrace.txt", COMPILE, ["model.py:5:16: error: runs cannot be merged"]),
    ("truncated-text.pntrace.txt", COMPILE, ["{f}:"]),
    ("unknown-field.pntrace.txt", COMPILE, ["{f}:"]),
    ("op-without-name.pntrace.txt", COMPILE, ["{f}: run 0, event 0: "]),
    ("dangling-argument.pntrace.txt", IMPORT, ["{f}: run 0, event 0: "]),
    ("adaptive-pool-3d.pntrace.txt", TO_MS, ["model.py:5:16: error: unsupported eager op 'aten.adaptive_avg_pool2d.default'"]),
    # Generated binary files.
    ("corpus/truncated-half.pntrace", COMPILE, ["{f}: ", "damaged binary trace"]),
    ("corpus/truncated-last-byte.pntrace", COMPILE, ["{f}: ", "damaged binary trace"]),
    ("corpus/truncated-last-byte.pntrace", IMPORT, ["{f}: ", "damaged binary trace"]),
    ("corpus/bitflip-tag.pntrace", COMPILE, ["{f}: "]),
    ("corpus/bitflip-length.pntrace", COMPILE, ["{f}: ", "damaged binary trace"]),
    ("corpus/empty.pntrace", COMPILE, ["{f}: ", "file is empty"]),
    ("corpus/random-bytes.pntrace", COMPILE, ["{f}: "]),
    ("corpus/mlir-as-trace.pntrace", COMPILE, ["{f}"]),
    ("corpus/non-utf8-source.pntrace", COMPILE, ["{f}: "]),
    (b"corpus/non-utf8-name-\xff\xfe.pntrace", COMPILE, ["{f}: ", "damaged binary trace"]),
    ("corpus/truncated-half.mindir", IMPORT_MINDIR, ["{f}"]),
    ("corpus/truncated-last-byte.mindir", IMPORT_MINDIR, ["{f}"]),
    ("corpus/bitflip-tag.mindir", IMPORT_MINDIR, ["{f}"]),
    ("corpus/empty.mindir", IMPORT_MINDIR, ["{f}"]),
    ("corpus/trace-as.mindir", IMPORT_MINDIR, ["{f}"]),
    ("corpus/random-bytes.mindir", IMPORT_MINDIR, ["{f}"]),
    ("corpus/truncated-half.mindir", COMPILE, ["{f}: not a trace file: a .mindir file is a compiled MindIR model"]),
    # Unwritable outputs of a valid input.
    ("corpus/valid.pntrace", ["ascend-compile", "{f}", "-o", "/proc/corpus.mindir", "--quiet"],
     ["'/proc/corpus.mindir'"]),
    ("corpus/valid.pntrace", ["ascend-compile", "{f}", "-o", "{out}", "--quiet"], ["cannot write '{out}': Is a directory"]),
    ("corpus/valid.pntrace", ["ascend-translate", "--import-pynative-trace", "{f}", "-o", "/proc/corpus.mlir"],
     ["cannot write '/proc/corpus.mlir'"]),
    # ascend-run: malformed run files, a damaged trace.
    ("run-inputs-wrong-type.txt", RUN_INPUTS, ["{f}"]),
    ("run-inputs-count.txt", RUN_INPUTS, ["{f}"]),
    ("run-inputs-garbage.txt", RUN_INPUTS, ["{f}"]),
    ("corpus/truncated-half.pntrace", RUN_TRACE, ["{f}: ", "damaged binary trace"]),
]


def main():
    if os.path.exists(WORK):
        shutil.rmtree(WORK)
    os.makedirs(WORK)
    make_binary_corpus()
    failed = 0
    files = set()
    runs = 0
    # Each case, and again with its output file already there when it has
    # one in the output directory.
    plan = [(i, case, False) for i, case in enumerate(CASES)]
    plan += [(i, case, True) for i, case in enumerate(CASES) if any(a.startswith("{out}/") for a in case[1])]
    for index, (name, args, fragments), existing in plan:
        runs += 1
        path = os.path.join(os.fsencode(CORPUS), name if isinstance(name, bytes) else os.fsencode(name))
        shown = name.decode("utf-8", "replace") if isinstance(name, bytes) else name
        if name.startswith(b"corpus/" if isinstance(name, bytes) else "corpus/"):
            path = os.path.join(os.fsencode(WORK), name if isinstance(name, bytes) else os.fsencode(name))
        files.add(path)
        out = os.path.join(WORK, "out-%d%s" % (index, "-existing" if existing else ""))
        os.makedirs(out)
        subst = {"{f}": path, "{out}": os.fsencode(out), "{c}": os.fsencode(CORPUS)}
        argv = []
        for a in args:
            a = os.fsencode(a)
            for k, v in subst.items():
                a = a.replace(os.fsencode(k), v)
            argv.append(a)
        # The output file a failed run must not replace.
        kept = {}
        if existing:
            for a in argv:
                if a.startswith(os.fsencode(out) + b"/"):
                    kept[os.path.basename(a).decode()] = b"an earlier output\n"
                    write_file(a, kept[os.path.basename(a).decode()])
        argv[0] = os.path.join(os.fsencode(BIN), argv[0])
        proc = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=120)
        text = proc.stdout
        tool = os.path.basename(argv[0]).decode()
        label = "%s %s%s" % (tool, shown, " (output exists)" if existing else "")
        if PRINT:
            print("== %s (exit %d)\n%s" % (label, proc.returncode, text.decode("utf-8", "replace")))
            continue
        problems = []
        if proc.returncode <= 0:
            problems.append("exit %d" % proc.returncode)
        for sign in BAD_SIGNS:
            if sign.encode() in text:
                problems.append("prints '%s'" % sign)
        for fragment in fragments:
            want = os.fsencode(fragment)
            for k, v in subst.items():
                want = want.replace(os.fsencode(k), v)
            if want not in text:
                problems.append("no '%s' in: %s" % (want.decode("utf-8", "replace"),
                                                    text.decode("utf-8", "replace").strip()))
        left = sorted(set(os.listdir(out)) - set(kept))
        if left:
            problems.append("left %s in the output directory" % left)
        for kept_name, kept_bytes in kept.items():
            kept_path = os.path.join(out, kept_name)
            if not os.path.exists(kept_path):
                problems.append("removed the existing %s" % kept_name)
            elif open(kept_path, "rb").read() != kept_bytes:
                problems.append("changed the existing %s" % kept_name)
        if os.path.exists("/proc/corpus.mindir") or os.path.exists("/proc/corpus.mlir"):
            problems.append("wrote into /proc")
        if problems:
            failed += 1
            print("FAIL %s: %s" % (label, "; ".join(problems)))
        else:
            print("ok %s" % label)
    print("malformed inputs: %d cases, %d runs, %d files, %d failed" % (len(CASES), runs, len(files), failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
