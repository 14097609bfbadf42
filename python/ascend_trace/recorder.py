"""Records eager runs of a torch.nn.Module into a PyNativeTrace (format 1).

What is captured (see docs/TraceFormat.md for the file format):
  * every aten op that runs during a top-level call of the model, via a TorchDispatchMode;
  * every function-level call (TorchFunctionMode, `torch.overrides.resolve_name`), each
    aten op linked to the function-level call it ran in (`function_mode=True`, default);
  * `Tensor.__bool__` (branch events) and `item`/`__int__`/`__float__`/`__index__`/`tolist`
    (scalar-read events), by patching those methods of torch.Tensor while recording;
  * loop-iteration marks (LoopIterEvent) from a `sys.settrace` tracer that is active in
    user frames only (`loop_marks=True`, default);
  * parameters, buffers, inputs, outputs and constants with their values; per run the
    train/grad flags and, in train mode, the RNG state;
  * the user frames and the module scope of every event.
"""

import dis
import gc
import inspect
import os
import re
import sys
import sysconfig
import tempfile
import threading
import weakref

from . import TORCH_MISSING_MESSAGE, PROTOBUF_MISSING_MESSAGE, FORMAT_VERSION, __version__
from . import decompose as _decompose

try:
    import torch
    from torch.utils._mode_utils import no_dispatch
    from torch.utils._python_dispatch import TorchDispatchMode
    from torch.overrides import TorchFunctionMode
except ImportError as exc:  # pragma: no cover - exercised via the CLI test
    raise ImportError(TORCH_MISSING_MESSAGE) from exc

# torch 1.13 runs dispatch modes through a Python stand-in, `_TorchDispatchStackMode`,
# set as the dispatcher's one Python mode; torch 2.x calls the mode on top of its
# stack from C++ (no stand-in, no `torch._C._set_torch_dispatch_mode`).
try:
    from torch.utils._python_dispatch import _TorchDispatchStackMode
except ImportError:
    _TorchDispatchStackMode = None

try:
    from . import PyNativeTrace_pb2 as pb
except ImportError as exc:  # pragma: no cover
    raise ImportError(PROTOBUF_MISSING_MESSAGE + f" ({exc})") from exc


class RecordError(RuntimeError):
    """The recording could not be completed; no trace file was written."""


# torch dtype -> ascend.trace.DType
DTYPES = {
    torch.float32: pb.DTYPE_FLOAT32,
    torch.uint8: pb.DTYPE_UINT8,
    torch.int8: pb.DTYPE_INT8,
    torch.int16: pb.DTYPE_INT16,
    torch.int32: pb.DTYPE_INT32,
    torch.int64: pb.DTYPE_INT64,
    torch.bool: pb.DTYPE_BOOL,
    torch.float16: pb.DTYPE_FLOAT16,
    torch.float64: pb.DTYPE_FLOAT64,
    torch.bfloat16: pb.DTYPE_BFLOAT16,
}
TORCH_DTYPES = {v: k for k, v in DTYPES.items()}

_TORCH_DIR = os.path.dirname(os.path.abspath(torch.__file__)) + os.sep
_PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__)) + os.sep
_STDLIB_DIR = os.path.abspath(sysconfig.get_paths()["stdlib"]) + os.sep


def _dependency_paths():
    """Where the packages torch itself uses live. torch 2.x imports some of them lazily
    inside the first op or call of a process (sympy for symbolic shapes, and what sympy
    imports): their frames are torch's work, not the model's, so they count as internal
    (no locations, no loop marks). Found without importing them."""
    import importlib.machinery

    paths = []
    for name in ("sympy", "mpmath", "typing_extensions", "filelock", "networkx", "jinja2",
                 "markupsafe", "fsspec", "torchgen", "functorch", "numpy", "packaging",
                 "opt_einsum", "optree"):
        try:
            spec = importlib.machinery.PathFinder.find_spec(name)
        except (ImportError, ValueError):
            continue
        if spec is None or not spec.origin:
            continue
        origin = os.path.abspath(spec.origin)
        if spec.submodule_search_locations:
            paths.append(os.path.dirname(origin) + os.sep)
        else:
            paths.append(origin)
    return tuple(paths)


_DEPENDENCY_PATHS = _dependency_paths()

# Bytecode at the user frame's f_lasti while Tensor.__bool__ runs -> BranchKind.
_BRANCH_KINDS = {
    "POP_JUMP_FORWARD_IF_FALSE": pb.BRANCH_IF,
    "POP_JUMP_FORWARD_IF_TRUE": pb.BRANCH_IF,
    "JUMP_IF_FALSE_OR_POP": pb.BRANCH_IF,  # `a and b` used as a value
    "JUMP_IF_TRUE_OR_POP": pb.BRANCH_IF,   # `a or b` used as a value
    "POP_JUMP_BACKWARD_IF_FALSE": pb.BRANCH_LOOP_BACKEDGE,
    "POP_JUMP_BACKWARD_IF_TRUE": pb.BRANCH_LOOP_BACKEDGE,
    # Python < 3.11 spellings, in case another interpreter is used.
    "POP_JUMP_IF_FALSE": pb.BRANCH_IF,
    "POP_JUMP_IF_TRUE": pb.BRANCH_IF,
    "CALL": pb.BRANCH_LIBRARY,
    "CALL_FUNCTION": pb.BRANCH_LIBRARY,
    "CALL_METHOD": pb.BRANCH_LIBRARY,
    "PRECALL": pb.BRANCH_LIBRARY,
}

# Methods of torch.Tensor patched while recording, and the method name recorded.
_SCALAR_READS = {"item": "item", "__int__": "int", "__float__": "float", "__index__": "index",
                 "tolist": "tolist"}
_MISSING = object()
_PATCHED_NAMES = {}  # our Tensor method wrappers -> the name of the method they replace

# Backward jumps (Python 3.11 spellings; 3.12 keeps only JUMP_BACKWARD).
_BACKWARD_JUMPS = {"JUMP_BACKWARD", "POP_JUMP_BACKWARD_IF_TRUE", "POP_JUMP_BACKWARD_IF_FALSE",
                   "POP_JUMP_BACKWARD_IF_NONE", "POP_JUMP_BACKWARD_IF_NOT_NONE"}


class _Internal:
    """The recorder's own tensor work: no dispatch mode, no function mode.

    The dispatch body (and the patched Tensor methods) may run while the function mode is
    on the stack; it is popped for the duration and pushed back afterwards.
    """

    # What no_dispatch() and torch.overrides._pop_mode_temporarily() do, without
    # their generator-based context managers (this runs twice per recorded op).
    __slots__ = ("_guard", "_popped")

    def __enter__(self):
        self._guard = torch._C._DisableTorchDispatch()
        self._popped = None
        if torch._C._len_torch_function_stack() > 0:
            self._popped = torch.overrides._pop_mode()
        return self

    def __exit__(self, *exc):
        if self._popped is not None:
            torch.overrides._push_mode(self._popped)
            self._popped = None
        self._guard = None  # ends the guard
        return False


# Per-code-object facts, kept for the life of the process (they depend on the code only):
_INTERNAL_FILES = {}  # file name -> _is_internal(file name)
_INTERNAL_CODE = {}   # code -> _is_internal(code.co_filename)
_POSITIONS = {}       # code -> per instruction (line or None, 1-based column or 0)
_LOOPS = {}           # code -> _find_loops(code), None when it has no loops (or is internal)


def _is_internal(filename):
    """Whether frames of this file are left out of locations and loop marks: torch, the
    recorder, and Python's own library (frozen modules such as <frozen abc> run only on
    some calls, e.g. the first isinstance check of a class, so they would make runs
    differ)."""
    internal = _INTERNAL_FILES.get(filename)
    if internal is None:
        path = os.path.abspath(filename) if not filename.startswith("<") else filename
        internal = (path.startswith(_TORCH_DIR) or path.startswith(_PACKAGE_DIR)
                    or path.startswith("<frozen ") or path.startswith(_STDLIB_DIR)
                    or path.startswith(_DEPENDENCY_PATHS))
        _INTERNAL_FILES[filename] = internal
    return internal


class _Loop:
    __slots__ = ("index", "head", "line", "column", "start", "end", "inner")


def _find_loops(code):
    """The loops of a code object: {body start offset: _Loop}, or None when it has none.

    A `for` loop is a FOR_ITER that a backward jump targets; its body starts at the
    instruction after the FOR_ITER (reached only when the iterator yields). A `while`
    loop is the target of a conditional backward jump (the test at the bottom) or, for
    `while True:`, of an unconditional one; the target is the first body instruction
    (the test at the top falls through to it). An unconditional backward jump into the
    test of an enclosing `while` loop is a `continue`, not a loop.
    """
    instructions = list(dis.get_instructions(code))
    by_offset = {ins.offset: i for i, ins in enumerate(instructions)}
    backward = [(ins.offset, ins.argval, ins.opname) for ins in instructions
                if ins.opname in _BACKWARD_JUMPS and isinstance(ins.argval, int) and ins.argval <= ins.offset]
    if not backward:
        return None
    positions = list(code.co_positions())

    def position(offset):
        index = offset // 2
        line, col = 0, 0
        if 0 <= index < len(positions):
            pline, _, pcol, _ = positions[index]
            line = pline or 0
            col = (pcol + 1) if pcol is not None else 0
        return line, col

    loops = {}  # body start -> [head offset, head position offset, end]
    conditional = [(off, tgt) for off, tgt, name in backward if name != "JUMP_BACKWARD"]
    for off, tgt, name in backward:
        i = by_offset.get(tgt)
        if i is None:
            continue
        if instructions[i].opname == "FOR_ITER":
            if i + 1 >= len(instructions):
                continue
            start, head = instructions[i + 1].offset, tgt
        elif name != "JUMP_BACKWARD":
            start, head = tgt, off
        elif any(t2 > tgt and t2 <= off <= o2 for o2, t2 in conditional):
            continue  # `continue` back to the test of an enclosing while loop
        else:
            start, head = tgt, off
        entry = loops.get(start)
        if entry is None:
            loops[start] = [head, head, off]
        else:
            entry[2] = max(entry[2], off)
            if instructions[by_offset[tgt]].opname != "FOR_ITER" and name != "JUMP_BACKWARD":
                entry[1] = off  # a while loop's head: its conditional back-edge
    if not loops:
        return None
    result = {}
    for n, (start, (head, head_pos, end)) in enumerate(sorted(loops.items())):
        loop = _Loop()
        loop.index = n
        loop.head = head
        loop.line, loop.column = position(head_pos)
        loop.start, loop.end = start, end
        result[start] = loop
    for loop in result.values():
        loop.inner = tuple(other.index for other in result.values()
                           if other is not loop and loop.start <= other.start and other.end <= loop.end)
    return result


def dtype_enum(dtype):
    """The DType enum value of a torch dtype (DTYPE_UNDEFINED if it has none)."""
    return DTYPES.get(dtype, pb.DTYPE_UNDEFINED)


def tensor_type(t):
    tt = pb.TensorType(dtype=dtype_enum(t.dtype))
    tt.shape.extend(int(s) for s in t.shape)
    return tt


def _set_type(tt, dtype, shape):
    """Fills the TensorType message tt (marking it present even when all is default)."""
    tt.dtype = DTYPES.get(dtype, pb.DTYPE_UNDEFINED)
    if shape:
        tt.shape.extend(shape)


def tensor_bytes(t):
    """Little-endian row-major bytes of a tensor's elements (must run under no_dispatch)."""
    t = t.detach()
    if t.device.type != "cpu":
        t = t.cpu()
    # The logical (row-major) elements: views, transposes and expanded tensors are
    # copied; reshape(-1) also gives stride 1 to a tensor that is_contiguous() only
    # because its last dimensions have size 1 (view(uint8) needs stride(-1) == 1).
    t = t.resolve_conj().resolve_neg().contiguous().reshape(-1)
    return t.view(torch.uint8).numpy().tobytes()


def _dtype_problem(dtype):
    """Why a tensor of this dtype cannot be in a trace (None when it can)."""
    if dtype in DTYPES:
        return None
    kind = "complex dtypes are not supported" if dtype.is_complex else "the trace format has no DType for it"
    return f"dtype {str(dtype).replace('torch.', '')}: {kind}"


def tensor_value(t):
    _check_dtype(t)
    return pb.TensorValue(type=tensor_type(t), data=tensor_bytes(t))


def _check_dtype(t, what="a tensor"):
    if t.dtype not in DTYPES:
        raise RecordError(f"cannot save the value of {what} of {_dtype_problem(t.dtype)}")


def _set_value(value, t):
    """Fills the TensorValue message `value` in place with t's type and bytes (the same
    message as tensor_value(t), without building and then copying a second one)."""
    _set_type(value.type, t.dtype, t.shape)
    data = tensor_bytes(t)
    if data:
        value.data = data


def value_to_tensor(value, weights=None):
    """Inverse of tensor_value: a TensorValue message back to a torch tensor.

    A value kept in the weights file (`value.external` set) is read from `weights`,
    the path of that file (the trace's path + ".weights")."""
    dtype = TORCH_DTYPES[value.type.dtype]
    shape = list(value.type.shape)
    data = value.data
    if value.HasField("external"):
        if weights is None:
            raise RecordError("the value is in the trace's weights file; pass its path")
        with open(weights, "rb") as f:
            f.seek(value.external.offset)
            data = f.read(value.external.length)
        if len(data) != value.external.length:
            raise RecordError(f"weights file {weights} is shorter than "
                              f"{value.external.offset + value.external.length} bytes")
    if not data:
        return torch.empty(shape, dtype=dtype)
    return torch.frombuffer(bytearray(data), dtype=dtype).reshape(shape).clone()


# Parameters and buffers holding at least this many bytes in total go to the weights
# file when Recorder(sidecar=None) writes a file.
SIDECAR_THRESHOLD = 256 << 20
# Every value in the weights file starts at a multiple of this.
SIDECAR_ALIGNMENT = 64


class _WeightsFile:
    """The weights file beside a trace, written to a temporary file in the same
    directory and moved into place by commit()."""

    def __init__(self, path):
        self.path = os.fspath(path) + ".weights"
        directory = os.path.dirname(os.path.abspath(self.path))
        fd, self.tmp = tempfile.mkstemp(prefix="." + os.path.basename(self.path) + ".",
                                        suffix=".tmp", dir=directory)
        self.file = os.fdopen(fd, "wb")
        self.size = 0

    def add(self, t, value=None):
        """Appends the bytes of tensor t (under no_dispatch) at the next aligned
        offset without copying a contiguous CPU tensor; fills the TensorValue `value`
        (a new one when None) and returns it."""
        _check_dtype(t)
        pad = -self.size % SIDECAR_ALIGNMENT
        if pad:
            self.file.write(bytes(pad))
            self.size += pad
        flat = t.detach()
        if flat.device.type != "cpu":
            flat = flat.cpu()
        flat = flat.resolve_conj().resolve_neg().contiguous().reshape(-1)
        array = flat.view(torch.uint8).numpy()
        self.file.write(memoryview(array))
        if value is None:
            value = pb.TensorValue()
        _set_type(value.type, t.dtype, t.shape)
        value.external.offset = self.size
        value.external.length = array.nbytes
        self.size += array.nbytes
        return value

    def commit(self):
        umask = os.umask(0)
        os.umask(umask)
        os.fchmod(self.file.fileno(), 0o666 & ~umask)
        self.file.flush()
        os.fsync(self.file.fileno())
        self.file.close()
        os.replace(self.tmp, self.path)

    def discard(self):
        self.file.close()
        try:
            os.unlink(self.tmp)
        except OSError:
            pass


def load_trace(path):
    """Reads a trace written by the recorder (binary, or text format if that fails)."""
    from google.protobuf import text_format

    with open(path, "rb") as f:
        data = f.read()
    trace = pb.Trace()
    try:
        trace.ParseFromString(data)
        if trace.format_version:
            return trace
    except Exception:  # noqa: BLE001 - fall back to the text format
        pass
    trace = pb.Trace()
    text_format.Parse(data.decode("utf-8"), trace)
    return trace


def write_trace(trace, path, text=False):
    """Writes atomically: a temporary file in the same directory, then os.replace."""
    from google.protobuf import text_format

    path = os.fspath(path)
    data = text_format.MessageToString(trace).encode("utf-8") if text else trace.SerializeToString()
    directory = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix="." + os.path.basename(path) + ".", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(fd, "wb") as f:
            umask = os.umask(0)
            os.umask(umask)
            os.fchmod(f.fileno(), 0o666 & ~umask)  # mkstemp makes the file mode 0600
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def _flatten_tensors(obj, out):
    """Tensors in obj (nested tuples/lists/dict values), in order."""
    if isinstance(obj, torch.Tensor):
        out.append(obj)
    elif isinstance(obj, (tuple, list)):
        for x in obj:
            _flatten_tensors(x, out)
    elif isinstance(obj, dict):
        for x in obj.values():
            _flatten_tensors(x, out)
    return out


_RETURN_ALIAS = re.compile(r"Tensor\??\((\w+)!?\)")
_alias_cache = {}
_schema_cache = {}


def _schema_info(func):
    """(op name, per argument (name, kwarg_only, default value, written in place, type
    name), per return its type name), cached per op: reading `func._schema` builds new
    Python objects on every access, which cost more than the rest of recording an op."""
    info = _schema_cache.get(func)
    if info is None:
        schema = func._schema
        arguments = tuple(
            (a.name, a.kwarg_only, a.default_value,
             a.alias_info is not None and a.alias_info.is_write, str(a.type))
            for a in schema.arguments)
        info = _schema_cache[func] = (str(func), arguments,
                                      tuple(str(r.type) for r in schema.returns))
    return info


def _alias_of_returns(func):
    """Per schema return: the index of the argument it aliases, or -1 (cached per op).

    An argument `Tensor(a -> *) self` and a return `Tensor(a)[]` share alias set `a`. The
    Python binding of torch 1.13 leaves the sets of list returns empty, so the returns'
    annotations are read from the schema text.
    """
    result = _alias_cache.get(func)
    if result is None:
        schema = func._schema
        arg_sets = [frozenset(a.alias_info.before_set) if a.alias_info is not None else frozenset()
                    for a in schema.arguments]
        text = str(schema).rsplit(" -> ", 1)[1].strip()
        if text.startswith("(") and text.endswith(")"):
            text = text[1:-1]
        pieces = text.split(", ") if text else []
        result = []
        for i, ret in enumerate(schema.returns):
            ret_set = frozenset(ret.alias_info.before_set) if ret.alias_info is not None else frozenset()
            if not ret_set and len(pieces) == len(schema.returns):
                m = _RETURN_ALIAS.search(pieces[i])
                if m:
                    ret_set = frozenset([m.group(1)])
            result.append(next((j for j, s in enumerate(arg_sets) if s & ret_set), -1))
        _alias_cache[func] = result
    return result


# Schema types whose values cannot hold a tensor (`str(argument.type)` spells them
# "int", "List[int]", "Optional[List[int]]", "number", "Optional[Device]", ...). The
# dispatcher passes such arguments to __torch_dispatch__ as new Python numbers, strings
# and lists that no one else holds, so the recorder keeps them as they are and converts
# them when it builds the message.
_PLAIN_TYPE_NAMES = frozenset(["Optional", "List", "int", "SymInt", "float", "bool", "str", "number",
                               "Scalar", "complex", "ScalarType", "Layout", "Device", "MemoryFormat"])


def _is_plain_type(type_name):
    return all(word in _PLAIN_TYPE_NAMES or word.isdigit() for word in re.findall(r"\w+", type_name))


class _OpInfo:
    """What recording an op needs from its schema, computed once per op (OpOverload)."""

    __slots__ = ("name", "arguments", "positional", "tensor_like", "mutated", "returns", "single",
                 "batch_norm")

    def __init__(self, func):
        name, arguments, returns = _schema_info(func)
        self.name = name
        # Per argument: (name, kwarg_only, default, a plain type (see _PLAIN_TYPE_NAMES), a
        # Tensor type, a float type).
        self.arguments = tuple((a_name, kwarg_only, default,
                                _is_plain_type(type_name),
                                "Tensor" in type_name, "float" in type_name)
                               for a_name, kwarg_only, default, _, type_name in arguments)
        # All arguments can be passed by position (none is keyword-only).
        self.positional = not any(a[1] for a in arguments)
        # (index, a Tensor type, a float type) of the arguments not of a plain type.
        self.tensor_like = tuple((i, a[4], a[5]) for i, a in enumerate(self.arguments) if not a[3])
        self.mutated = tuple(i for i, a in enumerate(arguments) if a[3])
        # Per return: (a Tensor type, index of the argument it aliases or -1).
        self.returns = tuple(("Tensor" in r, alias) for r, alias in zip(returns, _alias_of_returns(func)))
        self.single = len(returns) == 1
        self.batch_norm = name == "aten.native_batch_norm.default"


# id(op) -> (op, _OpInfo): by id, since OpOverload.__hash__ is a Python method (ops live
# as long as torch.ops, and the entry holds the op).
_op_infos = {}


# The compact forms events take while a run is recorded; the protobuf messages are built
# from them when the trace is asked for (Recorder.trace, or writing the file).
class _Tid(int):
    """A tensor id (an argument that is a tensor), told apart from an int argument."""
    __slots__ = ()


class _TensorIds(tuple):
    """A TensorList argument: tensor ids, 0 for None."""
    __slots__ = ()


class _Ints(tuple):
    __slots__ = ()


class _Floats(tuple):
    __slots__ = ()


# Event kinds (first element of an event tuple).
_OP, _CALL, _BRANCH, _READ, _LOOP = range(5)

# Frames of these codes can be resumed by a different caller each time.
_GENERATOR_FLAGS = (inspect.CO_GENERATOR | inspect.CO_COROUTINE | inspect.CO_ITERABLE_COROUTINE
                    | inspect.CO_ASYNC_GENERATOR)
_POSITIONAL_NAMES = tuple(str(i) for i in range(64))
_TENSOR = torch.Tensor
# aten ops that reach the function mode: C++ code (Tensor.__setitem__'s slicing)
# hands its aten calls to __torch_function__; they are no Python-level calls (the
# dispatch mode records them as ops).
_ATEN_OPS = (torch._ops.OpOverload, torch._ops.OpOverloadPacket)
_len_function_stack = torch._C._len_torch_function_stack
_pop_function_mode = torch.overrides._pop_mode
_push_function_mode = torch.overrides._push_mode
_DisableTorchDispatch = torch._C._DisableTorchDispatch
_len_dispatch_stack = torch._C._len_torch_dispatch_stack
_dispatch_stack_at = torch._C._get_dispatch_stack_at
_pop_dispatch_stack = torch._C._pop_torch_dispatch_stack
_push_dispatch_stack = torch._C._push_on_torch_dispatch_stack
_gettrace = sys.gettrace
_settrace = sys.settrace
_getframe = sys._getframe
_weakref = weakref.ref
_SIMPLE = (bool, int, float, str, torch.dtype)  # function-level arguments kept as they are


class _ScalarRead:
    """A scalar-read event while recording (the number tags set only_tensor_args)."""

    __slots__ = ("tensor_id", "method", "value", "values", "only_tensor_args")

    def __init__(self, tensor_id, method):
        self.tensor_id = tensor_id
        self.method = method
        self.value = 0.0
        self.values = None
        self.only_tensor_args = False


def _encode_plain(value, float_type):
    """The compact form of an op argument of a plain type (see _PLAIN_TYPE_NAMES), the same
    as _DispatchMode gives any other argument without tensors."""
    if isinstance(value, (list, tuple)):
        if float_type or any(isinstance(x, float) for x in value):
            return _Floats([float(x) for x in value])
        return _Ints([int(x) for x in value])
    if value is not None and not isinstance(value, (bool, int, float, str, torch.dtype)):
        return str(value)
    return value


def _fill_argument(arg, v):
    """Sets Argument `arg` from its compact form (_DispatchMode, _encode_plain,
    Recorder._summarize): a _Tid, _TensorIds, _Ints or _Floats, None, a bool, int, float,
    str or torch.dtype."""
    t = type(v)
    if t is _Tid:
        arg.tensor = v
    elif v is None:
        arg.none = True
    elif t is _Ints:
        arg.ints.SetInParent()
        if v:
            arg.ints.values.extend(v)
    elif t is _TensorIds:
        arg.tensors.SetInParent()
        if v:
            arg.tensors.tensor_ids.extend(v)
    elif t is _Floats:
        arg.floats.SetInParent()
        if v:
            arg.floats.values.extend(v)
    elif isinstance(v, bool):
        arg.bool_value = v
    elif isinstance(v, int):
        arg.int_value = v
    elif isinstance(v, float):
        arg.float_value = v
    elif isinstance(v, str):
        arg.string_value = v
    else:  # a torch.dtype
        arg.dtype_value = str(v).replace("torch.", "")


def _fill_location(loc, location):
    frames, scope = location
    add = loc.frames.add
    for file, line, column, function, activation in frames:
        add(file=file, line=line, column=column, function=function, activation=activation)
    if scope is not None:
        loc.module_path, loc.module_type = scope


def _where(op_name, location):
    """`aten.x.default at file:line:column in function (module path)` for messages."""
    frames, scope = location
    text = op_name
    if frames:
        file, line, column, function, _ = frames[0]
        text += f" at {file}:{line}" + (f":{column}" if column else "") + f" in {function}"
    if scope is not None and scope[0]:
        text += f" (module {scope[0]}, {scope[1]})"
    return text


def _refuse_result(info, index, t, rec):
    """Raises the RecordError for result `index` of op `info`, a tensor of a dtype the
    trace cannot hold (complex, ...): at record time, naming the op and the source line."""
    raise RecordError(f"{_where(info.name, rec._loc(_getframe(1)))}: result {index} has "
                      f"{_dtype_problem(t.dtype)}; nothing was written")


class _DispatchMode(TorchDispatchMode):
    """aten level: records each op's arguments, runs it, then records its results.

    This runs for every op, so the common cases are written out in line (tensor ids,
    the loop tracer switch); the event is a tuple (see Recorder._build)."""

    def __init__(self, recorder):
        super().__init__()
        self._recorder = recorder

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        rec = self._recorder
        if not rec._in_run:
            return func(*args, **kwargs)
        decomposer = rec._decomposer
        if decomposer is not None:
            decomposition = decomposer.decomposition_for(func, args, kwargs)
            if decomposition is not None:
                out = _decompose.run(self, rec, func, decomposition, args, kwargs)
                if out is not _decompose.FAILED:
                    return out
            if (decomposer.running and decomposer.running[-1] is None
                    and not decomposer.is_mapped(func, args, kwargs)):
                decomposer.running[-1] = str(func)  # a part of a decomposition, not mapped
        # The loop tracer is off while the recorder works (the recorder runs no user code,
        # and Python runs traced code several times slower), on while the op runs.
        tracer = _gettrace()
        if tracer is not None and tracer is rec._tracer:
            _settrace(None)
        else:
            tracer = None
        # torch pops this mode while __torch_dispatch__ runs, and the function mode is off
        # when the op runs inside a recorded function-level call (the usual case); when it
        # is on, it is popped while the recorder reads tensors (t.shape would call it).
        popped = _pop_function_mode() if _len_function_stack() > 0 else None
        try:
            # Arguments are identified before the op runs: a constant that the op writes
            # in place must be saved with its value from before the write.
            entry = _op_infos.get(id(func))
            if entry is not None and entry[0] is func:
                info = entry[1]
            else:
                info = _OpInfo(func)
                _op_infos[id(func)] = (func, info)
            ids = rec._ids
            run = rec._run_number
            arg_tensors = []
            if not kwargs and info.positional and len(args) == len(info.arguments):
                encoded = list(args)  # every argument passed by position (the usual case)
            else:
                nargs = len(args)
                encoded = [args[i] if i < nargs and not kwarg_only
                           else kwargs[arg_name] if arg_name in kwargs else default
                           for i, (arg_name, kwarg_only, default, _, _, _) in enumerate(info.arguments)]
            # Arguments of plain types are converted by _encode_plain when the message is
            # built; tensors get their ids now.
            try:
                for i, tensor_type, float_type in info.tensor_like:
                    value = encoded[i]
                    if isinstance(value, _TENSOR):
                        arg_tensors.append(value)
                        entry = ids.get(id(value))
                        if entry is not None and entry[0]() is value and (entry[2] == 0 or entry[2] == run):
                            value = entry[1]
                        else:
                            value = rec._use(value)
                    elif isinstance(value, (list, tuple)):
                        if tensor_type or any(isinstance(x, _TENSOR) for x in value):
                            value = _TensorIds([0 if x is None else rec._use(x) for x in value])
                        elif float_type or any(isinstance(x, float) for x in value):
                            value = _Floats([float(x) for x in value])
                        else:
                            value = _Ints([int(x) for x in value])
                    elif value is not None and not isinstance(value, (bool, int, float, str, torch.dtype)):
                        value = str(value)  # torch.device, torch.layout, torch.memory_format, ...
                    else:
                        continue
                    encoded[i] = value
            except RecordError as exc:  # a constant argument that cannot be saved
                raise RecordError(f"{_where(info.name, rec._loc(_getframe()))}: {exc}") from None
            mutated = info.mutated
            if info.batch_norm and len(args) > 5 and args[5]:
                # Training-mode batch norm updates running_mean/var without saying so.
                mutated = list(mutated)
                for j in (3, 4):
                    if isinstance(args[j], _TENSOR) and j not in mutated:
                        mutated.append(j)
            calls = rec._calls
            results = []
            rec._events.append((_OP, rec._loc(_getframe()), info, encoded, mutated, results,
                                calls[-1] if calls else 0))
        finally:
            if popped is not None:
                _push_function_mode(popped)
            if tracer is not None:
                _settrace(tracer)
        out = func(*args, **kwargs)
        tracer = _gettrace()
        if tracer is not None and tracer is rec._tracer:
            _settrace(None)
        else:
            tracer = None
        popped = _pop_function_mode() if _len_function_stack() > 0 else None
        try:
            returns = info.returns
            if len(returns) == 1 and isinstance(out, _TENSOR):
                # The common case: one tensor result (in place when it is an argument).
                v = out
                tid = None
                for a in arg_tensors:
                    if a is v:
                        tid = rec._lookup(v)
                        break
                if tid is None:
                    tid = _Tid(rec._next_id)
                    rec._next_id = tid + 1
                    ids[id(v)] = (_weakref(v), tid, run)
                if v.dtype not in DTYPES:
                    _refuse_result(info, 0, v, rec)
                results.append((tid, v.dtype, v.shape, returns[0][1]))
            else:
                outs = out if isinstance(out, (tuple, list)) and not info.single else (out,)
                for (tensor_ret, alias_of), value in zip(returns, outs):
                    values = value if isinstance(value, (tuple, list)) else (value,)
                    for v in values:
                        if isinstance(v, _TENSOR):
                            tid = None
                            for a in arg_tensors:  # in place (`out is self`): same tensor id
                                if a is v:
                                    tid = rec._lookup(v)
                                    break
                            if tid is None:
                                tid = _Tid(rec._next_id)
                                rec._next_id = tid + 1
                                ids[id(v)] = (_weakref(v), tid, run)
                            if v.dtype not in DTYPES:
                                _refuse_result(info, len(results), v, rec)
                            results.append((tid, v.dtype, v.shape, alias_of))
                        elif v is None and tensor_ret:
                            results.append((0, None, None, -1))
        finally:
            if popped is not None:
                _push_function_mode(popped)
            if tracer is not None:
                _settrace(tracer)
        return out


class _DispatchStack:
    """Stands in for torch's `_TorchDispatchStackMode` as the dispatcher's Python mode while
    recording. With the recorder's mode alone on torch's mode stack it calls that mode's
    __torch_dispatch__ directly; torch's version pops the mode and pushes it back around
    the call through a generator context manager, several Python calls per op, each of
    them a 'call' event for the loop tracer. (The dispatcher itself disables the Python
    mode while __torch_dispatch__ runs, so the op's own call does not come back here.)
    With any other mode on the stack it does what torch's does."""

    def __init__(self, mode):
        self._mode = mode

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        mode = self._mode
        if _len_dispatch_stack() == 1 and _dispatch_stack_at(0) is mode:
            _pop_dispatch_stack()  # as torch's does, without its generator
            try:
                return mode.__torch_dispatch__(func, types, args, kwargs)
            finally:
                _push_dispatch_stack(mode)
        return _TorchDispatchStackMode.__torch_dispatch__(self, func, types, args, kwargs)


class _FunctionMode(TorchFunctionMode):
    """Function level: records each call, runs it (the mode is off inside), fills results.

    torch 1.13 pops this mode while its __torch_function__ runs, so calls made inside a
    recorded call (F.layer_norm calling torch.layer_norm) are not seen as function calls;
    their aten ops are linked to the outer call.
    """

    def __init__(self, recorder):
        super().__init__()
        self._recorder = recorder

    def __torch_function__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        rec = self._recorder
        if not rec._in_run or rec._in_hook or isinstance(func, _ATEN_OPS):
            return func(*args, **kwargs)
        tracer = _gettrace()  # off while the recorder works (see _DispatchMode)
        if tracer is not None and tracer is rec._tracer:
            _settrace(None)
        else:
            tracer = None
        # torch pops this mode while __torch_function__ runs; another function mode
        # pushed before it would still be on (the recorder's tensor reads must not call it).
        popped = _pop_function_mode() if _len_function_stack() > 0 else None
        try:
            call_id = rec._next_call
            rec._next_call = call_id + 1
            name = _call_name(func)
            ids = rec._ids
            run = rec._run_number
            encoded = []
            i = 0
            for value in args:
                if isinstance(value, _TENSOR):
                    entry = ids.get(id(value))
                    if entry is not None and entry[0]() is value and (entry[2] == 0 or entry[2] == run):
                        value = entry[1]
                    else:
                        value = rec._use(value)
                elif value is not None and not isinstance(value, _SIMPLE):
                    value = rec._summarize(value)
                encoded.append((_POSITIONAL_NAMES[i] if i < 64 else str(i), value))
                i += 1
            for key, value in kwargs.items():
                encoded.append((key, rec._summarize(value)))
            calls = rec._calls
            results = []
            # Only the id of this frame is kept: a frame that refers to itself through a
            # local variable would keep its locals (the call's tensors) alive until the
            # garbage collector runs.
            handler = id(_getframe())
            location = rec._loc(_getframe())
            rec._events.append((_CALL, location, call_id, name,
                                calls[-1] if calls else 0, encoded, results))
            call_locations = rec._call_locations
            call_locations[handler] = (location[0], rec._innermost)
        finally:
            if popped is not None:
                _push_function_mode(popped)
            if tracer is not None:
                _settrace(tracer)
        calls.append(call_id)
        try:
            out = func(*args, **kwargs)
        finally:
            calls.pop()
            call_locations.pop(handler, None)
        if rec._in_run:
            tracer = _gettrace()
            if tracer is not None and tracer is rec._tracer:
                _settrace(None)
            else:
                tracer = None
            popped = _pop_function_mode() if _len_function_stack() > 0 else None
            try:
                if isinstance(out, _TENSOR):
                    results.append(("0", rec._use(out)))
                else:
                    values = (out if isinstance(out, (tuple, list)) and not isinstance(out, torch.Size)
                              else (out,))
                    for i, value in enumerate(values):
                        results.append((_POSITIONAL_NAMES[i] if i < 64 else str(i),
                                        rec._summarize(value)))
            finally:
                if popped is not None:
                    _push_function_mode(popped)
                if tracer is not None:
                    _settrace(tracer)
        return out


_CALL_HANDLER_CODE = _FunctionMode.__torch_function__.__code__
_call_names = {}  # function -> its function-level name (what resolve_name says is fixed)


def _call_name(func):
    try:
        name = _PATCHED_NAMES.get(func) or _call_names.get(func)
    except TypeError:  # an unhashable callable
        return _qualified_name(func)
    if name is None:
        name = _call_names[func] = _resolve_name(func)
    return name


def _resolve_name(func):
    try:
        return torch.overrides.resolve_name(func) or _qualified_name(func)
    except Exception:  # noqa: BLE001 - resolve_name may fail on odd callables
        return _qualified_name(func)


class Recorder:
    """Records every top-level call of `model` made inside the `with` block as one run.

        with Recorder("m.pntrace", model) as rec:
            model(x)
            model(y)
        rec.trace  # the ascend.trace.Trace message that was written

    `path=None` records without writing a file. If the block raises, nothing is written.
    The model's parameters and buffers are named and their values saved when the block is
    entered. Only positional tensor arguments of the model call are recorded as inputs.

    `function_mode` records function-level calls (a TorchFunctionMode; it changes which
    aten ops some modules run, e.g. the fused transformer fast path is not taken);
    `loop_marks` records loop iterations with a `sys.settrace` tracer during runs (the
    previous tracer is restored when each run ends).

    `decompose` runs PyTorch's decomposition of an op the compiler does not map
    (ascend_trace.decompose) so that its parts are recorded instead; `mapped_ops` is
    the compiler's list of mapped ops (a MappedOps, or the path of a mapped_ops.json;
    default: the one the build put beside the package; none there: no decomposition).

    `sidecar` puts the parameter and buffer values into the weights file
    `<path>.weights` (64-byte aligned raw bytes, written straight from the tensors, so
    recording holds no second copy of the weights) instead of the trace: True always,
    False never, None (the default) when they hold SIDECAR_THRESHOLD bytes or more.

    While a run is recorded, its events are kept as compact Python tuples; their protobuf
    messages are built when `trace` is read (inside the block it holds the runs that have
    finished) and when the file is written.
    """

    def __init__(self, path, model, text=False, function_mode=True, loop_marks=True,
                 sidecar=None, decompose=True, mapped_ops=None):
        if not isinstance(model, torch.nn.Module):
            raise TypeError(f"model must be a torch.nn.Module, not {type(model).__name__}")
        self.path = path
        self.model = model
        self.text = text
        self.function_mode = bool(function_mode)
        self.loop_marks = bool(loop_marks)
        self.sidecar = sidecar
        self.decompose = bool(decompose)
        self.mapped_ops = mapped_ops
        self._trace = None
        self._pending = []            # (Run message, events) of finished runs not yet built
        self._reads = []              # (_ScalarRead, its message) of the built events
        self._entered = False

    @property
    def trace(self):
        """The ascend.trace.Trace message (None before the block is entered)."""
        self._build()
        return self._trace

    # ---------------------------------------------------------------- set-up / tear-down
    def __enter__(self):
        if self._entered:
            raise RuntimeError("a Recorder can be entered only once")
        self._entered = True
        model = self.model
        cls = type(model)
        self._trace = trace = pb.Trace(
            format_version=FORMAT_VERSION,
            producer=f"ascend_trace {__version__}",
            torch_version=str(torch.__version__),
            model=f"{cls.__module__}.{cls.__qualname__}",
        )
        trace.modes.dispatch_mode = True
        trace.modes.function_mode = self.function_mode
        trace.modes.loop_tracer = self.loop_marks
        trace.modes.training = bool(model.training)
        trace.modes.grad_enabled = torch.is_grad_enabled()

        self._next_id = 1             # 0 means None in TensorList
        # id(tensor) -> (weakref, tensor id, 0 for a parameter or constant, else the
        # number of the run that defined it: usable in that run only)
        self._ids = {}
        self._run_number = 0
        self._in_run = False
        self._run = None
        self._events = None           # the current run's events (tuples, see _build)
        self._scope = []              # (module path, module type), innermost last
        self._boundary = None         # frame that made the top-level model call
        self._frames = {}             # id(frame) -> (frame, activation); per run
        self._tails = {}              # id(frame) -> user frames above it; per run
        # id(frame of a running _FunctionMode.__torch_function__) -> (its call's user
        # frames, the innermost one)
        self._call_locations = {}
        self._innermost = None        # innermost user frame of the last _loc
        self._next_activation = 1
        self._module_paths = {id(m): name for name, m in model.named_modules()}
        self._in_hook = False
        self._in_patched = False      # inside a patched Tensor method (bool, item, ...)
        self._calls = []              # ids of the function-level calls running, innermost last
        self._next_call = 1
        self._loop_counts = {}        # id(frame) -> [count per loop of its code]
        self._collector_paused = False  # gc was on when the run began; off during it
        self._tracing = False
        self._tracer = None           # the loop tracer's global trace function
        self._saved_trace = None
        self._thread = None

        self._decomposer = None
        self._stack_mode = None       # torch 1.13: the dispatcher's Python mode (_DispatchStack)
        if self.decompose:
            self._decomposer = _decompose.make_decomposer(self.mapped_ops)
        self._weights = None
        if self.path is not None:
            sidecar = self.sidecar
            if sidecar is None:
                seen = {}
                for t in list(model.parameters()) + list(model.buffers()):
                    seen[id(t)] = t.numel() * t.element_size()
                sidecar = sum(seen.values()) >= SIDECAR_THRESHOLD
            if sidecar:
                self._weights = _WeightsFile(self.path)
        try:
            with no_dispatch():
                for name, p in model.named_parameters():
                    self._add_parameter(name, p, is_buffer=False)
                for name, b in model.named_buffers():
                    self._add_parameter(name, b, is_buffer=True)
        except BaseException:
            if self._weights is not None:
                self._weights.discard()
            raise

        self._undo = []
        try:
            self._install()
        except BaseException:
            self._uninstall()
            if self._weights is not None:
                self._weights.discard()
            raise
        return self

    def __exit__(self, exc_type, exc, tb):
        in_run = self._in_run
        self._in_run = False
        self._stop_loop_tracer()
        self._resume_collector()
        self._frames.clear()
        self._tails.clear()
        self._loop_counts.clear()
        try:
            self._uninstall()
            if exc_type is not None:
                return False
            if in_run:
                raise RecordError("a model call did not return normally; nothing was written")
            if self.path is not None:
                trace = self.trace
                if self._weights is not None:
                    self._weights.commit()
                write_trace(trace, self.path, self.text)
        finally:
            if self._weights is not None and not self._weights.file.closed:
                self._weights.discard()
        return False

    def _install(self):
        from torch.nn.modules import module as nn_module

        pre = nn_module.register_module_forward_pre_hook(self._forward_pre_hook)
        self._undo.append(pre.remove)
        post = nn_module.register_module_forward_hook(self._forward_hook)
        self._undo.append(post.remove)

        self._patch("__bool__", self._make_bool())
        for method, label in _SCALAR_READS.items():
            self._patch(method, self._make_scalar_read(method, label))

        if self.function_mode:
            fmode = _FunctionMode(self)
            fmode.__enter__()
            self._undo.append(lambda: fmode.__exit__(None, None, None))

        mode = _DispatchMode(self)
        mode.__enter__()
        self._undo.append(lambda: mode.__exit__(None, None, None))
        if _TorchDispatchStackMode is None:  # torch 2.x: no Python stack mode
            return
        # Pushing the mode made torch's stack mode the dispatcher's Python mode.
        self._stack_mode = _DispatchStack(mode)
        torch._C._set_torch_dispatch_mode(self._stack_mode)

        def restore_stack_mode():
            # After the recorder's mode is popped (above), modes pushed before it remain.
            if _len_dispatch_stack() > 0:
                torch._C._set_torch_dispatch_mode(_TorchDispatchStackMode())

        self._undo.insert(len(self._undo) - 1, restore_stack_mode)

    def _patch(self, name, replacement):
        saved = torch.Tensor.__dict__.get(name, _MISSING)
        original = getattr(torch.Tensor, name)
        replacement.__name__ = name
        replacement.__qualname__ = f"Tensor.{name}"
        replacement.__wrapped__ = original
        _PATCHED_NAMES[replacement] = f"torch.Tensor.{name}"
        self._undo.append(lambda: _PATCHED_NAMES.pop(replacement, None))
        setattr(torch.Tensor, name, replacement)

        def restore():
            if saved is _MISSING:
                delattr(torch.Tensor, name)
            else:
                setattr(torch.Tensor, name, saved)

        self._undo.append(restore)
        return original

    def _uninstall(self):
        errors = []
        while self._undo:
            undo = self._undo.pop()
            try:
                undo()
            except Exception as e:  # noqa: BLE001 - undo everything, then report
                errors.append(e)
        if errors:
            raise errors[0]

    # ---------------------------------------------------------------- tensor ids
    def _new_id(self, t, run):
        tid = _Tid(self._next_id)
        self._next_id += 1
        self._ids[id(t)] = (weakref.ref(t), tid, run)
        return tid

    def _lookup(self, t):
        entry = self._ids.get(id(t))
        if entry is not None and entry[0]() is t:
            return entry[1]
        return None

    def _add_parameter(self, name, t, is_buffer):
        if self._lookup(t) is not None:  # the same tensor under a second name
            return
        _check_dtype(t, f"{'buffer' if is_buffer else 'parameter'} '{name}'")
        tid = self._new_id(t, 0)
        parameter = self._trace.parameters.add(tensor_id=tid, name=name, is_buffer=is_buffer)
        if self._weights is None:
            _set_value(parameter.value, t)
        else:
            self._weights.add(t, parameter.value)

    def _use(self, t):
        """Id of a tensor used by the current run; unknown tensors become constants."""
        entry = self._ids.get(id(t))
        if entry is not None and entry[0]() is t:
            run = entry[2]
            if run == 0 or run == self._run_number:
                return entry[1]
        # First seen here (or defined in an earlier run only): a constant of this run.
        _check_dtype(t, "a constant")
        guard = _DisableTorchDispatch()  # the recorder's own tensor work is no op
        try:
            tid = self._new_id(t, 0)
            _set_value(self._trace.constants.add(tensor_id=tid).value, t)
        finally:
            del guard
        return tid

    def _define(self, t):
        return self._new_id(t, self._run_number)

    def _summarize(self, value):
        """A function-level argument or result in the compact form _fill_argument sets:
        tensors by id; numbers, bools, strings, None, dtypes and number lists as they
        are; anything else as "<TypeName>"."""
        if value is None:
            return None
        if isinstance(value, _TENSOR):
            return self._use(value)
        if isinstance(value, (bool, int, float, str, torch.dtype)):
            return value
        if isinstance(value, (list, tuple)):
            if all(type(x) is int for x in value):  # the common case (also when empty)
                return _Ints(value)
            if value and all(isinstance(x, _TENSOR) or x is None for x in value):
                return _TensorIds([0 if x is None else self._use(x) for x in value])
            if all(isinstance(x, (int, bool)) and not isinstance(x, _TENSOR) for x in value):
                return _Ints([int(x) for x in value])
            if all(isinstance(x, (int, float)) and not isinstance(x, _TENSOR) for x in value):
                return _Floats([float(x) for x in value])
        return f"<{type(value).__name__}>"

    # ---------------------------------------------------------------- runs
    def _forward_pre_hook(self, module, inputs):
        if module is self.model and not self._in_run:
            self._begin_run(inputs)
        if self._in_run:
            path = self._module_paths.get(id(module))
            if path is None:  # a module outside the model: keep the enclosing path
                path = self._scope[-1][0] if self._scope else ""
            self._scope.append((path, type(module).__name__))

    def _forward_hook(self, module, inputs, output):
        if not self._in_run:
            return
        if self._scope:
            self._scope.pop()
        if module is self.model and not self._scope:
            self._end_run(output)

    def _begin_run(self, inputs):
        self._run = run = self._trace.runs.add()
        self._events = []
        self._run_number += 1
        self._scope = []
        self._frames = {}
        self._tails = {}
        self._calls = []
        self._loop_counts = {}
        model = self.model
        run.model = self._trace.model
        run.training = bool(model.training)
        run.grad_enabled = torch.is_grad_enabled()
        if model.training:
            with _Internal():
                run.rng_state = torch.get_rng_state().numpy().tobytes()
        # Frames: _begin_run, _forward_pre_hook, then torch's Module call machinery;
        # the first frame outside torch made the model call (it may be record()).
        f = sys._getframe(2)
        while f is not None and os.path.abspath(f.f_code.co_filename).startswith(_TORCH_DIR):
            f = f.f_back
        self._boundary = f
        with _Internal():
            for i, t in enumerate(_flatten_tensors(inputs, [])):
                _check_dtype(t, f"input {i} of run {self._run_number - 1}")
                tid = self._lookup(t)
                if tid is None or self._ids[id(t)][2] != self._run_number:
                    tid = self._define(t)
                _set_value(self._run.inputs.add(tensor_id=tid).value, t)
        self._in_run = True
        # The cyclic garbage collector pauses while a run is recorded: tensors are known
        # by id() while their Python objects live, so when an object in a reference cycle
        # dies must not depend on when a collection happens to run; and a collection would
        # only walk the recorder's event tuples again (the run's user frames are held
        # until it ends anyway).
        if gc.isenabled():
            gc.disable()
            self._collector_paused = True
        if self.loop_marks:
            self._start_loop_tracer()

    def _end_run(self, output):
        self._in_run = False
        self._stop_loop_tracer()
        self._resume_collector()
        with _Internal():
            for i, t in enumerate(_flatten_tensors(output, [])):
                _check_dtype(t, f"output {i} of run {self._run_number - 1}")
                tid = self._use(t)
                _set_value(self._run.outputs.add(tensor_id=tid).value, t)
        self._pending.append((self._run, self._events))
        self._events = None
        self._frames = {}
        self._tails = {}
        self._loop_counts = {}
        self._boundary = None

    def _resume_collector(self):
        if self._collector_paused:
            self._collector_paused = False
            gc.enable()

    # ---------------------------------------------------------------- messages
    def _build(self):
        """Builds the messages of the events of the finished runs not built yet."""
        pending = self._pending
        reads = self._reads
        while pending:
            run, events = pending.pop(0)
            add = run.events.add
            for e in events:
                kind = e[0]
                event = add()
                _fill_location(event.loc, e[1])
                if kind == _OP:
                    _, _, info, encoded, mutated, results, function_call = e
                    op = event.op
                    op.name = info.name
                    add_arg = op.args.add
                    for (name, _, _, plain, _, float_type), value in zip(info.arguments, encoded):
                        _fill_argument(add_arg(name=name),
                                       _encode_plain(value, float_type) if plain else value)
                    add_result = op.results.add
                    for tid, dtype, shape, alias_of in results:
                        if dtype is None:
                            add_result(tensor_id=0, alias_of=-1)
                        else:
                            _set_type(add_result(tensor_id=tid, alias_of=alias_of).type, dtype, shape)
                    if mutated:
                        op.mutated_args.extend(mutated)
                    if function_call:
                        op.function_call = function_call
                elif kind == _CALL:
                    _, _, call_id, name, parent, encoded, results = e
                    call = event.function_call
                    call.id = call_id
                    call.name = name
                    if parent:
                        call.parent = parent
                    add_arg = call.args.add
                    for name, value in encoded:
                        _fill_argument(add_arg(name=name), value)
                    add_arg = call.results.add
                    for name, value in results:
                        _fill_argument(add_arg(name=name), value)
                elif kind == _LOOP:
                    loop_iter = event.loop_iter
                    loop_iter.iteration = e[2]
                    loop_iter.head_offset = e[3]
                elif kind == _BRANCH:
                    branch = event.branch
                    branch.predicate = e[2]
                    branch.value = e[3]
                    branch.kind = e[4]
                else:
                    read = e[2]
                    message = event.scalar_read
                    message.tensor_id = read.tensor_id
                    message.method = read.method
                    if read.values is not None:
                        message.values.extend(read.values)
                    message.value = read.value
                    reads.append((read, message))
        # A number read from a tensor can be used by Python after its event was built.
        for read, message in reads:
            message.only_tensor_args = read.only_tensor_args

    # ---------------------------------------------------------------- loop marks
    def _start_loop_tracer(self):
        if self._tracing:
            return
        self._saved_trace = sys.gettrace()
        self._thread = threading.get_ident()
        self._tracing = True
        if self._tracer is None:
            self._tracer = self._make_global_trace()
        sys.settrace(self._tracer)

    def _stop_loop_tracer(self):
        if not self._tracing:
            return
        self._tracing = False
        if threading.get_ident() == self._thread:
            sys.settrace(self._saved_trace)
        self._saved_trace = None

    def _make_global_trace(self):
        """The 'call' event tracer: a local tracer for user frames whose code has loops.

        It runs on every Python call while a run is recorded, so non-user and loop-free
        code return at the first dictionary look-up."""
        known = _LOOPS
        get = known.get
        recorder = self

        def global_trace(frame, event, arg):
            code = frame.f_code
            loops = get(code, _MISSING)
            if loops is None:
                return None
            if loops is _MISSING:
                loops = None if _is_internal(code.co_filename) else _find_loops(code)
                known[code] = loops
                if loops is None:
                    return None
            if not recorder._in_run:
                return None
            frame.f_trace_lines = False
            frame.f_trace_opcodes = True
            starts = loops.get
            nloops = len(loops)

            def local_trace(frame, event, arg):
                if event == "opcode":
                    loop = starts(frame.f_lasti)
                    if loop is not None and recorder._in_run:
                        recorder._loop_iteration(frame, loop, nloops)
                return local_trace

            return local_trace

        return global_trace

    def _loop_iteration(self, frame, loop, nloops):
        counts = self._loop_counts.get(id(frame))
        if counts is None:
            counts = self._loop_counts[id(frame)] = [0] * nloops
        iteration = counts[loop.index]
        counts[loop.index] = iteration + 1
        for inner in loop.inner:  # a new iteration restarts the loops nested in it
            counts[inner] = 0
        frames, scope = self._loc(frame)
        if frames:  # the event is at the loop head
            file, _, _, function, activation = frames[0]
            frames = ((file, loop.line, loop.column, function, activation),) + frames[1:]
        self._events.append((_LOOP, (frames, scope), iteration, loop.head))

    # ---------------------------------------------------------------- locations
    def _frame_entry(self, f, code):
        """(file, line, column, function, activation) of user frame f at its f_lasti."""
        # Frames are held until the run ends, so id(frame) cannot be reused meanwhile.
        entry = self._frames.get(id(f))
        if entry is None:
            entry = self._frames[id(f)] = (f, self._next_activation)
            self._next_activation += 1
        table = _POSITIONS.get(code)
        if table is None:
            table = _POSITIONS[code] = [
                (line, column + 1 if column is not None else 0)
                for line, _, column, _ in code.co_positions()]
        index = f.f_lasti // 2
        if 0 <= index < len(table):
            line, column = table[index]
            if line is None:
                line = f.f_lineno
        else:
            line, column = f.f_lineno, 0
        return (code.co_filename, line or 0, column, code.co_name, entry[1])

    def _loc(self, f):
        """The location of an event: (the user frames from f outwards up to the frame
        that called the model, innermost first, as _frame_entry tuples; the innermost
        module scope or None). Sets self._innermost to the innermost user frame.

        The user frames above a (non-generator) frame cannot change while it runs, so
        they are walked once per frame activation."""
        internal_code = _INTERNAL_CODE
        boundary = self._boundary
        tails = self._tails
        entries = []
        walked = []  # (id of a user frame, number of entries up to it) to remember
        innermost = None
        while f is not None:
            code = f.f_code
            internal = internal_code.get(code)
            if internal is None:  # per code object: most frames are torch's
                internal = internal_code[code] = _is_internal(code.co_filename)
            if not internal:
                entries.append(self._frame_entry(f, code))
                if innermost is None:
                    innermost = f
                if f is boundary:
                    break
                if not code.co_flags & _GENERATOR_FLAGS:
                    tail = tails.get(id(f))
                    if tail is not None:
                        entries.extend(tail)
                        break
                    walked.append((id(f), len(entries)))
            elif f is boundary:
                break
            elif code is _CALL_HANDLER_CODE:
                # Inside a recorded function-level call: the frames above are the call's.
                above = self._call_locations.get(id(f))
                if above is not None:
                    entries.extend(above[0])
                    if innermost is None:
                        innermost = above[1]
                    break
            f = f.f_back
        frames = tuple(entries)
        for key, n in walked:  # the frames above each user frame walked
            tails[key] = frames[n:]
        self._innermost = innermost
        scope = self._scope
        return frames, (scope[-1] if scope else None)

    # ---------------------------------------------------------------- bool / scalar reads
    def _make_bool(self):
        original = torch.Tensor.__bool__
        recorder = self

        def __bool__(self):
            # With the function mode on, torch calls this wrapper a second time (as the
            # public API of Tensor.__bool__): only the outermost call records.
            if not recorder._in_run or recorder._in_hook or recorder._in_patched:
                return original(self)
            recorder._in_patched = True
            try:
                value = original(self)
            finally:
                recorder._in_patched = False
            if recorder._in_run:
                recorder._in_hook = True
                try:
                    with _Internal():
                        predicate = recorder._use(self)
                        location = recorder._loc(sys._getframe())
                        recorder._events.append((_BRANCH, location, predicate, bool(value),
                                                 _branch_kind(recorder._innermost)))
                finally:
                    recorder._in_hook = False
            return value

        return __bool__

    def _make_scalar_read(self, method, label):
        original = getattr(torch.Tensor, method)
        recorder = self

        def read(self, *args, **kwargs):
            # int(t) may call item() internally, and the function mode calls this wrapper
            # again as the method's public API: only the outermost read records.
            if not recorder._in_run or recorder._in_hook or recorder._in_patched:
                return original(self, *args, **kwargs)
            recorder._in_patched = True
            try:
                value = original(self, *args, **kwargs)
            finally:
                recorder._in_patched = False
            if not recorder._in_run:
                return value
            recorder._in_hook = True
            try:
                with _Internal():
                    read = _ScalarRead(recorder._use(self), label)
                    if label == "tolist":
                        flat = _flatten_numbers(value, [])
                        read.values = flat
                        read.value = flat[0] if flat else 0.0
                    else:
                        read.value = float(value)
                    recorder._events.append((_READ, recorder._loc(sys._getframe()), read))
                    if label in ("item", "tolist"):
                        value = _tag_numbers(value, read, recorder)
            finally:
                recorder._in_hook = False
            return value

        return read


# Python's own uses of a number: a tagged number that meets one of these has
# (maybe) decided Python control flow or fed Python arithmetic.
_PYTHON_USES = (
    "__bool__", "__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__",
    "__add__", "__radd__", "__sub__", "__rsub__", "__mul__", "__rmul__",
    "__truediv__", "__rtruediv__", "__floordiv__", "__rfloordiv__", "__mod__", "__rmod__",
    "__divmod__", "__rdivmod__", "__pow__", "__rpow__", "__neg__", "__pos__", "__abs__",
    "__round__", "__trunc__", "__floor__", "__ceil__", "__int__", "__float__")


def _tagged_float_class():
    def python_use(name, base):
        def method(self, *args):
            # `s * t` with a tensor t: Python goes on to t.__rmul__(s), a tensor op.
            if args and isinstance(args[0], torch.Tensor):
                return NotImplemented
            if not self._recorder._in_hook:
                self._read.only_tensor_args = False
            return base(self, *args)
        method.__name__ = name
        return method

    namespace = {name: python_use(name, getattr(float, name)) for name in _PYTHON_USES}
    namespace["__hash__"] = float.__hash__  # defining __eq__ would drop it
    namespace["__doc__"] = ("A float read from a tensor while recording: marks its read "
                            "event when Python itself uses it.")
    return type("RecordedFloat", (float,), namespace)


_RecordedFloat = _tagged_float_class()


def _tag_numbers(value, read, recorder):
    """`value` (a number or nested list) with every float tagged to mark `read` on a
    Python use; `read.only_tensor_args` is set when every number could be tagged.

    Only floats are tagged: an int may be consumed by range() or indexing through
    C-level conversions that no method of a subclass sees, so int reads stay
    conservative (a compiled program is specialized on them)."""
    def tag(v):
        if isinstance(v, list):
            return [tag(x) for x in v]
        if type(v) is float:
            t = _RecordedFloat(v)
            t._read, t._recorder = read, recorder
            return t
        untagged.append(v)
        return v

    untagged = []
    tagged = tag(value)
    read.only_tensor_args = not untagged
    return tagged


def _flatten_numbers(value, out):
    if isinstance(value, (list, tuple)):
        for x in value:
            _flatten_numbers(x, out)
    else:
        out.append(float(value))
    return out


def _qualified_name(func):
    module = getattr(func, "__module__", None) or ""
    name = getattr(func, "__qualname__", None) or getattr(func, "__name__", None) or repr(func)
    return f"{module}.{name}" if module else name


def _branch_kind(frame):
    if frame is None:
        return pb.BRANCH_UNKNOWN
    code = frame.f_code.co_code
    lasti = frame.f_lasti
    if not 0 <= lasti < len(code):
        return pb.BRANCH_UNKNOWN
    return _BRANCH_KINDS.get(dis.opname[code[lasti]], pb.BRANCH_UNKNOWN)


def _as_run(inputs):
    if isinstance(inputs, torch.Tensor):
        return (inputs,)
    if isinstance(inputs, list):
        return tuple(inputs)
    if isinstance(inputs, tuple):
        return inputs
    raise TypeError(f"a run must be a tuple of model inputs, not {type(inputs).__name__}")


def record(model, runs, path, text=False, function_mode=True, loop_marks=True, sidecar=None,
           decompose=True, mapped_ops=None):
    """Calls model(*run) for every run and writes all runs into one trace file.

    `runs` is a list of input tuples (a bare tensor counts as a 1-tuple). Returns the
    Trace message. `path=None` records without writing. Nothing is written on error.
    `function_mode`, `loop_marks`, `sidecar`, `decompose` and `mapped_ops` are as for
    Recorder.
    """
    runs = [_as_run(r) for r in runs]
    with Recorder(path, model, text=text, function_mode=function_mode,
                  loop_marks=loop_marks, sidecar=sidecar, decompose=decompose,
                  mapped_ops=mapped_ops) as rec:
        for inputs in runs:
            model(*inputs)
    return rec.trace
