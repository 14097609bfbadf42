"""torch.flip on the last axis of a [17, 33] activation, on H of an NCHW
image, on H and W together, on the first axis of an f16 tensor and on the
middle axis of an i64 index tensor, next to elementwise work: every flip
becomes a ReverseV2 copy kernel at the aicore level (no primitive left)."""
import torch


class Flips(torch.nn.Module):
    def forward(self, x, img, h, idx):
        a = torch.flip(x, [1]) * 2.0
        b = torch.flip(img, [2]) + torch.flip(img, [-1, -2])
        c = torch.flip(h, [0])
        d = torch.flip(idx, [1])
        return a, b, c, d


def make():
    torch.manual_seed(5)
    return Flips().eval(), [
        (torch.randn(17, 33), torch.randn(2, 3, 10, 12),
         torch.randn(40, 24).half(), torch.randint(-50, 50, (3, 7, 5))),
    ]
