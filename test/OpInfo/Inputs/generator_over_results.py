"""A generator loop over recorded results that runs no op: no loop to rebuild.

`out.extend(t for t in torch.split(x, 2))` records loop marks for trips that ran no
tensor op; compiling it crashed the run merger (emitWhileLoop) before.
"""
import torch


class Pieces(torch.nn.Module):
    def forward(self, x):
        out = []
        out.extend(t * 2 for t in torch.split(x, 2))
        out.extend(t for t in torch.split(x, 3))
        return tuple(out)


def make():
    return Pieces(), [(torch.randn(4, 3),)]
