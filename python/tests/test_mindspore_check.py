"""ascend_mindspore_check without MindSpore: the comparison rule (ascend-run's), trace
values of every dtype through the reference writer, the multi-entry file names and the
first line of MindSpore's messages. (Loading files in MindSpore: test/MindSpore.)"""
import math
import os
import sys

import numpy as np
import pytest

try:
    import ascend_mindspore_check  # noqa: F401  (the build tree's copy, on PYTHONPATH)
except ImportError:
    sys.path.append(os.path.join(os.path.dirname(__file__), ".."))

from ascend_mindspore_check import cli, values  # noqa: E402
from ascend_mindspore_check.reference import write_reference  # noqa: E402


def f32(*v):
    return np.array(v, dtype=np.float32), "f32"


def test_float_tolerance_is_scaled_by_the_largest_eager_value():
    # atol 1e-5 x max(1, 100): 5e-4 off is within, 2e-3 is not.
    ok, max_abs, _, text, mismatch = values.compare(f32(100.0, 1.0005), f32(100.0, 1.0))
    assert ok and mismatch is None
    assert max_abs == pytest.approx(5e-4, rel=1e-3)
    assert text == "atol 1e-05 x max(1, max |eager|)"
    ok, _, _, _, mismatch = values.compare(f32(100.0, 1.002), f32(100.0, 1.0))
    assert not ok
    assert mismatch == "element [1] is 1.00199997, eager 1"


def test_nan_matches_nan_and_inf_error_is_a_mismatch():
    ok, max_abs, _, _, _ = values.compare(f32(math.nan, 1.0), f32(math.nan, 1.0))
    assert ok and max_abs == 0
    ok, max_abs, _, _, mismatch = values.compare(f32(math.nan), f32(1.0))
    assert not ok and max_abs == math.inf and mismatch.startswith("element [0] is nan")


def test_integers_and_bools_are_exact_and_ignore_a_user_tolerance():
    got = (np.array([[1, 2], [3, 5]], np.int64), "i64")
    eager = (np.array([[1, 2], [3, 4]], np.int64), "i64")
    ok, _, _, text, mismatch = values.compare(got, eager, values.Tolerance(0.0, 10.0))
    assert not ok and text == "exact" and mismatch == "element [1, 1] is 5, eager 4"
    ok, *_ = values.compare((np.array([True]), "i1"), (np.array([True]), "i1"))
    assert ok


def test_half_types_are_judged_in_ulps_and_types_must_agree():
    # bf16 values next to 1.0 are 1/128 apart: one ulp passes, two do not.
    ok, _, _, text, _ = values.compare((np.array([1.0078125], np.float32), "bf16"),
                                       (np.array([1.0], np.float32), "bf16"))
    assert ok and text == "1 ulp of bf16 at |eager|"
    ok, _, _, _, mismatch = values.compare((np.array([1.015625], np.float32), "bf16"),
                                           (np.array([1.0], np.float32), "bf16"))
    assert not ok and mismatch == "element [0] is 1.015625, eager 1"
    # f16 next to 2.0: 2^-9 apart.
    f16 = lambda v: (np.array([v], np.float16), "f16")  # noqa: E731
    assert values.compare(f16(2.0 + 2 ** -9), f16(2.0))[0]
    assert not values.compare(f16(2.0 + 2 ** -8), f16(2.0))[0]
    ok, _, _, _, mismatch = values.compare((np.array([1.0], np.float32), "f32"),
                                           (np.array([1.0], np.float32), "bf16"))
    assert not ok
    assert mismatch == "type tensor<1xf32> differs from the eager type tensor<1xbf16>"
    ok, _, _, _, mismatch = values.compare(f32(1.0), (np.float32(1.0).reshape(()), "f32"))
    assert mismatch == "type tensor<1xf32> differs from the eager type tensor<f32>"


def test_user_tolerance_replaces_the_default_of_floats():
    ok, _, _, text, _ = values.compare(f32(1.5), f32(1.0), values.Tolerance(0.6, 0.0))
    assert ok and text == "atol 0 x max(1, max |eager|) + rtol 0.6 x |eager|"


def test_an_f32_output_of_a_half_precision_computation_is_judged_in_its_ulps():
    tol = values.Tolerance.for_computation("f32", "bf16")
    assert tol.describe() == "1 ulp of bf16 at |eager|"
    ok, *_ = values.compare(f32(1.0078125), f32(1.0), tol)
    assert ok
    assert values.Tolerance.for_computation("f32", "f32").describe() == (
        "atol 1e-05 x max(1, max |eager|)")
    assert values.Tolerance.for_computation("i64", "bf16").describe() == "exact"


def test_ulp_spacing_matches_ascend_run():
    # Rounded to the type first; the largest finite value has the spacing below it;
    # zero has the smallest subnormal.
    assert values.ulp_at(np.array([1.0, -1.0, 0.0]), "bf16").tolist() == [
        2 ** -7, 2 ** -7, 2.0 ** -133]
    assert values.ulp_at(np.array([65504.0, 1.0]), "f16").tolist() == [32.0, 2 ** -10]
    assert values.ulp_at(np.array([math.inf]), "f16").tolist() == [math.inf]


def test_output_precisions_follow_the_computation_of_each_output():
    from types import SimpleNamespace as NS

    def node(name, op, inputs, code):
        shape = NS(name="shape", tensors=[NS(data_type=code)], values=[])
        return NS(name=name, op_type=op, input=inputs, attribute=[shape])
    # out0 = Cast(Mul(Cast(x16 -> f32), c) -> f32); out1 = Add(x32, x32): a bf16/f16
    # step makes its output's precision that type; Constant nodes are no computation.
    nodes = [node("c", "Constant", [], 10),
             node("up", "REF::Cast:1", ["x16"], 1),
             node("mul", "REF::Mul:2", ["up", "c"], 1),
             node("down", "REF::Cast:3", ["mul"], 10),
             node("add", "REF::Add:4", ["x32", "x32"], 1),
             node("out", "REF::MakeTuple:5", ["down", "add"], 1)]
    model = NS(graph=NS(node=nodes, output=[NS(name="out")]), functions=[])
    assert values.output_precisions(model) == ["f16", "f32"]


def test_reference_trace_round_trips_every_dtype(tmp_path):
    x16 = np.array([0.5, -2.25], np.float16)
    bf = np.array([1.0, 3.0, 1.00390625], np.float32)  # the last rounds to even: 1.0
    ints = np.arange(6, dtype=np.int64).reshape(2, 3) - 3
    flags = np.array([[True, False]])
    scalar = np.array(2.5, np.float64)
    path = str(tmp_path / "ref.pntrace")
    write_reference(path, [([x16, (bf, "bf16"), ints], [flags, scalar])], "test", "M")
    runs = values.recorded_runs(values.read_trace(path), path)
    assert len(runs) == 1
    inputs, outputs = runs[0]
    assert [e for _, e in inputs] == ["f16", "bf16", "i64"]
    assert [e for _, e in outputs] == ["i1", "f64"]
    assert inputs[0][0].dtype == np.float16 and list(inputs[0][0]) == [0.5, -2.25]
    assert list(inputs[1][0]) == [1.0, 3.0, 1.0]
    assert inputs[1][0].dtype == np.float32
    assert (inputs[2][0] == ints).all() and inputs[2][0].shape == (2, 3)
    assert outputs[0][0].tolist() == [[True, False]]
    assert outputs[1][0].shape == () and outputs[1][0] == 2.5


def test_damaged_values_are_one_error_naming_the_file(tmp_path):
    path = str(tmp_path / "ref.pntrace")
    write_reference(path, [([np.zeros(4, np.float32)], [])], "test", "M")
    trace = values.read_trace(path)
    trace.runs[0].inputs[0].value.data = b"\0" * 3
    with pytest.raises(values.CheckError) as err:
        values.recorded_runs(trace, path)
    assert str(err.value) == f"{path}: run 0: input 0 has 3 bytes, its type tensor<4xf32> needs 16"
    empty = tmp_path / "empty.pntrace"
    empty.write_bytes(b"")
    with pytest.raises(values.CheckError, match="empty.pntrace: file is empty"):
        values.read_trace(str(empty))


def test_entry_files_are_the_file_then_its_numbered_siblings(tmp_path):
    for name in ("m.mindir", "m_10.mindir", "m_2.mindir", "m_1.mindir", "m_x.mindir",
                 "mm_1.mindir", "m_1.mlir"):
        (tmp_path / name).write_bytes(b"")
    files = [os.path.basename(p) for p in cli.entry_files(str(tmp_path / "m.mindir"))]
    assert files == ["m.mindir", "m_1.mindir", "m_2.mindir", "m_10.mindir"]


def test_first_line_of_a_mindspore_message():
    message = ("\n----------------------------------------------------\n"
               "- Kernel select failed:\n"
               "----------------------------------------------------\n"
               "KernelObjectTypeNotSupported: unsupported kernel object type.\n"
               "- C++ Call Stack: (For framework developers)\n"
               "cpu_device_context.cc:469 SetOperatorInfo\n")
    assert cli.first_line(RuntimeError(message)) == (
        "Kernel select failed: KernelObjectTypeNotSupported: unsupported kernel object type.")
    assert cli.first_line(RuntimeError("Load MindIR failed.")) == "Load MindIR failed."
    assert cli.first_line(ValueError()) == "ValueError"


def _guarded(capfd, function):
    code = cli.run_guarded(function)
    return code, capfd.readouterr().err


def test_an_exit_inside_mindspore_is_reported_with_what_it_was_doing(capfd):
    # MindSpore can end the process from one of its threads (exit(1)) in the middle
    # of a run: the check says which run of which file, never a silent exit 1.
    def exits_while_running():
        cli.set_phase("prog.pntrace: run 4: MindSpore crashed ({signal}) running prog.mindir")
        os._exit(1)

    code, err = _guarded(capfd, exits_while_running)
    assert code == 1
    assert err.strip() == (
        "ascend-mindspore-check: error: prog.pntrace: run 4: MindSpore crashed (exit status 1 "
        "without finishing the check) running prog.mindir")


def test_a_signal_inside_mindspore_is_reported_by_name(capfd):
    import signal

    def killed():
        cli.set_phase("m.mindir: MindSpore crashed ({signal}) loading the file")
        os.kill(os.getpid(), signal.SIGKILL)  # (SIGSEGV would make pytest dump a stack)

    code, err = _guarded(capfd, killed)
    assert code == 1
    assert err.strip() == ("ascend-mindspore-check: error: m.mindir: MindSpore crashed (SIGKILL) "
                           "loading the file")


def test_a_finished_check_keeps_its_own_status_and_says_nothing_more(capfd):
    def mismatch():
        cli.set_phase("t.pntrace: run 0: MindSpore crashed ({signal}) running m.mindir")
        return 1

    assert _guarded(capfd, lambda: 0) == (0, "")
    assert _guarded(capfd, mismatch) == (1, "")
