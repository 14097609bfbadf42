"""Embedding lookups that fuse into vector groups with the work after them:
an f32 nn.Embedding of 1000 x 37 scaled and shifted by a [50, 37]
positional table, an f16 table of 301 x 24 indexed by [7, 13] ids, scaled
and shifted, and rows picked by indexing with negative indices (counted
from the end, PyTorch's rule) then exponentiated; no size is a multiple of
a tile, of 16 or of 32 bytes."""
import torch


class EmbeddingLookup(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(1000, 37)
        self.table16 = torch.nn.Parameter(torch.randn(301, 24).half())
        self.rows = torch.nn.Parameter(torch.randn(19, 5))

    def forward(self, ids, pos, ids16, picks):
        a = self.emb(ids) * 2.0 + pos
        b = torch.nn.functional.embedding(ids16, self.table16) * 0.5 - 1.0
        c = torch.exp(self.rows[picks])
        return a, b, c


def make():
    torch.manual_seed(3)
    ids = torch.randint(0, 1000, (1, 50))
    pos = torch.randn(50, 37)
    ids16 = torch.randint(0, 301, (7, 13))
    picks = torch.tensor([0, -1, 5, -19, 18, 3, -7])
    return EmbeddingLookup().eval(), [(ids, pos, ids16, picks)]
