"""Command line: `ascend-trace record model.py -o model.pntrace [--text] [--grad]`.

model.py defines `make() -> (model, runs)`; every run (a tuple of inputs) is called once
and all runs go into one trace file. `ascend-trace show trace.pntrace` prints a trace in
protobuf text format.

Exit status: 0 on success, 1 on any error (nothing is written then), 2 on bad usage,
3 when torch or protobuf is missing.
"""

import argparse
import importlib.util
import os
import sys
import traceback

from . import __version__


def _error(message):
    print(f"ascend-trace: error: {message}", file=sys.stderr)
    return 1


def _import_recorder():
    try:
        from . import recorder
    except ImportError as exc:
        print(f"ascend-trace: {exc}", file=sys.stderr)
        return None
    return recorder


def load_model_file(path):
    """Imports model.py as a fresh module and returns its make() result (model, runs)."""
    if not os.path.isfile(path):
        # As the C++ tools say it (tools/ToolFiles.h).
        reason = "Is a directory" if os.path.isdir(path) else "No such file or directory"
        raise FileNotFoundError(f"cannot open input file '{path}': {reason}")
    path = os.path.abspath(path)
    # The module is named after the file (the trace's model name is module.Class),
    # unless that would replace an already imported module.
    name = os.path.splitext(os.path.basename(path))[0].replace("-", "_")
    if name in sys.modules:
        name = "_ascend_trace_model_" + name
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    directory = os.path.dirname(path)
    sys.path.insert(0, directory)  # so model.py can import its neighbours
    try:
        sys.modules[name] = module
        spec.loader.exec_module(module)
    finally:
        if sys.path and sys.path[0] == directory:
            del sys.path[0]
    make = getattr(module, "make", None)
    if not callable(make):
        raise ValueError(f"{path} defines no make() function "
                         "(expected make() -> (model, runs))")
    result = make()
    if not (isinstance(result, (tuple, list)) and len(result) == 2):
        raise ValueError(f"{path}: make() must return (model, runs), got {type(result).__name__}")
    return result


def _cmd_record(args):
    recorder = _import_recorder()
    if recorder is None:
        return 3
    import torch

    try:
        model, runs = load_model_file(args.model)
    except Exception as exc:  # noqa: BLE001 - report any failure of the user's file
        if not isinstance(exc, (FileNotFoundError, ValueError)):
            traceback.print_exc()
        return _error(str(exc))
    if not isinstance(model, torch.nn.Module):
        return _error(f"make() returned a {type(model).__name__}, not a torch.nn.Module")
    if not isinstance(runs, (list, tuple)):
        return _error("make() must return runs as a list of input tuples")
    output = args.output
    if output is None:
        stem = os.path.splitext(os.path.basename(args.model))[0]
        output = stem + (".pntrace.txt" if args.text else ".pntrace")
    directory = os.path.dirname(os.path.abspath(output))
    if not os.path.isdir(directory):
        return _error(f"cannot write '{output}': the directory '{directory}' does not exist; "
                      "nothing was recorded")
    try:
        options = dict(text=args.text, function_mode=not args.no_function_mode,
                       loop_marks=not args.no_loop_marks, sidecar=args.sidecar,
                       decompose=not args.no_decompose, mapped_ops=args.mapped_ops)
        if args.grad:
            trace = recorder.record(model, list(runs), output, **options)
        else:
            with torch.no_grad():
                trace = recorder.record(model, list(runs), output, **options)
    except Exception as exc:  # noqa: BLE001
        if not isinstance(exc, recorder.RecordError):  # those say where themselves
            traceback.print_exc()
        return _error(f"recording {args.model} failed: {exc}; no trace was written")
    ops = sum(1 for r in trace.runs for e in r.events if e.WhichOneof("kind") == "op")
    if not args.quiet:
        print(f"ascend-trace: wrote {output}: {len(trace.runs)} run(s), {ops} op(s), "
              f"{len(trace.parameters)} parameter(s), {len(trace.constants)} constant(s)")
    return 0


def _cmd_show(args):
    recorder = _import_recorder()
    if recorder is None:
        return 3
    from google.protobuf import text_format

    if not os.path.isfile(args.trace):
        reason = "Is a directory" if os.path.isdir(args.trace) else "No such file or directory"
        return _error(f"cannot open input file '{args.trace}': {reason}")
    try:
        trace = recorder.load_trace(args.trace)
    except Exception as exc:  # noqa: BLE001
        return _error(f"cannot read {args.trace}: {exc}")
    if not args.values:
        for p in trace.parameters:
            p.value.ClearField("data")
        for c in trace.constants:
            c.value.ClearField("data")
        for r in trace.runs:
            for x in list(r.inputs) + list(r.outputs):
                x.value.ClearField("data")
    sys.stdout.write(text_format.MessageToString(trace))
    return 0


def build_parser():
    parser = argparse.ArgumentParser(
        prog="ascend-trace", description="Record PyTorch eager runs into ascend-opt trace files.",
        epilog="The ascend-trace script runs /usr/bin/python3 (Debian's torch 1.13); "
        "`ascend-trace --python PY ...` (first argument) or $ASCEND_TRACE_PYTHON picks "
        "another interpreter, e.g. a venv with torch 2.x.")
    parser.add_argument("--version", action="version", version=f"ascend-trace {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)

    rec = sub.add_parser("record", help="record the runs of model.py's make() into one trace")
    rec.add_argument("model", help="Python file defining make() -> (model, runs)")
    rec.add_argument("-o", "--output", help="trace file (default: <model stem>.pntrace in the "
                     "current directory)")
    rec.add_argument("--text", action="store_true", help="write protobuf text format")
    rec.add_argument("--grad", action="store_true",
                     help="keep autograd on (default: runs are recorded under torch.no_grad())")
    rec.add_argument("--no-function-mode", action="store_true",
                     help="record the aten level only (no TorchFunctionMode, no function_call "
                     "events)")
    rec.add_argument("--no-loop-marks", action="store_true",
                     help="no sys.settrace loop tracer (no loop_iter events)")
    rec.add_argument("--no-decompose", action="store_true",
                     help="record every op as the model ran it (by default an op the "
                     "compiler does not map is recorded as PyTorch's decomposition of it, "
                     "when that decomposes into mapped ops)")
    rec.add_argument("--mapped-ops", metavar="FILE",
                     help="the compiler's mapped ops (default: mapped_ops.json of the build)")
    weights = rec.add_mutually_exclusive_group()
    weights.add_argument("--sidecar", dest="sidecar", action="store_const", const=True,
                         default=None, help="parameter values go to <output>.weights "
                         "(default: when they hold 256 MiB or more)")
    weights.add_argument("--no-sidecar", dest="sidecar", action="store_const", const=False,
                         help="parameter values stay in the trace file")
    rec.add_argument("-q", "--quiet", action="store_true", help="print nothing on success")
    rec.set_defaults(func=_cmd_record)

    show = sub.add_parser("show", help="print a trace in protobuf text format")
    show.add_argument("trace")
    show.add_argument("--values", action="store_true", help="include tensor value bytes")
    show.set_defaults(func=_cmd_show)
    return parser


def main(argv=None):
    args = build_parser().parse_args(argv)
    return args.func(args)
