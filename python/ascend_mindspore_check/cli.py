"""Command line: `ascend-mindspore-check MODEL.mindir --trace MODEL.pntrace [--rtol R] [--atol A]`,
or several `MODEL --trace TRACE` pairs (each checked after a line `== MODEL`, all in one
MindSpore process: MindSpore is imported once).

Loads MODEL.mindir in MindSpore (`mindspore.load` + `nn.GraphCell`, GRAPH_MODE, CPU), runs
it on the inputs of every run recorded in the trace and compares its outputs with the
eager outputs, printing one line per run in ascend-run's format:

    run 0: max abs error 1.2e-07, max rel error 3.1e-07 (tolerance atol 1e-05 x max(1, max |eager|)): ok

Each output's tolerance is ascend-run's: it follows the precision the output was computed
in (the coarsest float type among the nodes it depends on in the file): 1 ulp of f16/bf16
for a half-precision computation, atol 1e-5 x max(1, max |eager|) for f32/f64.

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
PHASE_FD = None  # in the MindSpore process: where it says what it is doing (run_guarded)


def set_phase(message, log=None):
    """Tells the parent process what a crash now would mean: `message` with {signal}
    for the signal's name; `log` the captured log file that says more."""
    if PHASE_FD is not None:
        import json
        os.write(PHASE_FD, (json.dumps({"message": message, "log": log}) + "\n").encode())


def run_guarded(function):
    """Runs function() (MindSpore's part of the check) in a child process and returns its
    exit status. MindSpore can crash on a file it does not accept (a segmentation
    fault in its loader or kernels); the crash becomes one error line naming the file
    and what MindSpore was doing, with the first ERROR lines of its log."""
    import json
    import signal
    global PHASE_FD
    sys.stdout.flush()
    sys.stderr.flush()
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read_fd)
        PHASE_FD = write_fd
        code = 1
        try:
            code = function()
        except CheckError as exc:
            _error(str(exc))
        except BaseException:  # noqa: BLE001 - reported by the traceback
            import traceback
            traceback.print_exc()
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
            # The check ended here (not inside MindSpore): the parent has nothing to add.
            os.write(write_fd, (json.dumps({"finished": True}) + "\n").encode())
            os._exit(code)
    os.close(write_fd)
    data = b""
    while True:
        chunk = os.read(read_fd, 65536)
        if not chunk:
            break
        data += chunk
    os.close(read_fd)
    _, status = os.waitpid(pid, 0)
    lines = data.decode("utf-8", "replace").splitlines()
    phase = json.loads(lines[-1]) if lines else {"message": "MindSpore crashed ({signal})",
                                                 "log": None}
    if not os.WIFSIGNALED(status):
        # MindSpore can also end the process itself (exit(1) from one of its threads)
        # in the middle of a run: without the child's last word that is a crash too,
        # never a silent exit status.
        if phase.get("finished"):
            return os.WEXITSTATUS(status)
        name = f"exit status {os.WEXITSTATUS(status)} without finishing the check"
    else:
        try:
            name = signal.Signals(os.WTERMSIG(status)).name
        except ValueError:
            name = f"signal {os.WTERMSIG(status)}"
    message = phase["message"].format(signal=name)
    if phase["log"]:
        errors = first_errors(read_log(phase["log"]))
        if errors:
            message += f" [first ERRORs in MindSpore's log: {errors}]"
    _error(message)
    return 1


def _error(message):
    sys.stdout.flush()
    print(f"{TOOL}: error: {message}", file=sys.stderr)
    sys.stderr.flush()


def first_line(exc):
    """The first line of an exception's message, or its type when it has none.

    MindSpore's messages are sections: a rule of dashes, a header `- Kernel select
    failed:`, the text, then `- C++ Call Stack: ...`. A header is joined with the first
    line of its text: `Kernel select failed: KernelObjectTypeNotSupported: ...`."""
    header = None
    for line in str(exc).splitlines():
        line = line.strip()
        if not line or set(line) <= set("-="):
            continue
        if line.startswith("- C++ Call Stack") or line.startswith("- Framework"):
            break
        if line.startswith("- ") and line.endswith(":") and header is None:
            header = line[2:]
            continue
        return f"{header} {line}" if header else line
    return header.rstrip(":") if header else type(exc).__name__


_LOG_LINE = re.compile(r"\[(?:ERROR|CRITICAL|EXCEPTION)\] \S+\([^)]*\):\S+ \[([^\]]+?)(?::\d+)?\] "
                       r"(\w+)\] (.*)")


class CapturedLog:
    """Captures what MindSpore's C++ code writes to stderr (its glog ERROR lines, which say
    why a load failed; the Python exception says only "Load MindIR failed.") while the
    block runs. `first_error` is the first ERROR lines' messages with their source places.
    The log is passed on to stderr afterwards when the user set GLOG_v."""

    def __init__(self):
        self.text = ""

    def __enter__(self):
        import tempfile
        sys.stderr.flush()
        fd, self.path = tempfile.mkstemp(prefix="ascend-mindspore-check.", suffix=".log")
        self.saved = os.dup(2)
        os.dup2(fd, 2)
        os.close(fd)
        return self

    def __exit__(self, *exc):
        sys.stderr.flush()
        os.dup2(self.saved, 2)
        os.close(self.saved)
        self.text = read_log(self.path)
        if USER_LOG and self.text:
            sys.stderr.write(self.text)
        return False

    @property
    def first_error(self):
        return first_errors(self.text)


def read_log(path):
    """The text of a captured log file, which is removed."""
    try:
        with open(path, "rb") as f:
            text = f.read().decode("utf-8", "replace")
        os.unlink(path)
    except OSError:
        return ""
    return text


def first_errors(text):
    """The first two ERROR lines of a MindSpore log with their source places (the first
    is often only "... failed! 1"), or None."""
    found = []
    for line in text.splitlines():
        m = _LOG_LINE.search(line)
        if m:
            found.append(f"{m.group(3).strip()} ({os.path.basename(m.group(1))} {m.group(2)})")
            if len(found) == 2:
                break
    return "; ".join(found) if found else None


def mindspore_reason(exc, log):
    """MindSpore's first line on a failure: the exception's, and the first ERROR line of its
    log when that says more."""
    reason = first_line(exc)
    error = log.first_error
    if error and error not in reason:
        reason += f" [first ERRORs in MindSpore's log: {error}]"
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


def read_model(path):
    """A MindIR file's ModelProto, read with MindSpore's own MindIR protobuf module."""
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
    return model


def mindir_inputs(model):
    """The input types [(shape, element)] of a MindIR model's main graph (monad inputs
    left out)."""
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


def kernel_library_problem(path):
    """Why the Custom ops of `path` (ascend-compile --mindir-kernels=custom) cannot run:
    a kernel library they name is missing, is not ascend-opt's, lacks a kernel function
    or was built for other kernels (its fingerprint differs); None when they can.
    MindSpore resolves func_name's library path against the current directory."""
    import ctypes
    from mindspore.train import mind_ir_pb2

    model = mind_ir_pb2.ModelProto()
    with open(path, "rb") as f:
        model.ParseFromString(f.read())
    libraries = {}
    for prim in model.primitives:
        if prim.op_type != "Custom":
            continue
        attrs = {a.name: a.s for a in prim.attribute}
        if attrs.get("func_type") != b"aot" or "ascend_kernel_library_fingerprint" not in attrs:
            continue
        func_name = attrs.get("func_name", b"").decode()
        library, _, function = func_name.rpartition(":")
        kernel = attrs.get("kernel_name", b"?").decode()
        want = attrs["ascend_kernel_library_fingerprint"].decode()
        what = f"the Custom op of AI Core kernel @{kernel} calls {func_name}"
        if not os.path.isfile(library):
            return f"{what}, but the kernel library {library} does not exist"
        if library not in libraries:
            try:
                libraries[library] = ctypes.CDLL(os.path.abspath(library))
            except OSError as exc:
                return f"{what}, but the kernel library cannot be loaded: {first_line(exc)}"
        lib = libraries[library]
        try:
            fingerprint = lib.ascend_kernel_library_fingerprint
        except AttributeError:
            return f"{what}, but {library} is not an ascend-opt kernel library (no fingerprint)"
        fingerprint.restype = ctypes.c_char_p
        got = fingerprint().decode()
        if got != want:
            return (f"{what}, but {library} was built for other kernels (its fingerprint "
                    f"{got[:12]}, the file's {want[:12]}): compile the model again")
        if not hasattr(lib, function):
            return f"{what}, but {library} has no function {function}"
    return None


class MindSporeProgram:
    """The files of one program, loaded on first use."""

    def __init__(self, ms, nn, path):
        self.ms, self.nn = ms, nn
        self.files = entry_files(path)
        models = {p: read_model(p) for p in self.files}
        self.signatures = {p: mindir_inputs(m) for p, m in models.items()}
        # Per file, the precision each output is computed in (its tolerance).
        self.precisions = {p: values.output_precisions(m) for p, m in models.items()}
        self.cells = {}
        self.load_errors = {}  # path -> first ERROR of MindSpore's log while loading
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
            problem = kernel_library_problem(path)
            if problem:
                raise CheckError(f"{path}: MindSpore cannot run the file: {problem}")
            try:
                with CapturedLog() as log:
                    set_phase(f"{path}: MindSpore crashed ({{signal}}) loading the file",
                              log.path)
                    graph = self.ms.load(path)
            except Exception as exc:  # noqa: BLE001 - MindSpore raises RuntimeError, ValueError...
                raise CheckError(f"{path}: MindSpore cannot load the file: "
                                 f"{mindspore_reason(exc, log)}")
            self.load_errors[path] = log.first_error
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
    """Checks every (model, trace) pair of `args` in one MindSpore process."""
    pairs = []
    for model, trace in zip(args.model, args.trace):
        runs = values.recorded_runs(values.read_trace(trace), trace)
        if not runs:
            raise CheckError(f"{trace}: no runs")
        if not os.path.isfile(model):
            reason = "Is a directory" if os.path.isdir(model) else "No such file or directory"
            raise CheckError(f"cannot open input file '{model}': {reason}")
        pairs.append((model, trace, runs))

    def check_all():
        status = 0
        for model, trace, runs in pairs:
            if len(pairs) > 1:
                print(f"== {model}")
            try:
                code = check_in_mindspore(args, model, trace, runs)
            except CheckError as exc:  # a file MindSpore refuses stops its own check only
                _error(str(exc))
                code = 1
            if code == 3:
                return 3
            status = status or code
        return status

    return run_guarded(check_all)


def check_in_mindspore(args, model, trace, runs):
    """Loads the files of `model` in MindSpore and checks every run of `trace` (in
    run_guarded's child)."""
    # Quiet MindSpore's own log (warnings on stderr) unless the user asked for it.
    global USER_LOG
    USER_LOG = "GLOG_v" in os.environ
    os.environ.setdefault("GLOG_v", "3")
    set_phase("MindSpore crashed ({signal}) while it was imported")
    try:
        import mindspore as ms
        from mindspore import nn
    except Exception as exc:  # noqa: BLE001 - ImportError, or a broken install (TypeError...)
        _error(f"cannot import mindspore in {sys.executable}: {first_line(exc)} (create the "
               "venv with scripts/setup-venvs.sh mindspore)")
        return 3
    ms.set_context(mode=ms.GRAPH_MODE, device_target="CPU")

    set_phase(f"{model}: MindSpore crashed ({{signal}}) reading the file's inputs")
    program = MindSporeProgram(ms, nn, model)
    user_tolerance = None
    if args.rtol is not None or args.atol is not None:
        user_tolerance = values.Tolerance(args.rtol if args.rtol is not None else 0.0,
                                          args.atol if args.atol is not None else 1e-5)
    all_ok = True
    for index, (inputs, outputs) in enumerate(runs):
        sys.stdout.flush()
        place = f"{trace}: run {index}"
        run_types = [(tuple(a.shape), e) for a, e in inputs]
        path = program.file_for(run_types)
        if path is None:
            main = program.files[0]
            message = (f"{place}: no file of {model} takes its inputs "
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
                loading = program.load_errors.get(path)
                set_phase(f"{place}: MindSpore crashed ({{signal}}) running {path}" +
                          (" [first ERRORs in MindSpore's log while loading the file: "
                           + loading.replace("{", "{{").replace("}", "}}") + "]"
                           if loading else ""), log.path)
                result = cell(*[program.to_mindspore(v) for v in inputs])
        except Exception as exc:  # noqa: BLE001 - a guard's Assert raises here
            reason = mindspore_reason(exc, log)
            if not log.first_error and program.load_errors.get(path):
                reason += (" [first ERRORs in MindSpore's log while loading the file: "
                           f"{program.load_errors[path]}]")
            _error(f"{place}: MindSpore raised running {path}: {reason}")
            all_ok = False
            # MindSpore refuses every later call of a graph whose execution raised
            # ("An error occurred in the previous step of this model execution"):
            # the next run gets a newly loaded cell.
            program.cells.pop(path, None)
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
        precisions = program.precisions[path]
        for i, (g, e) in enumerate(zip(got, outputs)):
            tolerance = user_tolerance
            if tolerance is None and i < len(precisions):
                tolerance = values.Tolerance.for_computation(e[1], precisions[i])
            ok, a, r, text, mismatch = values.compare(g, e, tolerance)
            max_abs, max_rel = max(max_abs, a), max(max_rel, r)
            tolerances.append(text)
            if not ok:
                problems.append(f"output {i}: {mismatch} (max abs error "
                                f"{values.format_error(a)}, tolerance {text})")
        tolerance = (tolerances[0] if len(set(tolerances)) == 1 else
                     "per output: " + "; ".join(f"{i}: {t}" for i, t in enumerate(tolerances)))
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
    parser.add_argument("model", nargs="+", help="MindIR file written by ascend-compile "
                        "(its siblings MODEL_<k>.mindir are the other input shapes); "
                        "several MODEL --trace TRACE pairs are checked in one MindSpore "
                        "process, each after a line '== MODEL'")
    parser.add_argument("--trace", required=True, action="append",
                        help="eager trace (.pntrace) whose runs give the inputs and expected "
                        "outputs of the MODEL before it (one --trace per MODEL)")
    parser.add_argument("--rtol", type=float, help="relative tolerance of float outputs, "
                        "added to the absolute one (default 0)")
    parser.add_argument("--atol", type=float, help="absolute tolerance of float outputs, "
                        "scaled by max(1, max |eager|); either replaces the default, "
                        "which is ascend-run's: 1 ulp of f16/bf16 for an output computed "
                        "(partly) in half precision, else atol 1e-5")
    args = parser.parse_intermixed_args(argv)
    if len(args.model) != len(args.trace):
        parser.print_usage(sys.stderr)
        print(f"{TOOL}: error: {len(args.model)} MODEL file(s) but {len(args.trace)} --trace "
              "file(s): give one --trace after each MODEL", file=sys.stderr)
        return 2
    try:
        return check(args)
    except CheckError as exc:
        _error(str(exc))
        return 1
