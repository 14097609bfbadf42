#!/usr/bin/env python3
"""Peers side by side on data-dependent control flow: the generated programs of
python/tests/controlflow_gen.py and, when present, ../shared/cases/*.py.

For every program (recorded runs R from make(), fresh inputs F from make_fresh(); a
shared case has only R):
  torch.jit.trace    traced on R[0], run on R and F: right / silently wrong / fails
  torch.jit.script   fails to compile / right / wrong on R and F
  torch._dynamo.explain (torch 2.x)  graphs and graph breaks on R[0]
  torch.export.export (torch 2.x)    exported (then right / wrong on R and F) / refused
  ascend-opt         recorded R, compiled, run on R and F at the mindspore and aicore
                     levels: right / refused (at compile, or some runs by a guard) / wrong
and prints one table. jit.trace, jit.script and ascend-opt run under this Python
(Debian's torch 1.13, the recorder's); dynamo and export run in a worker under
--torch2 (default /work/main/.venv/torch-2.13.0/bin/python).

Usage: /usr/bin/python3 bench/controlflow_peers.py [--programs 100] [--build build]
           [--torch2 PYTHON] [--no-ascend]
"""
import argparse
import datetime
import glob
import importlib.util
import json
import os
import subprocess
import sys
import tempfile
import warnings

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
CASES = os.path.join(os.path.dirname(ROOT), "shared", "cases")
sys.path.insert(0, os.path.join(ROOT, "python", "tests"))


def load(path):
    name = "peer_" + os.path.splitext(os.path.basename(path))[0]
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.path.insert(0, os.path.dirname(path))
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(os.path.dirname(path))
    return module


def runs_of(path):
    import torch
    module = load(path)
    model, recorded = module.make()
    recorded = [r if isinstance(r, tuple) else (r,) for r in recorded]
    fresh = []
    if hasattr(module, "make_fresh"):
        fresh = [r if isinstance(r, tuple) else (r,) for r in module.make_fresh()[1]]
    for p in model.parameters():
        p.requires_grad_(False)
    return model.eval(), recorded, fresh


def flat(out):
    import torch
    if isinstance(out, torch.Tensor):
        return [out]
    items = []
    for o in out:
        items.extend(flat(o))
    return items


def same(a, b):
    import torch
    a, b = flat(a), flat(b)
    return len(a) == len(b) and all(
        x.shape == y.shape and x.dtype == y.dtype and
        (torch.allclose(x, y, rtol=1e-4, atol=1e-5) if x.is_floating_point() else torch.equal(x, y))
        for x, y in zip(a, b))


def judge(fn, model, runs):
    """'right' when fn matches eager on every run, 'wrong' when it returns another
    answer on some run (without an error), 'fails' when it raises on some run."""
    import torch
    outcome = "right"
    for inputs in runs:
        with torch.no_grad():
            expected = model(*inputs)
            try:
                got = fn(*inputs)
            except Exception:  # noqa: BLE001 - any refusal counts
                outcome = "fails" if outcome == "right" else outcome
                continue
        if not same(got, expected):
            return "wrong"
    return outcome


def jit_peers(path):
    import torch
    model, recorded, fresh = runs_of(path)
    runs = recorded + fresh
    result = {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            with torch.no_grad():
                traced = torch.jit.trace(model, recorded[0], check_trace=False)
            result["trace"] = judge(traced, model, runs)
        except Exception:  # noqa: BLE001
            result["trace"] = "fails"
        try:
            scripted = torch.jit.script(model)
        except Exception:  # noqa: BLE001
            result["script"] = "fails to compile"
        else:
            result["script"] = judge(scripted, model, runs)
    return result


def torch2_worker(paths):
    """Runs under torch 2.x: dynamo explain and export per program, one JSON line each."""
    import torch
    import torch._dynamo
    for path in paths:
        row = {"path": path}
        try:
            model, recorded, fresh = runs_of(path)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                torch._dynamo.reset()
                explanation = torch._dynamo.explain(model)(*recorded[0])
                row["graphs"] = explanation.graph_count
                row["breaks"] = explanation.graph_break_count
                try:
                    exported = torch.export.export(model, recorded[0])
                    row["export"] = "exported, " + judge(exported.module(), model, recorded + fresh)
                except Exception as exc:  # noqa: BLE001
                    row["export"] = "refused"
                    row["export_reason"] = type(exc).__name__
        except Exception as exc:  # noqa: BLE001
            row["error"] = f"{type(exc).__name__}: {exc}"[:200]
        print(json.dumps(row), flush=True)


def ascend_peer(path, seed, workdir, bindir):
    import controlflow_gen as gen
    if seed is not None:
        r = gen.check_program(seed, workdir, bindir)
    else:  # a shared case: its recorded runs only
        r = gen.ProgramResult(None, set())
        trace = os.path.join(workdir, os.path.basename(path) + ".pntrace")
        code, _, err = gen._run([os.path.join(bindir, "ascend-trace"), "record", path, "-o", trace, "-q"])
        if code != 0:
            return "refused (record)"
        for level in ("mindspore", "aicore"):
            out = os.path.join(workdir, f"{os.path.basename(path)}.{level}.mlir")
            code, _, err = gen._run([os.path.join(bindir, "ascend-compile"), trace,
                                     f"--emit={level}", "-o", out, "--quiet"])
            if code != 0:
                return "refused at compile"
            code, out_text, err = gen._run([os.path.join(bindir, "ascend-run"), out, "--trace", trace])
            outcomes = gen.run_outcomes(out_text, err, out_text.count("\n") + err.count("failed in"))
            if "mismatch" in outcomes.values():
                return "wrong"
            if any(v != "ok" for v in outcomes.values()):
                return "refused (guard)"
        return "right"
    if r.wrong:
        return "wrong"
    if r.stage != "ok":
        return "refused at compile"
    if r.recorded_ok != r.recorded_runs or r.fresh_refused or r.fresh_ok != r.fresh_runs:
        return "refused (guard)"
    return "right"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--programs", type=int, default=100)
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--torch2", default="/work/main/.venv/torch-2.13.0/bin/python")
    parser.add_argument("--no-ascend", action="store_true")
    parser.add_argument("--worker", nargs="*", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker is not None:
        return torch2_worker(args.worker)
    import torch
    import controlflow_gen as gen
    sys.path.insert(0, os.path.join(os.path.abspath(args.build), "python"))
    bindir = os.path.join(os.path.abspath(args.build), "bin")
    workdir = tempfile.mkdtemp(prefix="controlflow_peers_")
    programs = []
    for seed in range(args.programs):
        path = os.path.join(workdir, f"prog{seed}.py")
        with open(path, "w") as f:
            f.write(gen.generate(seed)[0])
        programs.append(("generated", seed, path))
    if os.path.isdir(CASES):
        for path in sorted(glob.glob(os.path.join(CASES, "*.py"))):
            programs.append(("shared case", None, path))
    else:
        print(f"(shared cases absent: {CASES} skipped)")
    rows = {p[2]: {"set": p[0]} for p in programs}
    for _, seed, path in programs:
        try:
            rows[path].update(jit_peers(path))
        except Exception as exc:  # noqa: BLE001
            rows[path]["error"] = str(exc)
    torch2 = None
    if os.path.exists(args.torch2):
        proc = subprocess.run([args.torch2, os.path.abspath(__file__), "--worker"] +
                              [p[2] for p in programs], capture_output=True, text=True)
        for line in proc.stdout.splitlines():
            row = json.loads(line)
            rows[row.pop("path")].update(row)
        torch2 = subprocess.run([args.torch2, "-c", "import torch; print(torch.__version__)"],
                                capture_output=True, text=True).stdout.strip()
    ascend = not args.no_ascend and os.path.exists(os.path.join(bindir, "ascend-compile"))
    if ascend:
        for _, seed, path in programs:
            rows[path]["ascend"] = ascend_peer(path, seed, workdir, bindir)

    print(f"# control-flow peers, {datetime.date.today().isoformat()}: torch {torch.__version__} "
          f"(jit.trace, jit.script, ascend-trace), torch {torch2 or 'absent'} (dynamo, export)")
    for group in ("generated", "shared case"):
        members = [r for r in rows.values() if r["set"] == group]
        if not members:
            continue
        n = len(members)

        def count(key, value):
            return sum(1 for r in members if r.get(key, "").startswith(value))
        print(f"\n{group} programs: {n}")
        print("| peer | outcome over recorded + fresh inputs |")
        print("|---|---|")
        print(f"| torch.jit.trace | right {count('trace', 'right')}, silently wrong "
              f"{count('trace', 'wrong')}, fails {count('trace', 'fails')} |")
        print(f"| torch.jit.script | fails to compile {count('script', 'fails to compile')}, right "
              f"{count('script', 'right')}, wrong {count('script', 'wrong')}, fails on a run "
              f"{sum(1 for r in members if r.get('script') == 'fails')} |")
        if torch2:
            graphs = sum(r.get("graphs", 0) for r in members)
            breaks = sum(r.get("breaks", 0) for r in members)
            nobreak = sum(1 for r in members if r.get("breaks") == 0)
            print(f"| torch._dynamo.explain | {graphs} graphs, {breaks} graph breaks; "
                  f"{nobreak} programs in one graph |")
            print(f"| torch.export.export | exported {count('export', 'exported')} (right "
                  f"{count('export', 'exported, right')}, wrong {count('export', 'exported, wrong')}), "
                  f"refused {count('export', 'refused')} |")
        if ascend:
            print(f"| ascend-opt | right {count('ascend', 'right')}, refused by a guard on some "
                  f"input {count('ascend', 'refused (guard)')}, refused at compile "
                  f"{count('ascend', 'refused at compile')}, wrong {count('ascend', 'wrong')} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
