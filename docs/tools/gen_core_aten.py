#!/usr/bin/env python3
"""Generates docs/CoreATen.md: the status of each Core ATen op (torch.Tag.core).

Run with a torch 2.x interpreter and the package from a build tree (it reads the
compiler's mapped ops from the build's ascend_trace/mapped_ops.json):

  <torch2 python> gen_core_aten.py --package-root build/python -o docs/CoreATen.md
  ninja -C build ascend-update-core-aten          # the same, with the torch 2 venv

Status of each op:
  mapped              the compiler maps it (docs/OpMapping.md), maybe only for some
                      argument values (then it is decomposed for the others); also an
                      op of the composite tables (compositeTable() and the family
                      tables, read from the sources as gen_op_mapping.py reads them)
                      that the recorder does not decompose
  decomposed          PyTorch's decomposition, run by the recorder on an OpInfo sample
                      of torch's op database, reached mapped ops only
  refused             not mapped, and PyTorch has no decomposition, or its
                      decomposition reaches an op that is not mapped (named), or it
                      was not exercised by any OpInfo sample (said so)
The recorder decides per call what the "decomposed" column records, with the same
tables (python/ascend_trace/decompose.py).
"""
import argparse
import os
import sys
import types
import unittest
import warnings


def _import_op_db():
    # torch's test utilities import `expecttest` only for its TestCase base class.
    try:
        import expecttest  # noqa: F401
    except ImportError:
        stub = types.ModuleType("expecttest")
        stub.TestCase = unittest.TestCase
        sys.modules["expecttest"] = stub
    from torch.testing._internal.common_methods_invocations import op_db

    return op_db


def exercise(op_db, recorder, decompose, mapped):
    """Records the first float32 sample of every OpInfo entry; returns the ops
    decomposed into mapped ops, {op: unmapped part} of failed decompositions, and
    the ops recorded as themselves."""
    import torch

    used, unusable, recorded = set(), {}, set()

    class Wrap(torch.nn.Module):
        def __init__(self, fn, sample):
            super().__init__()
            self.fn, self.sample = fn, sample

        def forward(self, x):
            s = self.sample
            return self.fn(x, *s.args, **s.kwargs)

    for info in op_db:
        try:
            samples = info.sample_inputs("cpu", torch.float32)
            sample = next(iter(samples))
        except Exception:  # noqa: BLE001 - entries without float32 samples
            continue
        if not isinstance(sample.input, torch.Tensor):
            continue
        model = Wrap(info.op, sample)
        rec = None
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                with torch.no_grad():
                    rec = recorder.Recorder(None, model, function_mode=False,
                                            loop_marks=False, mapped_ops=mapped)
                    with rec:
                        model(sample.input)
            except Exception:  # noqa: BLE001 - ops the recorder refuses (complex, ...)
                if rec is None or getattr(rec, "_decomposer", None) is None:
                    continue
            else:
                for run in rec.trace.runs:
                    for e in run.events:
                        if e.WhichOneof("kind") == "op":
                            recorded.add(e.op.name)
            decomposer = rec._decomposer
        used |= {str(op) for op in decomposer.used}
        for op, part in decomposer.unusable.items():
            unusable.setdefault(str(op), part)
    return used, unusable, recorded


def composite_ops():
    """The ops of the composite tables (see gen_op_mapping.py's FAMILIES)."""
    tools = os.path.dirname(os.path.abspath(__file__))
    sys.path.insert(0, tools)
    import gen_op_mapping as g

    root = os.path.dirname(os.path.dirname(tools))
    conv = os.path.join(root, g.CONV)
    names = set()
    for file, function in (("AtenComposites.cpp", "compositeTable"),) + tuple(g.FAMILIES):
        with open(os.path.join(conv, file)) as f:
            names.update(op for op, _ in g.aten_table(f.read(), function))
    return names


def generate(package_root):
    sys.path.insert(0, package_root)
    import torch
    from ascend_trace import decompose, recorder

    mapped = decompose.MappedOps.load()
    if mapped is None:
        sys.exit(f"gen_core_aten: no mapped_ops.json in {package_root}/ascend_trace "
                 "(build the ascend-trace target first)")
    core = decompose.core_aten_ops()
    if not core:
        sys.exit(f"gen_core_aten: torch {torch.__version__} has no torch.Tag.core; "
                 "run with torch 2.x")
    tables = decompose._tables()

    def has_decomposition(name):
        packet, _, overload = name[len("aten."):].partition(".")
        op = getattr(getattr(torch.ops.aten, packet), overload)
        return any(op in t for t in tables)

    used, unusable, recorded = exercise(_import_op_db(), recorder, decompose, mapped)
    composites = composite_ops()

    rows, counts = [], {"mapped": 0, "decomposed": 0, "refused": 0}
    for name in core:
        conditions = mapped.ops.get(name)
        if conditions is not None:
            status = "mapped"
            args = conditions.get("args")
            note = ""
            if args:
                note = "for " + ", ".join(f"{k} = {v}" for k, v in args.items())
                if name in used:
                    note += "; decomposed by PyTorch otherwise"
            elif conditions.get("requires") == "float":
                note = "float tensors"
        elif name in used:
            status, note = "decomposed", "by PyTorch into mapped ops"
        elif name in composites:
            status, note = "mapped", "composed of several primitives"
        elif name in unusable:
            status, note = "refused", f"PyTorch's decomposition needs `{unusable[name]}`, not mapped"
        elif has_decomposition(name):
            status, note = "refused", "not mapped; PyTorch's decomposition not exercised by an OpInfo sample"
        else:
            status, note = "refused", "not mapped; no decomposition in PyTorch"
        counts[status] += 1
        rows.append((name, status, note))

    out = []
    w = out.append
    w("# Core ATen ops")
    w("")
    w("<!-- Generated by docs/tools/gen_core_aten.py with torch "
      f"{torch.__version__.split('+')[0]}; do not edit. Regenerate with")
    w("     `ninja -C build ascend-update-core-aten`. -->")
    w("")
    w(f"The Core ATen opset of torch {torch.__version__.split('+')[0]} (the ops tagged "
      "`torch.Tag.core`) and what ascend-opt does with each. The recorder runs an op")
    w("the compiler does not map through PyTorch's own decompositions")
    w("(`torch._decomp.core_aten_decompositions()`, then")
    w("`torch._decomp.decomposition_table`; see [TraceFormat](TraceFormat.md#decompositions))")
    w("and records the parts instead when they are all mapped; otherwise it records the")
    w("op, and the compiler refuses it with `unsupported eager op` naming it and the")
    w("source line. `decomposed` was checked by recording the first float32 sample of each")
    w("entry of PyTorch's OpInfo database (`op_db`).")
    w("")
    w(f"{len(core)} ops: {counts['mapped']} mapped, {counts['decomposed']} decomposed by "
      f"PyTorch into mapped ops, {counts['refused']} refused.")
    w("")
    w("| op | status | note |")
    w("|---|---|---|")
    for name, status, note in rows:
        w(f"| `{name}` | {status} | {note} |")
    w("")
    return "\n".join(out)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--package-root", required=True,
                        help="directory holding the built ascend_trace package")
    parser.add_argument("-o", dest="output")
    args = parser.parse_args()
    text = generate(os.path.abspath(args.package_root))
    if args.output:
        with open(args.output, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
