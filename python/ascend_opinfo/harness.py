"""The OpInfo harness: op_db samples -> record -> compile -> ascend-run, classified.

See the package docstring for the classes. One sample is one module call:

    SampleModule(op, sample)(*tensors) == op(sample.input, *sample.args, **sample.kwargs)

where `tensors` are the sample's distinct tensors (module inputs, so the compiled graph
computes the op and does not fold it into a constant) and every other argument (dims,
Python numbers, dtypes, strings) is part of the module. The module returns the op's
tensor results as a tuple.

Samples of one entry and dtype are first compiled together, `batch` at a time, as one
module that calls the op once per sample (a passing batch is every sample passing at
both levels); a batch that does not pass is split into its samples, each compiled and
run alone, so every sample gets its own class and message.

Shapes, dtypes, units: the dtypes are torch dtypes (DTYPES); times are seconds.
Errors: a tool that cannot be found is a ValueError from run_entries; everything a
sample does is a SampleResult, never an exception.
"""

import argparse
import collections
import contextlib
import fnmatch
import json
import multiprocessing
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import types
import unittest

import torch
from torch.utils import _pytree as pytree

DTYPES = {
    "float32": torch.float32,
    "float16": torch.float16,
    "bfloat16": torch.bfloat16,
    "int64": torch.int64,
    "bool": torch.bool,
}

PASS, REFUSED, MISMATCH, ABORT, RECORDER, UNUSABLE = (
    "pass", "refused", "MISMATCH", "ABORT", "RECORDER", "unusable")
CLASSES = (PASS, REFUSED, MISMATCH, ABORT, RECORDER, UNUSABLE)
FAILING = (MISMATCH, ABORT, RECORDER)

# The deterministic CI subset (test/OpInfo): ops the mappings cover, the decompositions
# added for issue 19 and a few that are refused, first samples only (see ci_subset).
CI_OPS = (
    "add", "sub", "mul", "div.no_rounding_mode", "abs", "neg", "exp", "log", "sqrt",
    "rsqrt", "tanh", "sigmoid", "nn.functional.relu", "nn.functional.silu",
    "nn.functional.gelu", "softmax", "log_softmax", "mm", "bmm", "addmm", "matmul",
    "cat", "stack", "transpose", "permute", "reshape", "flatten", "unsqueeze",
    "squeeze", "sum", "mean", "amax", "max.reduction_no_dim", "min.reduction_no_dim",
    "any", "all", "where", "masked_fill", "clamp", "fill", "triu", "tril", "roll",
    "arange", "flip", "gather", "index_select", "eq", "lt", "maximum", "minimum",
    "nn.functional.layer_norm", "nn.functional.group_norm", "amin",
    "nn.functional.interpolate.nearest", "nn.functional.interpolate.bilinear",
    "nn.functional.pad.constant", "linalg.svd", "sort",
    # Issue 19, second pass: the float math primitives and AtenElementwise.cpp.
    "asin", "atan2", "floor", "round", "remainder", "fmod", "frac", "xlogy",
    "nan_to_num",
    # Issue 19, third pass: unbind (a silent mismatch at the aicore level).
    "unbind",
)


@contextlib.contextmanager
def _argv_alone():
    """torch's common_utils parses sys.argv when imported: hide ours from it."""
    saved = sys.argv
    sys.argv = saved[:1]
    try:
        yield
    finally:
        sys.argv = saved


def load_op_db():
    """PyTorch's OpInfo list (`op_db`) for the torch in use.

    torch.testing._internal imports `expecttest` (PyTorch's test-only dependency, not
    packaged by Debian) for its TestCase base class and the --accept flag; the harness
    uses neither, so a stand-in module takes its place when it is not installed.
    """
    try:
        import expecttest  # noqa: F401
    except ImportError:
        stand_in = types.ModuleType("expecttest")
        stand_in.TestCase = unittest.TestCase
        stand_in.ACCEPT = False
        sys.modules["expecttest"] = stand_in
    import warnings

    with _argv_alone(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from torch.testing._internal.common_methods_invocations import op_db
    return op_db


def entry_name(op):
    return op.name + (f".{op.variant_test_name}" if op.variant_test_name else "")


class SampleResult:
    """One sample's class, the stage it reached and the tool's message."""

    __slots__ = ("dtype", "index", "cls", "stage", "message")

    def __init__(self, dtype, index, cls, stage="", message=""):
        self.dtype, self.index, self.cls = dtype, index, cls
        self.stage, self.message = stage, message

    def as_dict(self):
        return {k: getattr(self, k) for k in self.__slots__}


class EntryResult:
    """The samples of one op_db entry, in dtype then sample order."""

    def __init__(self, name, samples, seconds=0.0):
        self.name, self.samples, self.seconds = name, samples, seconds

    def usable(self):
        return [s for s in self.samples if s.cls != UNUSABLE]

    def first(self, dtype="float32"):
        """The first usable sample of `dtype` (None when it has none)."""
        return next((s for s in self.usable() if s.dtype == dtype), None)

    def counts(self):
        return collections.Counter(s.cls for s in self.samples)

    def as_dict(self):
        return {"name": self.name, "seconds": self.seconds,
                "samples": [s.as_dict() for s in self.samples]}


# ------------------------------------------------------------------------ the module
class _Part:
    """One op call of a SampleModule: the op, its argument tree and where each leaf
    comes from (a module input by number, or the Python value itself)."""

    def __init__(self, fn, spec, slots):
        self.fn, self.spec, self.slots = fn, spec, slots


class SampleModule(torch.nn.Module):
    """Calls each part's op on the module inputs; returns every tensor result."""

    def __init__(self, parts):
        super().__init__()
        self.parts = parts

    def forward(self, *inputs):
        results = []
        for part in self.parts:
            leaves = [inputs[v] if is_input else v for is_input, v in part.slots]
            value, args, kwargs = pytree.tree_unflatten(leaves, part.spec)
            out = part.fn(value, *args, **kwargs)
            results.extend(t for t in pytree.tree_flatten(out)[0] if isinstance(t, torch.Tensor))
        return tuple(results)


def _same(a, b):
    if a.shape != b.shape or a.dtype != b.dtype:
        return False
    if a.is_floating_point():
        return bool(((a == b) | (a.isnan() & b.isnan())).all())
    return torch.equal(a, b)


_TRACE_DTYPES = (torch.float32, torch.float16, torch.bfloat16, torch.float64, torch.uint8,
                 torch.int8, torch.int16, torch.int32, torch.int64, torch.bool)


def prepare(op, sample):
    """(fn, spec, leaves) of a usable sample, or the reason it is not usable."""
    tree = (sample.input, tuple(sample.args), dict(sample.kwargs))
    leaves, spec = pytree.tree_flatten(tree)
    for leaf in leaves:
        if isinstance(leaf, torch.Tensor):
            if leaf.dtype not in _TRACE_DTYPES:
                return f"a {leaf.dtype} argument"
            if leaf.layout != torch.strided:
                return f"a {leaf.layout} argument"
    outputs = []
    for seed in (0, 1):
        torch.manual_seed(seed)
        try:
            with torch.no_grad():
                value, args, kwargs = pytree.tree_unflatten(leaves, spec)
                out = op.op(value, *args, **kwargs)
        except Exception as exc:  # noqa: BLE001 - a sample eager rejects is no test
            return f"eager raises {type(exc).__name__}: {str(exc).splitlines()[0][:120]}"
        flat = pytree.tree_flatten(out)[0]
        tensors = [t for t in flat if isinstance(t, torch.Tensor)]
        if not tensors:
            return "no tensor result"
        others = [t for t in flat if t is not None and not isinstance(t, torch.Tensor)]
        if others:
            return f"a {type(others[0]).__name__} result"
        for t in tensors:
            if t.dtype not in _TRACE_DTYPES:
                return f"a {t.dtype} result"
            if t.layout != torch.strided:
                return f"a {t.layout} result"
        outputs.append([t.clone() for t in tensors])
    if len(outputs[0]) != len(outputs[1]) or not all(
            _same(a, b) for a, b in zip(*outputs)):
        return "random or uninitialized results (two seeds differ)"
    return op.op, spec, leaves


def build_module(prepared):
    """The SampleModule calling every prepared sample once, and its input tuple."""
    inputs, position, parts = [], {}, []
    for fn, spec, leaves in prepared:
        slots = []
        for leaf in leaves:
            if isinstance(leaf, torch.Tensor):
                if id(leaf) not in position:
                    position[id(leaf)] = len(inputs)
                    inputs.append(leaf)
                slots.append((True, position[id(leaf)]))
            else:
                slots.append((False, leaf))
        parts.append(_Part(fn, spec, slots))
    return SampleModule(parts).eval(), tuple(inputs)


# ------------------------------------------------------------------------- the tools
_HERE = os.path.dirname(os.path.abspath(__file__)) + os.sep
_ABORT_MARKS = ("LLVM ERROR", "Stack dump", "PLEASE submit a bug report", "Assertion",
                "Segmentation fault", "terminate called")


def _first_error(text, directory):
    lines = [l for l in text.splitlines() if l.strip()]
    pick = next((l for l in lines if "error:" in l), lines[0] if lines else "")
    pick = pick.replace(directory + os.sep, "").replace(_HERE, "")
    return pick.strip()[:400]


def _tool(cmd, timeout, directory):
    """(class or None, message, stdout) of one tool run; None means it succeeded."""
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return ABORT, f"timed out after {timeout} s: {os.path.basename(cmd[0])}", ""
    except OSError as exc:
        return ABORT, f"cannot run {cmd[0]}: {exc}", ""
    text = proc.stderr + proc.stdout
    if proc.returncode < 0 or proc.returncode > 1 or any(m in text for m in _ABORT_MARKS):
        sig = f"signal {-proc.returncode}" if proc.returncode < 0 else f"exit {proc.returncode}"
        mark = next((l for l in text.splitlines() if any(m in l for m in _ABORT_MARKS)), "")
        return ABORT, f"{os.path.basename(cmd[0])}: {sig} {mark}".strip()[:400], proc.stdout
    if proc.returncode == 1:
        if ": mismatch" in proc.stdout:
            detail = [l.strip() for l in proc.stdout.splitlines() if "output" in l]
            return MISMATCH, "; ".join(detail)[:400] or "mismatch", proc.stdout
        return REFUSED, _first_error(proc.stderr or proc.stdout, directory), proc.stdout
    return None, "", proc.stdout


def check_module(module, inputs, options, directory):
    """Records `module(*inputs)` and takes it through both levels: (class, stage, msg)."""
    import ascend_trace

    trace = os.path.join(directory, "sample.pntrace")
    try:
        with torch.no_grad():
            ascend_trace.record(module, [inputs], trace)
    except ascend_trace.RecordError as exc:
        return REFUSED, "record", str(exc).splitlines()[0][:400]
    except Exception as exc:  # noqa: BLE001 - any other exception is a recorder bug
        return RECORDER, "record", f"{type(exc).__name__}: {str(exc).splitlines()[0][:300]}"
    bin_dir = options["bin"]
    for level in ("mindspore", "aicore"):
        out = os.path.join(directory, f"sample.{level}.mlir")
        cls, msg, _ = _tool([os.path.join(bin_dir, "ascend-compile"), trace,
                             f"--emit={level}", "-o", out, "--quiet"],
                            options["timeout"], directory)
        if cls:
            return cls, f"compile {level}", msg
        cls, msg, _ = _tool([os.path.join(bin_dir, "ascend-run"), "--check-bounds", out,
                             "--trace", trace], options["timeout"], directory)
        if cls:
            return cls, f"run {level}", msg
    return PASS, "", ""


def _samples_of(op, dtype, limit):
    try:
        samples = op.sample_inputs("cpu", dtype, requires_grad=False)
        out = []
        for s in samples:
            out.append(s)
            if limit and len(out) >= limit:
                break
        return out, ""
    except Exception as exc:  # noqa: BLE001
        return [], f"sample_inputs raises {type(exc).__name__}: {str(exc)[:100]}"


def check_entry(op, options):
    """Every selected sample of one op_db entry, classified (an EntryResult)."""
    start = time.time()
    results = []
    supported = op.supported_dtypes("cpu")
    limits = options["limits"]
    with tempfile.TemporaryDirectory(prefix="opinfo_") as directory:
        for dtype_name in options["dtypes"]:
            dtype = DTYPES[dtype_name]
            if dtype not in supported:
                continue
            samples, why = _samples_of(op, dtype, limits.get(dtype_name, 0))
            if why:
                results.append(SampleResult(dtype_name, 0, UNUSABLE, "sample", why))
                continue
            usable = []
            for i, sample in enumerate(samples):
                prepared = prepare(op, sample)
                if isinstance(prepared, str):
                    results.append(SampleResult(dtype_name, i, UNUSABLE, "eager", prepared))
                else:
                    usable.append((i, prepared))
            batch = max(1, options["batch"])
            for at in range(0, len(usable), batch):
                group = usable[at:at + batch]
                if len(group) > 1:
                    module, inputs = build_module([p for _, p in group])
                    cls, _, _ = check_module(module, inputs, options, directory)
                    if cls == PASS:
                        results.extend(SampleResult(dtype_name, i, PASS) for i, _ in group)
                        continue
                for i, p in group:
                    module, inputs = build_module([p])
                    cls, stage, msg = check_module(module, inputs, options, directory)
                    results.append(SampleResult(dtype_name, i, cls, stage, msg))
    results.sort(key=lambda r: (options["dtypes"].index(r.dtype), r.index))
    return EntryResult(entry_name(op), results, time.time() - start)


# ------------------------------------------------------------------------- the sweep
_OP_DB = None
_OPTIONS = None


def _worker_init(options):
    global _OPTIONS
    _OPTIONS = options
    torch.set_num_threads(1)
    import warnings

    warnings.simplefilter("ignore")  # deprecations of the ops under test are no result


def _worker(index):
    return check_entry(_OP_DB[index], _OPTIONS)


def select(op_db, patterns):
    """op_db entries whose name (`name` or `name.variant`) matches a pattern."""
    if not patterns:
        return list(range(len(op_db)))
    chosen = []
    for i, op in enumerate(op_db):
        full = entry_name(op)
        if any(fnmatch.fnmatchcase(full, p) or (fnmatch.fnmatchcase(op.name, p)
               and "." not in p.replace(op.name, "", 1)) for p in patterns):
            chosen.append(i)
    return chosen


def ci_subset():
    """The options of the CI subset: CI_OPS, 2 float32 samples, 1 of the other dtypes."""
    return {"ops": list(CI_OPS),
            "limits": {"float32": 2, "float16": 1, "bfloat16": 1, "int64": 1, "bool": 1}}


def run_entries(op_db, indices, options, progress=None):
    """EntryResults of op_db[indices], `options["jobs"]` processes at a time."""
    global _OP_DB
    for tool in ("ascend-compile", "ascend-run"):
        if not os.access(os.path.join(options["bin"], tool), os.X_OK):
            raise ValueError(f"{tool} not found in {options['bin']} (pass --bin build/bin)")
    _OP_DB = op_db
    results = []
    if options["jobs"] <= 1:
        _worker_init(options)
        for i in indices:
            results.append(_worker(i))
            if progress:
                progress(results[-1], len(results), len(indices))
        return results
    context = multiprocessing.get_context("fork")
    with context.Pool(options["jobs"], _worker_init, (options,)) as pool:
        for r in pool.imap(_worker, indices):
            results.append(r)
            if progress:
                progress(r, len(results), len(indices))
    return results


_ATEN = re.compile(r"aten\.[A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)?")


def refusal_key(sample):
    """What a refusal is about, for the table of the most common ones."""
    m = _ATEN.search(sample.message)
    if m:
        return m.group(0)
    return f"{sample.stage}: " + re.sub(r"^.*?error: ", "", sample.message)[:70]


def _percent(a, b):
    return f"{100.0 * a / b:.1f}%" if b else "-"


def report(results, out=sys.stdout, table=True):
    """Prints the per-entry table and the summary; returns the summary as a dict."""
    w = out.write
    if table:
        w(f"{'entry':42} {'use':>4} {'pass':>4} {'ref':>4} {'MIS':>4} {'ABT':>4} "
          f"{'REC':>4}  first problem\n")
        for e in results:
            c = e.counts()
            bad = next((s for s in e.samples if s.cls in FAILING), None) or next(
                (s for s in e.samples if s.cls == REFUSED), None)
            note = f"[{bad.cls} {bad.dtype} {bad.stage}] {bad.message}" if bad else ""
            if not e.usable():
                note = "no usable sample: " + (e.samples[0].message if e.samples else
                                               "no tested dtype")
            w(f"{e.name[:42]:42} {len(e.usable()):4} {c[PASS]:4} {c[REFUSED]:4} "
              f"{c[MISMATCH]:4} {c[ABORT]:4} {c[RECORDER]:4}  {note[:160]}\n")
    summary = {"entries": len(results)}
    usable = [e for e in results if e.usable()]
    summary["entries_with_usable_sample"] = len(usable)
    all_pass = [e for e in usable if all(s.cls == PASS for s in e.usable())]
    summary["entries_all_samples_pass"] = len(all_pass)
    firsts = [(e, e.first()) for e in results if e.first()]
    first_counts = collections.Counter(s.cls for _, s in firsts)
    summary["first_float32"] = dict(first_counts, entries=len(firsts))
    samples = collections.Counter(s.cls for e in results for s in e.samples)
    summary["samples"] = dict(samples)
    by_dtype = {}
    for d in DTYPES:
        c = collections.Counter(s.cls for e in results for s in e.samples if s.dtype == d)
        if c:
            by_dtype[d] = dict(c)
    summary["samples_by_dtype"] = by_dtype
    failing = [(e.name, s) for e in results for s in e.samples if s.cls in FAILING]
    summary["failing"] = [{"entry": n, **s.as_dict()} for n, s in failing]
    refusals = collections.Counter()
    for e in results:
        keys = {refusal_key(s) for s in e.usable() if s.cls == REFUSED}
        refusals.update(keys)
    summary["refusals"] = refusals.most_common()

    w("\nsummary\n")
    w(f"  entries: {len(results)}, with a usable sample: {len(usable)}\n")
    fc = first_counts
    w(f"  first float32 sample: {fc[PASS]} of {len(firsts)} pass at both levels "
      f"({_percent(fc[PASS], len(firsts))}); refused {fc[REFUSED]}, MISMATCH "
      f"{fc[MISMATCH]}, ABORT {fc[ABORT]}, RECORDER {fc[RECORDER]}\n")
    w(f"  entries whose every usable sample passes: {len(all_pass)} of {len(usable)} "
      f"({_percent(len(all_pass), len(usable))})\n")
    n_usable = sum(v for k, v in samples.items() if k != UNUSABLE)
    w(f"  samples: {n_usable} usable, pass {samples[PASS]} "
      f"({_percent(samples[PASS], n_usable)}), refused {samples[REFUSED]}, MISMATCH "
      f"{samples[MISMATCH]}, ABORT {samples[ABORT]}, RECORDER {samples[RECORDER]}, "
      f"unusable {samples[UNUSABLE]}\n")
    for d, c in by_dtype.items():
        u = sum(v for k, v in c.items() if k != UNUSABLE)
        w(f"    {d:9} {u:6} usable, pass {c.get(PASS, 0)} ({_percent(c.get(PASS, 0), u)})"
          f", refused {c.get(REFUSED, 0)}, MISMATCH {c.get(MISMATCH, 0)}, ABORT "
          f"{c.get(ABORT, 0)}, RECORDER {c.get(RECORDER, 0)}\n")
    if refusals:
        w("  most common refusals (entries):\n")
        for key, n in refusals.most_common(25):
            w(f"    {n:4}  {key}\n")
    for name, s in failing:
        w(f"  {s.cls}: {name} {s.dtype} sample {s.index} ({s.stage}): {s.message}\n")
    return summary


def parse_args(argv):
    p = argparse.ArgumentParser(prog="python -m ascend_opinfo", description=__doc__.split(
        "\n\n")[0])
    p.add_argument("--bin", default=os.environ.get("ASCEND_BIN", "build/bin"),
                   help="directory of ascend-compile and ascend-run (default build/bin)")
    p.add_argument("--ops", default="", help="comma-separated entry names or patterns "
                   "(name or name.variant, fnmatch); default: every entry")
    p.add_argument("--dtypes", default=",".join(DTYPES),
                   help=f"comma-separated, of {', '.join(DTYPES)}")
    p.add_argument("--max-samples", type=int, default=0,
                   help="samples per entry and dtype (0: every sample)")
    p.add_argument("--first-float32", action="store_true",
                   help="the first float32 sample of each entry only")
    p.add_argument("--subset", choices=["ci"], help="the deterministic CI subset")
    p.add_argument("--jobs", type=int, default=2, help="processes (default 2)")
    p.add_argument("--batch", type=int, default=8,
                   help="samples compiled together before they are split (default 8)")
    p.add_argument("--timeout", type=float, default=120.0, help="seconds per tool run")
    p.add_argument("--expect-pass", default="",
                   help="comma-separated entries every usable sample of which must pass")
    p.add_argument("--known", help="file of known failures, one `entry dtype sample` a line "
                   "(`#` starts a comment, the reason): reported, not failing the run")
    p.add_argument("--json", help="write the results and the summary to this file")
    p.add_argument("--no-table", action="store_true", help="summary only")
    p.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    dtypes = [d for d in args.dtypes.split(",") if d]
    for d in dtypes:
        if d not in DTYPES:
            print(f"ascend_opinfo: error: unknown dtype '{d}' ({', '.join(DTYPES)})",
                  file=sys.stderr)
            return 2
    ops = [o for o in args.ops.split(",") if o]
    limits = {d: args.max_samples for d in dtypes}
    if args.subset == "ci":
        subset = ci_subset()
        ops = ops or subset["ops"]
        limits = {d: subset["limits"][d] for d in dtypes}
    if args.first_float32:
        dtypes, limits = ["float32"], {"float32": 1}
    options = {"bin": os.path.abspath(args.bin), "dtypes": dtypes, "limits": limits,
               "jobs": max(1, min(args.jobs, 2)), "batch": args.batch,
               "timeout": args.timeout}
    try:
        from ascend_trace import recorder  # noqa: F401
    except ImportError as exc:
        print(f"ascend_opinfo: error: the recorder (ascend_trace) does not import with torch "
              f"{torch.__version__}: {str(exc).splitlines()[0]} ({exc.__cause__!r})",
              file=sys.stderr)
        return 2
    op_db = load_op_db()
    indices = select(op_db, ops)
    if not indices:
        print(f"ascend_opinfo: error: no op_db entry matches {args.ops!r}", file=sys.stderr)
        return 2
    missing = [p for p in ops if not select(op_db, [p])]
    if missing:
        print(f"ascend_opinfo: error: no op_db entry matches {', '.join(missing)}",
              file=sys.stderr)
        return 2
    start = time.time()

    def progress(r, done, total):
        if not args.quiet:
            c = r.counts()
            print(f"[{done}/{total}] {r.name}: " + ", ".join(
                f"{k} {c[k]}" for k in CLASSES if c[k]) + f" ({r.seconds:.1f} s)",
                file=sys.stderr, flush=True)

    try:
        results = run_entries(op_db, indices, options, progress)
    except ValueError as exc:
        print(f"ascend_opinfo: error: {exc}", file=sys.stderr)
        return 2
    print(f"torch {torch.__version__}, {len(results)} op_db entries, dtypes "
          f"{', '.join(dtypes)}, " + ("every sample" if not any(limits.values()) else
                                      "samples per dtype " + ", ".join(
                                          f"{d} {limits[d] or 'all'}" for d in dtypes)))
    summary = report(results, table=not args.no_table)
    print(f"  time: {time.time() - start:.0f} s with {options['jobs']} process(es)")
    known = {}
    if args.known:
        with open(args.known) as f:
            for number, line in enumerate(f, 1):
                text, _, reason = line.partition("#")
                fields = text.split()
                if not fields:
                    continue
                if len(fields) != 3 or not fields[2].isdigit():
                    print(f"ascend_opinfo: error: {args.known}:{number}: expected "
                          f"'entry dtype sample', got {line.strip()!r}", file=sys.stderr)
                    return 2
                known[(fields[0], fields[1], int(fields[2]))] = reason.strip()
    status = 0
    for f in summary["failing"]:
        key = (f["entry"], f["dtype"], f["index"])
        if key in known:
            print(f"  known failure: {f['entry']} {f['dtype']} sample {f['index']}: "
                  f"{known[key]}")
        else:
            status = 1
    for (entry, dtype, index), reason in known.items():
        e = next((r for r in results if r.name == entry), None)
        s = next((x for x in e.samples if x.dtype == dtype and x.index == index),
                 None) if e else None
        if s is not None and s.cls not in FAILING:
            print(f"  known failure no longer fails ({s.cls}): {entry} {dtype} sample "
                  f"{index}: remove it from {args.known}")
    expected = [o for o in args.expect_pass.split(",") if o]
    by_name = {e.name: e for e in results}
    for name in expected:
        e = by_name.get(name)
        if e is None or not e.usable() or any(s.cls != PASS for s in e.usable()):
            why = "not run" if e is None else (
                "no usable sample" if not e.usable() else next(
                    f"{s.cls} {s.dtype} sample {s.index} ({s.stage}): {s.message}"
                    for s in e.usable() if s.cls != PASS))
            print(f"  expected to pass: {name}: {why}")
            status = 1
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"torch": str(torch.__version__), "options": options,
                       "summary": summary, "entries": [e.as_dict() for e in results]},
                      f, indent=1)
    return status
