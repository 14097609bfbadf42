"""Convolutions whose shapes are not multiples of the Cube's 16 or of a tile.

Odd input sizes (27 x 23), channel counts 3, 10, 18, 33, 20, 7, a 7x7
stride-2 pad-3 stem with bias, a dilated 3x3 followed by BatchNorm (folded
into the convolution as a bias), a 1x1 stride 2, an even 4x4 kernel with
padding='same' (one more row/column of padding at the bottom/right), a 5x3
kernel with stride (1, 2) and no padding, and a grouped 3x3 (groups = 2,
the implicit GEMMs of its two groups of 10 channels). Batches of 2 and 1 images and an
all-ones image. Every run must match eager.
"""
import torch


class RaggedConvs(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = torch.nn.Conv2d(3, 10, 7, stride=2, padding=3)
        self.dilated = torch.nn.Conv2d(10, 18, 3, padding=2, dilation=2, bias=False)
        self.bn = torch.nn.BatchNorm2d(18)
        self.pointwise = torch.nn.Conv2d(18, 33, 1, stride=2)
        self.same = torch.nn.Conv2d(33, 20, 4, padding="same")
        self.grouped = torch.nn.Conv2d(20, 20, 3, padding=1, groups=2)
        self.wide = torch.nn.Conv2d(20, 7, (5, 3), stride=(1, 2))

    def forward(self, x):
        h = torch.relu(self.stem(x))
        h = torch.relu(self.bn(self.dilated(h)))
        h = self.pointwise(h)
        h = torch.relu(self.same(h))
        return h, self.wide(self.grouped(h))


def make():
    torch.manual_seed(11)
    model = RaggedConvs().eval()
    with torch.no_grad():
        model.bn.running_mean.uniform_(-0.5, 0.5)
        model.bn.running_var.uniform_(0.5, 2.0)
        model.bn.weight.uniform_(0.5, 1.5)
        model.bn.bias.uniform_(-0.5, 0.5)
    runs = [(torch.randn(2, 3, 27, 23),), (torch.randn(1, 3, 27, 23),),
            (torch.ones(1, 3, 27, 23),)]
    return model, runs
