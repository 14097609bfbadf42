"""A diffusion UNet residual block with a sinusoidal timestep embedding.

The timestep embedding of DDPM / Stable Diffusion (exp of an arange, sin and cos,
torch.cat, a SiLU MLP) is added per channel between two GroupNorm-SiLU-conv stages;
a 1x1 convolution makes the skip. 16 -> 32 channels, 8 groups, 2x16x8x8 inputs with
float timesteps.
"""
import math

import torch
from torch import nn
from torch.nn import functional as F


def timestep_embedding(t, dim, max_period=10000):
    half = dim // 2
    freqs = torch.exp(-math.log(max_period) * torch.arange(0, half, dtype=torch.float32)
                      / half)
    args = t[:, None].float() * freqs[None]
    return torch.cat([torch.cos(args), torch.sin(args)], dim=-1)


class ResBlock(nn.Module):
    def __init__(self, cin=16, cout=32, tdim=32, groups=8):
        super().__init__()
        self.tdim = tdim
        self.time_mlp = nn.Sequential(nn.Linear(tdim, tdim), nn.SiLU(), nn.Linear(tdim, cout))
        self.norm1 = nn.GroupNorm(groups, cin)
        self.conv1 = nn.Conv2d(cin, cout, 3, padding=1)
        self.norm2 = nn.GroupNorm(groups, cout)
        self.dropout = nn.Dropout(0.1)
        self.conv2 = nn.Conv2d(cout, cout, 3, padding=1)
        self.skip = nn.Conv2d(cin, cout, 1)

    def forward(self, x, t):
        h = self.conv1(F.silu(self.norm1(x)))
        h = h + self.time_mlp(timestep_embedding(t, self.tdim))[:, :, None, None]
        h = self.conv2(self.dropout(F.silu(self.norm2(h))))
        return self.skip(x) + h


def make():
    torch.manual_seed(4)
    model = ResBlock().eval()
    return model, [(torch.randn(2, 16, 8, 8), torch.tensor([3.0, 250.0])),
                   (torch.randn(2, 16, 8, 8), torch.tensor([999.0, 0.0]))]
