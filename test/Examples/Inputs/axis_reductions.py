"""Reductions over leading and middle axes that fuse into reduction groups:
a column sum of [300, 37], the mean of squares over the middle axis of
[6, 131, 19] scaled and shifted after the reduction, an f16 maximum (doubled) over
the rows of [33, 500], an f16 sum over the middle axis of [2, 999, 130] (many
tiles per unit, f32 accumulation) and a sum over the two leading axes of
[7, 9, 300]; no size is a multiple of a tile, of 16 or of 32 bytes."""
import torch


class AxisReductions(torch.nn.Module):
    def forward(self, x, y, z, w, v):
        a = x.sum(dim=0)
        b = (y * y).mean(dim=1) * 2.0 + 1.0
        c = z.amax(dim=0) * 2.0
        d = (w * 0.5).sum(dim=1)
        e = torch.exp(v - 1.0).sum(dim=(0, 1)) / 63.0
        return a, b, c, d, e


def make():
    torch.manual_seed(5)
    x = torch.randn(300, 37)
    y = torch.randn(6, 131, 19)
    z = torch.randn(33, 500).half()
    w = torch.randn(2, 999, 130).half()
    v = torch.rand(7, 9, 300)
    return AxisReductions().eval(), [(x, y, z, w, v)]
