"""A transformer encoder block (self-attention + feed-forward, post-norm).

torch.nn.TransformerEncoderLayer in eval mode, d_model 32, 4 heads, on a batch
of 2 sequences of 6 tokens. Two runs with different tokens.

    ascend-trace record examples/transformer_block.py -o transformer_block.pntrace
"""
import torch


def make():
    torch.manual_seed(7)
    block = torch.nn.TransformerEncoderLayer(d_model=32, nhead=4, dim_feedforward=64,
                                             dropout=0.1, batch_first=True).eval()
    return block, [(torch.randn(2, 6, 32),), (torch.randn(2, 6, 32),)]
