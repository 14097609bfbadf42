"""`y[y < 0] = 0.0`: a write through a boolean mask (aten.index_put_)."""
import torch
class MaskWrite(torch.nn.Module):
    def forward(self, x):
        y = x * 1.5
        y[y < 0] = 0.0
        return y
def make():
    torch.manual_seed(1)
    return MaskWrite().eval(), [(torch.randn(3, 4),), (torch.randn(3, 4),)]
