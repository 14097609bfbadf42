"""A two-layer nn.LSTM module; the output sequence and the final states."""
import torch


class TwoLayerLSTM(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lstm = torch.nn.LSTM(8, 16, num_layers=2, batch_first=True)

    def forward(self, x):
        y, (h, c) = self.lstm(x)
        return y, h, c


def make():
    torch.manual_seed(0)
    return TwoLayerLSTM().eval(), [(torch.randn(3, 6, 8),)]
