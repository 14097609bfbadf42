"""Checks the rows of an op summary (ascend-compile --report) that ran on the
pipe model against the `aicore.estimate` attributes ascend-aicore-estimate
recorded on the same kernels (an --emit=aicore MLIR file of the program).

For every row whose OP Type names an aicore.kernel: Task Duration(us) is the
estimate's task_us, whose task_cycles are the launch plus, per wave (ceil(Block
Dim / cores)), the block start and the kernel's cycles (AICoreLaunchCosts), plus
the memory-clean task; each ratio
is the pipe's busy cycles over the kernel's cycles, and the two MTE2 ratios
add up to the estimate's mte2 (to the 3 decimals printed). A MIX kernel's
estimate sums its `aiv_cores` AIVs' V, MTE3 and UB loads, which the report
gives per AIV. Every other row
has no per-pipe figures and lasts at least `--min-us`. Exit 1 with a message
on any mismatch; prints how many rows of each kind were checked.
"""
import argparse
import csv
import math
import re
import sys

COLUMNS = ["Op Name", "OP Type", "Task Type", "Task Duration(us)", "Block Dim",
           "Input Shapes", "Input Data Types", "Input Formats", "Output Shapes",
           "Output Data Types", "Output Formats", "aic_mac_ratio",
           "aic_mte1_ratio", "aic_mte2_ratio", "aic_fixpipe_ratio",
           "aiv_vec_ratio", "aiv_mte2_ratio", "aiv_mte3_ratio",
           "cube_utilization(%)"]


def fail(message):
    print("check_op_summary: " + message, file=sys.stderr)
    sys.exit(1)


def estimates(mlir):
    found = {}
    pattern = re.compile(r"aicore\.kernel @([\w.$-]+)\(.*?aicore\.estimate = \{([^}]*)\}")
    for name, fields in pattern.findall(mlir):
        values = {}
        for key, value in re.findall(r"(\w+) = ([-0-9.e+]+)", fields):
            values[key] = float(value)
        found[name] = values
    return found


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("report")
    parser.add_argument("aicore_mlir")
    parser.add_argument("--cube-cores", type=int, default=24)
    parser.add_argument("--vector-cores", type=int, default=48)
    parser.add_argument("--min-us", type=float, default=1.5)
    # AICoreLaunchCosts of the chip (AICoreTarget.h).
    parser.add_argument("--launch-cycles", type=int, default=2000)
    parser.add_argument("--block-start-cycles", type=int, default=200)
    args = parser.parse_args()
    with open(args.report, newline="") as f:
        rows = list(csv.reader(f))
    if rows[0] != COLUMNS:
        fail("header %r" % rows[0])
    kernels = estimates(open(args.aicore_mlir).read())
    simulated = modeled = 0
    for row in rows[1:]:
        r = dict(zip(COLUMNS, row))
        name, duration = r["Op Name"], float(r["Task Duration(us)"])
        est = kernels.get(r["OP Type"])
        if est is None:
            if any(r[c] for c in COLUMNS[11:]) or r["Block Dim"]:
                fail("%s: per-pipe figures on a modeled row" % name)
            if duration < args.min_us:
                fail("%s: %.3f us, below the smallest kernel" % (name, duration))
            modeled += 1
            continue
        cycles = est["cycles"]
        vector_only = r["Task Type"] == "AI_VECTOR_CORE"
        cores = args.vector_cores if vector_only else args.cube_cores
        waves = max(1, math.ceil(int(r["Block Dim"]) / cores))
        # The task: launch, per wave its block start and the block's
        # cycles, the memory-clean task (estimate's task_cycles / task_us).
        launch, start = args.launch_cycles, args.block_start_cycles
        clean = est.get("atomic_clean", 0)
        expected = launch + waves * (start + cycles - clean) + clean
        if est["task_cycles"] != expected:
            fail("%s: task_cycles %d, expected %d + %d x (%d + %d) + %d" % (
                name, est["task_cycles"], launch, waves, start, cycles - clean, clean))
        if abs(duration - round(est["task_us"], 3)) > 0.0015:
            fail("%s: %.3f us, estimate task_us %r" % (name, duration, est["task_us"]))

        def ratio(column):
            return 0.0 if r[column] == "N/A" else float(r[column])

        aivs = est.get("aiv_cores", 1)
        for column, pipe, per in [("aic_mac_ratio", "m", 1), ("aic_mte1_ratio", "mte1", 1),
                                  ("aic_fixpipe_ratio", "fix", 1), ("aiv_vec_ratio", "v", aivs),
                                  ("aiv_mte3_ratio", "mte3", aivs)]:
            if abs(ratio(column) - est[pipe] / per / cycles) > 0.0006:
                fail("%s: %s %s, estimate %d/%d cycles" % (name, column, r[column], est[pipe], cycles))
        mte2 = ratio("aic_mte2_ratio") + aivs * ratio("aiv_mte2_ratio")
        if abs(mte2 - est["mte2"] / cycles) > 0.0011 * aivs:
            fail("%s: MTE2 ratios add to %.3f, estimate %d/%d" % (name, mte2, est["mte2"], cycles))
        simulated += 1
    print("checked %d simulated and %d modeled rows" % (simulated, modeled))


if __name__ == "__main__":
    main()
