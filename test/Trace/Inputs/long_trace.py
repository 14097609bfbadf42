"""Writes the text trace of a synthetic stack of about N recorded ops (the
compile benchmark's transformer-like layers, bench/compile_scaling.py).

Usage: long_trace.py N OUT.txtpb
"""
import os
import sys

from ascend_trace import PyNativeTrace_pb2 as pb
from google.protobuf import text_format

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "bench"))
from compile_scaling import make_trace  # noqa: E402


def main(n, out):
    trace, _ = make_trace(pb, int(n))
    with open(out, "w") as f:
        f.write(text_format.MessageToString(trace))


if __name__ == "__main__":
    main(*sys.argv[1:])
