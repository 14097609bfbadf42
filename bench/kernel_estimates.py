"""The modeled figures of the AI Core kernels ascend-opt builds for a module.

Shared by the kernel benches (mix_kernels.py, mix_prologue.py,
conv_mix_kernels.py): runs `ascend-opt --convert-mindspore-to-aicore`,
buffer planning and the cost estimate on a mindspore-level file and reads
each kernel's attributes back from the printed IR.
"""
import re
import subprocess


def estimate_kernels(opt, path, chip, tiling=None, options=""):
    """{kernel name: fields} for each `aicore.kernel` of `path` on `chip`.

    The fields are the numbers of the kernel's `aicore.estimate`,
    `aicore.tiling` (#aicore.cube_tiling), `aicore.mix`, `aicore.tile`
    (window kernels) and `aicore.conv_unit` (depthwise convolutions), keyed
    "group.key" (e.g. "aicore.estimate.cycles"), its "block_dim", "unit"
    ("cube" or "vector") for a depthwise convolution, and "chunk"
    ("ROWSxCOLS") when it has an elementwise prologue on A. `tiling` (a list of ints)
    forces the convert pass's tiling option; `options` are more of the
    pass's options (e.g. "k-chunk=0").
    """
    option = f"chip={chip}" + (" tiling=" + ",".join(map(str, tiling))
                               if tiling else "") + (
                                   " " + options if options else "")
    out = subprocess.run(
        [opt, path, f"--convert-mindspore-to-aicore={option}",
         "--ascend-aicore-plan-buffers", "--ascend-aicore-estimate"],
        check=True, capture_output=True, text=True).stdout
    kernels = {}
    for line in out.splitlines():
        head = re.match(r"\s*aicore\.kernel @(\w+)\(", line)
        if not head:
            continue
        fields = {}
        for group in ("aicore.estimate", "aicore.tiling", "aicore.mix",
                      "aicore.tile", "aicore.conv_unit"):
            # Dictionaries (aicore.estimate, ...) and typed configs
            # (aicore.tiling = #aicore.cube_tiling<...>).
            body = (re.search(group + r" = \{([^}]*)\}", line) or
                    re.search(group + r" = #aicore\.\w+<([^>]*)>", line))
            if body:
                for key, value in re.findall(r"(\w+) = ([0-9.e+-]+)",
                                             body.group(1)):
                    fields[group + "." + key] = float(value)
        chunk = re.search(r"prologue0_chunk = array<i64: (\d+), (\d+)>", line)
        if chunk:
            fields["chunk"] = "%sx%s" % chunk.groups()
        unit = re.search(r'aicore\.conv_unit = \{[^}]*unit = "(\w+)"', line)
        if unit:
            fields["unit"] = unit.group(1)
        fields["block_dim"] = int(re.search(r"block_dim = (\d+)", line).group(1))
        kernels[head.group(1)] = fields
    return kernels
