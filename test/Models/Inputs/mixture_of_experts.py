"""A mixture-of-experts feed-forward layer (Switch / top-1 routing), small.

A softmax router picks one of 4 experts per token (argmax, one_hot); every expert's
output is weighted by the routing probability of the tokens sent to it and summed,
with a residual and a LayerNorm. 2x6 tokens of width 16.
"""
import torch
from torch import nn
from torch.nn import functional as F


class MoE(nn.Module):
    def __init__(self, d=16, hidden=32, experts=4):
        super().__init__()
        self.router = nn.Linear(d, experts)
        self.experts = nn.ModuleList(
            nn.Sequential(nn.Linear(d, hidden), nn.ReLU(), nn.Linear(hidden, d))
            for _ in range(experts))
        self.norm = nn.LayerNorm(d)

    def forward(self, x):
        probs = F.softmax(self.router(x), dim=-1)
        choice = F.one_hot(probs.argmax(dim=-1), len(self.experts)).to(x.dtype)
        gate = probs * choice
        out = torch.zeros_like(x)
        for e, expert in enumerate(self.experts):
            out = out + gate[..., e:e + 1] * expert(x)
        return self.norm(x + out)


def make():
    torch.manual_seed(6)
    model = MoE().eval()
    return model, [(torch.randn(2, 6, 16),), (torch.randn(2, 6, 16),)]
