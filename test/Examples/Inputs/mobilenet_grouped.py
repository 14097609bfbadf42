"""A small MobileNet-like model with ragged shapes, for grouped and depthwise
convolutions as AI Core kernels.

A stem (3 -> 13 channels, 3x3 stride 2, BatchNorm, ReLU6), a depthwise-
separable block (depthwise 3x3 on 13 channels, pointwise 13 -> 22), a
stride-2 depthwise 3x3 with padding 1, an inverted residual block (expand
22 -> 66, depthwise 3x3 with dilation 2, project 66 -> 22, residual Add), a
ResNeXt-style grouped 3x3 (22 -> 24 in 2 groups of 11 -> 12 channels, with
BatchNorm and ReLU), a depthwise 3x3 with channel multiplier 2 (24 -> 48,
stride 2) and a classifier (global average pooling, Linear 48 -> 10). Odd
input sizes (33 x 29), batches of 2 and 1 and an all-ones image. Every
run must match eager.
"""
import torch
from torch import nn


def conv_bn(cin, cout, kernel, stride=1, padding=0, dilation=1, groups=1,
            act=nn.ReLU6):
    return nn.Sequential(
        nn.Conv2d(cin, cout, kernel, stride=stride, padding=padding,
                  dilation=dilation, groups=groups, bias=False),
        nn.BatchNorm2d(cout), act())


class InvertedResidual(nn.Module):
    def __init__(self, channels, expand):
        super().__init__()
        hidden = channels * expand
        self.expand = conv_bn(channels, hidden, 1)
        self.depthwise = conv_bn(hidden, hidden, 3, padding=2, dilation=2,
                                 groups=hidden)
        self.project = nn.Sequential(nn.Conv2d(hidden, channels, 1, bias=False),
                                     nn.BatchNorm2d(channels))

    def forward(self, x):
        return x + self.project(self.depthwise(self.expand(x)))


class MobileNetGrouped(nn.Module):
    def __init__(self):
        super().__init__()
        self.features = nn.Sequential(
            conv_bn(3, 13, 3, stride=2, padding=1),
            conv_bn(13, 13, 3, padding=1, groups=13),
            conv_bn(13, 22, 1),
            conv_bn(22, 22, 3, stride=2, padding=1, groups=22),
            InvertedResidual(22, 3),
            conv_bn(22, 24, 3, padding=1, groups=2, act=nn.ReLU),
            nn.Conv2d(24, 48, 3, stride=2, padding=1, groups=24),
        )
        self.classifier = nn.Linear(48, 10)

    def forward(self, x):
        h = self.features(x)
        return self.classifier(h.mean((2, 3)))


def make():
    torch.manual_seed(7)
    model = MobileNetGrouped().eval()
    with torch.no_grad():
        for m in model.modules():
            if isinstance(m, nn.BatchNorm2d):
                m.running_mean.uniform_(-0.5, 0.5)
                m.running_var.uniform_(0.5, 2.0)
                m.weight.uniform_(0.5, 1.5)
                m.bias.uniform_(-0.5, 0.5)
    runs = [(torch.randn(2, 3, 33, 29),), (torch.randn(1, 3, 33, 29),),
            (torch.ones(1, 3, 33, 29),)]
    return model, runs
