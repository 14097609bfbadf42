"""ascend_trace: records PyTorch eager (PYNATIVE) runs into ascend-opt trace files.

The trace format is lib/Trace/PyNativeTrace.proto (documented in docs/TraceFormat.md).

    import ascend_trace
    ascend_trace.record(model, [(x1,), (x2,)], "model.pntrace")

    with ascend_trace.Recorder("model.pntrace", model) as rec:
        model(x1)
        model(x2)

torch is imported lazily so that `python -m ascend_trace` can explain what is missing
when torch is not installed for the interpreter in use.
"""

__version__ = "0.1.0"
FORMAT_VERSION = 1

__all__ = ["Recorder", "RecordError", "record", "load_trace", "__version__", "FORMAT_VERSION"]

TORCH_MISSING_MESSAGE = (
    "ascend_trace needs PyTorch. On Debian install it with\n"
    "    apt-get install python3-torch python3-torchvision\n"
    "and run the recorder with /usr/bin/python3 (Debian's packages install for that "
    "interpreter only; another `python3` may come first on PATH)."
)

PROTOBUF_MISSING_MESSAGE = (
    "ascend_trace needs the protobuf runtime and the generated module "
    "ascend_trace/PyNativeTrace_pb2.py. On Debian install python3-protobuf and use the "
    "package from the build tree (<build>/python), where CMake generates the module."
)


def __getattr__(name):
    if name in ("Recorder", "RecordError", "record", "load_trace"):
        from . import recorder

        return getattr(recorder, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
