"""nn.MultiheadAttention with different query and key lengths; both outputs."""
import torch


class CrossAttention(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.mha = torch.nn.MultiheadAttention(32, 4, batch_first=True)

    def forward(self, q, k):
        out, weights = self.mha(q, k, k)
        return out, weights


def make():
    torch.manual_seed(0)
    return CrossAttention().eval(), [(torch.randn(2, 5, 32), torch.randn(2, 7, 32))]
