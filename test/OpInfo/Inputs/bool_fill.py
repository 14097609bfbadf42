"""fill_ with a Python bool (OpInfo's `fill` sample): True is 1, not -1."""
import torch


class Fill(torch.nn.Module):
    def forward(self, x, y):
        return x.mul(0).fill_(True), y.clone().fill_(False), torch.full_like(x, True)


def make():
    return Fill(), [(torch.randn(5), torch.randn(2, 3))]
