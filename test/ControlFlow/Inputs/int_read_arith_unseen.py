"""Fresh inputs for int_read_arith.py: some read values no recorded run read."""
from int_read_arith import make_unseen as make  # noqa: F401
