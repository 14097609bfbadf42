"""Inputs for continue_on_last_trip.py: the recorded one and one that leaves the
`continue` side on trip 3."""
from continue_on_last_trip import make_fresh as make  # noqa: F401
