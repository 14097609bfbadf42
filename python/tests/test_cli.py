"""`ascend-trace record` / `python -m ascend_trace`: files written, errors, text mode."""
import os
import subprocess
import sys
import textwrap

import pytest
import torch

from ascend_trace import PyNativeTrace_pb2 as pb
from ascend_trace import recorder as R

MODEL_PY = textwrap.dedent("""
    import torch

    class Small(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.fc = torch.nn.Linear(3, 2)

        def forward(self, x):
            return torch.relu(self.fc(x))

    def make():
        torch.manual_seed(5)
        return Small().eval(), [(torch.randn(4, 3),), (torch.randn(1, 3),)]
""")


def run_cli(package_root, *args, cwd=None, env_extra=None):
    env = dict(os.environ, PYTHONPATH=package_root)
    env.update(env_extra or {})
    return subprocess.run([sys.executable, "-m", "ascend_trace", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=300)


@pytest.fixture
def model_py(tmp_path):
    path = tmp_path / "small.py"
    path.write_text(MODEL_PY)
    return path


def test_record_writes_binary_trace(tmp_path, model_py, package_root):
    out = tmp_path / "out" / "small.pntrace"
    out.parent.mkdir()
    proc = run_cli(package_root, "record", str(model_py), "-o", str(out))
    assert proc.returncode == 0, proc.stderr
    assert "2 run(s)" in proc.stdout
    assert os.listdir(out.parent) == ["small.pntrace"]
    trace = pb.Trace()
    trace.ParseFromString(out.read_bytes())
    assert trace.format_version == 1 and trace.model == "small.Small"
    assert not trace.modes.grad_enabled  # the CLI records under torch.no_grad()
    assert [p.name for p in trace.parameters] == ["fc.weight", "fc.bias"]
    assert len(trace.runs) == 2
    # Outputs agree with running the model here.
    torch.manual_seed(5)
    fc = torch.nn.Linear(3, 2)
    inputs = [torch.randn(4, 3), torch.randn(1, 3)]
    for run, x in zip(trace.runs, inputs):
        assert torch.equal(R.value_to_tensor(run.inputs[0].value), x)
        with torch.no_grad():
            assert torch.equal(R.value_to_tensor(run.outputs[0].value), torch.relu(fc(x)))
        ops = [e for e in run.events if e.WhichOneof("kind") == "op"]
        assert [e.op.name for e in ops] == ["aten.t.default", "aten.addmm.default",
                                            "aten.relu.default"]
        assert ops[2].loc.frames[0].file == str(model_py)
        calls = [e.function_call for e in run.events if e.WhichOneof("kind") == "function_call"]
        assert [c.name for c in calls] == ["torch.nn.functional.linear", "torch.relu"]
        assert [e.op.function_call for e in ops] == [calls[0].id, calls[0].id, calls[1].id]


def test_text_mode_parses_back(tmp_path, model_py, package_root):
    binary, text = tmp_path / "a.pntrace", tmp_path / "a.pntrace.txt"
    assert run_cli(package_root, "record", str(model_py), "-o", str(binary)).returncode == 0
    proc = run_cli(package_root, "record", str(model_py), "-o", str(text), "--text")
    assert proc.returncode == 0, proc.stderr
    from google.protobuf import text_format

    parsed = text_format.Parse(text.read_text(), pb.Trace())
    expected = pb.Trace()
    expected.ParseFromString(binary.read_bytes())
    assert parsed == expected
    show = run_cli(package_root, "show", str(binary))
    assert show.returncode == 0 and 'name: "aten.addmm.default"' in show.stdout


def test_default_output_name(tmp_path, model_py, package_root):
    work = tmp_path / "cwd"
    work.mkdir()
    proc = run_cli(package_root, "record", str(model_py), "-q", cwd=work)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == "" and os.listdir(work) == ["small.pntrace"]


@pytest.mark.parametrize("source, message", [
    ("import torch\nmodel = torch.nn.Linear(2, 2)\n", "defines no make()"),
    ("def make():\n    raise ValueError('boom')\n", "boom"),
    ("import torch\ndef make():\n    return torch.nn.ReLU(), [(torch.ones(2, 3),), (torch.ones(2),)]\n"
     "class X(torch.nn.Module):\n    pass\n", None),
    ("import torch\nclass M(torch.nn.Module):\n    def forward(self, x):\n        return x.view(5, 5)\n"
     "def make():\n    return M(), [(torch.ones(2, 3),)]\n", "failed"),
])
def test_failures_exit_nonzero_without_output(tmp_path, package_root, source, message):
    model = tmp_path / "bad.py"
    model.write_text(source)
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    out = out_dir / "bad.pntrace"
    proc = run_cli(package_root, "record", str(model), "-o", str(out))
    if message is None:  # a valid model: the control case
        assert proc.returncode == 0, proc.stderr
        return
    assert proc.returncode != 0
    assert message in proc.stderr
    assert os.listdir(out_dir) == []  # no output file, no temporary file


def test_missing_model_file(tmp_path, package_root):
    proc = run_cli(package_root, "record", str(tmp_path / "nope.py"), "-o", str(tmp_path / "x"))
    nope = tmp_path / "nope.py"
    assert proc.returncode == 1
    assert f"ascend-trace: error: cannot open input file '{nope}': No such file or directory" in proc.stderr
    assert not (tmp_path / "x").exists()


def test_show_missing_trace(tmp_path, package_root):
    missing = tmp_path / "absent.pntrace"
    proc = run_cli(package_root, "show", str(missing))
    assert proc.returncode == 1
    assert f"ascend-trace: error: cannot open input file '{missing}': No such file or directory" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_output_directory_missing(tmp_path, model_py, package_root):
    out = tmp_path / "nodir" / "t.pntrace"
    proc = run_cli(package_root, "record", str(model_py), "-o", str(out))
    assert proc.returncode == 1
    assert (f"ascend-trace: error: cannot write '{out}': the directory '{tmp_path / 'nodir'}' "
            "does not exist; nothing was recorded") in proc.stderr
    assert "Traceback" not in proc.stderr
    assert not (tmp_path / "nodir").exists()


def test_missing_torch_is_explained(tmp_path, model_py, package_root):
    code = ("import sys, runpy; sys.modules['torch'] = None; "
            "sys.argv = ['ascend-trace', 'record', sys.argv[1], '-o', sys.argv[2]]; "
            "runpy.run_module('ascend_trace', run_name='__main__')")
    out = tmp_path / "t.pntrace"
    proc = subprocess.run([sys.executable, "-c", code, str(model_py), str(out)],
                          env=dict(os.environ, PYTHONPATH=package_root),
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 3
    assert "python3-torch python3-torchvision" in proc.stderr and "/usr/bin/python3" in proc.stderr
    assert not out.exists()


def test_usage_error(package_root):
    proc = run_cli(package_root, "record")
    assert proc.returncode == 2 and "usage" in proc.stderr
