"""Matmuls whose M, N and K are not multiples of the Cube's 16 or of a tile.

The batch M is 1, 17, 100 and 250 rows of random values, then 64 rows of
ones (every output row equal). For each batch: x[M, 300] @ w1[300, 100]
(K = 300 and N = 100 ragged), a Linear(100, 37) with bias on that (K = 100,
N = 37), and relu(x @ w1) @ w2[100, 520] (N = 520 over several tiles); the
last matmul, x[M, 300] @ w3[300, 1200], is big enough to take several K
stages and output tiles per AI Core. Every run must match eager.
"""
import torch


class RaggedMatmuls(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.w1 = torch.nn.Parameter(torch.randn(300, 100) / 16)
        self.lin = torch.nn.Linear(100, 37)
        self.w2 = torch.nn.Parameter(torch.randn(100, 520) / 8)
        self.w3 = torch.nn.Parameter(torch.randn(300, 1200) / 16)

    def forward(self, x):
        h = x @ self.w1
        return self.lin(h), torch.relu(h) @ self.w2, x @ self.w3


def make():
    torch.manual_seed(7)
    model = RaggedMatmuls().eval()
    runs = [(torch.randn(rows, 300),) for rows in (1, 17, 100, 250)]
    runs.append((torch.ones(64, 300),))
    return model, runs
