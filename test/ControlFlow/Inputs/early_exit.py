"""Early exit on a confident head; every recorded input is unsure."""
import torch


class EarlyExit(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.head = torch.nn.Linear(6, 3)
        self.deep = torch.nn.Sequential(torch.nn.Linear(6, 6), torch.nn.Tanh(),
                                        torch.nn.Linear(6, 3))

    def forward(self, x):
        logits = self.head(x)
        if torch.softmax(logits, -1).max() > 0.95:
            return logits
        return self.deep(x)


def make():
    torch.manual_seed(11)
    model = EarlyExit().eval()
    return model, [(torch.randn(1, 6) * 0.01,), (torch.randn(1, 6) * 0.01,)]


def make_confident():
    """The same model with a head bias that makes it sure: the unseen side."""
    model, _ = make()
    with torch.no_grad():
        model.head.bias.copy_(torch.tensor([40.0, 0.0, 0.0]))
    return model, [(torch.randn(1, 6) * 0.01,)]
