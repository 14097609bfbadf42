"""MindSpore's side of the Cell checks (run with the MindSpore venv's python).

    check_cell.py CELL.py REFERENCE.npz [--modes PYNATIVE,GRAPH_MODE]
                  [--lr LR] [--no-grad]

REFERENCE.npz is torch_reference.py's output for the same model. Checks, and
prints one line per check (`...: ok`, or `...: FAILED ...` and exit 1):
  - make_cell() loads the checkpoint: the Cell's parameter names are
    state_dict names and each value is bit-exact (a state_dict entry the
    recorded program never read, such as BatchNorm's num_batches_tracked, is
    listed as unused);
  - in each mode, the Cell's outputs on every recorded run match eager
    (|ms - eager| <= 1e-5 x max(1, max |eager|) + 1e-4 |eager|);
  - in each mode, the gradient of loss = sum of the floating-point outputs
    w.r.t. every trainable parameter matches autograd's, by name (rtol 1e-4,
    atol 1e-5 x max(1, max |grad|));
  - one nn.SGD(lr) step on run 0 gives torch.optim.SGD's weights (same
    tolerance);
  - with unseen/ entries: the Cell, with those weights, raises a Python
    error on that input that names the branch's PyTorch source line.
"""
import argparse
import importlib.util
import json
import os
import sys

import numpy as np
import mindspore as ms
from mindspore import Tensor, nn, ops

FAILED = []


def report(what, ok, detail=""):
    print(f"{what}: {'ok' if ok else 'FAILED'}{' ' + detail if detail else ''}")
    if not ok:
        FAILED.append(what)


def first_scalar_conversion():
    """MindSpore 2.10's C extension is built against NumPy 1.x; with NumPy 2
    its first conversion of a Python scalar fails once (leaving an
    ImportError set). Do that conversion here, not in a check."""
    try:
        Tensor(np.ones((), np.float32)) > 0
    except Exception:
        pass


def load_cell_module(path):
    """Imports CELL.py as a user would (GRAPH_MODE reads the module of
    `construct` by name)."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(path)))
    return importlib.import_module(os.path.splitext(os.path.basename(path))[0])


def flatten(outputs):
    if isinstance(outputs, (tuple, list)):
        return [x for o in outputs for x in flatten(o)]
    return [outputs]


def to_numpy(t):
    if not isinstance(t, Tensor):  # GRAPH_MODE may return a scalar output as a number
        return np.asarray(t)
    if t.dtype == ms.bfloat16:
        t = t.astype(ms.float32)
    return t.asnumpy()


def close(actual, expected, rtol=1e-4, atol_scale=1e-5):
    actual = np.asarray(actual, np.float64)
    expected = np.asarray(expected, np.float64)
    if actual.shape != expected.shape:
        return False, f"shape {actual.shape} != {expected.shape}"
    if expected.size == 0:
        return True, ""
    atol = atol_scale * max(1.0, float(np.max(np.abs(expected))))
    error = np.abs(actual - expected)
    ok = bool(np.all(error <= atol + rtol * np.abs(expected)) and
              np.array_equal(np.isnan(actual), np.isnan(expected)))
    return ok, f"(max abs error {float(np.nanmax(error)) if error.size else 0:.2g})"


def bits_equal(a, b):
    a, b = np.ascontiguousarray(a), np.ascontiguousarray(b)
    return a.shape == b.shape and a.dtype == b.dtype and a.tobytes() == b.tobytes()


def inputs_of(ref, prefix, dtypes):
    inputs = []
    j = 0
    while f"{prefix}in{j}" in ref:
        key = f"{prefix}in{j}"
        x = Tensor(ref[key])
        if dtypes.get(key) == "bfloat16":
            x = x.astype(ms.bfloat16)
        inputs.append(x)
        j += 1
    return inputs


class SumOfOutputs(nn.Cell):
    """loss = the sum of every element of the Cell's floating-point outputs
    (`floats`: their indices among the outputs; `single`: one output)."""

    def __init__(self, cell, floats, single):
        super().__init__(auto_prefix=False)  # keep the Cell's parameter names
        self.cell = cell
        self.floats = tuple(floats)
        self.single = single

    def construct(self, *inputs):
        outputs = self.cell(*inputs)
        if self.single:
            return ops.cast(outputs, ms.float32).sum()
        total = ops.zeros((), ms.float32)
        for k in self.floats:
            total = total + ops.cast(outputs[k], ms.float32).sum()
        return total


def loss_fn(cell, ref):
    expected = []
    while f"run0/out{len(expected)}" in ref:
        expected.append(ref[f"run0/out{len(expected)}"])
    floats = [k for k, e in enumerate(expected) if e.dtype.kind == "f"]
    return SumOfOutputs(cell, floats, len(expected) == 1)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("cell")
    parser.add_argument("reference")
    parser.add_argument("--modes", default="PYNATIVE,GRAPH_MODE")
    parser.add_argument("--lr", type=float, default=0.1)
    parser.add_argument("--no-grad", action="store_true")
    args = parser.parse_args()
    first_scalar_conversion()
    ref = dict(np.load(args.reference))
    dtypes = json.loads(str(ref["dtypes"]))
    trainable = json.loads(str(ref["trainable"]))
    state = {k[len("state/"):]: v for k, v in ref.items() if k.startswith("state/")}
    module = load_cell_module(args.cell)
    runs = 0
    while f"run{runs}/in0" in ref or f"run{runs}/out0" in ref:
        runs += 1

    # Weights: names and bits.
    cell = module.make_cell()
    names = [p.name for p in cell.get_parameters()]
    unknown = [n for n in names if n not in state]
    report("parameter names are state_dict names", not unknown,
           f"(not in the state_dict: {unknown})" if unknown else f"({len(names)} parameters)")
    values = cell.parameters_dict()
    inexact = [n for n in names if n in state and not bits_equal(to_numpy(values[n]), state[n])]
    unused = [n for n in state if n not in names]
    report("weights are bit-exact", not inexact,
           (f"(differ: {inexact})" if inexact else "") +
           (f"(state_dict entries the program never read: {unused})" if unused else ""))
    trainable_in_cell = [p.name for p in cell.trainable_params()]
    report("trainable parameters are PyTorch's",
           sorted(trainable_in_cell) == sorted(n for n in trainable if n in names),
           f"({len(trainable_in_cell)})")

    if not trainable_in_cell and not args.no_grad:
        print("no trainable parameters: the gradient and SGD checks do not apply")
        args.no_grad = True
    for mode_name in args.modes.split(","):
        ms.set_context(mode=getattr(ms, mode_name if mode_name != "PYNATIVE" else "PYNATIVE_MODE"))
        cell = module.make_cell()
        for i in range(runs):
            inputs = inputs_of(ref, f"run{i}/", dtypes)
            outputs = flatten(cell(*inputs))
            expected = []
            k = 0
            while f"run{i}/out{k}" in ref:
                expected.append(ref[f"run{i}/out{k}"])
                k += 1
            ok = len(outputs) == len(expected)
            detail = "" if ok else f"({len(outputs)} outputs, eager has {len(expected)})"
            worst = []
            for o, e in zip(outputs, expected):
                good, d = close(to_numpy(o), e)
                ok = ok and good
                worst.append(d)
            report(f"{mode_name} run {i}: outputs match eager", ok, detail or " ".join(worst))
            if args.no_grad:
                continue
            params = cell.trainable_params()
            grad_fn = ms.value_and_grad(loss_fn(cell, ref), None, params)
            _, grads = grad_fn(*inputs)
            bad = []
            for p, g in zip(params, grads):
                good, d = close(to_numpy(g), ref[f"run{i}/grad/{p.name}"])
                if not good:
                    bad.append(f"{p.name} {d}")
            report(f"{mode_name} run {i}: gradients match autograd ({len(params)} parameters)",
                   not bad, f"({'; '.join(bad)})" if bad else "")
        if args.no_grad:
            continue
        # One SGD step on run 0.
        cell = module.make_cell()
        params = cell.trainable_params()
        optimizer = nn.SGD(params, learning_rate=args.lr)
        grad_fn = ms.value_and_grad(loss_fn(cell, ref), None, optimizer.parameters)
        _, grads = grad_fn(*inputs_of(ref, "run0/", dtypes))
        optimizer(grads)
        bad = []
        for p in params:
            good, d = close(to_numpy(p), ref["sgd/" + p.name])
            if not good:
                bad.append(f"{p.name} {d}")
        report(f"{mode_name}: one SGD step matches torch.optim.SGD", not bad,
               f"({'; '.join(bad)})" if bad else "")

    if "unseen/in0" in ref:
        for mode_name in args.modes.split(","):
            ms.set_context(mode=getattr(ms, mode_name if mode_name != "PYNATIVE" else "PYNATIVE_MODE"))
            cell = module.make_cell()
            weights = {k[len("unseen/state/"):]: v for k, v in ref.items()
                       if k.startswith("unseen/state/")}
            for p in cell.get_parameters():
                p.set_data(Tensor(weights[p.name]).astype(p.dtype))
            try:
                cell(*inputs_of(ref, "unseen/", dtypes))
                report(f"{mode_name}: a run on an unseen path raises", False,
                       "(it returned numbers)")
            except Exception as error:  # the message names the source line
                message = str(error).splitlines()[0] if str(error) else ""
                print(f"{mode_name}: unseen path: {type(error).__name__}: {message}")
                report(f"{mode_name}: a run on an unseen path raises", "branch at" in str(error))
    if FAILED:
        print(f"{len(FAILED)} check(s) failed")
        sys.exit(1)
    print("all checks passed")


if __name__ == "__main__":
    main()
