"""Inputs for break_at_different_trips.py that break at trips no recorded run did."""
from break_at_different_trips import make_unseen as make  # noqa: F401
