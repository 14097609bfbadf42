"""A model whose trace holds every kind of event and value the recorder writes.

Parameters and a buffer (batch norm), a constant (`torch.tensor` in forward and a
plain tensor attribute), a branch on a tensor, scalar reads (`.item()` passed on
to a tensor op, so `only_tensor_args`; `int()` used by Python; `.tolist()`), a
`for` and a `while` loop (loop_iter events), function-level calls, an in-place op
and a bool tensor. Two runs that take opposite sides of the branch.
"""
import torch


class EveryEvent(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = torch.nn.Linear(6, 6)
        self.norm = torch.nn.BatchNorm1d(6)
        self.blocks = torch.nn.ModuleList([torch.nn.Linear(6, 6) for _ in range(2)])
        self.offset = torch.arange(6, dtype=torch.float32)  # not a buffer: a constant

    def forward(self, x):
        h = self.norm(self.fc(x)) + self.offset
        for block in self.blocks:
            h = block(h).relu_()
        peak = h.abs().max().item()
        h = h / (peak + 1.0) + torch.tensor([0.5, -0.5, 1.5, 0.0, 2.0, 1.0])
        steps = int(h.sum().round().abs()) % 3
        i = 0
        while i < steps:
            h = h * 0.5
            i += 1
        if h.mean() > 0:
            h = h * 2
        else:
            h = h - 1
        mask = h > 0
        firsts = h[0, :2].tolist()
        return torch.where(mask, h, h * firsts[0]), mask


def make():
    torch.manual_seed(0)
    model = EveryEvent().eval()
    x = torch.randn(3, 6)
    return model, [(x * 3 + 4,), (x * 3 - 40,)]
