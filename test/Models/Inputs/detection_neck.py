"""A detection neck (YOLO-style PAN): SiLU conv blocks, nearest upsampling, concats.

Three backbone levels (strides 8, 16, 32 of a 64x64 image: 8x8, 4x4, 2x2 maps) go
top-down (nn.Upsample(scale_factor=2, mode="nearest") and torch.cat) and bottom-up
(stride-2 convolutions and torch.cat); each output has a 1x1 head. Conv-BN-SiLU
blocks throughout.
"""
import torch
from torch import nn


class ConvBNSiLU(nn.Module):
    def __init__(self, cin, cout, k=1, s=1):
        super().__init__()
        self.conv = nn.Conv2d(cin, cout, k, s, k // 2, bias=False)
        self.bn = nn.BatchNorm2d(cout)
        self.act = nn.SiLU()

    def forward(self, x):
        return self.act(self.bn(self.conv(x)))


class Neck(nn.Module):
    def __init__(self, c3=8, c4=16, c5=32, outputs=6):
        super().__init__()
        self.up = nn.Upsample(scale_factor=2, mode="nearest")
        self.lat5 = ConvBNSiLU(c5, c4)
        self.td4 = ConvBNSiLU(2 * c4, c4, 3)
        self.lat4 = ConvBNSiLU(c4, c3)
        self.td3 = ConvBNSiLU(2 * c3, c3, 3)
        self.down3 = ConvBNSiLU(c3, c3, 3, 2)
        self.bu4 = ConvBNSiLU(2 * c3, c4, 3)
        self.down4 = ConvBNSiLU(c4, c4, 3, 2)
        self.bu5 = ConvBNSiLU(2 * c4, c5, 3)
        self.heads = nn.ModuleList(nn.Conv2d(c, outputs, 1) for c in (c3, c4, c5))

    def forward(self, p3, p4, p5):
        l5 = self.lat5(p5)
        t4 = self.td4(torch.cat([self.up(l5), p4], 1))
        l4 = self.lat4(t4)
        t3 = self.td3(torch.cat([self.up(l4), p3], 1))
        b4 = self.bu4(torch.cat([self.down3(t3), l4], 1))
        b5 = self.bu5(torch.cat([self.down4(b4), l5], 1))
        return tuple(h(x) for h, x in zip(self.heads, (t3, b4, b5)))


def make():
    torch.manual_seed(3)
    model = Neck().eval()
    runs = [(torch.randn(1, 8, 8, 8), torch.randn(1, 16, 4, 4), torch.randn(1, 32, 2, 2))
            for _ in range(2)]
    return model, runs
