"""nn.AvgPool2d in its variants: default stride, zero padding counted or
not in the divisor (count_include_pad), ceil_mode windows hanging past the
padded input, divisor_override, a 3x2 window with strides (2, 1)."""
import torch


class AvgPoolVariants(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.pools = torch.nn.ModuleList([
            torch.nn.AvgPool2d(2),
            torch.nn.AvgPool2d(3, stride=2, padding=1),
            torch.nn.AvgPool2d(3, stride=2, padding=1, count_include_pad=False),
            torch.nn.AvgPool2d(3, stride=2, padding=1, ceil_mode=True),
            torch.nn.AvgPool2d(3, stride=2, padding=1, ceil_mode=True,
                               count_include_pad=False),
            torch.nn.AvgPool2d(3, stride=2, ceil_mode=True),
            torch.nn.AvgPool2d(3, stride=1, padding=1, divisor_override=4),
            torch.nn.AvgPool2d((3, 2), stride=(2, 1), padding=(1, 1),
                               count_include_pad=False),
        ])

    def forward(self, x):
        return tuple(pool(x) for pool in self.pools)


def make():
    torch.manual_seed(0)
    return AvgPoolVariants().eval(), [(torch.randn(2, 3, 14, 12),)]
