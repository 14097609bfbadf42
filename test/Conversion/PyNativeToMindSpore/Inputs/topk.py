"""torch.topk in the forms models use: the largest k along dim 1 (not the last
dimension: Transpose there and back), the smallest k of int32 values along the
last one (largest=False on integers: TopK of -1 - x), bfloat16 along dim 0 (cast
to float32, which TopK takes) and rows with a NaN (counted as larger than any
number: its index comes first; the order among several NaNs is not defined). Two runs with different values."""
import torch


class TopK(torch.nn.Module):
    def forward(self, x, n):
        v, i = torch.topk(x, 3, dim=1)
        w, j = torch.topk(n, 2, dim=-1, largest=False)
        u, l = torch.topk(x.to(torch.bfloat16), 2, dim=0)
        y = torch.where(torch.arange(5) == 2, torch.full_like(x, float("nan")), x)
        _, t = torch.topk(y[0], 4)
        return v * 2, i, w, j, u, l, t


def make():
    torch.manual_seed(3)
    runs = []
    for _ in range(2):
        x = torch.randn(4, 6, 5)
        n = torch.randperm(4 * 7).reshape(4, 7).to(torch.int32) - 9
        runs.append((x, n))
    return TopK().eval(), runs
