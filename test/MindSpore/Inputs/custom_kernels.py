"""What a MindIR file of ascend-compile --mindir-kernels=custom holds, read with
MindSpore's own MindIR protobuf module (run with %mindspore_python):

    custom_kernels.py kernels FILE.mindir [IR_DIR]
        one line per Custom primitive, sorted: `<kernel_name> <function> multi_output=<0|1>
        launches=<nodes applying it>`; with IR_DIR, each kernel's aicore_ir bytes to
        IR_DIR/<kernel_name>.mlirbc (MLIR bytecode, for ascend-opt)
    custom_kernels.py report FILE.csv
        the AI Core kernels the profile report (ascend-compile --report) names, sorted, one
        a line: the rows of a kernel launch (they have a Block Dim; a primitive left
        outside any kernel is a modeled row without one)
    custom_kernels.py same FILE.mindir FILE.csv
        exits 1 with a message unless the Custom ops of FILE.mindir and of its siblings
        FILE_<k>.mindir (the program's other entries) and the report name the same
        kernels, all of func_type aot, and no primitive is a GraphKernel_
"""
import csv
import os
import re
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
        return sorted({row["OP Type"] for row in csv.DictReader(f) if row["Block Dim"]})


def entry_files(path):
    """`path` and its siblings <stem>_<k>.mindir (as ascend-mindspore-check finds them)."""
    directory, name = os.path.split(path)
    stem, ext = os.path.splitext(name)
    pattern = re.compile(re.escape(stem) + r"_[1-9][0-9]*" + re.escape(ext) + "$")
    return [path] + [os.path.join(directory, f) for f in sorted(os.listdir(directory or "."))
                     if pattern.match(f)]


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
        kernels, others = {}, []
        for path in entry_files(argv[1]):
            k, o = custom_kernels(path)
            kernels.update(k)
            others += o
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
