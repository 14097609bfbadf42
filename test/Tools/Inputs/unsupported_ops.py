# Two ops ascend-opt has no primitive for: special.erfcx and nextafter.
import torch


class Unsupported(torch.nn.Module):
    def forward(self, x, y):
        a = torch.special.erfcx(x)
        b = torch.nextafter(a, y)
        return torch.relu(b)


def make():
    torch.manual_seed(0)
    x = torch.rand(2, 3) * 1.8 - 0.9
    y = torch.rand(2, 3) - 0.5
    return Unsupported().eval(), [(x, y)]
