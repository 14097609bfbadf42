# lit configuration of the ascend-opt test suite (check-ascend).
import os

import lit.formats
from lit.llvm import llvm_config

config.name = "ASCEND"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir", ".test", ".txtpb"]
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.ascend_obj_root, "test")

llvm_config.use_default_substitutions()
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
llvm_config.with_environment("PATH", config.ascend_tools_dir, append_path=True)

config.substitutions.append(("%PATH%", config.environment["PATH"]))
config.substitutions.append(("%src_root", config.ascend_src_root))
config.substitutions.append(("%obj_root", config.ascend_obj_root))
config.substitutions.append(("%protoc", config.protoc))
config.substitutions.append(("%python", "/usr/bin/python3"))
config.environment["PYTHONPATH"] = os.path.join(config.ascend_obj_root, "python")

# Tests that need the shared design folder beside the checkout.
shared = os.path.join(os.path.dirname(config.ascend_src_root), "shared")
if os.path.isdir(os.path.join(shared, "cases")):
    config.available_features.add("shared")
    config.substitutions.append(("%shared", shared))

tools = ["ascend-opt", "ascend-translate", "ascend-run", "ascend-compile", "ascend-trace",
         "ascend-mindspore-check"]
llvm_config.add_tool_substitutions(
    [t for t in tools if os.path.exists(os.path.join(config.ascend_tools_dir, t))],
    [config.ascend_tools_dir])

# End-to-end tests record PyTorch models with Debian's torch (/usr/bin/python3).
import subprocess
if subprocess.call(["/usr/bin/python3", "-c", "import torch"],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) == 0:
    config.available_features.add("torch")

# MindSpore 2.10.0 (CPU), the judge of the MindIR files (test/MindSpore): the venv of
# scripts/setup-venvs.sh, found as bin/ascend-mindspore-check finds it
# ($ASCEND_MINDSPORE_VENV, else $ASCEND_VENV_DIR/mindspore-2.10.0, else
# <checkout>/.venv/mindspore-2.10.0). Feature `mindspore`, its python %mindspore_python.
mindspore_venv = os.environ.get("ASCEND_MINDSPORE_VENV") or os.path.join(
    os.environ.get("ASCEND_VENV_DIR") or os.path.join(config.ascend_src_root, ".venv"),
    "mindspore-2.10.0")
mindspore_python = os.path.join(mindspore_venv, "bin", "python")
if os.path.exists(mindspore_python) and subprocess.call(
        [mindspore_python, "-c", "import mindspore"], stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL) == 0:
    config.available_features.add("mindspore")
    config.substitutions.append(("%mindspore_python", mindspore_python))
    config.environment["ASCEND_MINDSPORE_VENV"] = mindspore_venv

# The recorder on torch 2.x: the torch2 venv of scripts/setup-venvs.sh (ascend-trace
# --python %torch2_python), or $ASCEND_TORCH2_PYTHON.
torch2 = os.environ.get("ASCEND_TORCH2_PYTHON") or os.path.join(
    os.environ.get("ASCEND_VENV_DIR") or os.path.join(config.ascend_src_root, ".venv"),
    "torch-2.13.0", "bin", "python")
if os.path.exists(torch2) and subprocess.call(
        [torch2, "-c", "import torch"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) == 0:
    config.available_features.add("torch2")
    config.substitutions.append(("%torch2_python", torch2))

# The libFuzzer target of the trace reader (ASCEND_ENABLE_FUZZERS, fuzz/).
if config.ascend_trace_fuzzer and os.path.exists(config.ascend_trace_fuzzer):
    config.available_features.add("fuzzer")
    config.substitutions.append(("%trace_fuzzer", config.ascend_trace_fuzzer))

# Immutable directories (chattr +i; root on ext4 and similar): a directory
# that even root cannot rename, for tests of failed renames.
import tempfile
with tempfile.TemporaryDirectory() as probe:
    target = os.path.join(probe, "d")
    os.mkdir(target)
    if subprocess.call(["chattr", "+i", target], stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL) == 0:
        subprocess.call(["chattr", "-i", target])
        config.available_features.add("immutable-dirs")

# clang-22 with libFuzzer (fuzz/mindir builds its fuzzer with it).
import shutil
if shutil.which("clang++-22"):
    config.available_features.add("clang")

# clang-format-22 and git's driver for it (scripts/check-format.sh).
if shutil.which("clang-format-22") and shutil.which("git-clang-format-22"):
    config.available_features.add("clang-format")

# The stock mlir-opt and the plugin built here.
config.substitutions.append(("%mlir_opt", os.path.join(config.llvm_tools_dir, "mlir-opt")))
config.substitutions.append(("%ascend_plugin", os.path.join(config.ascend_obj_root, "lib", "AscendOptPlugin.so")))
config.substitutions.append(("%ascend_obj_root", config.ascend_obj_root))
config.substitutions.append(("%cxx", config.cxx_compiler))
