"""PyTorch's decompositions under the recorder, non-contiguous values, refused dtypes.

Runs on torch 1.13 (Debian) and torch 2.x (scripts/test.sh runs the suite with both)."""
import inspect
import json

import pytest
import torch
import torch.nn.functional as F

import ascend_trace
from ascend_trace import decompose as D
from ascend_trace import recorder as R

TORCH2 = hasattr(torch, "Tag") and hasattr(torch.Tag, "core")


def ops(trace, run=0):
    return [e for e in trace.runs[run].events if e.WhichOneof("kind") == "op"]


def line_of(fn, text):
    lines, start = inspect.getsourcelines(fn)
    return start + next(i for i, line in enumerate(lines) if text in line)


def mapped():
    m = D.MappedOps.load()
    assert m is not None, "mapped_ops.json missing beside the package"
    return m


class AddmmScaled(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.w = torch.nn.Parameter(torch.randn(8, 6))
        self.b = torch.nn.Parameter(torch.randn(6))

    def forward(self, x):
        return torch.addmm(self.b, x, self.w, beta=0.5, alpha=2.0)


class Outer(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.inner = AddmmScaled()

    def forward(self, x):
        return self.inner(x).relu()


def test_mapped_ops_list_names_addmm_conditions():
    m = mapped()
    assert m.ops["aten.addmm.default"]["args"] == {"beta": 1, "alpha": 1}
    assert "aten.relu.default" in m.ops and "aten.roll.default" not in m.ops
    # ReduceSum takes float tensors only (ODS): a sum of bools is not mapped.
    assert m.ops["aten.sum.dim_IntList"].get("requires") == "float"


def test_addmm_with_alpha_beta_is_recorded_as_its_decomposition():
    torch.manual_seed(0)
    model = Outer().eval()
    x = torch.randn(4, 8)
    with torch.no_grad():
        trace = ascend_trace.record(model, [(x,)], None)
        expected = model(x)
    names = [e.op.name for e in ops(trace)]
    assert "aten.addmm.default" not in names
    assert "aten.mm.default" in names and "aten.relu.default" in names
    line = line_of(AddmmScaled.forward, "torch.addmm")
    calls = {e.function_call.id: e.function_call.name for e in trace.runs[0].events
             if e.WhichOneof("kind") == "function_call"}
    parts = [e for e in ops(trace) if e.op.name != "aten.relu.default"]
    assert [e.op.name for e in parts if e.op.name != "aten.to.dtype"] == [
        "aten.mm.default", "aten.mul.Tensor", "aten.mul.Tensor", "aten.add.Tensor"]
    for e in parts:  # every part keeps the original op's place
        assert e.loc.frames[0].line == line and e.loc.frames[0].function == "forward"
        assert (e.loc.module_path, e.loc.module_type) == ("inner", "AddmmScaled")
        assert calls[e.op.function_call] == "torch.addmm"
    out = R.value_to_tensor(trace.runs[0].outputs[0].value)
    assert torch.allclose(out, expected, atol=1e-5)


def test_no_decompose_and_mapped_conditions_keep_the_op():
    model = AddmmScaled().eval()
    x = torch.randn(4, 8)
    with torch.no_grad():
        whole = ascend_trace.record(model, [(x,)], None, decompose=False)
    assert "aten.addmm.default" in [e.op.name for e in ops(whole)]

    class Plain(AddmmScaled):
        def forward(self, x):
            return torch.addmm(self.b, x, self.w)  # alpha = beta = 1: mapped

    with torch.no_grad():
        trace = ascend_trace.record(Plain().eval(), [(x,)], None)
    assert [e.op.name for e in ops(trace)] == ["aten.addmm.default"]


def test_decomposition_reaching_an_unmapped_op_records_the_op_itself():
    """torch.roll decomposes into ops the compiler does not map either (narrow on
    1.13, arange on 2.x): the recorder takes the parts back and records roll, so
    the compiler's error names the op the model called."""
    class Roll(torch.nn.Module):
        def forward(self, x):
            return torch.roll(x, 1, 0) + 1

    x = torch.randn(4, 3)
    with torch.no_grad():
        trace = ascend_trace.record(Roll(), [(x,), (x,)], None)
    for run in range(2):
        assert [e.op.name for e in ops(trace, run)] == ["aten.roll.default", "aten.add.Tensor"]
    assert torch.equal(R.value_to_tensor(trace.runs[0].outputs[0].value), torch.roll(x, 1, 0) + 1)


def test_bool_sum_is_not_taken_for_mapped():
    """torch.any decomposes (on 2.x) into a sum of a bool tensor, which the compiler
    refuses (ReduceSum is float-only): any stays one op."""
    class Any(torch.nn.Module):
        def forward(self, x):
            return torch.any(x > 0)

    with torch.no_grad():
        trace = ascend_trace.record(Any(), [(torch.randn(3, 3),)], None)
    assert [e.op.name for e in ops(trace)] == ["aten.gt.Scalar", "aten.any.default"]


def test_mapped_ops_file_option(tmp_path):
    """An explicit list: with addmm unconditionally mapped nothing is decomposed;
    a missing file is an error."""
    data = {"format": 1, "ops": dict(mapped().ops, **{"aten.addmm.default": {}})}
    path = tmp_path / "mapped.json"
    path.write_text(json.dumps(data))
    with torch.no_grad():
        trace = ascend_trace.record(AddmmScaled().eval(), [(torch.randn(2, 8),)], None,
                                    mapped_ops=str(path))
    assert [e.op.name for e in ops(trace)] == ["aten.addmm.default"]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"ops": []}))
    with pytest.raises(ValueError, match=f"{bad}: not a mapped-ops list of format 1"):
        ascend_trace.record(AddmmScaled().eval(), [(torch.randn(2, 8),)], None,
                            mapped_ops=str(bad))
    with pytest.raises(FileNotFoundError):
        ascend_trace.record(AddmmScaled().eval(), [(torch.randn(2, 8),)], None,
                            mapped_ops=str(tmp_path / "none.json"))


@pytest.mark.skipif(not TORCH2, reason="F.scaled_dot_product_attention needs torch 2.x")
def test_scaled_dot_product_attention_on_torch2():
    """One aten op on torch 2.x. Its decomposition (Core ATen table) reaches a sum of
    bools (_safe_softmax), not mapped: the op is kept. With that sum taken as mapped,
    the decomposition's parts are recorded at the call's line instead."""
    class Attention(torch.nn.Module):
        def forward(self, q, k, v):
            return F.scaled_dot_product_attention(q, k, v)

    q, k, v = (torch.randn(1, 2, 5, 8) for _ in range(3))
    with torch.no_grad():
        trace = ascend_trace.record(Attention(), [(q, k, v)], None)
        expected = F.scaled_dot_product_attention(q, k, v)
    assert [e.op.name for e in ops(trace)] == [
        "aten._scaled_dot_product_flash_attention_for_cpu.default"]
    more = D.MappedOps(dict(mapped().ops, **{"aten.sum.dim_IntList": {}}))
    with torch.no_grad():
        trace = ascend_trace.record(Attention(), [(q, k, v)], None, mapped_ops=more)
    names = [e.op.name for e in ops(trace)]
    assert "aten.bmm.default" in names and "aten._softmax.default" in names
    assert not any("scaled_dot_product" in n for n in names)
    line = line_of(Attention.forward, "scaled_dot_product_attention")
    assert {e.loc.frames[0].line for e in ops(trace)} == {line}
    out = R.value_to_tensor(trace.runs[0].outputs[0].value)
    assert torch.allclose(out, expected, atol=1e-5)


@pytest.mark.skipif(not TORCH2, reason="op tags (torch.Tag) need torch 2.x")
def test_random_op_is_decomposed_only_with_its_randomness_off():
    """native_dropout is tagged nondeterministic_seeded. In a call with train=False its
    decomposition is deterministic and is recorded; with train=True it would draw
    other numbers than the op did, so the op itself is kept."""
    class Dropout(torch.nn.Module):
        def __init__(self, train):
            super().__init__()
            self.train_ = train

        def forward(self, x):
            return torch.ops.aten.native_dropout(x, 0.5, self.train_)[0] * 2.0

    x = torch.randn(4, 6)
    with torch.no_grad():
        off = ascend_trace.record(Dropout(False), [(x,)], None)
        on = ascend_trace.record(Dropout(True), [(x,)], None)
    names_off = [e.op.name for e in ops(off)]
    names_on = [e.op.name for e in ops(on)]
    assert "aten.native_dropout.default" not in names_off
    assert "aten.native_dropout.default" in names_on
    out = R.value_to_tensor(off.runs[0].outputs[0].value)
    assert torch.equal(out, x * 2.0)


# ---------------------------------------------------------------- values


class Strided(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.w = torch.nn.Parameter(torch.randn(4, 3).t())          # transposed, (3, 4)
        self.register_buffer("b", torch.randn(4, 6)[:, ::2])         # strided view
        self.col = torch.nn.Parameter(torch.randn(1, 4).t())         # (4, 1), stride (1, 4)
        self.c = torch.randn(6, 5)[1:5, 2:5]                          # constant view

    def forward(self, x):
        return x @ self.w + self.b.sum(1) + self.col.sum() + self.c.sum()


@pytest.mark.parametrize("make_input", [
    lambda: torch.randn(3, 4).t(),            # transposed
    lambda: torch.randn(4, 8)[:, 1:4],        # sliced columns
    lambda: torch.randn(1, 3).expand(4, 3),   # expanded (stride 0)
    lambda: torch.randn(8, 3)[::2],           # every other row
], ids=["transposed", "sliced", "expanded", "strided-rows"])
def test_non_contiguous_values_record_with_their_logical_shape(make_input):
    torch.manual_seed(0)
    model = Strided().eval()
    x = make_input()
    assert x.shape == (4, 3) and not x.is_contiguous()
    with torch.no_grad():
        trace = ascend_trace.record(model, [(x,)], None)
        expected = model(x)
    by_name = {p.name: p for p in trace.parameters}
    assert list(by_name["w"].value.type.shape) == [3, 4]
    assert torch.equal(R.value_to_tensor(by_name["w"].value), model.w.detach())
    assert torch.equal(R.value_to_tensor(by_name["b"].value), model.b)
    assert torch.equal(R.value_to_tensor(by_name["col"].value), model.col.detach())
    assert torch.equal(R.value_to_tensor(trace.runs[0].inputs[0].value), x)
    constants = [R.value_to_tensor(c.value) for c in trace.constants]
    assert any(c.shape == model.c.shape and torch.equal(c, model.c) for c in constants)
    assert torch.equal(R.value_to_tensor(trace.runs[0].outputs[0].value), expected)


def test_size_one_last_dimension_with_a_large_stride():
    """(3, 1) with stride (1, 3) is_contiguous() but cannot be viewed as bytes as it
    is; the value is its 3 elements."""
    t = torch.randn(1, 3).t()
    assert t.is_contiguous() and t.stride() == (1, 3)
    value = R.tensor_value(t)
    assert list(value.type.shape) == [3, 1]
    assert torch.equal(R.value_to_tensor(value), t)


class MakesComplex(torch.nn.Module):
    def forward(self, x):
        y = torch.view_as_complex(x)
        return torch.view_as_real(y * y)


def test_complex_result_refused_at_record_time_with_op_and_line(tmp_path):
    path = tmp_path / "c.pntrace"
    line = line_of(MakesComplex.forward, "view_as_complex")
    with pytest.raises(R.RecordError) as info:
        ascend_trace.record(MakesComplex(), [(torch.randn(3, 2),)], str(path))
    message = str(info.value)
    assert message.startswith("aten.view_as_complex.default at ")
    assert f"{__file__}:{line}:" in message and "in forward" in message
    assert "result 0 has dtype complex64: complex dtypes are not supported" in message
    assert not path.exists()


def test_complex_parameter_and_input_refused_by_name():
    class P(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.z = torch.nn.Parameter(torch.randn(3, dtype=torch.complex64))

        def forward(self, x):
            return x

    with pytest.raises(R.RecordError, match="parameter 'z' of dtype complex64: complex dtypes"):
        ascend_trace.record(P(), [(torch.randn(3),)], None)

    class Identity(torch.nn.Module):
        def forward(self, x):
            return x.real

    with pytest.raises(R.RecordError, match="input 0 of run 0 of dtype complex128"):
        ascend_trace.record(Identity(), [(torch.randn(3, dtype=torch.complex128),)], None)


def test_in_place_ops_are_never_decomposed():
    """A decomposition that is taken back must not have written anything: ops that
    write an argument (roll has none; clamp_ writes self) run as themselves."""
    class InPlace(torch.nn.Module):
        def forward(self, x):
            y = x * 1
            y.clamp_(min=0.0)
            return torch.roll(y, 1, 0)

    x = torch.randn(4, 3)
    with torch.no_grad():
        trace = ascend_trace.record(InPlace(), [(x,)], None)
    names = [e.op.name for e in ops(trace)]
    assert "aten.clamp_.default" in names and names[-1] == "aten.roll.default"
    expected = torch.roll((x * 1).clamp(min=0.0), 1, 0)
    assert torch.equal(R.value_to_tensor(trace.runs[0].outputs[0].value), expected)
