"""Builds networks in MindSpore GRAPH_MODE and exports them with mindspore.export (MINDIR).

    export_nets.py OUTDIR [NAME...]      (run with the MindSpore venv's python)

For each network NAME (default: all of NETS) it writes
    OUTDIR/NAME.mindir    mindspore.export of the network (GRAPH_MODE, eval mode);
                          runs of another input shape: NAME_1.mindir, NAME_2.mindir, ...
    OUTDIR/NAME.pntrace   a reference trace: the inputs and MindSpore's own outputs of
                          each run (ascend_mindspore_check.reference), which ascend-run
                          --trace and ascend-mindspore-check --trace read
    OUTDIR/NAME.npz       the same values as numpy arrays (in0, in1, ..., out0, ...)
and prints one line `NAME: N input(s), M output(s), R run(s) in F file(s)`. Weights and inputs come from a
fixed numpy seed, so the files are the same on every run.
"""

import os
import sys

import numpy as np

os.environ.setdefault("GLOG_v", "3")  # MindSpore's warnings off (before it is imported)
import mindspore as ms  # noqa: E402
from mindspore import Tensor, nn, ops  # noqa: E402

from ascend_mindspore_check.reference import write_reference  # noqa: E402

ms.set_context(mode=ms.GRAPH_MODE, device_target="CPU")


class MLP(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Dense(16, 32)
        self.fc2 = nn.Dense(32, 8)
        self.relu = nn.ReLU()

    def construct(self, x):
        return self.fc2(self.relu(self.fc1(x)))


class CNN(nn.Cell):
    """Conv, BatchNorm (eval: moving statistics), ReLU, max and average pooling, Dense."""

    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(3, 8, 3, pad_mode="pad", padding=1, has_bias=True)
        self.bn1 = nn.BatchNorm2d(8)
        self.pool1 = nn.MaxPool2d(kernel_size=2, stride=2)
        self.conv2 = nn.Conv2d(8, 16, 3, pad_mode="same", has_bias=False)
        self.bn2 = nn.BatchNorm2d(16)
        self.pool2 = nn.AvgPool2d(kernel_size=2, stride=2)
        self.relu = nn.ReLU()
        self.flatten = nn.Flatten()
        self.fc = nn.Dense(16 * 4 * 4, 10)

    def construct(self, x):
        y = self.pool1(self.relu(self.bn1(self.conv1(x))))
        y = self.pool2(self.relu(self.bn2(self.conv2(y))))
        return self.fc(self.flatten(y))


class LSTMNet(nn.Cell):
    """One LSTM layer (batch first) and a Dense on its last step; returns both."""

    def __init__(self):
        super().__init__()
        self.lstm = nn.LSTM(8, 16, num_layers=1, batch_first=True)
        self.fc = nn.Dense(16, 4)

    def construct(self, x):
        y, (h, c) = self.lstm(x)
        return self.fc(y[:, -1, :]), h


class TransformerBlock(nn.Cell):
    """Pre-norm self-attention (2 heads) and a GELU feed-forward block, residuals."""

    def __init__(self, dim=16, heads=2):
        super().__init__()
        self.heads, self.head_dim = heads, dim // heads
        self.norm1 = nn.LayerNorm((dim,))
        self.norm2 = nn.LayerNorm((dim,))
        self.qkv = nn.Dense(dim, 3 * dim)
        self.proj = nn.Dense(dim, dim)
        self.ff1 = nn.Dense(dim, 4 * dim)
        self.ff2 = nn.Dense(4 * dim, dim)
        self.gelu = nn.GELU(approximate=False)
        self.scale = 1.0 / np.sqrt(dim // heads)

    def construct(self, x):
        b, s, d = x.shape
        qkv = self.qkv(self.norm1(x)).reshape(b, s, 3, self.heads, self.head_dim)
        qkv = qkv.transpose(2, 0, 3, 1, 4)
        q, k, v = qkv[0], qkv[1], qkv[2]
        scores = ops.matmul(q, k.transpose(0, 1, 3, 2)) * self.scale
        attn = ops.matmul(ops.softmax(scores, -1), v)
        x = x + self.proj(attn.transpose(0, 2, 1, 3).reshape(b, s, d))
        return x + self.ff2(self.gelu(self.ff1(self.norm2(x))))


class IfWhile(nn.Cell):
    """A tensor `if` and a tensor `while` (GRAPH_MODE control flow: Switch and a loop)."""

    def __init__(self):
        super().__init__()
        self.fc = nn.Dense(4, 4)

    def construct(self, x):
        y = self.fc(x)
        if y.sum() > 0:
            y = y * 2.0
        else:
            y = y - 1.0
        while y.abs().max() < 8.0:
            y = y * 1.5 + 0.25
        return y


# name -> (network class, input shapes of each run; one run per entry)
NETS = {
    "mlp": (MLP, [[(4, 16)]]),
    # Two batch sizes: two files, mlp_batches.mindir and mlp_batches_1.mindir, named as
    # ascend-compile names the entries of a program compiled from runs of two shapes.
    "mlp_batches": (MLP, [[(4, 16)], [(2, 16)], [(4, 16)]]),
    "cnn": (CNN, [[(2, 3, 16, 16)]]),
    "lstm": (LSTMNet, [[(2, 5, 8)]]),
    "transformer": (TransformerBlock, [[(2, 6, 16)]]),
    "if_while": (IfWhile, [[(3, 4)]]),
}


def set_weights(net, rng):
    """Deterministic weights: N(0, 0.3) (0.3/sqrt(fan-in) for matrices and kernels);
    BatchNorm variances and LayerNorm gains positive around 1."""
    for p in net.get_parameters():
        shape = p.shape
        name = p.name
        if "moving_variance" in name or name.endswith("gamma"):
            value = rng.uniform(0.5, 1.5, shape)
        else:
            fan_in = int(np.prod(shape[1:])) if len(shape) > 1 else 1
            value = rng.standard_normal(shape) * (0.3 / np.sqrt(max(fan_in, 1)) if
                                                   len(shape) > 1 else 0.3)
        p.set_data(Tensor(value.astype(np.float32)))


def export(name, outdir):
    cls, runs = NETS[name]
    rng = np.random.default_rng(1234)
    ms.set_seed(1234)
    net = cls()
    net.set_train(False)
    set_weights(net, rng)
    reference = []
    arrays = {}
    for r, shapes in enumerate(runs):
        inputs = [rng.standard_normal(s).astype(np.float32) for s in shapes]
        result = net(*[Tensor(a) for a in inputs])
        outputs = [t.asnumpy() for t in (result if isinstance(result, tuple) else (result,))]
        reference.append((inputs, outputs))
        arrays.update({f"run{r}_in{i}": a for i, a in enumerate(inputs)})
        arrays.update({f"run{r}_out{i}": a for i, a in enumerate(outputs)})
    path = os.path.join(outdir, name)
    # One file per input signature, in the order the runs first use them.
    signatures = []
    for inputs, _ in reference:
        signature = [(a.shape, a.dtype) for a in inputs]
        if signature in signatures:
            continue
        k = len(signatures)
        signatures.append(signature)
        ms.export(net, *[Tensor(a) for a in inputs], file_name=path + (f"_{k}" if k else ""),
                  file_format="MINDIR")
    write_reference(path + ".pntrace", reference, producer=f"mindspore {ms.__version__}",
                    model=f"export_nets.{cls.__name__}")
    np.savez(path + ".npz", **arrays)
    print(f"{name}: {len(reference[0][0])} input(s), {len(reference[0][1])} output(s), "
          f"{len(reference)} run(s) in {len(signatures)} file(s)")


def main(argv):
    if not argv:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    outdir, names = argv[0], argv[1:] or list(NETS)
    os.makedirs(outdir, exist_ok=True)
    for name in names:
        if name not in NETS:
            print(f"export_nets.py: unknown network '{name}' (one of {', '.join(NETS)})",
                  file=sys.stderr)
            return 2
        export(name, outdir)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
