"""Ops the compiler does not map as the model calls them, which the recorder runs
through PyTorch's decompositions (test/Trace/decompositions.test)."""
import torch


class Decomposed(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = torch.nn.Linear(8, 6)

    def forward(self, x):
        # addmm is mapped only for alpha = beta = 1: PyTorch's decomposition (mm,
        # mul, add) is recorded instead.
        y = torch.addmm(self.fc.bias, x, self.fc.weight.t(), beta=0.5, alpha=2.0)
        return torch.relu(y)


def make():
    torch.manual_seed(0)
    return Decomposed().eval(), [(torch.randn(4, 8),), (torch.randn(2, 8),)]
