"""halve_until_small.py on inputs needing more trips than any recorded run."""
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from halve_until_small import make_unseen_trip_count as make  # noqa: E402,F401
