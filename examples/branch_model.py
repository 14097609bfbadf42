"""A small MLP with a tensor-valued `if` between its two Linear layers.

    h = fc1(x)
    if h.sum() > 0:  h = h * 2
    else:            h = h - 1
    y = fc2(relu(h))

make() returns two seeded runs that take opposite sides of the `if`, so a trace of both
shows the branch at one source line with both values (the compiler turns it into a cond).

    ascend-trace record examples/branch_model.py -o branch_model.pntrace
"""
import torch


class BranchMLP(torch.nn.Module):
    def __init__(self, features=8, hidden=16, out=4):
        super().__init__()
        self.fc1 = torch.nn.Linear(features, hidden)
        self.act = torch.nn.ReLU()
        self.fc2 = torch.nn.Linear(hidden, out)

    def forward(self, x):
        h = self.fc1(x)
        if h.sum() > 0:
            h = h * 2
        else:
            h = h - 1
        return self.fc2(self.act(h))


def make():
    torch.manual_seed(0)
    model = BranchMLP().eval()
    # h.sum() = x @ w + c with w = fc1.weight.sum(0): inputs far along +w / -w take the
    # `if` side / the `else` side whatever the small random part is.
    w = model.fc1.weight.detach().sum(0)
    direction = w / w.norm()
    noise = 0.1 * torch.randn(2, 8)
    positive = noise + 4.0 * direction
    negative = noise - 4.0 * direction
    return model, [(positive,), (negative,)]
