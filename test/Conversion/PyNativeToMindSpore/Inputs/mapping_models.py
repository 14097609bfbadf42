"""Small models whose eager runs use many aten ops of the legalization table:
arithmetic with Python numbers and tensors, in-place ops, comparisons and
boolean logic, fills, clamps, views and reshapes, reductions, softmax,
pooling and batch norm. Used by mapping-coverage.test."""
import torch
import torch.nn.functional as F

class Pointwise(torch.nn.Module):
    def forward(self, x, y, m):
        a = x + 2.0
        b = x - 1.5
        c = x / 3.0
        d = torch.clamp(x, min=-0.5)
        e = torch.clamp(x, max=0.5)
        f = torch.clamp(x, y - 1, y + 1)
        g = 1.0 - x
        h = torch.sigmoid(x)
        i = torch.logical_not(m)
        j = (x < y).logical_or(x == 0.25)
        k = (x >= 0.1) & (x <= 0.9)
        l = (x != y) | (x == 2.0)
        n = x.masked_fill(m, y[0, 0])
        o = torch.full_like(x, 3.0) + torch.zeros_like(x) + x.new_ones(x.shape) + x.new_zeros(x.shape)
        p = torch.ones(x.shape) * torch.scalar_tensor(2.0)
        z = x.clone()
        z.add_(y)
        z.mul_(y)
        t = torch.zeros(x.shape).fill_(1.25)
        u = torch.ones(x.shape)
        u.fill_(y[0, 0])
        w = F.hardtanh(x.clone(), inplace=True)
        s = x.clone()
        torch.sigmoid_(s)
        q = x.clone().tanh_() + x.clone()
        r = F.silu(x.clone(), inplace=True)
        out = a + b + c + d + e + f + g + h + n + o + p + z + t + u + w + s + q + r
        return out, i, j, k, l

class Shapes(torch.nn.Module):
    def forward(self, x):
        a = x.permute(0, 2, 1).contiguous().reshape(2, -1)
        b = x.transpose(1, 2).flatten(1)
        c = x.unsqueeze(0).squeeze(0).squeeze()
        d = x.unsqueeze(1).squeeze(dim=1)
        e = torch.split(x, 2, dim=2)[0] + 0
        f = x.sum(dim=(1,)) + x.mean()
        g = F.log_softmax(x, dim=-1) + torch.softmax(x, dim=-1)
        h = x.detach() * 1
        return a, b, c, d, e, f, g, h

class Pools(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.bn = torch.nn.BatchNorm2d(3)
    def forward(self, x):
        a = F.max_pool2d(x, 2)
        b = F.adaptive_avg_pool2d(x, 1)
        c = self.bn(x)
        return a, b, c

def make_all():
    torch.manual_seed(0)
    x = torch.randn(3, 4); y = torch.randn(3, 4); m = x > 0.3
    return [("pointwise", Pointwise().eval(), [(x, y, m)]),
            ("shapes", Shapes().eval(), [(torch.randn(2, 3, 4),)]),
            ("pools", Pools().eval(), [(torch.randn(1, 3, 6, 6),)])]
