"""Writes a damaged binary copy of a text trace, for the reader's error tests.

Usage: damage_trace.py TEXT.txtpb OUT.pntrace MODE
  cut-event R E   cut the file in the middle of event E of run R
  cut-param P     cut the file in the middle of parameter P
  cut-between R   cut the file right after the last event of run R, before
                  its outputs
  cut-field R F   cut the file in the middle of the scalar field F of run R
                  (of the trace header when R is -1)
  bad-event R E   give event E of run R a field of wire type 7 (no field of
                  protobuf uses it), keeping every length intact
  undefined-arg R E
                  make the first tensor argument of event E of run R name a
                  tensor id no input or event defines (the event still
                  parses; the importer rejects it)
"""
import sys

from ascend_trace import PyNativeTrace_pb2 as pb
from google.protobuf import text_format


def offset_of(data, message):
    """Byte offset of `message`'s serialization inside `data` (unique)."""
    raw = message.SerializeToString()
    at = data.find(raw)
    assert at >= 0 and data.find(raw, at + 1) < 0, "ambiguous element"
    return at, len(raw)


def main(text, out, mode, *indices):
    trace = text_format.Parse(open(text).read(), pb.Trace())
    data = trace.SerializeToString()
    idx = [int(i) for i in indices if i.lstrip("-").isdigit()]
    if mode == "cut-event":
        at, size = offset_of(data, trace.runs[idx[0]].events[idx[1]])
        data = data[:at + size // 2]
    elif mode == "cut-param":
        at, size = offset_of(data, trace.parameters[idx[0]])
        data = data[:at + size // 2]
    elif mode == "cut-between":
        run = trace.runs[idx[0]]
        at, size = offset_of(data, run.events[len(run.events) - 1])
        data = data[:at + size]
    elif mode == "cut-field":
        owner = trace if idx[0] < 0 else trace.runs[idx[0]]
        name = indices[1]
        piece = type(owner)()
        setattr(piece, name, getattr(owner, name))
        raw = piece.SerializeToString()
        start = 0 if idx[0] < 0 else offset_of(data, owner)[0]
        at = data.find(raw, start)
        assert at >= 0, "field not found"
        data = data[:at + len(raw) // 2]
    elif mode == "bad-event":
        event = trace.runs[idx[0]].events[idx[1]]
        at, size = offset_of(data, event)
        # Replace the event's first byte (its first field's tag) by a tag of
        # field 1 with wire type 7; the lengths around it stay right.
        data = data[:at] + bytes([0x0F]) + data[at + 1:]
    elif mode == "undefined-arg":
        event = trace.runs[idx[0]].events[idx[1]]
        arg = next(a for a in event.op.args if a.WhichOneof("value") == "tensor")
        arg.tensor = 999999
        data = trace.SerializeToString()
    else:
        sys.exit(f"unknown mode {mode}")
    open(out, "wb").write(data)


if __name__ == "__main__":
    main(*sys.argv[1:])
