"""Integer index tensors after full slices: x[:, j] reads (Gather on dim 1),
y[:, i] = v and y[:, j, i] = v (TensorScatterUpdate with the indexed
dimensions transposed to the front), y[:, :, i, j] = c, and
aten.index_put_(y, [None, j], v, accumulate=True) (TensorScatterAdd)."""
import torch


class IndexWrites(torch.nn.Module):
    def forward(self, x, i, j):
        y = x * 1.0
        y[:, i] = x[:, j] * 2.0
        y[:, :, i, j] = 1.5
        torch.ops.aten.index_put_(y, [None, j], torch.full((2, 2, 3, 5), 0.25),
                                  True)
        z = y[:, i]
        y[:, j, i] = torch.ones(2, 2, 5)
        return y, z


def make():
    g = torch.Generator().manual_seed(0)

    def quarters(*shape):  # exact in f32
        return torch.randint(-8, 9, shape, generator=g).float() / 4

    return IndexWrites().eval(), [
        (quarters(2, 4, 3, 5), torch.tensor([0, 2]), torch.tensor([1, -1])),
        (quarters(2, 4, 3, 5), torch.tensor([2, 1]), torch.tensor([0, 0]))]
