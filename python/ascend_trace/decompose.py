"""Which recorded ops run through PyTorch's own decompositions instead.

The compiler maps a fixed set of aten ops to MindSpore primitives (docs/OpMapping.md;
the build writes the same list, machine-readable, to `mapped_ops.json` beside this
file, from `docs/tools/gen_op_mapping.py --mapped-ops`). An op outside that set, for
which PyTorch has a decomposition, is not recorded itself: the recorder runs PyTorch's
decomposition under its dispatch mode, so the ops it is made of are recorded in its
place (each with the original op's source location, module scope and function-level
call), and those that are still not mapped are decomposed again.

Tables, from torch itself:
  * torch 2.x: `torch._decomp.core_aten_decompositions()` (to the Core ATen opset, the
    ops tagged `torch.Tag.core`), then `torch._decomp.decomposition_table` for ops that
    the Core ATen table leaves alone;
  * torch 1.13: `torch._decomp.decomposition_table`.

An op that is mapped only for some argument values (`addmm` with alpha = beta = 1;
the conditions are read from the C++ handlers by the generator) is decomposed when its
arguments are outside them; a data mapping that requires a float tensor is decomposed
for other dtypes.
"""

import json
import os

import torch

MAPPED_OPS_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "mapped_ops.json")


class MappedOps:
    """The compiler's mapped ops: {op name: conditions} (see mapped_ops.json)."""

    def __init__(self, ops):
        self.ops = ops

    @classmethod
    def load(cls, path=None):
        """Reads mapped_ops.json (beside this file by default); None when it is absent
        (a source checkout without a build: nothing is decomposed then)."""
        if path is None:
            if not os.path.exists(MAPPED_OPS_FILE):
                return None
            path = MAPPED_OPS_FILE
        with open(path) as f:
            data = json.load(f)
        if data.get("format") != 1 or not isinstance(data.get("ops"), dict):
            raise ValueError(f"{path}: not a mapped-ops list of format 1")
        return cls(data["ops"])

    def add(self, names):
        """Marks more ops as mapped (e.g. those of a user's --mapping-file)."""
        for name in names:
            self.ops.setdefault(name, {})


def _tables():
    """The decomposition tables to consult, in order (see the module docstring)."""
    import torch._decomp as decomp

    tables = []
    core = getattr(decomp, "core_aten_decompositions", None)
    if core is not None:
        tables.append(dict(core()))
    tables.append(decomp.decomposition_table)
    return tables


def core_aten_ops():
    """The Core ATen opset of this torch (ops tagged torch.Tag.core), as
    `aten.<name>.<overload>` strings; empty on torch 1.13 (no such tag)."""
    tag = getattr(getattr(torch, "Tag", None), "core", None)
    if tag is None:
        return []
    names = []
    for packet_name in dir(torch.ops.aten):
        packet = getattr(torch.ops.aten, packet_name, None)
        if not isinstance(packet, torch._ops.OpOverloadPacket):
            continue
        for overload in packet.overloads():
            op = getattr(packet, overload)
            if tag in op.tags:
                names.append(str(op))
    return sorted(set(names))


# Arguments of random ops whose value switches the randomness off.
_RANDOMNESS_OFF = {"dropout_p": 0.0, "p": 0.0, "train": False}


def _randomness_switches(schema):
    """(index, name, value when off, default) for each argument of `schema` that
    switches a random op's randomness off."""
    switches = []
    for index, argument in enumerate(schema.arguments):
        if argument.name in _RANDOMNESS_OFF:
            default = argument.default_value if argument.has_default_value() else None
            switches.append((index, argument.name, _RANDOMNESS_OFF[argument.name], default))
    return switches


class _Rule:
    """How one op is treated: decomposed always, or when its arguments are outside
    the conditions under which the compiler maps it."""

    __slots__ = ("decomposition", "args", "float_only", "mapped", "name", "randomness")

    def __init__(self, name, decomposition, conditions, schema_args, randomness=()):
        self.name = name
        # For a random op (torch.Tag.nondeterministic_seeded): the arguments that
        # switch its randomness off, as (index, name, value when off, default). It is
        # decomposed only in calls where one of them is off (dropout_p=0.0,
        # train=False): its decomposition would draw other numbers otherwise.
        self.randomness = tuple(randomness)
        self.mapped = conditions is not None
        self.decomposition = decomposition
        self.args = tuple((schema_args.index(a), a, v)
                          for a, v in (conditions or {}).get("args", {}).items()
                          if a in schema_args)
        self.float_only = (conditions or {}).get("requires") == "float"

    def deterministic(self, args, kwargs):
        if not self.randomness:
            return True
        for index, name, off, default in self.randomness:
            actual = args[index] if index < len(args) else kwargs.get(name, default)
            if actual == off:
                return True
        return False

    def applies(self, args, kwargs):
        if not self.deterministic(args, kwargs):
            return False
        if not self.mapped:
            return True
        for index, name, value in self.args:
            actual = args[index] if index < len(args) else kwargs.get(name, value)
            if actual != value:
                return True
        if self.float_only:
            first = args[0] if args else None
            if isinstance(first, torch.Tensor) and not first.is_floating_point():
                return True
        return False


class Decomposer:
    """Per op (OpOverload), whether and how to decompose it (cached)."""

    def __init__(self, mapped):
        self.mapped = mapped
        self.tables = _tables()
        self._rules = {}  # id(op) -> (op, rule or None)
        # Ops whose decomposition ran into an op the compiler does not map: recorded
        # as themselves from then on (the error then names the op the model ran).
        self.unusable = {}  # op -> the first unmapped part its decomposition ran
        self.used = set()   # ops recorded as their decompositions' parts
        # Per decomposition running (innermost last): None while every part is mapped,
        # else the name of the first part that is not.
        self.running = []

    def rule(self, func):
        entry = self._rules.get(id(func))
        if entry is not None and entry[0] is func:
            return entry[1]
        rule = self._make_rule(func)
        self._rules[id(func)] = (func, rule)
        return rule

    def _make_rule(self, func):
        name = str(func)
        conditions = self.mapped.ops.get(name)
        if conditions is not None and not conditions.get("args") and not conditions.get("requires"):
            return None  # mapped whatever the arguments
        decomposition = None
        for table in self.tables:
            decomposition = table.get(func)
            if decomposition is not None:
                break
        if decomposition is None:
            return None
        # An op that writes an argument is never decomposed: a decomposition whose
        # parts are taken back would have written it already, and the op would
        # then run a second time.
        if any(a.alias_info is not None and a.alias_info.is_write
               for a in func._schema.arguments):
            return None
        # Nor a random op (dropout, ...) in a call that draws numbers: its
        # decomposition would draw other ones. Calls with the randomness off
        # (scaled_dot_product_attention's dropout_p=0.0, dropout's train=False) are.
        schema_args = [a.name for a in func._schema.arguments]
        randomness = ()
        seeded = getattr(getattr(torch, "Tag", None), "nondeterministic_seeded", None)
        if seeded is not None and seeded in getattr(func, "tags", ()):
            randomness = _randomness_switches(func._schema)
            if not randomness:
                return None
        rule = _Rule(name, decomposition, conditions, schema_args, randomness)
        return rule if (not rule.mapped or rule.args or rule.float_only) else None

    def decomposition_for(self, func, args, kwargs):
        """PyTorch's decomposition to run instead of `func` with these arguments,
        or None to record the op itself."""
        rule = self.rule(func)
        if rule is None or not rule.applies(args, kwargs) or func in self.unusable:
            return None
        return rule.decomposition

    def is_mapped(self, func, args, kwargs):
        """Whether the compiler maps `func` with these arguments."""
        conditions = self.mapped.ops.get(str(func))
        if conditions is None:
            return False
        if not conditions:
            return True
        rule = self.rule(func)
        return rule is None or not rule.applies(args, kwargs)


def make_decomposer(mapped_ops=None):
    """A Decomposer for Recorder(mapped_ops=...): a MappedOps, a path, or None for the
    list the build installed beside the package (None when there is none)."""
    mapped = mapped_ops if isinstance(mapped_ops, MappedOps) else MappedOps.load(mapped_ops)
    if mapped is None:
        return None
    return Decomposer(mapped)


# torch 1.13 runs dispatch modes through a Python stand-in (the recorder's own
# _DispatchStack): re-entering sets it again, since torch's `with mode:` would replace
# it with torch's and clear it on the way out.
_HAS_STACK_MODE = hasattr(torch._C, "_set_torch_dispatch_mode")


FAILED = object()


def run(mode, recorder, func, decomposition, args, kwargs):
    """Runs `decomposition(*args, **kwargs)` with the recorder's dispatch mode `mode`
    on again (torch takes it off while the mode handles an op), so that the ops it
    runs are recorded (or decomposed) in turn. The function mode and the loop tracer
    stay off meanwhile: the decomposition is torch's code, not the model's, and its
    parts belong to the same function-level call and source line as the op.

    Returns FAILED, with the parts' events taken back, when a part is an op the
    compiler does not map either (a `prims` op of torch 1.13's reference
    implementations, an aten op without mapping or decomposition): the caller then
    records `func` itself, and does so for later calls of it too."""
    decomposer = recorder._decomposer
    events = recorder._events
    start = len(events)
    decomposer.running.append(None)
    try:
        out = _run(mode, recorder, decomposition, args, kwargs)
    finally:
        unmapped = decomposer.running.pop()
    if unmapped is None:
        decomposer.used.add(func)
        return out
    del events[start:]
    decomposer.unusable[func] = unmapped
    return FAILED


def _run(mode, recorder, decomposition, args, kwargs):
    import sys

    tracer = sys.gettrace()
    if tracer is not None and tracer is recorder._tracer:
        sys.settrace(None)
    else:
        tracer = None
    popped = torch.overrides._pop_mode() if torch._C._len_torch_function_stack() > 0 else None
    try:
        if _HAS_STACK_MODE:
            stack_mode = recorder._stack_mode
            torch._C._push_on_torch_dispatch_stack(mode)
            torch._C._set_torch_dispatch_mode(stack_mode)
            try:
                return decomposition(*args, **kwargs)
            finally:
                # Inside a mode's handler the dispatcher has no Python mode (it puts
                # the stand-in back when the handler returns).
                torch._C._pop_torch_dispatch_stack()
                torch._C._set_torch_dispatch_mode(None)
        with mode:
            return decomposition(*args, **kwargs)
    finally:
        if popped is not None:
            torch.overrides._push_mode(popped)
        if tracer is not None:
            sys.settrace(tracer)
