"""`int((y > 0).sum())`: the sum of a bool tensor is int64 (torch's type
promotion), and the number read from it scales the output."""
import torch


class CountPositive(torch.nn.Module):
    def forward(self, y):
        count = (y > 0).sum()
        n = int(count)
        scaled = count * 0.5 + (y < 0).sum(dtype=torch.int32)
        return y * (n % 2 + 1), count, (y > 0).sum(1), scaled, count > 2.5


def make():
    torch.manual_seed(0)
    return CountPositive().eval(), [(torch.randn(3, 5),), (torch.randn(3, 5),)]
