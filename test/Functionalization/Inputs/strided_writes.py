"""Writes through strided slices: every other row (x[::2] = v), a strided
column range of a slice (x[1:, 1::2] *= 2) and a negative start with a step
(x[-3::2] += 1); the result and its row sums are returned."""
import torch
class StridedWrites(torch.nn.Module):
    def forward(self, x, v):
        z = x + 0.5
        z[::2] = v
        z[1:, 1::2] *= 2.0
        z[-3::2] += 1.0
        return z.sum(1), z
def make():
    torch.manual_seed(0)
    return StridedWrites().eval(), [(torch.randn(5, 6), torch.randn(3, 6)), (torch.randn(5, 6), torch.randn(1, 6))]
