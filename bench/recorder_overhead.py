#!/usr/bin/env python3
"""Recorder overhead against plain eager, measured in one run.

For torchvision resnet18 (1x3x224x224), a TransformerEncoderLayer (d=64, 4
heads) and a Python-loop LSTM (20 steps of an LSTMCell), on one CPU thread:
the median eager time, and the median time of `ascend_trace.record` of one
run (aten level only, and both levels with loop marks), with the ratio to
eager. Recording includes saving every parameter value. Target (issue "Eager
trace capture"): <= 30% overhead on resnet18.

Usage: PYTHONPATH=build/python /usr/bin/python3 bench/recorder_overhead.py
"""
import statistics
import sys
import time

try:
    import torch
    import torchvision
    import ascend_trace
except ImportError as e:  # pragma: no cover - environment check
    sys.exit(f"bench: {e}; run with /usr/bin/python3 and PYTHONPATH=build/python")


class LoopLSTM(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.cell = torch.nn.LSTMCell(32, 32)

    def forward(self, x):
        h = c = torch.zeros(x.shape[1], 32)
        for t in range(x.shape[0]):
            h, c = self.cell(x[t], (h, c))
        return h


def median_ms(fn, repeat):
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1e3


def main():
    torch.set_num_threads(1)
    torch.manual_seed(0)
    cases = [
        ("resnet18", torchvision.models.resnet18().eval(), torch.randn(1, 3, 224, 224), 7),
        ("transformer", torch.nn.TransformerEncoderLayer(64, 4, batch_first=True).eval(),
         torch.randn(2, 10, 64), 30),
        ("lstm", LoopLSTM().eval(), torch.randn(20, 4, 32), 30),
    ]
    print(f"{'model':<12} {'eager ms':>9} {'aten only ms':>13} {'ratio':>6} "
          f"{'both levels ms':>15} {'ratio':>6}")
    with torch.no_grad():
        for name, model, x, repeat in cases:
            eager = median_ms(lambda: model(x), repeat)
            aten = median_ms(lambda: ascend_trace.record(
                model, [(x,)], None, function_mode=False, loop_marks=False), repeat)
            both = median_ms(lambda: ascend_trace.record(
                model, [(x,)], None, function_mode=True, loop_marks=True), repeat)
            print(f"{name:<12} {eager:>9.2f} {aten:>13.2f} {aten / eager:>6.2f} "
                  f"{both:>15.2f} {both / eager:>6.2f}")


if __name__ == "__main__":
    main()
