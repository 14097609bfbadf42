"""index_select of a 0-d tensor (an OpInfo sample): PyTorch treats the
scalar as 1 element along dim 0 (the result is the scalar itself)."""
import torch
class Select0d(torch.nn.Module):
    def forward(self, x, i):
        return torch.index_select(x, 0, i) * 2.0
def make():
    return Select0d().eval(), [(torch.tensor(3.5), torch.tensor([0]))]
