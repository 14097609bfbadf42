"""A projection and a Linear with bias on batches of 1, 17 and 100 rows.

x[M, 200] @ w[200, 72] then Linear(72, 40): M, N and K are not multiples of
the tiles the schedule test forces on them, and K = 200 / 72 end in partial
K stages.
"""
import torch


class Projection(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.w = torch.nn.Parameter(torch.randn(200, 72) / 8)
        self.lin = torch.nn.Linear(72, 40)

    def forward(self, x):
        return self.lin(x @ self.w)


def make():
    torch.manual_seed(11)
    return Projection().eval(), [(torch.randn(rows, 200),) for rows in (1, 17, 100)]
