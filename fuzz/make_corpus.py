#!/usr/bin/env python3
"""Writes a seed corpus for trace-reader-fuzzer from the test suite's traces.

Every protobuf-text trace given (files or directories searched for *.txtpb) that
parses as ascend.trace.Trace is written to OUT as binary protobuf, named after
its path; binary traces (*.pntrace) are copied. Text files that are not valid
traces (tests of the text parser's errors) are skipped. Needs the package built
by the main build on PYTHONPATH (ascend_trace.PyNativeTrace_pb2).

Usage: fuzz/make_corpus.py OUT PATH...
"""
import os
import sys

from google.protobuf import text_format

from ascend_trace import PyNativeTrace_pb2 as pb


def inputs(paths):
    for path in paths:
        if os.path.isdir(path):
            for root, _, files in sorted(os.walk(path)):
                for name in sorted(files):
                    if name.endswith((".txtpb", ".pntrace")):
                        yield os.path.join(root, name)
        else:
            yield path


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__.strip().splitlines()[-1])
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    written = 0
    for path in inputs(sys.argv[2:]):
        with open(path, "rb") as f:
            data = f.read()
        if not path.endswith(".pntrace"):
            trace = pb.Trace()
            try:
                text_format.Parse(data.decode("utf-8"), trace)
            except (text_format.ParseError, UnicodeDecodeError):
                continue
            data = trace.SerializeToString()
        name = path.strip("/").replace("/", "_")
        with open(os.path.join(out, name + ".bin"), "wb") as f:
            f.write(data)
        written += 1
    print(f"make_corpus: wrote {written} seeds to {out}")


if __name__ == "__main__":
    main()
