"""One model recorded at batch sizes 1, 5 and 1 again (two input shapes)."""
import torch


def make():
    torch.manual_seed(5)
    model = torch.nn.Sequential(torch.nn.Linear(12, 16), torch.nn.ReLU(),
                                torch.nn.Linear(16, 3)).eval()
    return model, [(torch.randn(1, 12),), (torch.randn(5, 12),), (torch.randn(1, 12),)]
