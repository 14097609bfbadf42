"""The lit test format of test/MindSpore (used by its lit.local.cfg; a module so that lit's
worker processes can unpickle it): lit's ShTest, plus one generated test per line of
models.list, nets.list and custom-kernels.list (the syntax is described in those files)."""
import os

import lit.Test
import lit.TestRunner
import lit.formats


# This directory (the test's source path is <table>/<NAME>, not a file).
INPUTS = os.path.dirname(os.path.abspath(__file__))


class MindSporeModels(lit.formats.ShTest):
    """ShTest, plus one generated test per entry of a `models.list` file."""

    LISTS = ("models.list", "nets.list", "custom-kernels.list")

    def getTestsForPath(self, suite, path_in_suite, litConfig, localConfig):
        if path_in_suite[-1] not in self.LISTS:
            yield from super().getTestsForPath(suite, path_in_suite, litConfig, localConfig)
            return
        for entry in self.entries(suite.getSourcePath(path_in_suite)):
            test = lit.Test.Test(suite, path_in_suite + (entry["name"],), localConfig)
            test.model_entry = entry
            yield test

    @staticmethod
    def entries(path):
        """[{name, source, requires, xfail}] of the list file (errors raise)."""
        out = []
        # custom-kernels.list names models.list entries: their sources.
        sources = {}
        if path.endswith("custom-kernels.list"):
            models = os.path.join(os.path.dirname(path), "models.list")
            sources = {e["name"]: e for e in MindSporeModels.entries(models)}
        with open(path) as f:
            for number, line in enumerate(f, 1):
                text = line.strip()
                if not text or text.startswith("#"):
                    continue
                xfail = None
                if "XFAIL:" in text:
                    text, xfail = text.split("XFAIL:", 1)
                    xfail = xfail.strip()
                words = text.split()
                if sources:
                    if len(words) != 1 or words[0] not in sources:
                        raise ValueError(f"{path}:{number}: expected `NAME [XFAIL: ...]`, NAME "
                                         "an entry of models.list")
                    entry = dict(sources[words[0]], xfail=xfail, line=number)
                    out.append(entry)
                    continue
                nets = path.endswith("nets.list")
                if len(words) != (1 if nets else 2):
                    raise ValueError(f"{path}:{number}: expected `NAME" +
                                     ("" if nets else " SOURCE") + " [XFAIL: ...]`")
                name, source = words[0], (words[1] if not nets else "")
                requires = ["mindspore"]
                if source.endswith(".py"):
                    requires.append("torch")
                if source.startswith("%shared"):
                    requires.append("shared")
                out.append({"name": name, "source": source, "requires": requires,
                            "xfail": xfail, "line": number})
        return out

    def execute(self, test, litConfig):
        entry = getattr(test, "model_entry", None)
        if entry is None:
            return super().execute(test, litConfig)
        if test.config.unsupported:
            return lit.Test.Result(lit.Test.UNSUPPORTED, "Test is unsupported")
        missing = [f for f in entry["requires"] if f not in test.config.available_features]
        if missing:
            return lit.Test.Result(lit.Test.UNSUPPORTED,
                                   "Test requires: " + ", ".join(missing))
        if entry["xfail"]:
            test.xfails = ["*"]
        source = entry["source"]
        # The pattern of a model that loads and matches: only `ok` run lines.
        check = os.path.join(INPUTS, "ok.check")
        script = []
        if test.path_in_suite[-2] == "nets.list":
            name = entry["name"]
            export = os.path.join(INPUTS, "export_nets.py")
            script += [
                "rm -rf %t && mkdir -p %t",
                f"%mindspore_python {export} %t {name}",
                f"ascend-translate --import-mindir %t/{name}.mindir -o %t/{name}.mlir",
                f"ascend-run %t/{name}.mlir --trace %t/{name}.pntrace > %t/run.out",
                f"FileCheck {check} --input-file %t/run.out --check-prefix=OK",
                # The same at the aicore level.
                f"ascend-opt %t/{name}.mlir --convert-mindspore-to-aicore"
                f" -o %t/{name}.aicore.mlir 2> %t/aicore.remarks",
                f"ascend-run %t/{name}.aicore.mlir --trace %t/{name}.pntrace > %t/aicore.out",
                f"FileCheck {check} --input-file %t/aicore.out --check-prefix=OK",
                f"ascend-translate --export-mindir %t/{name}.mlir -o %t/{name}.again.mindir",
                f"ascend-mindspore-check %t/{name}.again.mindir --trace %t/{name}.pntrace"
                " > %t/check.out",
                f"FileCheck {check} --input-file %t/check.out --check-prefix=OK",
            ]
        elif source.endswith(".py"):
            script.append(f"ascend-trace record {source} -o %t.pntrace -q")
        else:
            script.append(f"cp {source} %t.pntrace")
        if test.path_in_suite[-2] == "custom-kernels.list":
            helper = os.path.join(INPUTS, "custom_kernels.py")
            script += [
                "rm -f %t*.mindir %t*_kernels.so",
                "ascend-compile %t.pntrace -o %t.mindir --quiet --mindir-kernels=custom"
                " --report %t.csv",
                "ascend-mindspore-check %t.mindir --trace %t.pntrace > %t.out",
                f"FileCheck {check} --input-file %t.out --check-prefix=OK",
                # The Custom ops are the kernels the profile report names.
                f"%mindspore_python {helper} same %t.mindir %t.csv",
            ]
        if test.path_in_suite[-2] == "models.list":
            script += [
            "rm -f %t*.mindir",
            "ascend-compile %t.pntrace -o %t.mindir --quiet",
            "ascend-mindspore-check %t.mindir --trace %t.pntrace > %t.out",
            # One `ok` line per recorded run, nothing else (the exit status
            # already says every run matched).
            f"FileCheck {check} --input-file %t.out --check-prefix=OK",
            ]
        tmpDir, tmpBase = lit.TestRunner.getTempPaths(test)
        substitutions = lit.TestRunner.getDefaultSubstitutions(test, tmpDir, tmpBase)
        conditions = {feature: True for feature in test.config.available_features}
        script = lit.TestRunner.applySubstitutions(
            script, substitutions, conditions,
            recursion_limit=test.config.recursiveExpansionLimit)
        return lit.TestRunner._runShTest(test, litConfig, False, script, tmpBase)
