"""A residual MLP block, gelu(x @ W1^T + b1) @ W2^T + b2 + x, with ragged
sizes: batch M = 1, 17, 100 and 250, hidden 100 and model width 37 (neither
a multiple of 16). Each Linear with its epilogue (bias and GeLU; bias and
the residual add) is one mix fusion group, and at the aicore level one MIX
kernel (Cube part and Vector part through a GM workspace). Every run must
match eager.
"""
import torch


class MLPResidual(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.up = torch.nn.Linear(37, 100)
        self.down = torch.nn.Linear(100, 37)

    def forward(self, x):
        return self.down(torch.nn.functional.gelu(self.up(x))) + x


def make():
    torch.manual_seed(3)
    model = MLPResidual().eval()
    runs = [(torch.randn(rows, 37),) for rows in (1, 17, 100, 250)]
    return model, runs
