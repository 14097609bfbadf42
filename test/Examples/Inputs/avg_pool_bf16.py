"""The nn.AvgPool2d variants of avg_pool_variants.py on bf16 inputs (eager
CPU has no f16 avg_pool2d; the
kernels sum in f32, as PyTorch does)."""
import os
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from avg_pool_variants import AvgPoolVariants  # noqa: E402


def make():
    torch.manual_seed(0)
    return AvgPoolVariants().eval().bfloat16(), [
        (torch.randn(2, 3, 14, 12).bfloat16(),)]
