"""Recording the repository's examples and, when present, the shared cases."""
import importlib.util
import os

import pytest
import torch

import ascend_trace
from ascend_trace import PyNativeTrace_pb2 as pb
from ascend_trace import recorder as R

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
# The shared cases sit beside the checkout (../shared/cases), when present.
CASES = os.path.join(os.path.dirname(REPO), "shared", "cases")


def load(path):
    name = "example_" + os.path.splitext(os.path.basename(path))[0]
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def branches(run):
    return [e for e in run.events if e.WhichOneof("kind") == "branch"]


def check_outputs(model, runs, trace):
    with torch.no_grad():
        for inputs, run in zip(runs, trace.runs):
            expected = model(*inputs)
            expected = list(expected) if isinstance(expected, (tuple, list)) else [expected]
            assert len(run.outputs) == len(expected)
            for o, e in zip(run.outputs, expected):
                assert torch.equal(R.value_to_tensor(o.value), e)


def test_branch_model_takes_both_sides_at_one_line(tmp_path):
    path = os.path.join(REPO, "examples", "branch_model.py")
    model, runs = load(path).make()
    with torch.no_grad():
        trace = ascend_trace.record(model, runs, tmp_path / "branch.pntrace")
    trace = ascend_trace.load_trace(tmp_path / "branch.pntrace")
    assert len(trace.runs) == 2
    events = [branches(r) for r in trace.runs]
    assert [len(b) for b in events] == [1, 1]
    a, b = events[0][0], events[1][0]
    assert (a.branch.value, b.branch.value) == (True, False)
    assert a.branch.kind == b.branch.kind == pb.BRANCH_IF
    line = next(i + 1 for i, text in enumerate(open(path).read().splitlines())
                if text.strip() == "if h.sum() > 0:")
    for e in (a, b):
        assert (e.loc.frames[0].file, e.loc.frames[0].line) == (path, line)
        assert e.loc.frames[0].function == "forward" and e.loc.module_type == "BranchMLP"
    # after the branch: mul on one side, sub on the other
    names = [[e.op.name for e in r.events if e.WhichOneof("kind") == "op"] for r in trace.runs]
    assert "aten.mul.Tensor" in names[0] and "aten.sub.Tensor" not in names[0]
    assert "aten.sub.Tensor" in names[1] and "aten.mul.Tensor" not in names[1]
    check_outputs(model, runs, trace)


def test_resnet18_example():
    pytest.importorskip("torchvision")
    model, runs = load(os.path.join(REPO, "examples", "resnet18.py")).make()
    with torch.no_grad():
        trace = ascend_trace.record(model, runs, None)
    ops = [e.op for e in trace.runs[0].events if e.WhichOneof("kind") == "op"]
    names = [op.name for op in ops]
    assert names.count("aten.convolution.default") == 20
    assert names.count("aten.native_batch_norm.default") == 20
    assert len(trace.parameters) == 122  # 62 parameters + 60 batch-norm buffers
    params = {p.name: p for p in trace.parameters}
    assert list(params["fc.weight"].value.type.shape) == [10, 512]
    assert list(trace.runs[0].outputs[0].value.type.shape) == [1, 10]
    # every tensor argument is a parameter, the input, or an earlier result
    known = {p.tensor_id for p in trace.parameters} | {i.tensor_id for i in trace.runs[0].inputs}
    known |= {c.tensor_id for c in trace.constants}
    for op in ops:
        for a in op.args:
            if a.WhichOneof("value") == "tensor":
                assert a.tensor in known, (op.name, a.name)
        known |= {r.tensor_id for r in op.results}
    conv = next(e for e in trace.runs[0].events if e.WhichOneof("kind") == "op"
                and e.op.name == "aten.convolution.default" and e.loc.module_path == "layer2.0.downsample.0")
    assert conv.loc.module_type == "Conv2d"
    assert conv.op.args[1].tensor == params["layer2.0.downsample.0.weight"].tensor_id
    check_outputs(model, runs, trace)


@pytest.mark.skipif(not os.path.isdir(CASES), reason="shared cases not present")
def test_case_branch_on_all():
    path = os.path.join(CASES, "branch_on_all.py")
    if not os.path.exists(path):
        pytest.skip("branch_on_all.py not present")
    model, runs = load(path).make()
    trace = ascend_trace.record(model, runs, None)
    b0, b1 = (branches(r) for r in trace.runs)
    assert len(b0) == len(b1) == 1
    assert (b0[0].branch.value, b1[0].branch.value) == (True, False)
    f0, f1 = b0[0].loc.frames[0], b1[0].loc.frames[0]
    assert (f0.file, f0.line, f0.column) == (f1.file, f1.line, f1.column)
    check_outputs(model, runs, trace)


@pytest.mark.skipif(not os.path.isdir(CASES), reason="shared cases not present")
@pytest.mark.parametrize("name", sorted(n for n in os.listdir(CASES) if n.endswith(".py"))
                         if os.path.isdir(CASES) else [])
def test_every_case_records(name):
    model, runs = load(os.path.join(CASES, name)).make()
    trace = ascend_trace.record(model, runs, None)
    assert len(trace.runs) == len(runs)
    check_outputs(model, runs, trace)


def loop_iters(run):
    return [e for e in run.events if e.WhichOneof("kind") == "loop_iter"]


@pytest.mark.skipif(not os.path.exists(os.path.join(CASES, "layers_in_a_loop.py")),
                    reason="shared case not present")
def test_case_layers_in_a_loop_shows_six_iterations():
    module = load(os.path.join(CASES, "layers_in_a_loop.py"))
    model, runs = module.make()
    trace = ascend_trace.record(model, runs, None)
    (run,) = trace.runs
    marks = loop_iters(run)
    assert [e.loop_iter.iteration for e in marks] == list(range(6))
    head = {(e.loc.frames[0].file, e.loc.frames[0].line, e.loc.frames[0].column,
             e.loc.frames[0].activation, e.loop_iter.head_offset) for e in marks}
    assert len(head) == 1  # one loop head, one frame activation
    (file, line, _, _, _), = head
    assert file == os.path.join(CASES, "layers_in_a_loop.py")
    with open(file) as f:
        assert f.read().splitlines()[line - 1].strip() == "for layer in self.layers:"
    # Each iteration's ops follow its mark: 4 function-level calls per block.
    kinds = [e.WhichOneof("kind") for e in run.events]
    starts = [i for i, k in enumerate(kinds) if k == "loop_iter"]
    for a, b in zip(starts, starts[1:] + [len(kinds)]):
        names = [e.function_call.name for e in run.events[a:b] if e.WhichOneof("kind") == "function_call"]
        assert names == ["torch.nn.functional.layer_norm", "torch.nn.functional.linear",
                         "torch.relu", "torch.Tensor.add"]
    check_outputs(model, runs, trace)


@pytest.mark.skipif(not os.path.exists(os.path.join(CASES, "refine_until_small.py")),
                    reason="shared case not present")
def test_case_refine_until_small_trip_counts():
    model, runs = load(os.path.join(CASES, "refine_until_small.py")).make()
    trace = ascend_trace.record(model, runs, None)
    counts = []
    for run in trace.runs:
        marks = loop_iters(run)
        assert [e.loop_iter.iteration for e in marks] == list(range(len(marks)))
        assert len({(e.loc.frames[0].line, e.loop_iter.head_offset) for e in marks}) == 1
        counts.append(len(marks))
        # The loop exits on a false test: the last branch event is false, the others true.
        values = [e.branch.value for e in branches(run)]
        assert values[-1] is False
    assert counts == [1, 3, 6]
    check_outputs(model, runs, trace)
