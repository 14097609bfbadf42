"""torchvision architectures at small inputs through every level (slow: opt in).

Each model (random weights, seeded) is recorded on one 1x3x32x32 image, compiled with
`ascend-compile --emit=mindspore` and `--emit=aicore` and to MindIR, and run with
`ascend-run` at both levels against the eager output. They take from ~10 s
(mobilenet_v3_small) to minutes (vit_b_16, 86 M parameters) each, so they run only
with ASCEND_SLOW_TESTS=1 (the fast architectures are lit tests in test/Models):

    ASCEND_SLOW_TESTS=1 PYTHONPATH=build/python /usr/bin/python3 -m pytest -q \\
        python/tests/models/test_torchvision.py

The tools come from $ASCEND_BUILD_DIR/bin (default <checkout>/build/bin).
"""
import os
import subprocess

import pytest
import torch

import ascend_trace

torchvision = pytest.importorskip("torchvision")

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
BIN = os.path.join(os.environ.get("ASCEND_BUILD_DIR", os.path.join(REPO, "build")), "bin")

pytestmark = pytest.mark.skipif(os.environ.get("ASCEND_SLOW_TESTS") != "1",
                                reason="slow: set ASCEND_SLOW_TESTS=1")

MODELS = ["resnet50", "mobilenet_v3_small", "efficientnet_b0", "convnext_tiny", "swin_t",
          "vit_b_16"]


def tool(name, *args):
    proc = subprocess.run([os.path.join(BIN, name), *map(str, args)], capture_output=True,
                          text=True, timeout=1800)
    assert proc.returncode == 0, f"{name} {' '.join(map(str, args))}:\n{proc.stderr}{proc.stdout}"
    return proc.stdout


@pytest.mark.parametrize("name", MODELS)
def test_torchvision_model_at_every_level(name, tmp_path):
    torch.manual_seed(0)
    extra = {"image_size": 32} if name == "vit_b_16" else {}
    model = getattr(torchvision.models, name)(weights=None, **extra).eval()
    x = torch.randn(1, 3, 32, 32)
    trace = tmp_path / f"{name}.pntrace"
    with torch.no_grad():
        ascend_trace.record(model, [(x,)], trace)
    for level in ("mindspore", "aicore"):
        out = tmp_path / f"{name}.{level}.mlir"
        tool("ascend-compile", trace, f"--emit={level}", "-o", out, "--quiet")
        report = tool("ascend-run", out, "--trace", trace)
        assert report.startswith("run 0: max abs error") and report.rstrip().endswith(": ok"), report
    tool("ascend-compile", trace, "-o", tmp_path / f"{name}.mindir", "--quiet")
    assert (tmp_path / f"{name}.mindir").stat().st_size > 0
