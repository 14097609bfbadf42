"""Tensor values of traces and MindIR files as numpy arrays, and ascend-run's comparison rule.

A value is a pair (numpy array, element type name). Element type names are MLIR's
("f32", "bf16", "i64", "i1", ...), as ascend-run prints them in its messages. numpy has
no bfloat16: a bf16 value is held as float32 (exact: bf16 is the upper half of f32) and
its type name says bf16.

The element type codes are those of MindIR's TensorProto.DataType, which the trace's
DType enum shares (lib/Trace/PyNativeTrace.proto).
"""

import math
import os

import numpy as np

# MindIR / trace dtype code -> (MLIR name, numpy dtype of the stored bytes,
#                               mindspore dtype attribute name).
DTYPES = {
    1: ("f32", np.float32, "float32"),
    2: ("ui8", np.uint8, "uint8"),
    3: ("i8", np.int8, "int8"),
    4: ("ui16", np.uint16, "uint16"),
    5: ("i16", np.int16, "int16"),
    6: ("i32", np.int32, "int32"),
    7: ("i64", np.int64, "int64"),
    9: ("i1", np.bool_, "bool_"),
    10: ("f16", np.float16, "float16"),
    11: ("f64", np.float64, "float64"),
    12: ("ui32", np.uint32, "uint32"),
    13: ("ui64", np.uint64, "uint64"),
    16: ("bf16", np.uint16, "bfloat16"),
}
FLOAT_TYPES = ("f16", "bf16", "f32", "f64")


class CheckError(Exception):
    """An error the command reports as one line (file and what is wrong)."""


def type_string(shape, element):
    """MLIR spelling of a tensor type: tensor<2x3xf32>, tensor<f32> for a scalar."""
    dims = "".join(f"{d}x" for d in shape)
    return f"tensor<{dims}{element}>"


def bf16_bits_to_f32(bits):
    return (bits.astype(np.uint32) << 16).view(np.float32)


def read_trace(path):
    """Parses the trace file `path` (binary protobuf, else protobuf text)."""
    from google.protobuf import message, text_format

    from ascend_trace import PyNativeTrace_pb2 as pb

    if not os.path.isfile(path):
        reason = "Is a directory" if os.path.isdir(path) else "No such file or directory"
        raise CheckError(f"cannot open input file '{path}': {reason}")
    with open(path, "rb") as f:
        data = f.read()
    if not data:
        raise CheckError(f"{path}: file is empty")
    trace = pb.Trace()
    try:
        trace.ParseFromString(data)
        if trace.format_version:
            return trace
    except message.DecodeError:
        pass
    trace = pb.Trace()
    try:
        text_format.Parse(data.decode("utf-8"), trace)
    except (UnicodeDecodeError, text_format.ParseError) as exc:
        raise CheckError(f"{path}: not a trace file (neither a binary trace nor protobuf "
                         f"text: {str(exc).splitlines()[0] if str(exc) else type(exc).__name__})")
    if not trace.format_version:
        raise CheckError(f"{path}: not a trace file (no format_version)")
    return trace


def tensor_value(value, trace_path, what, weights_cache):
    """The numpy value and element type name of a trace TensorValue."""
    code = value.type.dtype
    if code not in DTYPES:
        raise CheckError(f"{trace_path}: {what} has unsupported dtype {code}")
    element, np_dtype, _ = DTYPES[code]
    shape = tuple(value.type.shape)
    data = value.data
    if value.HasField("external"):
        weights = trace_path + ".weights"
        if weights not in weights_cache:
            try:
                with open(weights, "rb") as f:
                    weights_cache[weights] = f.read()
            except OSError as exc:
                raise CheckError(f"{trace_path}: {what} refers to weights file '{weights}', "
                                 f"which cannot be read: {exc.strerror}")
        blob = weights_cache[weights]
        start, length = value.external.offset, value.external.length
        if start + length > len(blob):
            raise CheckError(f"{trace_path}: {what} refers to bytes [{start}, {start + length}) "
                             f"of weights file '{weights}', which holds only {len(blob)} bytes")
        data = blob[start:start + length]
    count = math.prod(shape)
    expected = count * np.dtype(np_dtype).itemsize
    if len(data) != expected:
        raise CheckError(f"{trace_path}: {what} has {len(data)} bytes, its type "
                         f"{type_string(shape, element)} needs {expected}")
    array = np.frombuffer(data, dtype=np.dtype(np_dtype).newbyteorder("<")).reshape(shape)
    if element == "bf16":
        array = bf16_bits_to_f32(array)
    return array.astype(array.dtype.newbyteorder("="), copy=True), element


def recorded_runs(trace, trace_path):
    """[(inputs, outputs)] of every run, each a list of (array, element) pairs."""
    cache = {}
    runs = []
    for r, run in enumerate(trace.runs):
        inputs = [tensor_value(i.value, trace_path, f"run {r}: input {k}", cache)
                  for k, i in enumerate(run.inputs)]
        outputs = [tensor_value(o.value, trace_path, f"run {r}: output {k}", cache)
                   for k, o in enumerate(run.outputs)]
        runs.append((inputs, outputs))
    return runs


def format_error(v):
    """As ascend-run prints an error figure (printf %.2g)."""
    return "%.2g" % v


class Tolerance:
    """ascend-run's Tolerance (include/ascend/Execution/CPURunner.h): a float element
    passes when |got - eager| <= atol x max(1, max |eager|) + rtol x |eager|, or, when
    `ulps` > 0, when |got - eager| <= ulps x ulp(|eager|) in `ulp_type` (f16 or bf16)."""

    def __init__(self, rtol=0.0, atol=0.0, ulps=0.0, ulp_type=None):
        self.rtol, self.atol, self.ulps, self.ulp_type = rtol, atol, ulps, ulp_type

    @staticmethod
    def for_element_type(element):
        """Tolerance::forElementType: 1 ulp for f16/bf16, atol 1e-5 for f32/f64, exact
        for integers and booleans."""
        if element in ("f16", "bf16"):
            return Tolerance(ulps=1.0, ulp_type=element)
        if element in FLOAT_TYPES:
            return Tolerance(atol=1e-5)
        return Tolerance()

    @staticmethod
    def for_computation(element, precision):
        """Tolerance::forComputation: 1 ulp of `precision` when the output (a float) was
        computed (partly) in f16 or bf16, else for_element_type(element)."""
        if element in FLOAT_TYPES and precision in ("f16", "bf16"):
            return Tolerance(ulps=1.0, ulp_type=precision)
        return Tolerance.for_element_type(element)

    def describe(self):
        """As ascend-run names a tolerance."""
        if self.ulps > 0:
            return f"{format_error(self.ulps)} ulp of {self.ulp_type} at |eager|"
        if self.atol == 0 and self.rtol == 0:
            return "exact"
        s = f"atol {format_error(self.atol)} x max(1, max |eager|)"
        if self.rtol != 0:
            s += f" + rtol {format_error(self.rtol)} x |eager|"
        return s


def ulp_at(x, ulp_type):
    """The spacing of `ulp_type`'s values just above |x| (x rounded to that type, nearest
    even), as ascend-run's ulpAt: the spacing below the largest finite value, inf for an
    infinite or NaN x. `x` is a float64 array; the result one of its shape."""
    a = np.abs(np.asarray(x, dtype=np.float64))
    with np.errstate(over="ignore", invalid="ignore"):
        if ulp_type == "f16":
            v = a.astype(np.float16)
            bits = v.view(np.uint16).astype(np.int64)
            to_float = lambda b: b.astype(np.uint16).view(np.float16).astype(np.float64)  # noqa: E731
            inf_bits = 0x7C00
        else:  # bf16: float32 rounded to its upper half
            f = a.astype(np.float32).view(np.uint32).astype(np.int64)
            bits = (f + 0x7FFF + ((f >> 16) & 1)) >> 16
            bits = np.where(np.isnan(a), 0x7FC0, bits)
            to_float = lambda b: ((b.astype(np.uint32) << 16).view(np.float32)  # noqa: E731
                                  .astype(np.float64))
            inf_bits = 0x7F80
        value = to_float(bits)
        top = bits + 1 >= inf_bits
        nxt = to_float(np.where(top, bits - 1, bits + 1))
        spacing = np.where(top, value - nxt, nxt - value)
        return np.where(np.isfinite(value), spacing, np.inf)


def output_precisions(model):
    """The coarsest float element type each output of a MindIR file's main graph is
    computed in, as ascend-run's computationPrecision on the module: the output types
    of the nodes with inputs (Constant nodes, parameters and graph inputs are no
    computation) among the nodes each output depends on, the graphs it calls or
    closes over included. One entry per output (MakeTuple outputs flattened), the MLIR
    name ("bf16", "f16", "f32", "f64") or None when no float is computed."""
    nodes = {}
    for graph in [model.graph, *model.functions]:
        for node in graph.node:
            nodes[node.name] = node
    graphs = {g.name: g for g in model.functions}
    rank = {"bf16": 0, "f16": 1, "f32": 2, "f64": 3}

    def types_of(attribute, out):
        for tensor in attribute.tensors:
            element = DTYPES.get(tensor.data_type, (None,))[0]
            if element in rank:
                out.add(element)
        for value in attribute.values:
            types_of(value, out)

    def precision(name):
        found, seen, work = set(), set(), [name]
        while work:
            n = work.pop()
            if n in seen:
                continue
            seen.add(n)
            if n in graphs:
                work.extend(node.name for node in graphs[n].node)
                continue
            node = nodes.get(n)
            if node is None or node.op_type == "Constant" or not node.input:
                continue
            for attribute in node.attribute:
                if attribute.name == "shape":
                    types_of(attribute, found)
            primitive = node.op_type.split("::")[-1].split(":")[0]
            # Depend(value, ordering): only the value is computed into the output.
            work.extend(node.input[:1] if primitive == "Depend" else node.input)
        return min(found, key=rank.get) if found else None

    def leaves(name):
        node = nodes.get(name)
        if node is not None and node.op_type.split("::")[-1].split(":")[0] == "MakeTuple":
            return [leaf for i in node.input for leaf in leaves(i)]
        return [name]

    return [precision(leaf) for out in model.graph.output for leaf in leaves(out.name)]


def compare(got, eager, tolerance=None):
    """Compares one output with its eager value as ascend-run's compareTensors does.

    `got` and `eager` are (array, element) pairs; `tolerance` (a Tolerance: the user's,
    or Tolerance.for_computation of the output) replaces the default of float outputs.
    Returns (ok, max_abs, max_rel, tolerance text, mismatch text or None).
    """
    (g, g_type), (e, e_type) = got, eager
    tol = Tolerance.for_element_type(e_type)
    if tolerance is not None and e_type in FLOAT_TYPES:
        tol = tolerance
    rtol, atol = tol.rtol, tol.atol
    text = tol.describe()
    if g_type != e_type or tuple(g.shape) != tuple(e.shape):
        return (False, 0.0, 0.0, text,
                f"type {type_string(g.shape, g_type)} differs from the eager type "
                f"{type_string(e.shape, e_type)}")
    gd = g.astype(np.float64).ravel()
    ed = e.astype(np.float64).ravel()
    if ed.size == 0:
        return True, 0.0, 0.0, text, None
    finite = np.abs(ed[np.isfinite(ed)])
    scale = max(1.0, float(finite.max())) if finite.size else 1.0
    with np.errstate(invalid="ignore", over="ignore"):
        same = (np.isnan(gd) & np.isnan(ed)) | (gd == ed)
        err = np.where(same, 0.0, np.abs(gd - ed))
        err = np.where(np.isnan(err), np.inf, err)
        nonzero = ed != 0
        rel = err[nonzero] / np.abs(ed[nonzero])
        bound = (tol.ulps * ulp_at(ed, tol.ulp_type) if tol.ulps > 0
                 else atol * scale + rtol * np.abs(ed))
        bad = ~same & ~(err <= bound)
    max_abs = float(err.max())
    max_rel = float(rel.max()) if rel.size else 0.0
    if not bad.any():
        return True, max_abs, max_rel, text, None
    first = int(np.argmax(bad))
    index = ", ".join(str(int(i)) for i in np.unravel_index(first, e.shape)) if e.ndim else ""
    return (False, max_abs, max_rel, text,
            f"element [{index}] is {'%.9g' % gd[first]}, eager {'%.9g' % ed[first]}")
