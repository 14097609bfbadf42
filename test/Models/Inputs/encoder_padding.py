"""A transformer encoder (BERT style) over padded batches, small.

nn.TransformerEncoder (2 post-norm layers, width 32, 4 heads, eval) with a key
padding mask made from the tokens (token 0 is padding), learned positions, and a
masked mean over the non-padding tokens. Batch 2 of 8 tokens with 3 and 0 pads.
"""
import torch
from torch import nn


class Encoder(nn.Module):
    def __init__(self, vocab=40, d=32, heads=4, layers=2):
        super().__init__()
        self.tok = nn.Embedding(vocab, d, padding_idx=0)
        self.pos = nn.Parameter(torch.randn(1, 8, d) * 0.1)
        layer = nn.TransformerEncoderLayer(d, heads, dim_feedforward=64, dropout=0.1,
                                           batch_first=True)
        self.encoder = nn.TransformerEncoder(layer, layers, enable_nested_tensor=False)

    def forward(self, tokens):
        pad = tokens == 0
        x = self.tok(tokens) + self.pos
        x = self.encoder(x, src_key_padding_mask=pad)
        keep = (~pad).unsqueeze(-1).to(x.dtype)
        return (x * keep).sum(1) / keep.sum(1)


def make():
    torch.manual_seed(1)
    model = Encoder().eval()
    a = torch.randint(1, 40, (2, 8))
    a[0, 5:] = 0
    b = torch.randint(1, 40, (2, 8))
    b[1, 6:] = 0
    return model, [(a,), (b,)]
