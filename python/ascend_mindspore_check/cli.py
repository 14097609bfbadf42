"""Command line: `ascend-mindspore-check MODEL.mindir --trace MODEL.pntrace [--rtol R] [--atol A]`.

Loads MODEL.mindir in MindSpore (`mindspore.load` + `nn.GraphCell`, GRAPH_MODE, CPU), runs
it on the inputs of every run recorded in the trace and compares its outputs with the
eager outputs, printing one line per run in ascend-run's format:

    run 0: max abs error 1.2e-07, max rel error 3.1e-07 (tolerance atol 1e-05 x max(1, max |eager|)): ok

A program compiled from runs of several input shapes is several files (ascend-compile
writes @main to MODEL.mindir and @main_<k> to MODEL_<k>.mindir): each run goes to the
first of them whose inputs have the run's shapes and dtypes.

Errors are one line `ascend-mindspore-check: error: <file>: <what>` on stderr. Exit
status: 0 when every run matches, 1 on a mismatch or an error, 2 on bad usage, 3 when
MindSpore cannot be imported.
"""

import argparse
import os
import re
import sys

from . import values
from .values import CheckError

TOOL = "ascend-mindspore-check"
USER_LOG = False  # the user set GLOG_v: MindSpore's log is passed on


def _error(message):
    sys.stdout.flush()
    print(f"{TOOL}: error: {message}", file=sys.stderr)
    sys.stderr.flush()


def first_line(exc):
    """The first non-empty line of an exception's message (MindSpore's follow with a C++
    call stack), or the exception's type when it has no message."""
    for line in str(exc).splitlines():
        line = line.strip()
        if line and not set(line) <= set("-="):
            return line
    return type(exc).__name__


_LOG_LINE = re.compile(r"\[(?:ERROR|CRITICAL|EXCEPTION)\] \S+\([^)]*\):\S+ \[([^\]]+?)(?::\d+)?\] "
                       r"(\w+)\] (.*)")


class CapturedLog:
    """Captures what MindSpore's C++ code writes to stderr (its glog ERROR lines, which say
    why a load failed; the Python exception says only "Load MindIR failed.") while the
    block runs. `first_error` is the first ERROR line's message with its source place.
    The log is passed on to stderr afterwards when the user set GLOG_v."""

    def __init__(self):
        self.text = ""

    def __enter__(self):
        import tempfile
        sys.stderr.flush()
        self.file = tempfile.TemporaryFile()
        self.saved = os.dup(2)
        os.dup2(self.file.fileno(), 2)
        return self

    def __exit__(self, *exc):
        sys.stderr.flush()
        os.dup2(self.saved, 2)
        os.close(self.saved)
        self.file.seek(0)
        self.text = self.file.read().decode("utf-8", "replace")
        self.file.close()
        if USER_LOG and self.text:
            sys.stderr.write(self.text)
        return False

    @property
    def first_error(self):
        for line in self.text.splitlines():
            m = _LOG_LINE.search(line)
            if m:
                return f"{m.group(3).strip()} ({os.path.basename(m.group(1))} {m.group(2)})"
        return None


def mindspore_reason(exc, log):
    """MindSpore's first line on a failure: the exception's, and the first ERROR line of its
    log when that says more."""
    reason = first_line(exc)
    error = log.first_error
    if error and error not in reason:
        reason += f" [first ERROR in MindSpore's log: {error}]"
    return reason


def entry_files(path):
    """The files of a program: `path` first, then its siblings <stem>_<k>.mindir in k order."""
    directory, name = os.path.split(path)
    stem, ext = os.path.splitext(name)
    pattern = re.compile(re.escape(stem) + r"_([1-9][0-9]*)" + re.escape(ext or ".mindir") + "$")
    siblings = []
    for other in os.listdir(directory or "."):
        m = pattern.match(other)
        if m:
            siblings.append((int(m.group(1)), os.path.join(directory, other)))
    return [path] + [p for _, p in sorted(siblings)]


def mindir_inputs(path):
    """The input types [(shape, element)] of a MindIR file's main graph, read with
    MindSpore's own MindIR protobuf module (monad inputs left out)."""
    from google.protobuf import message
    from mindspore.train import mind_ir_pb2

    model = mind_ir_pb2.ModelProto()
    try:
        with open(path, "rb") as f:
            model.ParseFromString(f.read())
    except message.DecodeError as exc:
        raise CheckError(f"{path}: not a MindIR file (MindSpore's mind_ir.proto does not "
                         f"parse it: {first_line(exc)})")
    if not model.HasField("graph"):
        raise CheckError(f"{path}: not a MindIR file (no graph)")
    types = []
    for value in model.graph.input:
        if not value.tensor:
            continue  # a UMonad/IOMonad input
        tensor = value.tensor[0]
        element = values.DTYPES.get(tensor.data_type, (f"dtype{tensor.data_type}",))[0]
        types.append((tuple(tensor.dims), element))
    return types


def type_list(types):
    return "(" + ", ".join(values.type_string(s, e) for s, e in types) + ")"


def signature_problem(run_types, file_types, path):
    """What differs between a run's inputs and a file's, for the error message."""
    if len(run_types) != len(file_types):
        return (f"the run has {len(run_types)} input{'s' if len(run_types) != 1 else ''}, "
                f"{path} takes {len(file_types)}")
    for i, (got, want) in enumerate(zip(run_types, file_types)):
        if got != want:
            what = "dtype" if got[1] != want[1] else "shape"
            return (f"input {i} has {what} {values.type_string(*got)}, {path} takes "
                    f"{values.type_string(*want)}")
    return None


class MindSporeProgram:
    """The files of one program, loaded on first use."""

    def __init__(self, ms, nn, path):
        self.ms, self.nn = ms, nn
        self.files = entry_files(path)
        self.signatures = {p: mindir_inputs(p) for p in self.files}
        self.cells = {}
        self.ms_types = {}
        for code, (element, _, attr) in values.DTYPES.items():
            dtype = getattr(ms, attr, None)
            if dtype is not None:
                self.ms_types[str(dtype)] = (element, attr)

    def file_for(self, run_types):
        for p in self.files:
            if self.signatures[p] == run_types:
                return p
        return None

    def cell(self, path):
        if path not in self.cells:
            try:
                with CapturedLog() as log:
                    graph = self.ms.load(path)
            except Exception as exc:  # noqa: BLE001 - MindSpore raises RuntimeError, ValueError...
                raise CheckError(f"{path}: MindSpore cannot load the file: "
                                 f"{mindspore_reason(exc, log)}")
            if graph is None:
                raise CheckError(f"{path}: MindSpore cannot load the file: mindspore.load "
                                 "returned None")
            try:
                self.cells[path] = self.nn.GraphCell(graph)
            except Exception as exc:  # noqa: BLE001
                raise CheckError(f"{path}: MindSpore cannot make a GraphCell of the file: "
                                 f"{first_line(exc)}")
        return self.cells[path]

    def to_mindspore(self, value):
        array, element = value
        attr = next(a for e, _, a in values.DTYPES.values() if e == element)
        return self.ms.Tensor(array, dtype=getattr(self.ms, attr))

    def from_mindspore(self, result):
        """(array, element) of a MindSpore output (bf16 read through float32)."""
        if isinstance(result, self.ms.Tensor):
            element, attr = self.ms_types.get(str(result.dtype), (str(result.dtype), None))
            if element == "bf16":
                return result.astype(self.ms.float32).asnumpy(), element
            return result.asnumpy(), element
        import numpy as np
        array = np.asarray(result)
        return array, f"a Python {type(result).__name__}"


def flatten(result):
    if isinstance(result, (tuple, list)):
        out = []
        for r in result:
            out.extend(flatten(r))
        return out
    return [result]


def check(args):
    runs = values.recorded_runs(values.read_trace(args.trace), args.trace)
    if not runs:
        raise CheckError(f"{args.trace}: no runs")
    if not os.path.isfile(args.model):
        reason = "Is a directory" if os.path.isdir(args.model) else "No such file or directory"
        raise CheckError(f"cannot open input file '{args.model}': {reason}")

    # Quiet MindSpore's own log (warnings on stderr) unless the user asked for it.
    global USER_LOG
    USER_LOG = "GLOG_v" in os.environ
    os.environ.setdefault("GLOG_v", "3")
    try:
        import mindspore as ms
        from mindspore import nn
    except ImportError as exc:
        _error(f"cannot import mindspore in {sys.executable}: {first_line(exc)} (create the "
               "venv with scripts/setup-venvs.sh mindspore)")
        return 3
    ms.set_context(mode=ms.GRAPH_MODE, device_target="CPU")

    program = MindSporeProgram(ms, nn, args.model)
    user_tolerance = None
    if args.rtol is not None or args.atol is not None:
        user_tolerance = (args.rtol if args.rtol is not None else 0.0,
                          args.atol if args.atol is not None else 1e-5)
    all_ok = True
    for index, (inputs, outputs) in enumerate(runs):
        sys.stdout.flush()
        place = f"{args.trace}: run {index}"
        run_types = [(tuple(a.shape), e) for a, e in inputs]
        path = program.file_for(run_types)
        if path is None:
            main = program.files[0]
            message = (f"{place}: no file of {args.model} takes its inputs "
                       f"{type_list(run_types)}; {main} takes "
                       f"{type_list(program.signatures[main])}")
            problem = signature_problem(run_types, program.signatures[main], main)
            if problem:
                message += ": " + problem
            _error(message)
            all_ok = False
            continue
        cell = program.cell(path)  # a file MindSpore refuses stops the check
        try:
            with CapturedLog() as log:
                result = cell(*[program.to_mindspore(v) for v in inputs])
        except Exception as exc:  # noqa: BLE001 - a guard's Assert raises here
            _error(f"{place}: MindSpore raised running {path}: {mindspore_reason(exc, log)}")
            all_ok = False
            continue
        got = [program.from_mindspore(r) for r in flatten(result)]
        if not outputs:
            print(f"run {index}: no eager outputs to compare")
            continue
        if len(got) != len(outputs):
            print(f"run {index}: {path} returned {len(got)} outputs, eager returned "
                  f"{len(outputs)}: mismatch")
            all_ok = False
            continue
        max_abs = max_rel = 0.0
        problems, tolerances = [], []
        for i, (g, e) in enumerate(zip(got, outputs)):
            ok, a, r, text, mismatch = values.compare(g, e, user_tolerance)
            max_abs, max_rel = max(max_abs, a), max(max_rel, r)
            tolerances.append(text)
            if not ok:
                problems.append(f"output {i}: {mismatch} (max abs error "
                                f"{values.format_error(a)}, tolerance {text})")
        tolerance = tolerances[0] if len(set(tolerances)) == 1 else "per output element type"
        print(f"run {index}: max abs error {values.format_error(max_abs)}, max rel error "
              f"{values.format_error(max_rel)} (tolerance {tolerance}): "
              f"{'ok' if not problems else 'mismatch'}")
        for p in problems:
            print(f"  {p}")
        all_ok &= not problems
    return 0 if all_ok else 1


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog=TOOL,
        description="Load a MindIR file in MindSpore (GRAPH_MODE, CPU), run it on every "
                    "recorded run of an eager trace and compare with the eager outputs.")
    parser.add_argument("model", help="MindIR file written by ascend-compile "
                        "(its siblings MODEL_<k>.mindir are the other input shapes)")
    parser.add_argument("--trace", required=True, help="eager trace (.pntrace) whose runs "
                        "give the inputs and expected outputs")
    parser.add_argument("--rtol", type=float, help="relative tolerance of float outputs, "
                        "added to the absolute one (default 0)")
    parser.add_argument("--atol", type=float, help="absolute tolerance of float outputs, "
                        "scaled by max(1, max |eager|) (default 1e-5 for f32/f64, 1e-2 "
                        "for f16/bf16)")
    args = parser.parse_args(argv)
    try:
        return check(args)
    except CheckError as exc:
        _error(str(exc))
        return 1
