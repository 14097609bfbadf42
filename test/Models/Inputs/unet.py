"""A small UNet: two downsamplings, bilinear upsampling, skip concatenations.

Conv-BN-ReLU double convolutions (4 -> 8 -> 16 channels), max pooling down,
F.interpolate(scale_factor=2, mode="bilinear") up, torch.cat with the skips, a 1x1
output head. Input 1x3x16x16, two runs.
"""
import torch
from torch import nn
from torch.nn import functional as F


def double_conv(cin, cout):
    return nn.Sequential(
        nn.Conv2d(cin, cout, 3, padding=1, bias=False), nn.BatchNorm2d(cout), nn.ReLU(),
        nn.Conv2d(cout, cout, 3, padding=1, bias=False), nn.BatchNorm2d(cout), nn.ReLU())


class UNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.down1 = double_conv(3, 4)
        self.down2 = double_conv(4, 8)
        self.bottom = double_conv(8, 16)
        self.up2 = double_conv(16 + 8, 8)
        self.up1 = double_conv(8 + 4, 4)
        self.head = nn.Conv2d(4, 2, 1)

    def forward(self, x):
        s1 = self.down1(x)
        s2 = self.down2(F.max_pool2d(s1, 2))
        b = self.bottom(F.max_pool2d(s2, 2))
        u2 = F.interpolate(b, scale_factor=2, mode="bilinear", align_corners=False)
        u2 = self.up2(torch.cat([u2, s2], dim=1))
        u1 = F.interpolate(u2, scale_factor=2, mode="bilinear", align_corners=False)
        u1 = self.up1(torch.cat([u1, s1], dim=1))
        return self.head(u1)


def make():
    torch.manual_seed(2)
    model = UNet().eval()
    for m in model.modules():
        if isinstance(m, nn.BatchNorm2d):
            m.running_mean.uniform_(-0.1, 0.1)
            m.running_var.uniform_(0.5, 1.5)
    return model, [(torch.randn(1, 3, 16, 16),), (torch.randn(1, 3, 16, 16),)]
