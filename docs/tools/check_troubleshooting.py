#!/usr/bin/env python3
"""Checks that docs/Troubleshooting.md explains every diagnostic the tools emit.

Scans the C++ sources (lib/, tools/, dialects/) for diagnostics (emitError,
emitOpError, emitOptionalError, emitWarning, diag.error(), errs(),
report_fatal_error, and the reason strings of the `unsupported(...)` /
`error(...)` / `fail(...)` helpers) and the recorder's Python sources
(python/ascend_trace and python/ascend_mindspore_check: raise ...Error,
RecordError, messages to stderr).
A diagnostic's family is the first string literal of its statement with at
least two words (for a message built from several pieces, its first fixed
words). The page must contain every family verbatim (whitespace-normalized).

  check_troubleshooting.py SRC_ROOT            check; exit 1 listing the missing
  check_troubleshooting.py SRC_ROOT --list     print every family with its place
"""
import argparse
import glob
import os
import re
import sys

CPP_CALL = re.compile(
    r"\b(emitError|emitOpError|emitOptionalError|emitWarning|emitRemark|"
    r"report_fatal_error|unsupported|diag\.error|error|fail)\s*\(|"
    r"\b(errs|outs)\(\)\s*<<")
PY_CALL = re.compile(
    r"\b(raise \w+|RecordError|_error|print)\s*\(")
CPP_LITERAL = re.compile(r'"((?:[^"\\\n]|\\.)*)"')
PY_LITERAL = re.compile(r'''[fr]*("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')''')


def statement(src, pos, python=False):
    """The text from `pos` to the end of its statement (`;` at depth 0 in C++,
    the closing parenthesis of the call in Python)."""
    depth, i, quote = 0, pos, None
    while i < len(src):
        ch = src[i]
        if quote:
            if ch == "\\":
                i += 2
                continue
            if ch == quote:
                quote = None
        elif ch == '"' or (python and ch == "'"):
            quote = ch
        elif ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
            if depth < 0 or (python and depth == 0):
                return src[pos:i + 1]
        elif ch == ";" and depth <= 0 and not python:
            return src[pos:i]
        i += 1
    return src[pos:]


def normalize(text):
    text = text.replace('\\"', '"').replace("\\'", "'").replace("\\n", " ")
    text = re.sub(r"\{[^{}]*\}", " ", text)  # f-string fields
    return " ".join(text.split())


def family(literals):
    for lit in literals:
        text = normalize(lit).strip(" :'\",(")
        # The fixed words before the first placeholder of a Python f-string.
        if len(re.findall(r"[A-Za-z]{2,}", text)) >= 2:
            return text
    return None


def families(root):
    found = []
    paths = []
    for top in ("lib", "tools", "dialects"):
        paths += glob.glob(os.path.join(root, top, "**", "*.cpp"), recursive=True)
        paths += glob.glob(os.path.join(root, top, "**", "*.h"), recursive=True)
    for path in sorted(paths):
        with open(path) as f:
            src = f.read()
        for m in CPP_CALL.finditer(src):
            stmt = statement(src, m.start())
            if m.group(2) == "outs" and "error" not in stmt:
                continue  # outs() is a tool's normal output
            text = family(CPP_LITERAL.findall(stmt))
            if text:
                found.append((path, src.count("\n", 0, m.start()) + 1, text))
    for path in sorted(glob.glob(os.path.join(root, "python/ascend_trace/*.py")) +
                       glob.glob(os.path.join(root, "python/ascend_mindspore_check/*.py"))):
        with open(path) as f:
            src = f.read()
        for m in PY_CALL.finditer(src):
            stmt = statement(src, m.end() - 1, python=True)
            if m.group(1) == "print" and "sys.stderr" not in stmt:
                continue
            pieces = [normalize(lit[1:-1]) for lit in PY_LITERAL.findall(stmt)]
            # Split at f-string fields so the family is a fixed run of words.
            parts = []
            for lit in PY_LITERAL.findall(stmt):
                parts += re.split(r"\{[^{}]*\}", lit[1:-1])
            text = family(parts)
            if text:
                found.append((path, src.count("\n", 0, m.start()) + 1, text))
    return [(os.path.relpath(p, root), line, text) for p, line, text in found]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("root")
    parser.add_argument("--page", help="default: ROOT/docs/Troubleshooting.md")
    parser.add_argument("--list", action="store_true")
    args = parser.parse_args()
    found = families(args.root)
    if args.list:
        for path, line, text in found:
            print(f"{path}:{line}: {text}")
        return 0
    page_path = args.page or os.path.join(args.root, "docs", "Troubleshooting.md")
    with open(page_path) as f:
        page = " ".join(f.read().replace("`", "").split())
    missing = [(p, l, t) for p, l, t in found
               if " ".join(t.replace("`", "").split()) not in page]
    for path, line, text in missing:
        print(f"{path}:{line}: not in {os.path.basename(page_path)}: {text}")
    print(f"{len(found) - len(missing)} of {len(found)} diagnostic families "
          f"explained in {os.path.basename(page_path)}")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
