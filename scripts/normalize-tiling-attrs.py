#!/usr/bin/env python3
"""Rewrites the pre-issue-21 DictionaryAttr spelling of the AI Core kernel
configs into their typed spelling (in place, every file given), so that
`diff -r` of diff-lowered-ir.py's outputs before/after shows only real
changes. `aicore.tiling = {k_stages = 2 : i64, ...}` becomes
`aicore.tiling = #aicore.cube_tiling<tm = ..., ...>` (defaults left out, as
the attribute prints them)."""
import re, sys

CUBE = ["tm", "tn", "tk", "k_stages", "l1_buffers", "l0c_buffers", "split_k",
        "split_tiles", "k_chunk", "modeled_cycles"]
CUBE_DEFAULTS = {"split_k": "1", "split_tiles": "0", "k_chunk": "0",
                 "modeled_cycles": "0"}


def fields(body):
    return dict(re.findall(r"(\w+) = (-?\d+) : i64", body))


def cube(m):
    f = fields(m.group(1))
    parts = [f"{k} = {f[k]}" for k in CUBE
             if k in f and not (k in CUBE_DEFAULTS and f[k] == CUBE_DEFAULTS[k])]
    return "aicore.tiling = #aicore.cube_tiling<" + ", ".join(parts) + ">"


for path in sys.argv[1:]:
    try:
        text = open(path).read()
    except UnicodeDecodeError:
        continue
    new = re.sub(r"aicore\.tiling = \{([^{}]*)\}", cube, text)
    if new != text:
        open(path, "w").write(new)
