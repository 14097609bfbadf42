"""Checks that every-primitive.mlir runs every compute primitive of the
mindspore dialect: each op defined in the dialect's ODS files (argument 1,
a directory) appears as `mindspore.<mnemonic>` in the test (argument 2),
except the ops that are no compute (views, parameters, constants, control
flow, groups). Prints the missing mnemonics and exits 1 when there are any.

    python3 every_primitive_coverage.py dialects/MindSpore/include/ascend/Dialect/MindSpore/IR test.mlir
"""
import pathlib
import re
import sys

# Not compute primitives: views of their operand's buffer, parameters and
# constants, control flow and its terminators, fusion groups.
NOT_COMPUTE = {"reshape", "expand_dims", "squeeze", "parameter", "load",
               "constant", "yield", "cond", "while", "condition", "fusion"}


def main():
    ods, test = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
    defs = re.compile(r'^def MindSpore_\w+Op\s*:\s*\w+<\s*"(\w+)"', re.M)
    mnemonics = set()
    for td in sorted(ods.glob("*.td")):
        mnemonics.update(defs.findall(td.read_text()))
    text = test.read_text()
    missing = sorted(m for m in mnemonics - NOT_COMPUTE
                     if not re.search(r"mindspore\." + m + r"\b", text))
    for m in missing:
        print(f"every-primitive coverage: 'mindspore.{m}' is not run by {test.name}")
    print(f"{len(mnemonics - NOT_COMPUTE)} compute primitives, {len(missing)} missing")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
