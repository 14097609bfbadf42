"""Conv2d + BatchNorm2d + ReLU, a residual add, pooling and a Linear head (eval)."""
import torch


class ConvBNHead(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv2d(8, 8, 3, padding=1, bias=False)
        self.bn = torch.nn.BatchNorm2d(8)
        self.fc = torch.nn.Linear(8, 4)

    def forward(self, x):
        h = torch.relu(self.bn(self.conv(x))) + x
        return self.fc(h.mean(dim=(2, 3)))


def make():
    torch.manual_seed(0)
    model = ConvBNHead()
    with torch.no_grad():
        model.bn.running_mean.uniform_(-0.5, 0.5)
        model.bn.running_var.uniform_(0.5, 2.0)
    return model.eval(), [(torch.randn(2, 8, 6, 6),)]
