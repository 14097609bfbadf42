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
import threading
import os
import re
import sys
import sysconfig
import tempfile
import weakref

from . import TORCH_MISSING_MESSAGE, PROTOBUF_MISSING_MESSAGE, FORMAT_VERSION, __version__

try:
    import torch
    from torch.utils._mode_utils import no_dispatch
    from torch.utils._python_dispatch import TorchDispatchMode
    from torch.overrides import TorchFunctionMode
except ImportError as exc:  # pragma: no cover - exercised via the CLI test
    raise ImportError(TORCH_MISSING_MESSAGE) from exc

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


def tensor_bytes(t):
    """Little-endian row-major bytes of a tensor's elements (must run under no_dispatch)."""
    t = t.detach()
    if t.device.type != "cpu":
        t = t.cpu()
    t = t.resolve_conj().resolve_neg().contiguous()
    if t.dim() == 0:
        t = t.reshape(1)
    return t.view(torch.uint8).numpy().tobytes()


def tensor_value(t):
    if t.dtype not in DTYPES:
        raise RecordError(f"cannot save the value of a {t.dtype} tensor (no DType for it)")
    return pb.TensorValue(type=tensor_type(t), data=tensor_bytes(t))


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

    def add(self, t):
        """Appends the bytes of tensor t (under no_dispatch) at the next aligned
        offset without copying a contiguous CPU tensor; returns a TensorValue."""
        if t.dtype not in DTYPES:
            raise RecordError(f"cannot save the value of a {t.dtype} tensor (no DType for it)")
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
        value = pb.TensorValue(type=tensor_type(t))
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


class _DispatchMode(TorchDispatchMode):
    """aten level: records each op's arguments, runs it, then records its results."""

    def __init__(self, recorder):
        super().__init__()
        self._recorder = recorder

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        rec = self._recorder
        if not rec._in_run:
            return func(*args, **kwargs)
        # Arguments are identified before the op runs: a constant that the op writes
        # in place must be saved with its value from before the write.
        with _Internal():
            event, arg_tensors = rec._begin_op(func, args, kwargs)
        out = func(*args, **kwargs)
        with _Internal():
            rec._end_op(event, func, arg_tensors, out)
        return out


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
        if not rec._in_run or rec._in_hook:
            return func(*args, **kwargs)
        with _Internal():
            event = rec._begin_call(func, args, kwargs)
        calls = rec._calls
        calls.append(event.function_call.id)
        try:
            out = func(*args, **kwargs)
        finally:
            calls.pop()
        if rec._in_run:
            with _Internal():
                rec._end_call(event, out)
        return out


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

    `sidecar` puts the parameter and buffer values into the weights file
    `<path>.weights` (64-byte aligned raw bytes, written straight from the tensors, so
    recording holds no second copy of the weights) instead of the trace: True always,
    False never, None (the default) when they hold SIDECAR_THRESHOLD bytes or more.
    """

    def __init__(self, path, model, text=False, function_mode=True, loop_marks=True,
                 sidecar=None):
        if not isinstance(model, torch.nn.Module):
            raise TypeError(f"model must be a torch.nn.Module, not {type(model).__name__}")
        self.path = path
        self.model = model
        self.text = text
        self.function_mode = bool(function_mode)
        self.loop_marks = bool(loop_marks)
        self.sidecar = sidecar
        self.trace = None
        self._entered = False

    # ---------------------------------------------------------------- set-up / tear-down
    def __enter__(self):
        if self._entered:
            raise RuntimeError("a Recorder can be entered only once")
        self._entered = True
        model = self.model
        cls = type(model)
        self.trace = trace = pb.Trace(
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
        self._ids = {}                # id(tensor) -> (weakref, tensor id)
        self._param_ids = set()
        self._constant_ids = set()
        self._run_ids = set()         # ids defined in the current run (inputs, results)
        self._in_run = False
        self._run = None
        self._scope = []              # (module path, module type), innermost last
        self._boundary = None         # frame that made the top-level model call
        self._frames = {}             # id(frame) -> (frame, activation); per run
        self._next_activation = 1
        self._positions = {}          # code -> list(co_positions())
        self._internal_files = {}
        self._internal_code = {}      # code -> self._is_internal(code.co_filename)
        self._module_paths = {id(m): name for name, m in model.named_modules()}
        self._in_hook = False
        self._in_patched = False      # inside a patched Tensor method (bool, item, ...)
        self._calls = []              # ids of the function-level calls running, innermost last
        self._next_call = 1
        self._loops = {}              # code -> _find_loops(code) (None: no loops)
        self._loop_counts = {}        # id(frame) -> [count per loop of its code]
        self._tracing = False
        self._saved_trace = None
        self._thread = None

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
        self._frames.clear()
        self._loop_counts.clear()
        try:
            self._uninstall()
            if exc_type is not None:
                return False
            if in_run:
                raise RecordError("a model call did not return normally; nothing was written")
            if self.path is not None:
                if self._weights is not None:
                    self._weights.commit()
                write_trace(self.trace, self.path, self.text)
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
    def _new_id(self, t):
        tid = self._next_id
        self._next_id += 1
        self._ids[id(t)] = (weakref.ref(t), tid)
        return tid

    def _lookup(self, t):
        entry = self._ids.get(id(t))
        if entry is not None and entry[0]() is t:
            return entry[1]
        return None

    def _add_parameter(self, name, t, is_buffer):
        if self._lookup(t) is not None:  # the same tensor under a second name
            return
        tid = self._new_id(t)
        self._param_ids.add(tid)
        value = tensor_value(t) if self._weights is None else self._weights.add(t)
        self.trace.parameters.add(tensor_id=tid, name=name, is_buffer=is_buffer, value=value)

    def _use(self, t):
        """Id of a tensor used by the current run; unknown tensors become constants."""
        tid = self._lookup(t)
        if tid is not None and (tid in self._run_ids or tid in self._param_ids or tid in self._constant_ids):
            return tid
        # First seen here (or defined in an earlier run only): a constant of this run.
        tid = self._new_id(t)
        self._constant_ids.add(tid)
        self.trace.constants.add(tensor_id=tid, value=tensor_value(t))
        return tid

    def _define(self, t):
        tid = self._new_id(t)
        self._run_ids.add(tid)
        return tid

    # ---------------------------------------------------------------- runs
    def _forward_pre_hook(self, module, inputs):
        if module is self.model and not self._in_run:
            self._begin_run(inputs)
        if self._in_run:
            mid = id(module)
            path = self._module_paths.get(mid)
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
        self._run = run = self.trace.runs.add()
        self._run_ids = set()
        self._scope = []
        self._frames = {}
        self._calls = []
        self._loop_counts = {}
        model = self.model
        run.model = self.trace.model
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
            for t in _flatten_tensors(inputs, []):
                tid = self._lookup(t)
                if tid is None or tid not in self._run_ids:
                    tid = self._define(t)
                self._run.inputs.add(tensor_id=tid, value=tensor_value(t))
        self._in_run = True
        if self.loop_marks:
            self._start_loop_tracer()

    def _end_run(self, output):
        self._in_run = False
        self._stop_loop_tracer()
        with _Internal():
            for t in _flatten_tensors(output, []):
                tid = self._use(t)
                self._run.outputs.add(tensor_id=tid, value=tensor_value(t))
        self._frames = {}
        self._loop_counts = {}
        self._boundary = None

    # ---------------------------------------------------------------- loop marks
    def _start_loop_tracer(self):
        if self._tracing:
            return
        self._saved_trace = sys.gettrace()
        self._thread = threading.get_ident()
        self._tracing = True
        sys.settrace(self._global_trace)

    def _stop_loop_tracer(self):
        if not self._tracing:
            return
        self._tracing = False
        if threading.get_ident() == self._thread:
            sys.settrace(self._saved_trace)
        self._saved_trace = None

    def _global_trace(self, frame, event, arg):
        """'call' events: a local tracer for user frames whose code has loops."""
        if not self._in_run:
            return None
        code = frame.f_code
        loops = self._loops.get(code, _MISSING)
        if loops is _MISSING:
            loops = None if self._is_internal(code.co_filename) else _find_loops(code)
            self._loops[code] = loops
        if loops is None:
            return None
        frame.f_trace_lines = False
        frame.f_trace_opcodes = True
        recorder = self

        def local_trace(frame, event, arg):
            if event == "opcode":
                loop = loops.get(frame.f_lasti)
                if loop is not None and recorder._in_run:
                    recorder._loop_iteration(frame, loop, len(loops))
            return local_trace

        return local_trace

    def _loop_iteration(self, frame, loop, nloops):
        counts = self._loop_counts.get(id(frame))
        if counts is None:
            counts = self._loop_counts[id(frame)] = [0] * nloops
        iteration = counts[loop.index]
        counts[loop.index] = iteration + 1
        for inner in loop.inner:  # a new iteration restarts the loops nested in it
            counts[inner] = 0
        event = self._run.events.add()
        event.loop_iter.iteration = iteration
        event.loop_iter.head_offset = loop.head
        self._location(event.loc, frame)
        if event.loc.frames:
            head = event.loc.frames[0]
            head.line, head.column = loop.line, loop.column

    # ---------------------------------------------------------------- locations
    def _is_internal(self, filename):
        internal = self._internal_files.get(filename)
        if internal is None:
            path = os.path.abspath(filename) if not filename.startswith("<") else filename
            # torch, the recorder, and Python's own library (frozen modules
            # such as <frozen abc> run only on some calls, e.g. the first
            # isinstance check of a class, so they would make runs differ).
            internal = (path.startswith(_TORCH_DIR) or path.startswith(_PACKAGE_DIR)
                        or path.startswith("<frozen ") or path.startswith(_STDLIB_DIR))
            self._internal_files[filename] = internal
        return internal

    def _activation(self, frame):
        # Frames are held until the run ends, so id(frame) cannot be reused meanwhile.
        entry = self._frames.get(id(frame))
        if entry is None:
            entry = (frame, self._next_activation)
            self._next_activation += 1
            self._frames[id(frame)] = entry
        return entry[1]

    def _location(self, loc, start=None):
        """Fills loc with the user frames (innermost first); returns the innermost one."""
        innermost = None
        f = sys._getframe(1) if start is None else start
        internal_code = self._internal_code
        while f is not None:
            code = f.f_code
            internal = internal_code.get(code)
            if internal is None:  # per code object: most frames are torch's
                internal = internal_code[code] = self._is_internal(code.co_filename)
            if not internal:
                if innermost is None:
                    innermost = f
                positions = self._positions.get(code)
                if positions is None:
                    positions = self._positions[code] = list(code.co_positions())
                index = f.f_lasti // 2
                line, col = f.f_lineno, 0
                if 0 <= index < len(positions):
                    pline, _, pcol, _ = positions[index]
                    if pline is not None:
                        line = pline
                    if pcol is not None:
                        col = pcol + 1
                loc.frames.add(file=code.co_filename, line=line or 0, column=col,
                               function=code.co_name, activation=self._activation(f))
            if f is self._boundary:
                break
            f = f.f_back
        if self._scope:
            loc.module_path, loc.module_type = self._scope[-1]
        return innermost

    # ---------------------------------------------------------------- aten ops
    def _begin_op(self, func, args, kwargs):
        event = self._run.events.add()
        op = event.op
        name, arguments, _ = _schema_info(func)
        op.name = name
        arg_tensors = []  # per schema argument: the tensor passed, or None
        nargs = len(args)
        for i, (arg_name, kwarg_only, default, is_write, type_name) in enumerate(arguments):
            if i < nargs and not kwarg_only:
                value = args[i]
            elif arg_name in kwargs:
                value = kwargs[arg_name]
            else:
                value = default
            self._set_argument(op.args.add(name=arg_name), value, type_name)
            arg_tensors.append(value if isinstance(value, torch.Tensor) else None)
            if is_write:
                op.mutated_args.append(i)
        if op.name == "aten.native_batch_norm.default" and len(args) > 5 and args[5]:
            # Training-mode batch norm updates running_mean/var without saying so.
            for i in (3, 4):
                if isinstance(args[i], torch.Tensor) and i not in op.mutated_args:
                    op.mutated_args.append(i)
        if self._calls:
            op.function_call = self._calls[-1]
        self._location(event.loc)
        return event, arg_tensors

    # ---------------------------------------------------------------- function level
    def _begin_call(self, func, args, kwargs):
        event = self._run.events.add()
        call = event.function_call
        call.id = self._next_call
        self._next_call += 1
        try:
            call.name = (_PATCHED_NAMES.get(func) or torch.overrides.resolve_name(func)
                         or _qualified_name(func))
        except Exception:  # noqa: BLE001 - resolve_name may fail on odd callables
            call.name = _qualified_name(func)
        if self._calls:
            call.parent = self._calls[-1]
        for i, value in enumerate(args):
            self._summarize(call.args.add(name=str(i)), value)
        for name, value in kwargs.items():
            self._summarize(call.args.add(name=name), value)
        self._location(event.loc)
        return event

    def _end_call(self, event, out):
        call = event.function_call
        values = out if isinstance(out, (tuple, list)) and not isinstance(out, torch.Size) else (out,)
        for i, value in enumerate(values):
            self._summarize(call.results.add(name=str(i)), value)

    def _set_simple(self, arg, value):
        """Sets `arg` for None, a tensor, a Python scalar, a string or a dtype;
        returns False for anything else."""
        if value is None:
            arg.none = True
        elif isinstance(value, torch.Tensor):
            arg.tensor = self._use(value)
        elif isinstance(value, bool):
            arg.bool_value = value
        elif isinstance(value, int):
            arg.int_value = value
        elif isinstance(value, float):
            arg.float_value = value
        elif isinstance(value, str):
            arg.string_value = value
        elif isinstance(value, torch.dtype):
            arg.dtype_value = str(value).replace("torch.", "")
        else:
            return False
        return True

    def _summarize(self, arg, value):
        if self._set_simple(arg, value):
            return
        if isinstance(value, (list, tuple)) and value and all(
                isinstance(x, torch.Tensor) or x is None for x in value):
            arg.tensors.SetInParent()
            arg.tensors.tensor_ids.extend(0 if x is None else self._use(x) for x in value)
        elif isinstance(value, (list, tuple)) and all(
                isinstance(x, (int, bool)) and not isinstance(x, torch.Tensor) for x in value):
            arg.ints.SetInParent()
            arg.ints.values.extend(int(x) for x in value)
        elif isinstance(value, (list, tuple)) and all(
                isinstance(x, (int, float)) and not isinstance(x, torch.Tensor) for x in value):
            arg.floats.SetInParent()
            arg.floats.values.extend(float(x) for x in value)
        else:
            arg.string_value = f"<{type(value).__name__}>"

    def _set_argument(self, arg, value, type_name):
        """`type_name`: the schema type of the argument (`str(argument.type)`)."""
        if self._set_simple(arg, value):
            return
        if isinstance(value, (list, tuple)):
            if any(isinstance(x, torch.Tensor) for x in value) or "Tensor" in type_name:
                arg.tensors.SetInParent()
                arg.tensors.tensor_ids.extend(0 if x is None else self._use(x) for x in value)
            elif any(isinstance(x, float) for x in value) or "float" in type_name:
                arg.floats.SetInParent()
                arg.floats.values.extend(float(x) for x in value)
            else:
                arg.ints.SetInParent()
                arg.ints.values.extend(int(x) for x in value)
        else:
            # torch.device, torch.layout, torch.memory_format, complex, ...
            arg.string_value = str(value)

    def _end_op(self, event, func, arg_tensors, out):
        op = event.op
        returns = _schema_info(func)[2]
        outs = out if isinstance(out, (tuple, list)) and len(returns) != 1 else (out,)
        for ret_type, alias_of, value in zip(returns, _alias_of_returns(func), outs):
            values = value if isinstance(value, (tuple, list)) else (value,)
            for v in values:
                if isinstance(v, torch.Tensor):
                    tid = None
                    for a in arg_tensors:  # in place (`out is self`): same tensor id
                        if a is v:
                            tid = self._lookup(v)
                            break
                    if tid is None:
                        tid = self._define(v)
                    op.results.add(tensor_id=tid, type=tensor_type(v), alias_of=alias_of)
                elif v is None and "Tensor" in ret_type:
                    op.results.add(tensor_id=0, alias_of=-1)

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
                        event = recorder._run.events.add()
                        event.branch.predicate = recorder._use(self)
                        event.branch.value = bool(value)
                        frame = recorder._location(event.loc)
                        event.branch.kind = _branch_kind(frame)
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
                    event = recorder._run.events.add()
                    read = event.scalar_read
                    read.tensor_id = recorder._use(self)
                    read.method = label
                    if label == "tolist":
                        flat = _flatten_numbers(value, [])
                        read.values.extend(flat)
                        read.value = flat[0] if flat else 0.0
                    else:
                        read.value = float(value)
                    recorder._location(event.loc)
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


def record(model, runs, path, text=False, function_mode=True, loop_marks=True, sidecar=None):
    """Calls model(*run) for every run and writes all runs into one trace file.

    `runs` is a list of input tuples (a bare tensor counts as a 1-tuple). Returns the
    Trace message. `path=None` records without writing. Nothing is written on error.
    `function_mode`, `loop_marks` and `sidecar` are as for Recorder.
    """
    runs = [_as_run(r) for r in runs]
    with Recorder(path, model, text=text, function_mode=function_mode,
                  loop_marks=loop_marks, sidecar=sidecar) as rec:
        for inputs in runs:
            model(*inputs)
    return rec.trace
