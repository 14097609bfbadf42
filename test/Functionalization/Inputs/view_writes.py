"""Writes through views: x[0] += 1, x[:, 1:3] = y, x.t()[2] *= 3, and a fill
through a flattened view; the result and its column sums are returned."""
import torch
class Writes(torch.nn.Module):
    def forward(self, x, y):
        z = x * 2.0
        z[0] += 1.0
        z[:, 1:3] = y
        z.t()[2].mul_(3.0)
        r = z.view(-1)
        r[4:6] = 0.5
        return z.sum(0), z
def make():
    torch.manual_seed(0)
    return Writes().eval(), [(torch.randn(4, 5), torch.randn(4, 2)), (torch.randn(4, 5), torch.randn(4, 2))]
