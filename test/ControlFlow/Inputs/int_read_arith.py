"""Integer reads that differ between runs and feed Python: an index, a trip
count and arithmetic."""
import torch


class PickAndRepeat(torch.nn.Module):
    def forward(self, x):
        k = int(x.sum(1).argmax())          # an index Python uses
        row = x[k]
        n = int((x > 0).sum()) % 3          # a bool sum used for range(n)
        for _ in range(n):
            row = row * 1.5 + 1.0
        return row + k


def make():
    torch.manual_seed(2)
    runs = []
    for seed in (0, 1, 4, 7):
        g = torch.Generator().manual_seed(seed)
        runs.append((torch.randn(3, 4, generator=g),))
    return PickAndRepeat().eval(), runs


def make_unseen():
    runs = []
    for seed in (0, 1, 2, 3, 5, 6, 8, 9):
        g = torch.Generator().manual_seed(100 + seed)
        runs.append((torch.randn(3, 4, generator=g),))
    return PickAndRepeat().eval(), runs
