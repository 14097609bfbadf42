"""Writes a trace twice: as protobuf serializes it, and re-encoded by hand in
ways the wire format allows but the serializer never uses, to test that the
importer's streaming reader (lib/Trace/TraceImport.cpp) reads what protobuf
reads.

  wire_variants.py TRACE.txtpb CANONICAL.pntrace VARIANT.pntrace

The variant, for every run and event: the top-level fields and each run's
fields in reverse order (runs and events still in order); each event's `loc`
split into two occurrences (frames, then the module path and type: protobuf
merges them); each op event split into two `op` occurrences (name and
arguments, then results and the rest); a branch that first appears as a
loop iteration (a oneof member replaced by another); unknown fields (a
varint, a length-delimited field and a group) in every event, op, argument
and location; repeated scalars (shapes, list values, tensor ids, mutated
arguments) unpacked. The script checks that protobuf parses the variant to
the same message as the canonical file.
"""
import struct
import sys

from ascend_trace import PyNativeTrace_pb2 as pb
from google.protobuf import text_format

VARINT, FIXED64, LEN, START_GROUP, END_GROUP = 0, 1, 2, 3, 4


def varint(n):
    n &= (1 << 64) - 1
    out = bytearray()
    while True:
        byte = n & 0x7F
        n >>= 7
        if n:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def tag(number, wire_type):
    return varint(number << 3 | wire_type)


def field(number, payload):
    return tag(number, LEN) + varint(len(payload)) + payload


def unknown():
    """A varint, a length-delimited and a group field no message declares."""
    return (tag(900, VARINT) + varint(7) + field(901, b"\x01\x02") +
            tag(902, START_GROUP) + tag(1, VARINT) + varint(3) + tag(902, END_GROUP))


def unpacked(number, values, double=False):
    if double:
        return b"".join(tag(number, FIXED64) + struct.pack("<d", v) for v in values)
    return b"".join(tag(number, VARINT) + varint(v) for v in values)


def tensor_type(t):
    return (tag(1, VARINT) + varint(t.dtype) if t.dtype else b"") + unpacked(2, t.shape)


def argument(a):
    out = field(1, a.name.encode()) if a.name else b""
    kind = a.WhichOneof("value")
    if kind == "ints":
        out += field(7, unpacked(1, a.ints.values) + unknown())
    elif kind == "floats":
        out += field(8, unpacked(1, a.floats.values, double=True))
    elif kind == "tensors":
        out += field(9, unpacked(1, a.tensors.tensor_ids))
    elif kind is not None:
        single = pb.Argument()
        setattr(single, kind, getattr(a, kind))
        out += single.SerializeToString()
    if a.HasField("type"):
        out += field(12, tensor_type(a.type))
    return out + unknown()


def result(r):
    out = tag(1, VARINT) + varint(r.tensor_id)
    if r.HasField("type"):
        out += field(2, tensor_type(r.type))
    return out + tag(3, VARINT) + varint(r.alias_of)


def op_event(op):
    first = field(1, op.name.encode()) + b"".join(field(2, argument(a)) for a in op.args)
    rest = (b"".join(field(3, result(r)) for r in op.results) +
            unpacked(4, op.mutated_args) +
            (tag(5, VARINT) + varint(op.function_call) if op.function_call else b""))
    return field(2, first + unknown()) + field(2, rest)


def location(loc):
    frames = b"".join(field(1, f.SerializeToString() + unknown()) for f in loc.frames)
    rest = pb.Location(module_path=loc.module_path, module_type=loc.module_type)
    return field(1, frames + unknown()) + field(1, rest.SerializeToString())


def event(e):
    out = location(e.loc) if e.HasField("loc") else b""
    kind = e.WhichOneof("kind")
    if kind == "op":
        out += op_event(e.op)
    elif kind == "branch":
        # First a loop iteration, then the branch that replaces it.
        out += field(5, pb.LoopIterEvent(iteration=3).SerializeToString())
        out += field(3, e.branch.SerializeToString())
    elif kind is not None:
        single = pb.Event()
        getattr(single, kind).CopyFrom(getattr(e, kind))
        out += single.SerializeToString()
    return out + unknown()


def reversed_fields(message, encode_repeated):
    """The message's fields in reverse field order; repeated message fields
    named in encode_repeated are encoded by the given function, in order."""
    parts = []
    for descriptor, value in message.ListFields():
        if descriptor.name in encode_repeated:
            parts.append(b"".join(field(descriptor.number, encode_repeated[descriptor.name](v))
                                  for v in value))
        else:
            single = type(message)()
            if descriptor.label == descriptor.LABEL_REPEATED:
                getattr(single, descriptor.name).extend(value)
            elif descriptor.message_type is not None:
                getattr(single, descriptor.name).CopyFrom(value)
            else:
                setattr(single, descriptor.name, value)
            parts.append(single.SerializeToString())
    return b"".join(reversed(parts))


def run(r):
    return reversed_fields(r, {"events": event})


def main():
    trace = text_format.Parse(open(sys.argv[1]).read(), pb.Trace())
    canonical = trace.SerializeToString()
    variant = reversed_fields(trace, {"runs": run})
    parsed = pb.Trace()
    parsed.ParseFromString(variant)
    # The branch's loop iteration was replaced: compare without unknown fields.
    parsed.DiscardUnknownFields()
    if parsed.SerializeToString() != canonical:
        sys.exit("wire_variants: protobuf reads the variant differently")
    if variant == canonical:
        sys.exit("wire_variants: the variant is not re-encoded")
    open(sys.argv[2], "wb").write(canonical)
    open(sys.argv[3], "wb").write(variant)


if __name__ == "__main__":
    main()
