"""ascend_mindspore_check: loads ascend-opt's MindIR files in MindSpore and compares them with eager.

    ascend-mindspore-check model.mindir --trace model.pntrace [--rtol R] [--atol A]

loads `model.mindir` (and, for a program compiled from runs of several input shapes,
its siblings `model_1.mindir`, `model_2.mindir`, ... as ascend-compile names them) with
`mindspore.load` and `nn.GraphCell` in GRAPH_MODE on the CPU, runs each recorded run of
the trace on the file whose inputs match the run's, and compares the results with the
eager outputs at ascend-run's tolerance (docs/UserGuide.md). It runs in the MindSpore
venv (scripts/setup-venvs.sh mindspore); the `ascend-mindspore-check` launcher finds it.

Modules: `values` (trace and MindIR tensors as numpy, the comparison rule), `cli` (the
command). Exit status: 0 when every run matches, 1 on a mismatch or an error, 2 on bad
usage, 3 when MindSpore cannot be imported.
"""

__version__ = "0.1.0"
