"""Damaged inputs for the tests of ascend-mindspore-check's own errors.

    check_fixtures.py DIR      (MindSpore venv python; DIR holds mlp.mindir and
                                mlp.pntrace from export_nets.py)

writes into DIR:
    unknown-op.mindir      mlp.mindir with its MatMul node renamed to an operator
                           MindSpore does not have (MindSpore refuses to load it)
    wrong-outputs.pntrace  mlp.pntrace with every output + 1 (a mismatch)
    wrong-shape.pntrace    a run whose input is 3x16 (mlp takes 4x16)
    two-inputs.pntrace     a run with two inputs (mlp takes one)
    int-input.pntrace      a run whose input is int64 (mlp takes f32)
"""

import os
import sys

import numpy as np

os.environ.setdefault("GLOG_v", "3")
from mindspore.train import mind_ir_pb2  # noqa: E402

from ascend_mindspore_check import values  # noqa: E402
from ascend_mindspore_check.reference import write_reference  # noqa: E402


def main(directory):
    model = mind_ir_pb2.ModelProto()
    with open(os.path.join(directory, "mlp.mindir"), "rb") as f:
        model.ParseFromString(f.read())
    renamed = 0
    for node in model.graph.node:
        if node.op_type.startswith("REF::MatMul:"):
            node.op_type = "REF::AscendNoSuchOp:" + node.op_type.split(":")[-1]
            renamed += 1
            break
    if not renamed:
        print("check_fixtures.py: mlp.mindir has no MatMul node", file=sys.stderr)
        return 1
    with open(os.path.join(directory, "unknown-op.mindir"), "wb") as f:
        f.write(model.SerializeToString())

    trace_path = os.path.join(directory, "mlp.pntrace")
    runs = values.recorded_runs(values.read_trace(trace_path), trace_path)
    (inputs, outputs), = runs
    x = inputs[0][0]
    write_reference(os.path.join(directory, "wrong-outputs.pntrace"),
                    [([x], [o + 1 for o, _ in outputs])], "check_fixtures", "MLP")
    write_reference(os.path.join(directory, "wrong-shape.pntrace"),
                    [([x], [o for o, _ in outputs]), ([x[:3]], [])], "check_fixtures", "MLP")
    write_reference(os.path.join(directory, "two-inputs.pntrace"),
                    [([x, x], [o for o, _ in outputs])], "check_fixtures", "MLP")
    write_reference(os.path.join(directory, "int-input.pntrace"),
                    [([np.zeros(x.shape, np.int64)], [o for o, _ in outputs])],
                    "check_fixtures", "MLP")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
