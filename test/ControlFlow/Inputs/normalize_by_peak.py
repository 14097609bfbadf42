"""Scales its input by the peak magnitude read with .item().

    peak = x.abs().max().item()
    y = clamp(x / peak, max=peak) * peak + x.masked_fill(x < 0, peak)

Python only passes `peak` on to tensor ops, so the compiled program computes it
as a tensor: inputs of any magnitude run, not only the recorded ones.
"""
import torch


class NormalizeByPeak(torch.nn.Module):
    def forward(self, x):
        peak = x.abs().max().item()
        y = torch.clamp(x / peak, max=peak)
        return y * peak + x.masked_fill(x < 0, peak)


def make(scales=(1.0, 5.0)):
    g = torch.Generator().manual_seed(3)
    return NormalizeByPeak(), [(torch.randn(4, 6, generator=g) * s,) for s in scales]
