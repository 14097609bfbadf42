"""A `while` with an `if` in its body that only the last recorded trip of a
run takes the other way (program 44 of python/tests/controlflow_gen.py): the
differing `if` is not the loop's exit."""
import torch


class Program(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.inp = torch.nn.Linear(4, 4)
        self.mix = torch.nn.Linear(4, 4)
        self.layers = torch.nn.ModuleList([torch.nn.Linear(4, 4) for _ in range(4)])

    def forward(self, x):
        x = torch.tanh(self.inp(x)) * 1.77
        while x.abs().max() > 0.63:
            x = x * 0.45 + 0.05 * torch.tanh(self.mix(x))
            if x.mean() > 0.03:
                x = x - 0.01
        x = x - x.mean(1, keepdim=True)
        n1 = int((x > 0.2).sum()) % 4
        for _ in range(n1):
            x = x * 0.78 + 0.1
        x = torch.sigmoid(x) * 1.65 - 0.5
        return x


def _runs(specs):
    runs = []
    for seed, rows, scale, shift in specs:
        g = torch.Generator().manual_seed(seed)
        runs.append((torch.randn(rows, 4, generator=g) * scale + shift,))
    return runs


def _model():
    torch.manual_seed(44)
    model = Program().eval()
    for p in model.parameters():
        p.requires_grad_(False)
    return model


def make():
    return _model(), _runs([(44001, 3, 1.0, 0.0), (44002, 3, 4.0, 0.0)])


def make_fresh():
    """Inputs no recorded run had (other values; a shape no run had now and then)."""
    return _model(), _runs([(44500, 3, 0.1, -0.5), (44501, 3, 4.0, -0.5), (44502, 3, 1.0, 0.0), (44503, 3, 0.1, 0.0), (44900, 4, 1.0, 0.0)])
