"""Inputs for continue_on_some_last_trips.py: the recorded ones, then fresh ones."""
from continue_on_some_last_trips import make_fresh as make  # noqa: F401
