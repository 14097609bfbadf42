"""Two levels of tensor-valued `if`: four runs, one per path."""
import torch


class NestedBranches(torch.nn.Module):
    def forward(self, x):
        if x.sum() > 0:
            if x.mean() > 2:
                y = x * 3
            else:
                y = x + 1
        else:
            if (x * -1.0).mean() > 2:
                y = torch.relu(x)
            else:
                y = x - 1
        return torch.softmax(y, -1)


def make():
    torch.manual_seed(0)
    runs = [(torch.full((2, 4), v) + 0.01 * torch.randn(2, 4),) for v in (3.0, 0.5, -3.0, -0.5)]
    return NestedBranches().eval(), runs


def make_first_two():
    """Only the two paths of the positive side: the negative side is never seen."""
    model, runs = make()
    return model, runs[:2]
