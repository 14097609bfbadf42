# A decoder head: ConvTranspose2d (stride 2, padding 1, output_padding 1,
# 3x3 kernel, with bias) and a per-pixel argmax over channels, kept dims too.
import torch


class DeconvArgmax(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.up = torch.nn.ConvTranspose2d(3, 4, 3, stride=2, padding=1,
                                           output_padding=1)

    def forward(self, x):
        y = self.up(x)
        return y, torch.argmax(y, dim=1), torch.argmax(y, dim=-1, keepdim=True)


def make():
    torch.manual_seed(0)
    return DeconvArgmax().eval(), [(torch.randn(2, 3, 5, 4),), (torch.randn(2, 3, 5, 4),)]
