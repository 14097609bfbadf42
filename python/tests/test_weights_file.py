"""Parameter values in the weights file beside the trace (`<trace>.weights`)."""
import os
import subprocess
import sys
import textwrap

import pytest
import torch

import ascend_trace
from ascend_trace import recorder as R


class Small(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = torch.nn.Linear(5, 3)
        self.bn = torch.nn.BatchNorm1d(3)
        self.c = torch.tensor([1.0, 2.0, 3.0])

    def forward(self, x):
        return self.bn(self.fc(x)) + self.c


def test_values_go_to_the_weights_file_aligned(tmp_path):
    torch.manual_seed(0)
    model = Small().eval()
    path = tmp_path / "s.pntrace"
    trace = ascend_trace.record(model, [(torch.randn(2, 5),)], str(path), sidecar=True)
    weights = str(path) + ".weights"
    named = dict(model.named_parameters()) | dict(model.named_buffers())
    assert [p.name for p in trace.parameters] == list(named)
    end = 0
    for p in trace.parameters:
        assert p.value.HasField("external") and p.value.data == b""
        assert p.value.external.offset % 64 == 0 and p.value.external.offset >= end
        end = p.value.external.offset + p.value.external.length
        assert torch.equal(R.value_to_tensor(p.value, weights), named[p.name].detach())
    assert os.path.getsize(weights) == end
    # Constants, inputs and outputs stay in the trace.
    assert trace.constants[0].value.data == R.tensor_bytes(model.c)
    assert not trace.runs[0].inputs[0].value.HasField("external")
    # The file on disk says the same as the message returned.
    loaded = ascend_trace.load_trace(str(path))
    assert loaded.parameters[0].value.external.length == 5 * 3 * 4
    with pytest.raises(R.RecordError, match="weights file"):
        R.value_to_tensor(loaded.parameters[0].value)
    with open(weights, "r+b") as f:
        f.truncate(end - 1)
    with pytest.raises(R.RecordError, match=f"weights file {weights} is shorter than {end} bytes"):
        R.value_to_tensor(loaded.parameters[-1].value, weights)


def test_weights_file_only_above_the_threshold(tmp_path, monkeypatch):
    model = Small().eval()
    x = (torch.randn(2, 5),)
    ascend_trace.record(model, [x], str(tmp_path / "small.pntrace"))
    assert not (tmp_path / "small.pntrace.weights").exists()
    monkeypatch.setattr(R, "SIDECAR_THRESHOLD", 64)
    trace = ascend_trace.record(model, [x], str(tmp_path / "big.pntrace"))
    assert (tmp_path / "big.pntrace.weights").exists()
    assert trace.parameters[0].value.HasField("external")
    trace = ascend_trace.record(model, [x], str(tmp_path / "never.pntrace"), sidecar=False)
    assert not (tmp_path / "never.pntrace.weights").exists()
    assert trace.parameters[0].value.data


def test_failed_recording_leaves_no_weights_file(tmp_path):
    class Fails(Small):
        def forward(self, x):
            raise ValueError("boom")

    path = tmp_path / "f.pntrace"
    with pytest.raises(ValueError, match="boom"):
        ascend_trace.record(Fails().eval(), [(torch.randn(2, 5),)], str(path), sidecar=True)
    assert os.listdir(tmp_path) == []


MEMORY_SCRIPT = textwrap.dedent("""
    import os, resource, sys
    import torch
    import ascend_trace

    def peak():
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024

    torch.set_num_threads(1)
    with torch.no_grad():
        # 3 x 8192 x 4096 float32 = 384 MiB of weights.
        model = torch.nn.Sequential(*[torch.nn.Linear(4096, 8192, bias=False),
                                      torch.nn.Linear(8192, 4096, bias=False),
                                      torch.nn.Linear(4096, 8192, bias=False)]).eval()
        x = torch.randn(1, 4096)
        model(x)
        weights = sum(p.numel() * p.element_size() for p in model.parameters())
        before = peak()
        ascend_trace.record(model, [(x,)], sys.argv[1])
        growth = peak() - before
    print(weights, growth, os.path.getsize(sys.argv[1] + ".weights"))
""")


def test_recording_large_weights_holds_no_second_copy(tmp_path, package_root):
    """A model with 384 MiB of weights records (weights file chosen automatically)
    while the recorder's peak memory grows by far less than the weights."""
    path = tmp_path / "big.pntrace"
    env = dict(os.environ, PYTHONPATH=package_root)
    out = subprocess.run([sys.executable, "-c", MEMORY_SCRIPT, str(path)], env=env,
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    weights, growth, size = map(int, out.stdout.split())
    assert weights == 3 * 8192 * 4096 * 4
    assert size >= weights
    assert os.path.getsize(path) < 1 << 20  # the trace itself holds no weights
    # Holding the values in the message would add at least 1x (2x while serializing).
    assert growth < 0.25 * weights, f"peak RSS grew by {growth / 2**20:.0f} MiB"
