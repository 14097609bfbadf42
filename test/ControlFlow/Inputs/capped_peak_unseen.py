"""An input for capped_peak.py whose peak no recorded run read (and above the cap)."""
import torch

from capped_peak import CappedPeak


def make():
    g = torch.Generator().manual_seed(4)
    return CappedPeak(), [(torch.randn(4, 6, generator=g) * 500.0,)]
