"""A bf16 (or fp16) Linear + GELU model whose result is cast to float32 at the end
(test/Execution/ascend-run-half-precision.test). ASCEND_HALF_DTYPE picks the dtype."""
import os

import torch

DTYPE = getattr(torch, os.environ.get("ASCEND_HALF_DTYPE", "bfloat16"))


class HalfMLP(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = torch.nn.Linear(16, 8).to(DTYPE)

    def forward(self, x):
        return torch.relu(self.fc(x.to(DTYPE))).float()


def make():
    torch.manual_seed(0)
    return HalfMLP().eval(), [(torch.randn(4, 16),)]
