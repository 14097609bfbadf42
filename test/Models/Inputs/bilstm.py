"""A bidirectional 2-layer LSTM tagger, small.

nn.LSTM(8, 12, num_layers=2, bidirectional=True, batch_first=True) over 2 sequences
of 5 steps, then a Linear tag head on every step's concatenated states.
"""
import torch
from torch import nn


class Tagger(nn.Module):
    def __init__(self):
        super().__init__()
        self.lstm = nn.LSTM(8, 12, num_layers=2, bidirectional=True, batch_first=True)
        self.head = nn.Linear(24, 5)

    def forward(self, x):
        y, _ = self.lstm(x)
        return self.head(y)


def make():
    torch.manual_seed(7)
    model = Tagger().eval()
    return model, [(torch.randn(2, 5, 8),), (torch.randn(2, 5, 8),)]
