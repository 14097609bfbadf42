"""Broadcasts that Vector kernels tile in particular ways: per-channel scale
and shift ([1, C, 1, 1] over [N, C, H, W] with N > 1, batch-norm style) in
f32 and f16, a channel vector over a 3-D [N, C, L] tensor, and rows and
scalars computed in the group before their broadcast (`x + (b + 1) * 2`, a
scalar `s * s` scaling a tensor); no size is a multiple of a tile, of 16 or
of 32 bytes."""
import torch


class BroadcastPatterns(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.scale = torch.nn.Parameter(torch.rand(5) + 0.5)
        self.shift = torch.nn.Parameter(torch.randn(5))
        self.scale16 = torch.nn.Parameter((torch.rand(37) + 0.5).half())
        self.shift16 = torch.nn.Parameter(torch.randn(37).half())
        self.gain = torch.nn.Parameter(torch.randn(13))

    def forward(self, x, h, u, y, r, s, z):
        a = torch.relu(x * self.scale.view(1, 5, 1, 1) + self.shift.view(1, 5, 1, 1))
        b = h * self.scale16.view(1, 37, 1, 1) - self.shift16.view(1, 37, 1, 1)
        c = torch.sigmoid(u) * self.gain.view(1, 13, 1)
        d = y + (r + 1.0) * 2.0
        e = z * (s * s) - 0.5
        return a, b, c, d, e


def make():
    torch.manual_seed(9)
    x = torch.randn(3, 5, 7, 11)
    h = torch.randn(2, 37, 9, 9).half()
    u = torch.randn(6, 13, 301)
    y = torch.randn(100, 37)
    r = torch.randn(37)
    s = torch.randn(1)
    z = torch.randn(1001)
    return BroadcastPatterns().eval(), [(x, h, u, y, r, s, z)]
