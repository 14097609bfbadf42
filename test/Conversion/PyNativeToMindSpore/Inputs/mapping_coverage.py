"""Checks that every aten op of the legalization table is tested.

Records the models of mapping_models.py, compiles each with ascend-compile and
checks it against eager with ascend-run; then reads the table (the names in
AtenLegalization.cpp's atenTable() and in any JSON mapping file beside it)
and fails, listing them, when a mapping is neither recorded here nor named in
a test file under test/.

Usage: mapping_coverage.py BIN_DIR SRC_ROOT WORK_DIR
"""
import glob
import json
import os
import re
import subprocess
import sys

bin_dir, src_root, work = sys.argv[1:4]
os.makedirs(work, exist_ok=True)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mapping_models  # noqa: E402
import ascend_trace  # noqa: E402

recorded = set()
for name, model, runs in mapping_models.make_all():
    trace_path = os.path.join(work, name + ".pntrace")
    trace = ascend_trace.record(model, runs, trace_path)
    for run in trace.runs:
        recorded.update(e.op.name for e in run.events if e.WhichOneof("kind") == "op")
    mlir = os.path.join(work, name + ".mlir")
    subprocess.run([os.path.join(bin_dir, "ascend-compile"), trace_path, "--emit=mindspore",
                    "-o", mlir, "--quiet"], check=True)
    out = subprocess.run([os.path.join(bin_dir, "ascend-run"), mlir, "--trace", trace_path],
                         check=True, capture_output=True, text=True).stdout
    print(f"{name}: {out.strip()}")

conversion = os.path.join(src_root, "lib", "Conversion", "PyNativeToMindSpore")
table = set()
for handlers in ("AtenLegalization.cpp", "AtenNeuralNet.cpp", "AtenShapes.cpp"):
    table.update(re.findall(r'\{"(aten\.[\w.]+)"', open(os.path.join(conversion, handlers)).read()))
for path in glob.glob(os.path.join(conversion, "*.json")):
    data = json.load(open(path))
    entries = data.get("mappings", data) if isinstance(data, dict) else data
    for entry in entries:
        key = entry.get("op") or entry.get("name") if isinstance(entry, dict) else entry
        if isinstance(key, str) and key.startswith("aten."):
            table.add(key)

mentioned = set()
for path in glob.glob(os.path.join(src_root, "test", "**", "*"), recursive=True):
    if os.path.isfile(path) and not path.endswith((".pyc", ".pntrace", ".mindir")):
        try:
            text = open(path, encoding="utf-8").read()
        except UnicodeDecodeError:
            continue
        mentioned.update(a for a in table if f'"{a}"' in text)

missing = sorted(table - recorded - mentioned)
print(f"mappings: {len(table)}, recorded here: {len(table & recorded)}, "
      f"named in tests: {len(table & mentioned)}, untested: {len(missing)}")
if missing:
    print("untested mappings: " + ", ".join(missing))
    sys.exit(1)
