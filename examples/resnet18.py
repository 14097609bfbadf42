"""torchvision's ResNet-18 (random weights, 10 classes) in eval mode on one 1x3x64x64 image.

Straight-line: 20 convolutions with batch norm, residual adds, pooling and a Linear head.

    ascend-trace record examples/resnet18.py -o resnet18.pntrace
"""
import torch
import torchvision


def make():
    torch.manual_seed(0)
    model = torchvision.models.resnet18(weights=None, num_classes=10).eval()
    image = torch.randn(1, 3, 64, 64)
    return model, [(image,)]
