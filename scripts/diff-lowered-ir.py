#!/usr/bin/env python3
"""Runs the first ascend-opt / ascend-compile command of every RUN line of the
lit inputs that run the AI Core conversion and writes its output (stdout and
stderr) into OUT_DIR, one file per RUN line, so two builds' outputs can be
compared with `diff -r` (issue 21: refactors must not change the lowered IR).

Usage: diff-lowered-ir.py BIN_DIR OUT_DIR [--rewrite SED_EXPR]...
Of an ascend-opt / ascend-compile RUN line only the first command runs (the
pipes after it, FileCheck and the like, are dropped); every other RUN line
(ascend-trace record, sed, ...) runs whole, so the files later lines read
exist. %t is a per-file scratch path under OUT_DIR/scratch; paths under
OUT_DIR and BIN_DIR are printed as OUT and BIN. ascend-run lines (execution)
do not run.
"""
import os, re, shlex, subprocess, sys, glob

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
dirs = ["test/Conversion/MindSporeToAICore", "test/Conversion/AICoreToMemRef",
        "test/Execution", "test/Examples"]
bin_dir, out_dir = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
os.makedirs(out_dir, exist_ok=True)
scratch = os.path.join(out_dir, "scratch")
os.makedirs(scratch, exist_ok=True)


def run_lines(path):
    lines, cur = [], ""
    for line in open(path, errors="replace"):
        m = re.search(r"RUN:(.*)$", line)
        if not m:
            continue
        part = m.group(1).rstrip()
        if part.endswith("\\"):
            cur += part[:-1] + " "
            continue
        lines.append(cur + part)
        cur = ""
    return lines


env = dict(os.environ)
env["PATH"] = bin_dir + ":/usr/lib/llvm-22/bin:" + env["PATH"]
python = env.get("ASCEND_PYTHON", "/usr/bin/python3")
count = 0
for d in dirs:
    for path in sorted(glob.glob(os.path.join(root, d, "*"))):
        if not os.path.isfile(path) or path.endswith((".py", ".cfg")):
            continue
        for i, line in enumerate(run_lines(path)):
            first = line.split("|")[0].strip()
            first = re.sub(r"^not\s+(--crash\s+)?", "", first)
            first = re.sub(r"^%python\s+", "", first)
            tool = first.split()[0] if first.split() else ""
            rel = os.path.relpath(path, root).replace("/", "_")
            tmp = os.path.join(scratch, rel)

            def subst(c):
                return (c.replace("%python", python).replace("%s", path)
                        .replace("%S", os.path.dirname(path))
                        .replace("%t", tmp).replace("%p", os.path.dirname(path)))
            if tool not in ("ascend-opt", "ascend-compile"):
                if "ascend-run" not in line:
                    subprocess.run(subst(line), shell=True, capture_output=True,
                                   cwd=scratch, env=env, timeout=600)
                continue
            cmd = subst(first)
            cmd = os.path.join(bin_dir, tool) + cmd[len(tool):]
            out = os.path.join(out_dir, f"{rel}.{i}.out")
            r = subprocess.run(cmd, shell=True, capture_output=True, text=True,
                               cwd=scratch, env=env, timeout=600)
            text = r.stdout + "\n--stderr--\n" + r.stderr
            text = text.replace(out_dir, "OUT").replace(bin_dir, "BIN")
            text += f"\n--rc={r.returncode}\n"
            open(out, "w").write(text)
            count += 1
print(f"{count} commands run into {out_dir}")
