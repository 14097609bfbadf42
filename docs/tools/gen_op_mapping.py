#!/usr/bin/env python3
"""Generates docs/OpMapping.md, the eager op -> MindSpore primitive table.

Sources: the built-in data mappings (lib/Conversion/PyNativeToMindSpore/
AtenMappings.json, in the mapping-file format) and the ops legalized in C++
(the entries of atenTable() in AtenLegalization.cpp, with the mindspore ops
each handler builds, read from its source). Mindspore op names come from the
ODS definitions (`def MindSpore_<Name>Op : ...<"mnemonic", ...>`).

  gen_op_mapping.py SRC_ROOT            print the page
  gen_op_mapping.py SRC_ROOT -o FILE    write it
  gen_op_mapping.py SRC_ROOT --check FILE
                                        exit 1 (with a diff) when FILE is stale
  gen_op_mapping.py SRC_ROOT --mapped-ops FILE
                                        write the machine-readable list of mapped
                                        ops the recorder reads (mapped_ops.json)

Fails when an eager op is both in the data file and in the C++ table.
"""
import argparse
import difflib
import glob
import json
import os
import re
import sys

CONV = "lib/Conversion/PyNativeToMindSpore"
# The composite tables beyond AtenComposites.cpp's compositeTable(), one file per
# family: (file, table function).
FAMILIES = (("AtenElementwise.cpp", "elementwiseTable"),
            ("AtenScatter.cpp", "scatterTable"),
            ("AtenScans.cpp", "scanTable"),
            ("AtenSorting.cpp", "sortingTable"),
            ("AtenSpecial.cpp", "specialTable"),
            ("AtenDiagonal.cpp", "diagonalTable"),
            ("AtenRearrange.cpp", "rearrangeTable"),
            ("AtenLinalg.cpp", "linalgTable"),
            ("AtenReductions.cpp", "reductionTable"),
            ("AtenSlicing.cpp", "slicingTable"),
            ("AtenLosses.cpp", "lossTable"))
# The C++ handler table of legalizeAtenOp: atenTable() in AtenLegalization.cpp
# and the families it adds, one file each: (file, table function).
HANDLER_FILES = (("AtenLegalization.cpp", "atenTable"),
                 ("AtenNeuralNet.cpp", "addNeuralNetHandlers"),
                 ("AtenShapes.cpp", "addShapeHandlers"))
# What the handlers share (operand conversion, which builds Casts and constants).
HANDLER_HELPERS = ("AtenOperands.cpp",)


def handler_table(root):
    """(source of every handler and helper file, (eager op, handler) in table
    order)."""
    sources, table = [], []
    for file, function in HANDLER_FILES:
        with open(os.path.join(root, CONV, file)) as f:
            source = f.read()
        sources.append(source)
        table += aten_table(source, function)
    for file in HANDLER_HELPERS:
        with open(os.path.join(root, CONV, file)) as f:
            sources.append(f.read())
    return "\n".join(sources), table


def mnemonics(root):
    """C++ class name (e.g. 'SigmoidOp') -> 'mindspore.sigmoid'."""
    names = {}
    pattern = re.compile(r'def\s+MindSpore_(\w+Op)\s*:\s*[\w:]+<\s*"([\w.]+)"')
    for td in glob.glob(os.path.join(
            root, "dialects/MindSpore/include/ascend/Dialect/MindSpore/IR/*.td")):
        with open(td) as f:
            for cls, mnemonic in pattern.findall(f.read()):
                names[cls] = "mindspore." + mnemonic
    return names


def function_bodies(source):
    """Function name -> body text of each top-level function of the file."""
    bodies = {}
    for m in re.finditer(r"^(?:template <[^>]*>\n)?[\w:<>,* ]+?\b(\w+)\(([^)]*)\)[^;{]*\{\n",
                         source, re.M):
        end = source.find("\n}\n", m.end())
        if end != -1:
            bodies.setdefault(m.group(1), source[m.end():end])
    return bodies


def built_ops(handler, bodies, names, seen=None):
    """The mindspore ops `handler` (e.g. 'binary<ms::AddOp>') builds."""
    seen = set() if seen is None else seen
    ops = []
    template = re.match(r"(\w+)<ms::(\w+Op)>$", handler)
    name = template.group(1) if template else re.sub(r"<[^>]*>$", "", handler)
    if template:
        ops.append(template.group(2))
    if name in seen or name not in bodies:
        return ops
    seen.add(name)
    body = bodies[name]
    ops += re.findall(r"ms::(\w+Op)::create", body)
    ops += [o for f, o in re.findall(r"\b(\w+)<ms::(\w+Op)>\(", body)
            if f not in ("getDefiningOp", "dyn_cast", "dyn_cast_or_null", "isa",
                         "cast", "getParentOfType")]
    # Helpers of the same file that the handler calls with its AtenCall.
    for callee in re.findall(r"\b(\w+)(?:<ms::\w+Op>)?\(\s*c\b", body):
        if callee != name:
            ops += [o for o in built_ops(callee, bodies, names, seen)]
    result = []
    for o in ops:
        if o not in result:
            result.append(o)
    return result


def aten_table(source, function="atenTable"):
    """(eager op, handler expression) in table order."""
    # `const HandlerTable &atenTable()` (or `llvm::StringMap<Handler>`) in a file's anonymous namespace, a
    # handler family's `void mlir::ascend::aten::addShapeHandlers(HandlerTable
    # &table)`, or a composite family's `const CompositeTable
    # &mlir::ascend::scanTable()`.
    match = re.search(r"(?:const (?:HandlerTable|CompositeTable|llvm::StringMap<Handler>) &|void )"
                      r"(?:mlir::ascend::(?:aten::)?)?" + re.escape(function)
                      + r"\((?:HandlerTable &table)?\)", source)
    if not match:
        raise ValueError(f"no table function {function}() in the source")
    start = match.start()
    end = source.index("\n}\n", start)
    # A handler may be a template of several arguments (`besselI<0, true, false>`,
    # `polynomial<'T'>`), its entry broken over two lines.
    return [(op, re.sub(r"\s+", " ", handler)) for op, handler in re.findall(
        r'\{"([\w.]+)",\s*([\w:]+(?:<[\w:\', ]+>)?)\}', source[start:end])]


# `c.floatArg("beta").value_or(1) != 1` (and intArg/boolArg) in a handler: the op is
# legalized only when that argument has that value.
ARG_CONDITION = re.compile(
    r'c\.(?:float|int|bool)Arg\("(\w+)"\)\.value_or\(([^)]+)\)\s*!=\s*([\w.+-]+)')


def handler_conditions(handler, bodies):
    """{argument: required value} of a C++ handler (see ARG_CONDITION)."""
    template = re.match(r"(\w+)<ms::(\w+Op)>$", handler)
    body = bodies.get(template.group(1) if template else handler, "")
    conditions = {}
    for arg, _, value in ARG_CONDITION.findall(body):
        try:
            conditions[arg] = json.loads(value.lower())
        except ValueError:
            continue
    return conditions


def float_only_ops(root):
    """C++ class names (e.g. 'ReduceSumOp') of mindspore ops whose first operand is a
    MindSpore_FloatTensor in ODS (declared on the op or on the class it derives from)."""
    first_arg, parent = {}, {}
    decl = re.compile(r"^(?:def|class)\s+(\w+)(?:<[^>]*>)?\s*:\s*(\w+)", re.M)
    for td in glob.glob(os.path.join(
            root, "dialects/MindSpore/include/ascend/Dialect/MindSpore/IR/*.td")):
        with open(td) as f:
            text = f.read()
        matches = list(decl.finditer(text))
        for i, m in enumerate(matches):
            end = matches[i + 1].start() if i + 1 < len(matches) else len(text)
            body = text[m.end():end]
            parent[m.group(1)] = m.group(2)
            args = re.search(r"let\s+arguments\s*=\s*\(ins\s+(\w+)", body)
            if args:
                first_arg[m.group(1)] = args.group(1)
    result = set()
    for name in parent:
        if not name.startswith("MindSpore_") or not name.endswith("Op"):
            continue
        cls, seen = name, set()
        while cls not in first_arg and cls in parent and cls not in seen:
            seen.add(cls)
            cls = parent[cls]
        if first_arg.get(cls) == "MindSpore_FloatTensor":
            result.add(name[len("MindSpore_"):])
    return result


def mapped_ops(root):
    """The machine-readable list of mapped eager ops (what the recorder reads to
    decide which ops to run through PyTorch's decompositions):
    {"format": 1, "ops": {op: {"requires": "float"?, "args": {name: value}?}}}."""
    with open(os.path.join(root, CONV, "AtenMappings.json")) as f:
        data = json.load(f)
    source, table = handler_table(root)
    bodies = function_bodies(source)
    names = mnemonics(root)
    float_only = float_only_ops(root)
    ops = {}
    for key, entry in data.items():
        ops[key] = {"requires": entry["requires"]} if "requires" in entry else {}
    for key, handler in table:
        entry = {}
        conditions = handler_conditions(handler, bodies)
        if conditions:
            entry["args"] = conditions
        # The primitive the handler builds first takes float tensors only (in ODS):
        # other dtypes are refused, so the recorder may decompose them instead.
        built = built_ops(handler, bodies, names)
        if built and built[0] in float_only:
            entry["requires"] = "float"
        ops[key] = entry
    return json.dumps({"format": 1, "ops": dict(sorted(ops.items()))}, indent=1) + "\n"


def generate(root):
    with open(os.path.join(root, CONV, "AtenMappings.json")) as f:
        data = json.load(f)
    source, table = handler_table(root)
    with open(os.path.join(root, CONV, "AtenComposites.cpp")) as f:
        composite_source = f.read()
    names = mnemonics(root)
    bodies = function_bodies(source)
    composite_bodies = function_bodies(composite_source)
    composites = aten_table(composite_source, "compositeTable")
    for file, function in FAMILIES:
        with open(os.path.join(root, CONV, file)) as f:
            family_source = f.read()
        composite_bodies.update(function_bodies(family_source))
        composites += aten_table(family_source, function)
    both = sorted(set(data) & {op for op, _ in table})
    if both:
        sys.exit("gen_op_mapping: in both AtenMappings.json and atenTable(): "
                 + ", ".join(both))

    out = []
    w = out.append
    w("# Eager op to MindSpore primitive mapping")
    w("")
    w("<!-- Generated by docs/tools/gen_op_mapping.py from")
    w("     lib/Conversion/PyNativeToMindSpore/AtenMappings.json and the")
    w("     C++ handler table (AtenLegalization.cpp, AtenNeuralNet.cpp,")
    w("     AtenShapes.cpp); do not edit. Regenerate with")
    w("     `ninja -C build ascend-update-docs`. -->")
    w("")
    w("`convert-pynative-to-mindspore` maps each recorded eager (aten) op to")
    w("MindSpore primitives in this order: the user's `--mapping-file` first,")
    w("then the built-in data mappings, then the ops legalized in C++. An op in")
    w("none of them is reported as `unsupported eager op` (see")
    w("[Troubleshooting](Troubleshooting.md)); map it yourself with a mapping")
    w("file ([UserGuide](UserGuide.md#unsupported-ops-and-your-own-mappings)).")
    w("")
    mapped = set(data) | {op for op, _ in table} | {op for op, _ in composites}
    w(f"{len(mapped)} eager ops are mapped: {len(data)} by data, "
      f"{len(table)} in C++, {len(composites)} composed of several primitives "
      f"({len(mapped) - len(data) - len(table)} of them not in the other tables).")
    w("")
    w("## Data mappings (AtenMappings.json)")
    w("")
    w("One primitive per eager op, in the mapping-file format. `requires: float`")
    w("refuses a tensor whose element type is not floating point.")
    w("")
    w("| eager op | mindspore op | operands | attributes | requires |")
    w("|---|---|---|---|---|")
    for key in sorted(data):
        entry = data[key]
        operands = ", ".join(f"`{o}`" for o in entry.get("operands", [])) or "all, in order"
        attrs = ", ".join(f"`{k} = {json.dumps(v)}`"
                          for k, v in sorted(entry.get("attrs", {}).items())) or "-"
        w(f"| `{key}` | `{entry['op']}` | {operands} | {attrs} | "
          f"{entry.get('requires', '-')} |")
    w("")
    w("## Ops legalized in C++ (atenTable() in AtenLegalization.cpp)")
    w("")
    w("Composites, decompositions and ops whose arguments need checks or")
    w("conversion. The primitives column lists the mindspore ops the handler's")
    w("source builds (some only for some argument combinations).")
    w("")
    w("| eager op | handler | primitives |")
    w("|---|---|---|")
    for key, handler in sorted(table):
        ops = built_ops(handler, bodies, names)
        prims = ", ".join(f"`{names.get(o, o)}`" for o in ops) or "- (no primitive: forwards or drops the value)"
        w(f"| `{key}` | `{handler.replace('ms::', '')}` | {prims} |")
    w("")
    w("## Composites (compositeTable() in AtenComposites.cpp and the family tables: "
      + ", ".join(f"{t}() in {f}" for f, t in FAMILIES) + ")")
    w("")
    w("Ops MindSpore has no single primitive for, built from several; tried")
    w("before the tables above. An op in both tables is handled here only in")
    w("the forms the other table refuses (e.g. `addmm` with alpha or beta,")
    w("integer `max`).")
    w("")
    w("| eager op | handler | primitives |")
    w("|---|---|---|")
    for key, handler in sorted(composites):
        ops = built_ops(handler, composite_bodies, names)
        prims = ", ".join(f"`{names.get(o, o)}`" for o in ops) or "- (a constant)"
        w(f"| `{key}` | `{handler}` | {prims} |")
    w("")
    return "\n".join(out)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("root")
    parser.add_argument("-o", dest="output")
    parser.add_argument("--check", metavar="FILE")
    parser.add_argument("--mapped-ops", metavar="FILE")
    args = parser.parse_args()
    if args.mapped_ops:
        with open(args.mapped_ops, "w") as f:
            f.write(mapped_ops(args.root))
        return 0
    text = generate(args.root)
    if args.check:
        with open(args.check) as f:
            committed = f.read()
        if committed != text:
            sys.stdout.writelines(difflib.unified_diff(
                committed.splitlines(True), text.splitlines(True),
                args.check, "generated"))
            sys.stdout.flush()
            print(f"{args.check} is stale: run `ninja -C build ascend-update-docs`"
                  " and commit it", file=sys.stderr)
            return 1
        return 0
    if args.output:
        with open(args.output, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
