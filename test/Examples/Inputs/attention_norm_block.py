"""A small attention + MLP block whose matmuls end in row-wise reductions,
with ragged sizes (sequence 17 and 40, model width 37, 3 heads of 12,
hidden 100, 10 classes):

    s = softmax(q @ k^T / sqrt(d))          per head (a BatchMatMul)
    h = layer_norm(o @ Wo^T + bo + x)        the output projection
    y = layer_norm(gelu(h @ W1^T + b1) @ W2^T + b2 + h)
    log_softmax(y @ Wc^T + bc)               a classifier head

Each matmul with its reduction epilogue is one mix fusion group and, at the
aicore level, one MIX kernel whose Vector part takes whole rows. Every run
must match eager.
"""
import math

import torch


class AttentionNormBlock(torch.nn.Module):
    def __init__(self, width=37, heads=3, head_dim=12, hidden=100, classes=10):
        super().__init__()
        self.heads, self.head_dim = heads, head_dim
        self.q = torch.nn.Linear(width, heads * head_dim)
        self.k = torch.nn.Linear(width, heads * head_dim)
        self.v = torch.nn.Linear(width, heads * head_dim)
        self.o = torch.nn.Linear(heads * head_dim, width)
        self.norm1 = torch.nn.LayerNorm(width)
        self.up = torch.nn.Linear(width, hidden)
        self.down = torch.nn.Linear(hidden, width)
        self.norm2 = torch.nn.LayerNorm(width)
        self.head = torch.nn.Linear(width, classes)

    def forward(self, x):
        s, _ = x.shape
        split = lambda t: t.reshape(s, self.heads, self.head_dim).transpose(0, 1)
        q, k, v = split(self.q(x)), split(self.k(x)), split(self.v(x))
        scores = torch.softmax(q @ k.transpose(1, 2) / math.sqrt(self.head_dim), dim=-1)
        o = (scores @ v).transpose(0, 1).reshape(s, self.heads * self.head_dim)
        h = self.norm1(self.o(o) + x)
        y = self.norm2(self.down(torch.nn.functional.gelu(self.up(h))) + h)
        return torch.log_softmax(self.head(y), dim=-1)


def make():
    torch.manual_seed(5)
    model = AttentionNormBlock().eval()
    runs = [(torch.randn(rows, 37),) for rows in (17, 40)]
    return model, runs
