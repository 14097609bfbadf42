"""`python -m ascend_opinfo`: see ascend_opinfo.harness.main."""
import sys

from .harness import main

sys.exit(main())
