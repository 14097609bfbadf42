"""Recorder API: values, ids, aliasing, branches, locations, scopes, clean-up."""
import inspect
import os

import pytest
import torch

import ascend_trace
from ascend_trace import recorder as R
from ascend_trace import PyNativeTrace_pb2 as pb


def ops(run):
    return [e for e in run.events if e.WhichOneof("kind") == "op"]


def ops_named(run, name):
    return [e.op for e in ops(run) if e.op.name == name]


def args_by_name(op):
    return {a.name: a for a in op.args}


def line_of(func, text):
    """Absolute line number of the first source line of func containing text."""
    lines, start = inspect.getsourcelines(func)
    for i, line in enumerate(lines):
        if text in line:
            return start + i, line.index(text.lstrip()) + 1
    raise AssertionError(f"{text!r} not in {func.__name__}")


class ConvBnRelu(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv2d(3, 4, 3, stride=2, padding=1)
        self.bn = torch.nn.BatchNorm2d(4)
        self.relu = torch.nn.ReLU()

    def forward(self, x):
        return self.relu(self.bn(self.conv(x)))


def make_conv_bn_relu():
    torch.manual_seed(1)
    model = ConvBnRelu().eval()
    with torch.no_grad():  # non-trivial running statistics
        model.bn.running_mean.uniform_(-0.5, 0.5)
        model.bn.running_var.uniform_(0.5, 2.0)
    return model


def test_conv_bn_relu_values_round_trip(tmp_path):
    model = make_conv_bn_relu()
    x = torch.randn(2, 3, 8, 8)
    path = tmp_path / "cbr.pntrace"
    with torch.no_grad():
        expected = model(x)
        ascend_trace.record(model, [(x,)], path)
    trace = ascend_trace.load_trace(path)

    assert trace.format_version == 1
    assert trace.producer == f"ascend_trace {ascend_trace.__version__}"
    assert trace.torch_version == torch.__version__
    assert trace.model.endswith("test_recorder.ConvBnRelu")
    assert trace.modes.dispatch_mode and trace.modes.function_mode and trace.modes.loop_tracer
    assert not trace.modes.training and not trace.modes.grad_enabled

    names = [p.name for p in trace.parameters]
    assert names == ["conv.weight", "conv.bias", "bn.weight", "bn.bias",
                     "bn.running_mean", "bn.running_var", "bn.num_batches_tracked"]
    assert [p.is_buffer for p in trace.parameters] == [False] * 4 + [True] * 3
    state = dict(model.named_parameters()) | dict(model.named_buffers())
    for p in trace.parameters:
        t = state[p.name]
        assert list(p.value.type.shape) == list(t.shape)
        assert p.value.type.dtype == (pb.DTYPE_INT64 if p.name.endswith("tracked") else pb.DTYPE_FLOAT32)
        assert p.value.data == t.detach().reshape(-1).view(torch.uint8).numpy().tobytes()
        assert torch.equal(R.value_to_tensor(p.value), t.detach())

    run = trace.runs[0]
    assert len(trace.runs) == 1 and len(run.inputs) == 1 and len(run.outputs) == 1
    assert torch.equal(R.value_to_tensor(run.inputs[0].value), x)
    out = R.value_to_tensor(run.outputs[0].value)
    assert out.dtype == torch.float32 and torch.equal(out, expected)  # bit-exact

    names = [e.op.name for e in ops(run)]
    assert "aten.convolution.default" in names and "aten.native_batch_norm.default" in names
    conv = ops_named(run, "aten.convolution.default")[0]
    assert [a.name for a in conv.args] == ["input", "weight", "bias", "stride", "padding",
                                           "dilation", "transposed", "output_padding", "groups"]
    a = args_by_name(conv)
    ids = {p.name: p.tensor_id for p in trace.parameters}
    assert a["input"].tensor == run.inputs[0].tensor_id
    assert a["weight"].tensor == ids["conv.weight"] and a["bias"].tensor == ids["conv.bias"]
    assert list(a["stride"].ints.values) == [2, 2] and list(a["padding"].ints.values) == [1, 1]
    assert a["transposed"].WhichOneof("value") == "bool_value" and not a["transposed"].bool_value
    assert a["groups"].int_value == 1
    assert list(conv.results[0].type.shape) == [2, 4, 4, 4] and conv.results[0].alias_of == -1
    assert conv.mutated_args == []

    bn = ops_named(run, "aten.native_batch_norm.default")[0]
    b = args_by_name(bn)
    assert b["input"].tensor == conv.results[0].tensor_id  # data flow
    assert b["running_mean"].tensor == ids["bn.running_mean"]
    assert b["training"].bool_value is False and b["eps"].float_value == pytest.approx(1e-5)
    assert bn.mutated_args == []  # eval mode writes nothing
    relu = ops_named(run, "aten.relu.default")[0]
    assert relu.args[0].tensor == bn.results[0].tensor_id
    assert run.outputs[0].tensor_id == relu.results[0].tensor_id
    assert len(trace.constants) == 0


def test_training_batch_norm_writes_running_stats():
    model = make_conv_bn_relu().train()
    trace = ascend_trace.record(model, [(torch.randn(2, 3, 8, 8),)], None)
    assert trace.modes.training
    bn = ops_named(trace.runs[0], "aten.native_batch_norm.default")[0]
    assert list(bn.mutated_args) == [3, 4]
    # num_batches_tracked += 1 is an in-place add on the buffer.
    ids = {p.name: p.tensor_id for p in trace.parameters}
    add = [op for op in ops_named(trace.runs[0], "aten.add_.Tensor")
           if op.args[0].tensor == ids["bn.num_batches_tracked"]]
    assert add and list(add[0].mutated_args) == [0] and add[0].results[0].alias_of == 0


def test_parameters_keep_ids_across_runs():
    model = make_conv_bn_relu()
    with torch.no_grad():
        trace = ascend_trace.record(model, [torch.randn(1, 3, 8, 8), (torch.randn(1, 3, 6, 6),)], None)
    assert len(trace.runs) == 2 and len(trace.parameters) == 7
    weights = [ops_named(r, "aten.convolution.default")[0].args[1].tensor for r in trace.runs]
    assert weights[0] == weights[1] == trace.parameters[0].tensor_id
    inputs = [r.inputs[0].tensor_id for r in trace.runs]
    assert inputs[0] != inputs[1]
    all_results = [res.tensor_id for r in trace.runs for e in ops(r) for res in e.op.results]
    assert len(all_results) == len(set(all_results))  # fresh ids for every new tensor
    assert not set(all_results) & {p.tensor_id for p in trace.parameters}


class InplaceRelu(torch.nn.Module):
    def forward(self, x):
        y = x * 3.0
        torch.relu_(y)
        return y.t()


def test_inplace_relu_mutates_and_aliases_arg0():
    x = torch.randn(3, 5)
    model = InplaceRelu()
    trace = ascend_trace.record(model, [(x,)], None)
    run = trace.runs[0]
    mul, relu_, t = [e.op for e in ops(run)]
    assert mul.name == "aten.mul.Tensor" and mul.args[1].float_value == 3.0
    assert relu_.name == "aten.relu_.default"
    assert list(relu_.mutated_args) == [0]
    assert relu_.results[0].alias_of == 0
    assert relu_.args[0].tensor == mul.results[0].tensor_id
    assert relu_.results[0].tensor_id == relu_.args[0].tensor  # same tensor, written in place
    assert t.name == "aten.t.default" and t.results[0].alias_of == 0 and list(t.mutated_args) == []
    assert list(t.results[0].type.shape) == [5, 3]
    assert torch.equal(R.value_to_tensor(run.outputs[0].value), model(x))


class TwoOutputs(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = torch.nn.Linear(4, 6)

    def forward(self, x, y):
        h = self.fc(x)
        a, b = h.split(3, dim=1)
        return a + y, [b.sum(), x]


def test_outputs_match_model_outputs():
    torch.manual_seed(2)
    model = TwoOutputs()
    x, y = torch.randn(2, 4), torch.randn(2, 3)
    expected = model(x, y)
    trace = ascend_trace.record(model, [(x, y)], None)
    run = trace.runs[0]
    assert [i.tensor_id for i in run.inputs] == [run.inputs[0].tensor_id, run.inputs[1].tensor_id]
    flat = [expected[0], expected[1][0], expected[1][1]]
    assert len(run.outputs) == 3
    for o, e in zip(run.outputs, flat):
        assert torch.equal(R.value_to_tensor(o.value), e)
    assert run.outputs[2].tensor_id == run.inputs[0].tensor_id  # x returned as is
    split = ops_named(run, "aten.split.Tensor")[0]
    assert [a.name for a in split.args] == ["self", "split_size", "dim"]
    assert split.args[2].int_value == 1
    assert len(split.results) == 2 and all(r.alias_of == 0 for r in split.results)
    linear = ops_named(run, "aten.addmm.default")[0]
    assert linear.args[0].tensor == next(p.tensor_id for p in trace.parameters if p.name == "fc.bias")


class UsesConstant(torch.nn.Module):
    def forward(self, x):
        scale = torch.tensor([1.0, 2.0, 3.0])
        return x * scale + self.offset

    offset = torch.tensor(0.5, dtype=torch.float64)  # not a buffer: a constant


def test_unnamed_tensors_are_constants():
    model = UsesConstant()
    trace = ascend_trace.record(model, [(torch.ones(2, 3),), (torch.zeros(2, 3),)], None)
    values = sorted(R.value_to_tensor(c.value).tolist() for c in trace.constants
                    if c.value.type.dtype == pb.DTYPE_FLOAT32)
    assert [1.0, 2.0, 3.0] in values
    offsets = [c for c in trace.constants if c.value.type.dtype == pb.DTYPE_FLOAT64]
    assert len(offsets) == 1  # saved once, reused by both runs
    assert list(offsets[0].value.type.shape) == [] and R.value_to_tensor(offsets[0].value).item() == 0.5
    for run in trace.runs:
        add = ops_named(run, "aten.add.Tensor")[0]
        assert add.args[1].tensor == offsets[0].tensor_id
    constant_ids = {c.tensor_id for c in trace.constants}
    lift = ops_named(trace.runs[0], "aten.lift_fresh.default")
    assert lift and lift[0].args[0].tensor in constant_ids


class Branchy(torch.nn.Module):
    def forward(self, x):
        if x.sum() > 0:
            x = x + 1
        else:
            x = x - 1
        n = 0
        while x.abs().max() < 8:
            x = x * 2
            n += 1
        k = int(x.argmax())
        return x * k + x.mean().item()


def test_branch_loop_and_scalar_read_events():
    model = Branchy()
    trace = ascend_trace.record(model, [(torch.full((3,), 1.0),), (torch.full((3,), -1.0),)], None)
    if_line, _ = line_of(Branchy.forward, "if x.sum() > 0")
    while_line, _ = line_of(Branchy.forward, "while x.abs().max() < 8")
    seen = []
    for run in trace.runs:
        branches = [e for e in run.events if e.WhichOneof("kind") == "branch"]
        first = branches[0]
        assert first.branch.kind == pb.BRANCH_IF
        # Python 3.11 gives the jump the position of the test expression `x.sum() > 0`
        assert (first.loc.frames[0].line, first.loc.frames[0].column) == (if_line, 12)
        assert first.loc.frames[0].function == "forward"
        assert first.loc.frames[0].file == os.path.abspath(__file__)
        # predicate = result of the `gt` op just before
        gt = ops_named(run, "aten.gt.Scalar")[0]
        assert first.branch.predicate == gt.results[0].tensor_id
        seen.append(first.branch.value)
        loop = branches[1:]
        assert all(e.loc.frames[0].line == while_line for e in loop)
        # first test of a while is a forward jump, later ones are the back-edge
        assert loop[0].branch.kind == pb.BRANCH_IF
        assert all(e.branch.kind == pb.BRANCH_LOOP_BACKEDGE for e in loop[1:])
        assert [e.branch.value for e in loop] == [True, True, False]  # |x|: 2, 4, 8
        reads = [e.scalar_read for e in run.events if e.WhichOneof("kind") == "scalar_read"]
        assert [r.method for r in reads] == ["int", "item"]
        assert reads[0].value == 0.0
        mul = ops_named(run, "aten.mul.Tensor")[-1]
        assert mul.args[1].int_value == 0  # the int read comes back as an op argument
    assert seen == [True, False]
    # __bool__ goes through aten._local_scalar_dense, recorded as an op without results
    dense = ops_named(trace.runs[0], "aten._local_scalar_dense.default")
    assert dense and all(len(op.results) == 0 for op in dense)


class UsesReadNumbers(torch.nn.Module):
    def forward(self, x):
        a = x.max().item()     # passed on to tensor ops only
        b = x.min().item()     # compared by Python
        c = x.mean().item()    # Python arithmetic
        d = x.sum().item()     # `d * y`: Python hands it to the tensor's __rmul__
        e = x[:2].tolist()     # floats, passed on only
        k = x.argmax().item()  # an int: never tagged
        y = x / a
        if b < -100:
            y = y + 1
        y = y + c * 2
        return d * y + e[0] + x[k]


def test_scalar_reads_know_whether_python_used_the_number():
    trace = ascend_trace.record(UsesReadNumbers(), [(torch.arange(4.0) - 1.5,)], None)
    reads = [e.scalar_read for e in trace.runs[0].events
             if e.WhichOneof("kind") == "scalar_read"]
    assert [r.method for r in reads] == ["item", "item", "item", "item", "tolist", "item"]
    assert [r.only_tensor_args for r in reads] == [True, False, False, True, True, False]
    # The numbers behave as the floats they are.
    x = torch.arange(4.0) - 1.5
    with ascend_trace.Recorder(None, UsesReadNumbers()) as rec:
        v = x.max().item()
        assert isinstance(v, float) and v == 1.5 and hash(v) == hash(1.5)
        assert torch.equal(v * x, 1.5 * x)


def helper(x):
    return x.relu()


class CallsHelperTwice(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.inner = torch.nn.Sequential(torch.nn.Linear(2, 2), torch.nn.Tanh())

    def forward(self, x):
        return helper(self.inner(x)) + helper(x)


def test_locations_activations_and_scopes():
    torch.manual_seed(0)
    model = CallsHelperTwice()
    trace = ascend_trace.record(model, [(torch.randn(1, 2),)], None)
    run = trace.runs[0]
    relus = [e for e in ops(run) if e.op.name == "aten.relu.default"]
    assert len(relus) == 2
    inner = [f.function for f in relus[0].loc.frames]
    assert inner == ["helper", "forward"]  # innermost first; torch and recorder frames left out
    helper_line, helper_col = line_of(helper, "x.relu()")
    assert (relus[0].loc.frames[0].line, relus[0].loc.frames[0].column) == (helper_line, helper_col)
    a0, a1 = relus[0].loc.frames[0].activation, relus[1].loc.frames[0].activation
    assert a0 != a1  # two calls of helper
    assert relus[0].loc.frames[1].activation == relus[1].loc.frames[1].activation  # one forward
    assert relus[0].loc.module_path == "" and relus[0].loc.module_type == "CallsHelperTwice"
    addmm = next(e for e in ops(run) if e.op.name == "aten.addmm.default")
    assert (addmm.loc.module_path, addmm.loc.module_type) == ("inner.0", "Linear")
    tanh = next(e for e in ops(run) if e.op.name == "aten.tanh.default")
    assert (tanh.loc.module_path, tanh.loc.module_type) == ("inner.1", "Tanh")


def test_recorder_context_manager_and_clean_up(tmp_path):
    from torch.nn.modules import module as nn_module

    torch.manual_seed(0)
    model = CallsHelperTwice()
    hooks = (len(nn_module._global_forward_pre_hooks), len(nn_module._global_forward_hooks))
    path = tmp_path / "ctx.pntrace"
    x, y = torch.randn(1, 2), torch.randn(3, 2)
    with ascend_trace.Recorder(path, model) as rec:
        z = x * 2  # not a model call: not recorded
        model(z)
        model(y)
        assert not path.exists()
    assert (len(nn_module._global_forward_pre_hooks), len(nn_module._global_forward_hooks)) == hooks
    for name in ("__bool__", "item", "__int__", "__float__", "__index__"):
        assert name not in torch.Tensor.__dict__
    trace = ascend_trace.load_trace(path)
    assert trace == rec.trace and len(trace.runs) == 2
    assert torch.equal(R.value_to_tensor(trace.runs[0].inputs[0].value), z)
    assert ops(trace.runs[0])[0].op.name == "aten.t.default"  # the mul before is left out
    # The caller of the model (this test) is the outermost frame.
    call_line, _ = line_of(test_recorder_context_manager_and_clean_up, "model(z)")
    outer = ops(trace.runs[0])[0].loc.frames[-1]
    assert (outer.function, outer.line) == ("test_recorder_context_manager_and_clean_up", call_line)
    assert os.listdir(tmp_path) == ["ctx.pntrace"]


def test_error_writes_nothing(tmp_path):
    class Fails(torch.nn.Module):
        def forward(self, x):
            return x.reshape(7, 7)

    path = tmp_path / "fails.pntrace"
    with pytest.raises(RuntimeError):
        ascend_trace.record(Fails(), [(torch.ones(2, 2),)], path)
    assert os.listdir(tmp_path) == []
    assert "__bool__" not in torch.Tensor.__dict__


@pytest.mark.parametrize("dtype", [torch.float32, torch.float16, torch.bfloat16, torch.float64,
                                   torch.int64, torch.int32, torch.int16, torch.int8,
                                   torch.uint8, torch.bool])
def test_values_round_trip_bit_exactly(dtype):
    torch.manual_seed(0)
    t = (torch.randn(3, 4) * 50).to(dtype)
    for x in (t, t[:, 1:3].t(), t[0, 0]):  # non-contiguous and 0-dim too
        v = R.tensor_value(x)
        assert list(v.type.shape) == list(x.shape)
        assert len(v.data) == x.numel() * x.element_size()
        back = R.value_to_tensor(v)
        assert back.dtype == dtype and back.shape == x.shape
        assert back.reshape(-1).view(torch.uint8).tolist() == \
            x.contiguous().reshape(-1).view(torch.uint8).tolist()


def test_text_mode_parses_back(tmp_path):
    model = make_conv_bn_relu()
    x = torch.randn(1, 3, 8, 8)
    binary = ascend_trace.record(model, [(x,)], tmp_path / "a.pntrace")
    ascend_trace.record(model, [(x,)], tmp_path / "a.pntrace.txt", text=True)
    from google.protobuf import text_format

    text = (tmp_path / "a.pntrace.txt").read_text()
    assert text.startswith("format_version: 1\n")
    parsed = text_format.Parse(text, pb.Trace())
    assert parsed == binary == ascend_trace.load_trace(tmp_path / "a.pntrace")
    assert ascend_trace.load_trace(tmp_path / "a.pntrace.txt") == binary


def test_library_frames_do_not_make_runs_differ():
    # nn.ConvTranspose2d runs `isinstance` through <frozen abc> on its first
    # call only; locations must hold user frames alone, so both runs agree.
    model = torch.nn.ConvTranspose2d(3, 4, 3, stride=2).eval()
    with torch.no_grad():
        trace = ascend_trace.record(model, [torch.randn(1, 3, 4, 4), torch.randn(1, 3, 4, 4)], None)
    locations = [[tuple((f.file, f.line, f.column) for f in e.loc.frames) for e in r.events]
                 for r in trace.runs]
    assert locations[0] == locations[1]
    files = {f for run in locations for loc in run for (f, _, _) in loc}
    assert not any(f.startswith("<frozen") for f in files)


def _strided_writes():
    """The model of test/Functionalization/Inputs/strided_writes.py: writes through
    slices, where torch's indexing code makes Python objects for the same tensor at
    the aten and the function level, so which object is seen later depends on when
    the others die."""
    import importlib.util

    path = os.path.join(os.path.dirname(__file__), "..", "..", "test", "Functionalization",
                        "Inputs", "strided_writes.py")
    spec = importlib.util.spec_from_file_location("strided_writes", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.StridedWrites


def test_tensor_ids_do_not_depend_on_garbage_collection():
    import gc

    torch.manual_seed(0)
    model = _strided_writes()().eval()
    runs = [(torch.randn(5, 6), torch.randn(3, 6)), (torch.randn(5, 6), torch.randn(1, 6))]
    threshold = gc.get_threshold()
    traces = []
    try:
        for gen0 in (1, 700, 100000):  # a collection after every allocation ... almost never
            gc.set_threshold(gen0, *threshold[1:])
            traces.append(ascend_trace.record(model, runs, None).SerializeToString())
    finally:
        gc.set_threshold(*threshold)
    assert traces[0] == traces[1] == traces[2]
    trace = pb.Trace.FromString(traces[0])
    # The slice written by copy_ is the aten-level result of its slice, not a constant.
    run = trace.runs[1]
    slices = {r.tensor_id for e in ops(run) if e.op.name == "aten.slice.Tensor" for r in e.op.results}
    copies = [e.op for e in ops(run) if e.op.name == "aten.copy_.default"]
    assert copies and all(c.args[0].tensor in slices for c in copies)


def test_aten_calls_from_indexing_are_not_function_calls():
    # Tensor.__setitem__'s C++ slicing hands its aten calls to the function mode;
    # they are ops (recorded once, by the dispatch mode), not function-level calls,
    # and their results are no constants.
    model = _strided_writes()().eval()
    trace = ascend_trace.record(model, [(torch.randn(5, 6), torch.randn(3, 6))], None)
    calls = [e.function_call.name for e in trace.runs[0].events
             if e.WhichOneof("kind") == "function_call"]
    assert calls and not [name for name in calls if name.startswith("aten.")]
    assert "torch.Tensor.__setitem__" in calls
    assert len(trace.constants) == 0
    names = [e.op.name for e in ops(trace.runs[0])]
    assert names.count("aten.copy_.default") == 3 and names.count("aten.slice.Tensor") == 7


def test_garbage_collector_paused_during_runs_only():
    import gc

    seen = []

    class Probe(torch.nn.Module):
        def forward(self, x):
            seen.append(gc.isenabled())
            return x + 1

    assert gc.isenabled()
    with ascend_trace.Recorder(None, Probe()) as rec:
        rec.model(torch.ones(2))
        seen.append(gc.isenabled())  # between runs
        rec.model(torch.ones(2))
    assert seen == [False, True, False] and gc.isenabled()
    gc.disable()
    try:  # a collector the program turned off stays off
        with ascend_trace.Recorder(None, Probe()) as rec:
            rec.model(torch.ones(2))
        assert not gc.isenabled()
    finally:
        gc.enable()
    with pytest.raises(RuntimeError):  # a run that raises turns it back on too
        with ascend_trace.Recorder(None, torch.nn.Linear(2, 2)) as rec:
            rec.model(torch.ones(3))
    assert gc.isenabled()


def test_function_calls_do_not_keep_their_tensors_alive():
    import weakref

    refs = []

    class Drops(torch.nn.Module):
        def forward(self, x):
            t = torch.sin(x)  # a function-level call whose result dies at once
            refs.append(weakref.ref(t))
            del t
            assert refs[-1]() is None  # freed now, not when the run ends
            return torch.cos(x)

    ascend_trace.record(Drops(), [(torch.ones(3),)], None)
    assert len(refs) == 1


def test_trace_inside_the_block_holds_the_finished_runs():
    model = torch.nn.Linear(2, 2)
    with ascend_trace.Recorder(None, model) as rec:
        assert len(rec.trace.runs) == 0
        model(torch.ones(1, 2))
        first = rec.trace
        assert len(first.runs) == 1 and ops(first.runs[0])
        model(torch.ones(3, 2))
    assert len(rec.trace.runs) == 2 and rec.trace.runs[0] == first.runs[0]


class PushesModes(torch.nn.Module):
    """Pushes its own dispatch mode, and pops the recorder's for a moment."""

    def __init__(self):
        super().__init__()
        self.fc = torch.nn.Linear(4, 4)

    def forward(self, x):
        from torch.utils._python_dispatch import TorchDispatchMode, _pop_mode_temporarily

        class Doubles(TorchDispatchMode):
            def __torch_dispatch__(self, func, types, args=(), kwargs=None):
                out = func(*args, **(kwargs or {}))
                return func(out, 1.0) if func is torch.ops.aten.mul.Tensor else out

        h = self.fc(x) * 2
        with Doubles():
            h = h * 3  # recorded: the mul, and the mul the mode adds
        with _pop_mode_temporarily():
            h = h - 1  # not recorded at the aten level
        return h * 0.5


def test_modes_pushed_by_the_model():
    from torch.utils._python_dispatch import _len_torch_dispatch_stack

    torch.manual_seed(0)
    model = PushesModes()
    x = torch.randn(2, 4)
    with torch.no_grad():
        expected = (model.fc(x) * 6 - 1) * 0.5  # (the model pops a mode: it runs recorded only)
        trace = ascend_trace.record(model, [(x,)], None)
    names = [e.op.name for e in ops(trace.runs[0])]
    assert names == ["aten.t.default", "aten.addmm.default", "aten.mul.Tensor", "aten.mul.Tensor",
                     "aten.mul.Tensor", "aten.mul.Tensor"]
    calls = [e.function_call.name for e in trace.runs[0].events
             if e.WhichOneof("kind") == "function_call"]
    assert "torch.Tensor.sub" in calls
    assert torch.equal(R.value_to_tensor(trace.runs[0].outputs[0].value), expected)
    assert _len_torch_dispatch_stack() == 0 and torch.ones(1).add(1).item() == 2.0
