"""Three Linear + GeLU layers of one shape (the first two one AI Core kernel launched
twice), then a softmax and a row sum (a kernel of two outputs): the model of test/Tools/compile-mindir-custom-kernels.test.

    ascend-trace record test/Tools/Inputs/custom_kernels.py -o custom_kernels.pntrace
"""
import torch


class ThreeLayers(torch.nn.Module):
    def __init__(self, features=32):
        super().__init__()
        self.fc1 = torch.nn.Linear(features, features)
        self.fc2 = torch.nn.Linear(features, features)
        self.fc3 = torch.nn.Linear(features, features)

    def forward(self, x):
        h = torch.nn.functional.gelu(self.fc1(x))
        h = torch.nn.functional.gelu(self.fc2(h))
        h = torch.nn.functional.gelu(self.fc3(h))
        return torch.softmax(h, dim=-1), h.sum(-1)


def make():
    torch.manual_seed(0)
    return ThreeLayers().eval(), [(torch.randn(16, 32),), (torch.randn(16, 32),)]
