"""nn.TransformerEncoderLayer in eval mode (batch first)."""
import torch


def make():
    torch.manual_seed(0)
    layer = torch.nn.TransformerEncoderLayer(64, 4, 128, batch_first=True).eval()
    return layer, [(torch.randn(2, 10, 64),)]
