"""A sub-pixel upsampling head (ESPCN: a convolution to C r^2 channels, then
pixel_shuffle), a space-to-depth stem (pixel_unshuffle, as in the stems of
RepVGG-style or SR networks) and a ShuffleNet channel shuffle, in one model:
each a Reshape, a Transpose and a Reshape. Float32 images; a bfloat16 copy of
the upsampled image goes through pixel_unshuffle too."""
import torch
import torch.nn.functional as F


class SubPixel(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = torch.nn.Conv2d(12, 8, 3, padding=1)
        self.up = torch.nn.Conv2d(8, 3 * 2 * 2, 3, padding=1)
        self.mix = torch.nn.Conv2d(8, 8, 1, groups=2)

    def forward(self, image):
        x = F.pixel_unshuffle(image, 2)           # [N, 3, 8, 12] -> [N, 12, 4, 6]
        x = torch.relu(self.stem(x))              # [N, 8, 4, 6]
        x = F.channel_shuffle(self.mix(x), 2)     # ShuffleNet's shuffle
        y = F.pixel_shuffle(self.up(x), 2)        # [N, 3, 8, 12]
        z = F.pixel_unshuffle(y.to(torch.bfloat16), 4).float()  # [N, 48, 2, 3]
        return torch.sigmoid(y), z


def make():
    torch.manual_seed(0)
    model = SubPixel().eval()
    for p in model.parameters():
        p.requires_grad_(False)
    g = torch.Generator().manual_seed(1)
    return model, [(torch.randn(2, 3, 8, 12, generator=g),),
                   (torch.randn(1, 3, 8, 12, generator=g),)]
