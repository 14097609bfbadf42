"""A `for` loop whose `if ...: continue` takes the other side only on the last
trip in every recorded run (generated program 717, reduced): the recorded runs
cannot tell a `break` there from the range running out after it. The recorded
inputs are make(); make_fresh() holds one that takes the other side on trip 3."""
import torch


class ContinueOnLastTrip(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.inp = torch.nn.Linear(3, 3)

    def forward(self, x):
        x = torch.tanh(self.inp(x)) * 2.72
        for _ in range(5):
            x = x * 0.89 + -0.09
            if x.mean() > -0.06:
                continue
            x = torch.tanh(x)
        return x, x.sum(1)


def _model():
    torch.manual_seed(717)
    model = ContinueOnLastTrip().eval()
    for p in model.parameters():
        p.requires_grad_(False)
    return model


def _input(seed, scale, shift):
    g = torch.Generator().manual_seed(seed)
    return (torch.randn(3, 3, generator=g) * scale + shift,)


def make():
    # Trips: continue x4 then tanh on trip 5.
    return _model(), [_input(717002, 2.0, 0.5)]


def make_fresh():
    # The recorded input, then one whose trips are continue, continue, tanh x3.
    return _model(), [_input(717002, 2.0, 0.5), _input(717501, 4.0, 0.5)]
