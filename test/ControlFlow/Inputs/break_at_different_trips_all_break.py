"""break_at_different_trips.py recorded only on inputs that break (at trips 1
and 3): no run shows where the loop ends without a break."""
import torch

from break_at_different_trips import make as make_all


def make():
    model, runs = make_all()
    return model, runs[:2]
