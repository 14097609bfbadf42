"""Shifted-window attention (Swin style) with a relative-position bias table.

A 1x8x8x16 feature map in windows of 4x4: torch.roll by half a window, window
partition (view / permute), attention with a learned [(2w-1)^2, heads] bias table
gathered by a fixed relative-position index, the shifted-window mask added to the
scores, window merge, roll back, a residual and an MLP. 2 heads.
"""
import torch
from torch import nn
from torch.nn import functional as F


def relative_index(w):
    coords = torch.stack(torch.meshgrid(torch.arange(w), torch.arange(w), indexing="ij"))
    flat = coords.flatten(1)
    rel = (flat[:, :, None] - flat[:, None, :]).permute(1, 2, 0) + (w - 1)
    return rel[:, :, 0] * (2 * w - 1) + rel[:, :, 1]


def shift_mask(size, w, s):
    img = torch.zeros(size, size)
    cnt = 0
    for hs in (slice(0, -w), slice(-w, -s), slice(-s, None)):
        for ws in (slice(0, -w), slice(-w, -s), slice(-s, None)):
            img[hs, ws] = cnt
            cnt += 1
    win = img.view(size // w, w, size // w, w).permute(0, 2, 1, 3).reshape(-1, w * w)
    diff = win[:, None, :] - win[:, :, None]
    return diff.masked_fill(diff != 0, -100.0)


class ShiftedWindowAttention(nn.Module):
    def __init__(self, dim=16, size=8, window=4, heads=2):
        super().__init__()
        self.w, self.s, self.heads = window, window // 2, heads
        self.norm1 = nn.LayerNorm(dim)
        self.qkv = nn.Linear(dim, 3 * dim)
        self.proj = nn.Linear(dim, dim)
        self.table = nn.Parameter(torch.randn((2 * window - 1) ** 2, heads) * 0.02)
        self.register_buffer("index", relative_index(window).reshape(-1))
        self.register_buffer("mask", shift_mask(size, window, window // 2))
        self.norm2 = nn.LayerNorm(dim)
        self.mlp = nn.Sequential(nn.Linear(dim, 2 * dim), nn.GELU(), nn.Linear(2 * dim, dim))

    def forward(self, x):
        b, h, w_, c = x.shape
        w, n = self.w, self.w * self.w
        y = torch.roll(self.norm1(x), shifts=(-self.s, -self.s), dims=(1, 2))
        y = y.view(b, h // w, w, w_ // w, w, c).permute(0, 1, 3, 2, 4, 5).reshape(-1, n, c)
        qkv = self.qkv(y).reshape(y.shape[0], n, 3, self.heads, c // self.heads)
        q, k, v = qkv.permute(2, 0, 3, 1, 4).unbind(0)
        att = (q * (c // self.heads) ** -0.5) @ k.transpose(-2, -1)
        bias = self.table[self.index].view(n, n, self.heads).permute(2, 0, 1)
        att = att + bias.unsqueeze(0)
        windows = self.mask.shape[0]
        att = att.view(b, windows, self.heads, n, n) + self.mask[None, :, None]
        att = F.softmax(att.view(-1, self.heads, n, n), dim=-1)
        y = (att @ v).transpose(1, 2).reshape(-1, n, c)
        y = self.proj(y).view(b, h // w, w_ // w, w, w, c).permute(0, 1, 3, 2, 4, 5)
        y = torch.roll(y.reshape(b, h, w_, c), shifts=(self.s, self.s), dims=(1, 2))
        x = x + y
        return x + self.mlp(self.norm2(x))


def make():
    torch.manual_seed(5)
    model = ShiftedWindowAttention().eval()
    return model, [(torch.randn(1, 8, 8, 16),), (torch.randn(1, 8, 8, 16),)]
