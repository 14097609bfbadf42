"""What a MindIR file of ascend-compile --mindir-kernels=custom holds, read with
MindSpore's own MindIR protobuf module (run with %mindspore_python):

    custom_kernels.py kernels FILE.mindir [IR_DIR]
        one line per Custom primitive, sorted: `<kernel_name> <function> multi_output=<0|1>
        launches=<nodes applying it>`; with IR_DIR, each kernel's aicore_ir bytes to
        IR_DIR/<kernel_name>.mlirbc (MLIR bytecode, for ascend-opt)
    custom_kernels.py report FILE.csv
        the kernels the profile report (ascend-compile --report) names, sorted, one a line
    custom_kernels.py same FILE.mindir FILE.csv
        exits 1 with a message unless the file's Custom ops and the report name the same
        kernels, and no other primitive is a kernel launch (GraphKernel_)
"""
import csv
import os
import sys

from mindspore.train import mind_ir_pb2


def custom_kernels(path):
    model = mind_ir_pb2.ModelProto()
    with open(path, "rb") as f:
        model.ParseFromString(f.read())
    launches = {}
    for graph in [model.graph, *model.functions]:
        for node in graph.node:
            launches[node.op_type[len("REF::"):]] = launches.get(node.op_type[len("REF::"):], 0) + 1
    out = {}
    for prim in model.primitives:
        if prim.op_type != "Custom":
            continue
        attrs = {a.name: a for a in prim.attribute}
        name = attrs["kernel_name"].s.decode()
        out[name] = {
            "function": attrs["func_name"].s.decode().rpartition(":")[2],
            "multi_output": attrs["multi_output"].i,
            "launches": launches.get(prim.name, 0),
            "ir": attrs["aicore_ir"].s,
            "func_type": attrs["func_type"].s.decode(),
        }
    others = [p.op_type for p in model.primitives if p.op_type.startswith("GraphKernel")]
    return out, others


def report_kernels(path):
    with open(path, newline="") as f:
        return sorted({row["OP Type"] for row in csv.DictReader(f)})


def main(argv):
    if argv[0] == "kernels":
        kernels, _ = custom_kernels(argv[1])
        for name in sorted(kernels):
            k = kernels[name]
            print(f"{name} {k['function']} multi_output={k['multi_output']} "
                  f"launches={k['launches']}")
            if len(argv) > 2:
                with open(os.path.join(argv[2], name + ".mlirbc"), "wb") as f:
                    f.write(k["ir"])
        return 0
    if argv[0] == "report":
        print("\n".join(report_kernels(argv[1])))
        return 0
    if argv[0] == "same":
        kernels, others = custom_kernels(argv[1])
        report = report_kernels(argv[2])
        if others:
            print(f"{argv[1]}: kernel primitives other than Custom: {others}")
            return 1
        if sorted(kernels) != report:
            print(f"{argv[1]}: Custom kernels {sorted(kernels)} but the report names {report}")
            return 1
        if any(k["func_type"] != "aot" for k in kernels.values()):
            print(f"{argv[1]}: a Custom op is not of func_type aot")
            return 1
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
