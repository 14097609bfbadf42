"""A small segmentation-style decoder with transposed convolutions, for
Conv2DTranspose as an AI Core kernel.

An encoder (3x3 stride-2 convolution 3 -> 12 channels, ReLU) and a decoder
of ConvTranspose2d layers covering the attributes: 4x4 stride 2 padding 1
(the usual 2x upsampling, with bias and ReLU), 3x3 stride 2 padding 1
output_padding 1 in 2 groups (bias, ReLU), 3x3 stride 1 padding 1 without
bias, 3x3 stride (2, 1) with dilation 2 and output_padding (1, 0), and a 1x1
stride-1 head with bias. Odd input sizes (15 x 13), batches of 2 and 1 and
an all-ones image. Every run must match eager.
"""
import torch
from torch import nn


class Decoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.encode = nn.Sequential(nn.Conv2d(3, 12, 3, stride=2, padding=1),
                                    nn.ReLU())
        self.up1 = nn.ConvTranspose2d(12, 10, 4, stride=2, padding=1)
        self.up2 = nn.ConvTranspose2d(10, 8, 3, stride=2, padding=1,
                                      output_padding=1, groups=2)
        self.refine = nn.ConvTranspose2d(8, 7, 3, stride=1, padding=1,
                                         bias=False)
        self.dilated = nn.ConvTranspose2d(7, 5, 3, stride=(2, 1), padding=2,
                                          output_padding=(1, 0), dilation=2)
        self.head = nn.ConvTranspose2d(5, 2, 1)

    def forward(self, x):
        h = self.encode(x)
        h = torch.relu(self.up1(h))
        h = torch.relu(self.up2(h))
        h = self.refine(h)
        h = self.dilated(h)
        return self.head(h)


def make():
    torch.manual_seed(11)
    model = Decoder().eval()
    runs = [(torch.randn(2, 3, 15, 13),), (torch.randn(1, 3, 15, 13),),
            (torch.ones(1, 3, 15, 13),)]
    return model, runs
