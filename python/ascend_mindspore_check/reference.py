"""Reference traces: inputs and expected outputs from outside PyTorch as a .pntrace file.

A reference trace holds runs with inputs and outputs only (no events, no parameters).
That is all `ascend-run --trace` and `ascend-mindspore-check --trace` read, so a network
written by MindSpore itself can be checked against MindSpore's own outputs:

    from ascend_mindspore_check.reference import write_reference
    write_reference("net.pntrace", [([x], [y])], producer="mindspore 2.10.0", model="MLP")

Values are numpy arrays (a bf16 value: a float32 array with element "bf16").
"""

import os
import tempfile

import numpy as np

from . import values

_CODES = {
    np.dtype(np.float32): 1, np.dtype(np.uint8): 2, np.dtype(np.int8): 3,
    np.dtype(np.int16): 5, np.dtype(np.int32): 6, np.dtype(np.int64): 7,
    np.dtype(np.bool_): 9, np.dtype(np.float16): 10, np.dtype(np.float64): 11,
}


def tensor_value(pb, array, element=None):
    """A trace TensorValue of a numpy array; element "bf16" stores a float32 array as
    bfloat16 (rounded to nearest even)."""
    value = pb.TensorValue()
    array = np.asarray(array, order="C")  # (ascontiguousarray makes a 0-d array 1-d)
    if element == "bf16":
        bits = np.asarray(array, dtype=np.float32).view(np.uint32)
        rounded = (bits + 0x7FFF + ((bits >> 16) & 1)) >> 16
        value.type.dtype = 16
        value.data = rounded.astype("<u2").tobytes()
    else:
        if array.dtype not in _CODES:
            raise values.CheckError(f"cannot write a {array.dtype} value to a trace")
        value.type.dtype = _CODES[array.dtype]
        value.data = array.astype(array.dtype.newbyteorder("<")).tobytes()
    value.type.shape.extend(int(d) for d in array.shape)
    return value


def write_reference(path, runs, producer, model):
    """Writes `runs` [(inputs, outputs)] (lists of arrays or (array, element) pairs) to
    the trace `path` atomically. Tensor ids are 1, 2, ... in the order written."""
    from ascend_trace import FORMAT_VERSION
    from ascend_trace import PyNativeTrace_pb2 as pb

    trace = pb.Trace(format_version=FORMAT_VERSION, producer=producer, model=model)
    next_id = 1
    for inputs, outputs in runs:
        run = trace.runs.add(model=model)
        for kind, items in ((run.inputs, inputs), (run.outputs, outputs)):
            for item in items:
                array, element = item if isinstance(item, tuple) else (item, None)
                entry = kind.add(tensor_id=next_id)
                entry.value.CopyFrom(tensor_value(pb, array, element))
                next_id += 1
    directory = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix="." + os.path.basename(path) + ".", suffix=".tmp",
                               dir=directory)
    try:
        with os.fdopen(fd, "wb") as f:
            umask = os.umask(0)
            os.umask(umask)
            os.fchmod(f.fileno(), 0o666 & ~umask)  # mkstemp makes the file mode 0600
            f.write(trace.SerializeToString())
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise
