"""`python -m ascend_mindspore_check ...` (installed as the `ascend-mindspore-check` script)."""
import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
