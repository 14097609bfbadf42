"""A `for` loop with a data-dependent `break`: the recorded runs leave it at
trips 1, 3 and after all 6 trips (no break)."""
import torch


class RefineUntilSmall(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.mix = torch.nn.Linear(4, 4)

    def forward(self, x):
        for _ in range(6):
            x = 0.5 * x + 0.01 * torch.tanh(self.mix(x))
            if x.abs().max() < 1.0:
                break
        return x * 2.0


def make():
    torch.manual_seed(5)
    model = RefineUntilSmall().eval()
    return model, [(torch.full((2, 4), s),) for s in (1.5, 6.0, 1000.0)]


def make_unseen():
    """Inputs that break at trips 2 and 5, which no recorded run did, and one
    that needs no break at all from the first trip."""
    model, _ = make()
    return model, [(torch.full((2, 4), s),) for s in (3.0, 24.0, 0.1)]
