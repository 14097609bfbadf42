"""Function-level calls, loop marks, tolist/index reads, RNG state and run flags."""
import inspect
import subprocess
import sys

import pytest
import torch

import ascend_trace
from ascend_trace import PyNativeTrace_pb2 as pb


def kind(e):
    return e.WhichOneof("kind")


def events(run, k):
    return [e for e in run.events if kind(e) == k]


def line_of(func, text):
    lines, start = inspect.getsourcelines(func)
    for i, line in enumerate(lines):
        if text in line:
            return start + i
    raise AssertionError(text)


class Sizes(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = torch.nn.Linear(4, 4)

    def forward(self, x):
        n = x.size(0)
        y = self.fc(x)
        k = int(torch.tensor(2).__index__())
        return y.reshape(n * k, -1)


def test_function_calls_link_aten_ops_and_record_sizes():
    model = Sizes().eval()
    with torch.no_grad():
        trace = ascend_trace.record(model, [(torch.randn(4, 4),)], None)
    assert trace.modes.function_mode
    (run,) = trace.runs
    calls = {e.function_call.id: e.function_call for e in events(run, "function_call")}
    by_name = {c.name: c for c in calls.values()}
    size = by_name["torch.Tensor.size"]
    assert [a.name for a in size.args] == ["0", "1"]
    assert size.args[0].tensor == run.inputs[0].tensor_id and size.args[1].int_value == 0
    assert size.results[0].int_value == 4
    linear = by_name["torch.nn.functional.linear"]
    linked = [e.op.name for e in events(run, "op") if e.op.function_call == linear.id]
    assert linked == ["aten.t.default", "aten.addmm.default"]
    assert linear.results[0].tensor  # the addmm result
    assert all(e.op.function_call in calls for e in events(run, "op") if e.op.function_call)
    # x.size(0) and the index read show at the function level only
    assert not any(e.op.name.startswith("aten.size") for e in events(run, "op"))
    reads = events(run, "scalar_read")
    assert [r.scalar_read.method for r in reads] == ["index"]
    assert reads[0].scalar_read.value == 2


def test_function_mode_off():
    model = Sizes().eval()
    with torch.no_grad():
        trace = ascend_trace.record(model, [(torch.randn(4, 4),)], None, function_mode=False)
    assert not trace.modes.function_mode
    assert not events(trace.runs[0], "function_call")
    assert all(e.op.function_call == 0 for e in events(trace.runs[0], "op"))


class Nested(torch.nn.Module):
    def forward(self, x):
        for i in range(3):
            j = 0
            while j < i:
                x = x + 1
                j += 1
        vals = x.tolist()
        return x * len(vals)


def test_nested_loops_restart_inner_counts_and_tolist():
    before = sys.gettrace()
    trace = ascend_trace.record(Nested(), [(torch.zeros(2),)], None)
    assert sys.gettrace() is before
    (run,) = trace.runs
    marks = [(e.loc.frames[0].line, e.loop_iter.iteration) for e in events(run, "loop_iter")]
    outer = line_of(Nested.forward, "for i in range(3)")
    inner = line_of(Nested.forward, "while j < i")
    assert marks == [(outer, 0), (outer, 1), (inner, 0), (outer, 2), (inner, 0), (inner, 1)]
    (read,) = events(run, "scalar_read")
    assert read.scalar_read.method == "tolist"
    assert list(read.scalar_read.values) == [3.0, 3.0] and read.scalar_read.value == 3.0


def test_loop_marks_off_and_previous_tracer_restored():
    seen = []

    def tracer(frame, event, arg):
        seen.append(event)
        return None

    sys.settrace(tracer)
    try:
        trace = ascend_trace.record(Nested(), [(torch.zeros(2),)], None)
        assert sys.gettrace() is tracer
    finally:
        sys.settrace(None)
    assert len(events(trace.runs[0], "loop_iter")) == 6
    trace = ascend_trace.record(Nested(), [(torch.zeros(2),)], None, loop_marks=False)
    assert not trace.modes.loop_tracer and not events(trace.runs[0], "loop_iter")


def test_train_mode_records_rng_state_and_flags():
    model = torch.nn.Sequential(torch.nn.Linear(4, 4), torch.nn.Dropout(0.5))
    x = torch.randn(3, 4)
    torch.manual_seed(3)
    state = torch.get_rng_state().numpy().tobytes()
    with ascend_trace.Recorder(None, model) as rec:
        model.train()
        model(x)
        model.eval()
        with torch.no_grad():
            model(x)
    r0, r1 = rec.trace.runs
    assert r0.training and r0.grad_enabled and r0.rng_state == state
    assert len(state) == 5056
    assert not r1.training and not r1.grad_enabled and not r1.rng_state
    assert r0.model == r1.model == rec.trace.model
    # the recorded RNG state reproduces the dropout mask
    torch.set_rng_state(torch.frombuffer(bytearray(r0.rng_state), dtype=torch.uint8))
    from ascend_trace import recorder as R
    assert torch.equal(R.value_to_tensor(r0.outputs[0].value), model.train()(x))


def test_recorded_events_import(tmp_path):
    translate = pytest.importorskip("shutil").which("ascend-translate")
    import os
    candidates = [translate, os.path.join(os.path.dirname(ascend_trace.__file__), "..", "..", "bin",
                                          "ascend-translate")]
    tool = next((c for c in candidates if c and os.path.exists(c)), None)
    if tool is None:
        pytest.skip("ascend-translate not built")
    path = tmp_path / "nested.pntrace"
    ascend_trace.record(Nested(), [(torch.zeros(2),)], path)
    for flags in ([], ["--pynative-function-calls"]):
        out = subprocess.run([tool, "--import-pynative-trace", str(path), *flags],
                             capture_output=True, text=True)
        assert out.returncode == 0, out.stderr
        assert out.stdout.count("pynative.loop_iter") == 6
        assert '"tolist"' in out.stdout
        assert ("pynative.call" in out.stdout) == bool(flags)
