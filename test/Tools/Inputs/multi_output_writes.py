# torch.max(x, dim) and argmax (ArgMaxWithValue), equal chunk/split/unbind
# (Split) next to an unequal split (StridedSlices), writes through integer
# index tensors (x[i] = v, x[j, i] = c, accumulate=True with a repeated index), a write
# through a strided slice (x[::2] = v) and a grouped ConvTranspose2d.
import torch


class MultiOutputWrites(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.up = torch.nn.ConvTranspose2d(4, 6, 3, stride=2, padding=1,
                                           output_padding=1, groups=2)

    def forward(self, x, i, j):
        values, indices = torch.max(x, 1)
        best = torch.argmax(x, dim=0, keepdim=True)
        a, b = torch.chunk(x, 2, dim=1)
        c = torch.split(x, [1, 3], dim=1)
        rows = torch.unbind(x, dim=0)
        y = x.clone()
        y[i] = x[1:3] * 0.5
        y.index_put_((j,), x[:2], accumulate=True)
        y[j, i] = 7.0
        z = x * 2.0
        z[::2] = b[1::2].sum(1, keepdim=True)
        z[1:, 1::2] = -1.0
        img = self.up(x.reshape(1, 4, 2, 3))
        return (values, indices, best, a - b, c[1], rows[2], y, z, img)


def quarters(*shape):
    """Values in quarter steps: every sum and product above is exact in f32."""
    return torch.randint(-8, 9, shape).float() / 4


def make():
    torch.manual_seed(0)
    model = MultiOutputWrites().eval()
    with torch.no_grad():
        model.up.weight.copy_(quarters(*model.up.weight.shape))
        model.up.bias.copy_(quarters(*model.up.bias.shape))
    runs = [(quarters(6, 4), torch.tensor([0, 2]), torch.tensor([5, 5])),
            (quarters(6, 4), torch.tensor([3, -1]), torch.tensor([1, -5]))]
    return model, runs
