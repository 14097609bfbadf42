"""F.adaptive_avg_pool2d of an unbatched 3-D (C, H, W) input, one of PyTorch's
OpInfo samples: aten.adaptive_avg_pool2d of a 3-D tensor, which MindSpore's
AdaptiveAvgPool2D (4-D NCHW) does not take."""
import torch
import torch.nn.functional as F
class Pool3d(torch.nn.Module):
    def forward(self, x):
        return F.adaptive_avg_pool2d(x, (2, 3)) + 1.0
def make():
    torch.manual_seed(0)
    return Pool3d().eval(), [(torch.randn(4, 6, 6),)]
