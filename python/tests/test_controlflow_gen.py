"""The differential control-flow check on 50 generated programs (controlflow_gen.py):
every recorded run reproduces at both levels where the program compiles, fresh
inputs match eager or are refused by a guard, and no answer is silently wrong.
bench/controlflow_programs.py runs the same check on 1,000 programs."""
import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))
import controlflow_gen as gen  # noqa: E402

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
BIN = os.path.join(os.environ.get("ASCEND_BUILD_DIR", os.path.join(REPO, "build")), "bin")
PROGRAMS = 50

needs_tools = pytest.mark.skipif(not os.path.exists(os.path.join(BIN, "ascend-compile")),
                                 reason=f"ascend-compile not built in {BIN}")


def test_generator_is_deterministic():
    assert gen.generate(7) == gen.generate(7)
    assert gen.generate(7)[0] != gen.generate(8)[0]
    # Over the CI programs every construct the generator knows appears.
    features = set()
    for seed in range(PROGRAMS):
        features |= gen.generate(seed)[1]
    assert {"if", "elif", "early_return", "while", "break", "continue", "layers", "read_int",
            "read_float", "read_bool", "range_read", "cat_growth", "stack", "inplace",
            "shapes"} <= features


def test_run_outcomes_are_classified():
    out = "run 0: max abs error 0, max rel error 0 (tolerance x): ok\n" \
          "run 2: max abs error 3, max rel error 1 (tolerance x): mismatch\n"
    err = ("f.py:3:8: error: branch at f.py:3:8 took the true side, which no recorded run took\n"
           "ascend-run: error: t.pntrace: run 1 failed in m.mlir (the error above says why)\n"
           "ascend-run: error: t.pntrace: run 3 failed in m.mlir (the error above says why)\n")
    assert gen.run_outcomes(out, err, 5) == {0: "ok", 1: "refused", 2: "mismatch", 3: "failed",
                                             4: "failed"}


@needs_tools
def test_generated_programs(tmp_path):
    results = [gen.check_program(seed, str(tmp_path), BIN) for seed in range(PROGRAMS)]
    figures = gen.summarize(results)
    wrong = [(r.seed, w) for r in results for w in r.wrong]
    assert not wrong, wrong
    assert figures["record_failed"] == 0
    # Recorded runs reproduce (not refused) wherever the program compiled, and most
    # programs compile.
    compiled = [r for r in results if r.stage == "ok"]
    assert all(r.recorded_ok == r.recorded_runs for r in compiled), \
        [(r.seed, r.recorded_ok, r.recorded_runs) for r in compiled if r.recorded_ok != r.recorded_runs]
    assert figures["recorded_reproduced"] >= 0.9 * figures["recorded_runs"], figures
    # Unrecoverable programs are refused with a message naming the source line.
    for r in results:
        if r.stage == "compile":
            assert ".py:" in r.message, (r.seed, r.message)


def test_printed_outputs_are_parsed():
    out = ("run 0 output 0: dense<[[0.5, -1.0], [2.0, 3.5e-01]]> : tensor<2x2xf32>\n"
           "run 0 output 1: dense<1.0> : tensor<3xf32>\n"
           "run 0: max abs error 0 (tolerance x): ok\n")
    assert gen.printed_outputs(out) == {0: [[0.5, -1.0, 2.0, 0.35], [1.0, 1.0, 1.0]]}


ILL_CONDITIONED = '''import torch


class Program(torch.nn.Module):
    def forward(self, x):
        # float32 loses x in x + 1e8 (the sum is 0); float64 keeps it (0.6).
        if float((x + 1e8).sum() - 3e8) > 0.05:
            return x * 2.0
        return x * 3.0


def make():
    return Program(), [(torch.tensor([[0.1, 0.2, 0.3]]),)]


def make_fresh():
    return Program(), []
'''


def test_ill_conditioned_inputs_are_told_apart(tmp_path):
    # A branch that float32 rounding decides is ill-conditioned. Program 717's
    # fresh run 1 (index 3) is well conditioned: a compiled answer that differs
    # from eager there is a compiler bug, not rounding.
    (tmp_path / "ill.py").write_text(ILL_CONDITIONED)
    assert gen.ill_conditioned(str(tmp_path / "ill.py"), 0)
    (tmp_path / "prog717.py").write_text(gen.generate(717)[0])
    assert not gen.ill_conditioned(str(tmp_path / "prog717.py"), 3)
    assert not gen.ill_conditioned(str(tmp_path / "prog717.py"), 3, compiled=[[0.0] * 9, [0.0] * 3])
