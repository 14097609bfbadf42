// Errors in the mapping file are reported with the file (at the entry's
// line when there is one) and the key, every bad entry at once; the pass
// fails before converting.
// RUN: not ascend-opt %s --convert-pynative-to-mindspore=mapping-file=%S/Inputs/mapping-not-json.json 2>&1 | FileCheck %s --check-prefix=JSON
// JSON: mapping-not-json.json:2:49: error: mapping file '{{.*}}mapping-not-json.json' is not valid JSON: Expected object key
// RUN: not ascend-opt %s --convert-pynative-to-mindspore=mapping-file=%S/Inputs/mapping-not-object.json 2>&1 | FileCheck %s --check-prefix=TOP
// TOP: mapping-not-object.json:1:1: error: mapping file '{{.*}}' must hold one JSON object keyed by eager op name
// RUN: not ascend-opt %s --convert-pynative-to-mindspore=mapping-file=%S/Inputs/mapping-unknown-op.json 2>&1 | FileCheck %s --check-prefix=OP
// OP: mapping-unknown-op.json:2:3: error: mapping file '{{.*}}': mapping 'aten.erfinv.default', field 'op': unknown op 'mindspore.erfinv' (expected a mindspore op, e.g. "mindspore.silu")
// RUN: not ascend-opt %s --convert-pynative-to-mindspore=mapping-file=%S/Inputs/mapping-bad-entries.json 2>&1 | FileCheck %s --check-prefix=FIELD
// FIELD: mapping-bad-entries.json:2:3: error: mapping file '{{.*}}': mapping 'aten.erfinv.default': unknown field 'operand' (expected op, operands, attrs, func_name, func_type)
// RUN: not ascend-opt %s --convert-pynative-to-mindspore=mapping-file=%S/Inputs/mapping-bad-attr.json 2>&1 | FileCheck %s --check-prefix=ATTR
// ATTR: mapping-bad-attr.json:2:3: error: mapping file '{{.*}}': mapping 'aten.a.default', field 'func_type': expected a non-empty string
// ATTR: mapping-bad-attr.json:3:3: error: mapping file '{{.*}}': mapping 'aten.b.default', field 'attrs': expected an object of attribute values
// ATTR: mapping-bad-attr.json:4:3: error: mapping file '{{.*}}': mapping 'aten.softmax.int', field 'attrs': attribute 'axis' has an unsupported value (expected an integer, float, bool, string or array of integers)
// RUN: not ascend-opt %s --convert-pynative-to-mindspore=mapping-file=%S/Inputs/mapping-custom-fields.json 2>&1 | FileCheck %s --check-prefix=CUSTOM
// CUSTOM: error: mapping file '{{.*}}': mapping 'aten.erfinv.default', field 'attrs': attribute 'func_type' clashes with the Custom primitive's own attribute of that name
// CUSTOM: error: mapping file '{{.*}}': mapping 'aten.silu.default', field 'func_name': only a mapping to 'mindspore.custom' takes it
// RUN: not ascend-opt %s --convert-pynative-to-mindspore=mapping-file=%S/Inputs/mapping-wrong-shapes.json 2>&1 | FileCheck %s --check-prefix=SHAPES
// SHAPES: mapping-wrong-shapes.json:2:3: error: mapping file '{{.*}}': mapping 'aten.erfinv.default', field 'op': unknown op 'arith.addf' (expected a mindspore op, e.g. "mindspore.silu")
// SHAPES: mapping-wrong-shapes.json:3:3: error: mapping file '{{.*}}': mapping 'aten.x.default': expected an object with an "op" field
// SHAPES: mapping-wrong-shapes.json:4:3: error: mapping file '{{.*}}': mapping 'aten.y.default', field 'op': expected the name of a mindspore op, e.g. "mindspore.silu"
// SHAPES: mapping-wrong-shapes.json:5:3: error: mapping file '{{.*}}': mapping 'aten.z.default', field 'operands': expected an array of argument names
// RUN: not ascend-opt %s --convert-pynative-to-mindspore=mapping-file=%t.missing.json 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: error: cannot read mapping file '{{.*}}missing.json': {{[Nn]}}o such file or directory
pynative.trace @run_0(%x: tensor<4xf32>) -> tensor<4xf32> attributes {run = 0 : i64} {
  %a = pynative.op "aten.erfinv.default"(%x) {args = {}, operand_names = ["self"]} : (tensor<4xf32>) -> tensor<4xf32>
  pynative.output %a : tensor<4xf32>
}
