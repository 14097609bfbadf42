"""An nn.GRU module (sequence first): it transposes its input in place."""
import torch


class SequenceGRU(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.gru = torch.nn.GRU(8, 16)

    def forward(self, x):
        y, h = self.gru(x)
        return y, h


def make():
    torch.manual_seed(0)
    return SequenceGRU().eval(), [(torch.randn(5, 3, 8),)]
