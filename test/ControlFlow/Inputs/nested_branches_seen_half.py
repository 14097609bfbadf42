"""The model of nested_branches.py recorded on its positive inputs only."""
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from nested_branches import make_first_two as make  # noqa: E402,F401
