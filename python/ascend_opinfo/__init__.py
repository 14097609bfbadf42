"""ascend_opinfo: PyTorch's own op test database (OpInfo) as an ascend-opt test suite.

Every sample of `torch.testing._internal.common_methods_invocations.op_db` (for the
dtypes float32, float16, bfloat16, int64 and bool) is wrapped in a module whose inputs
are the sample's tensors, recorded with ascend_trace, compiled with `ascend-compile
--emit=mindspore` and `--emit=aicore`, run with `ascend-run` at both levels against the
eager outputs the trace holds, and classified:

  pass        both levels run and match eager
  refused     a tool stopped with an error message (the message is kept)
  MISMATCH    a level ran and gave a different answer (a silent wrong answer)
  ABORT       a tool died (signal, LLVM ERROR, stack dump) or timed out
  RECORDER    the recorder raised something other than its own RecordError
  unusable    the sample itself does not make a test (eager raises, random or
              non-tensor or complex results, dtypes the trace format has no name for)

    python -m ascend_opinfo --bin build/bin [--subset ci] [--ops add,mul] [--jobs 2]

prints a per-entry table and a summary and exits 1 on any MISMATCH, ABORT or RECORDER
sample. bench/opinfo_sweep.py is the full sweep (every sample); `--subset ci` is the
deterministic few-minute subset that test/OpInfo runs.
"""

from .harness import (CLASSES, DTYPES, EntryResult, SampleResult, ci_subset, load_op_db,
                      main, run_entries)

__all__ = ["CLASSES", "DTYPES", "EntryResult", "SampleResult", "ci_subset", "load_op_db",
           "main", "run_entries"]
