"""Row reductions that fuse into reduction groups: a softmax over the last
axis, a layer norm with learned parameters, centering by the row mean, a row maximum broadcast back, a sum over
all elements compared with a threshold, and per-row arithmetic on the
reduced values, at sizes that are not multiples of a tile, of 16 or of 32
bytes."""
import torch


class RowReductions(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.gamma = torch.nn.Parameter(torch.rand(77) + 0.5)
        self.beta = torch.nn.Parameter(torch.randn(77))

    def forward(self, x, y, w):
        a = torch.softmax(x * 0.5, dim=-1)
        c = y - y.mean(dim=-1, keepdim=True) * 2.0
        d = torch.relu(y) / (y.abs().amax(dim=-1, keepdim=True) + 1.0)
        e = ((w - 0.25).abs().sum() / 40.0) > 0.1
        f = torch.nn.functional.layer_norm(x, (77,), self.gamma, self.beta) + 1.0
        return a, c, d, e, f


def make():
    torch.manual_seed(11)
    x = torch.randn(300, 77)
    y = torch.randn(129, 1001)
    w = torch.rand(5, 8)
    return RowReductions().eval(), [(x, y, w)]
