"""Prints the inputs and expected outputs (PyTorch eager, torch seed 23) of
ascend-run-broadcast-patterns.mlir; the test runs it (the wide rows make
the file too large to keep).

    /usr/bin/python3 test/Execution/Inputs/broadcast_patterns_runs.py > OUT.runs
"""
import torch


def dense(t):
    shape = "x".join(str(d) for d in t.shape)
    return f"dense<{t.tolist()!r}> : tensor<{shape}xf32>"


def main():
    g = torch.Generator().manual_seed(23)
    a = torch.randn(4, 1, generator=g)
    b = torch.rand(1, 8, generator=g) + 0.5
    c = torch.randn(2, 3, 1, 5, generator=g)
    d = torch.randn(3, 4, 1, generator=g)
    # A row of 70000 f32 (273 KiB) is wider than the 192 KiB UB.
    e = torch.randint(-100, 100, (2, 70000), generator=g).float()
    f = torch.tensor([[4.0], [0.5]])
    x = torch.randn(6, 1, 8, generator=g)
    y = torch.randn(6, 5, 8, generator=g)
    print("run")
    for t in (a, b, c, d, e, f, x, y):
        print("input", dense(t))
    for t in (a / b, c + d, e / f, x * y):
        print("output", dense(t))


if __name__ == "__main__":
    main()
