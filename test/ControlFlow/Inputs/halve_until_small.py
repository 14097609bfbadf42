"""A data-dependent `while`: halve the input until its norm is small.

Three runs need 1, 3 and 5 trips; the compiled program must loop as often as
each input needs, also for trip counts no run had.
"""
import torch


class HalveUntilSmall(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.mix = torch.nn.Linear(4, 4)

    def forward(self, x):
        steps = torch.zeros((), dtype=torch.int64)
        while x.abs().max() > 1.0:
            x = 0.5 * x + 0.01 * torch.tanh(self.mix(x))
            steps = steps + 1
        return x, steps


def make():
    torch.manual_seed(3)
    model = HalveUntilSmall().eval()
    return model, [(torch.full((2, 4), s),) for s in (1.5, 6.0, 24.0)]


def make_unseen_trip_count():
    """Inputs that need 7 and 9 trips, which no run of make() had."""
    model, _ = make()
    return model, [(torch.full((2, 4), s),) for s in (100.0, 400.0)]
