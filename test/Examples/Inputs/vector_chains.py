"""Elementwise chains that fuse into vector groups, at sizes that are not
multiples of a tile, of 16 or of 32 bytes: a flat chain with immediates, a row
broadcast (a bias over the last axis), a column broadcast ([M, 1]), a scalar
input, comparisons and where, casts between f16 and f32, and a long f16 tensor
that takes many tiles on every core."""
import torch


class VectorChains(torch.nn.Module):
    def forward(self, x, y, b, m, s, h, z):
        a = torch.relu(x * y + 0.5) - torch.exp(-x.abs())
        c = torch.nn.functional.gelu(x + b) * torch.sigmoid(y) + torch.sin(y)
        d = torch.tanh(x / m) * s
        e = torch.where(x > y, x, y * 2.0).clamp(min=-1.0) + torch.nn.functional.silu(x)
        f = (h.float() * 3.0 - 1.0).half()
        g = torch.where(z > 0, torch.maximum(z * 4.0, -z), z.abs()) - 1.5
        return a, c, d, e, f, g


def make():
    torch.manual_seed(7)
    x = torch.randn(1000, 37)
    y = torch.randn(1000, 37)
    b = torch.randn(37)
    m = torch.rand(1000, 1) + 0.5
    s = torch.randn(())
    h = torch.randn(3, 1001).half()
    z = torch.randn(300001).half()
    return VectorChains().eval(), [(x, y, b, m, s, h, z)]
