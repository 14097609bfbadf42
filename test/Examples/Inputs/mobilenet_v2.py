"""torchvision mobilenet_v2 (eval): depthwise and pointwise convolutions, ReLU6."""
import torch
import torchvision


def make():
    torch.manual_seed(0)
    return torchvision.models.mobilenet_v2().eval(), [(torch.randn(1, 3, 64, 64),)]
