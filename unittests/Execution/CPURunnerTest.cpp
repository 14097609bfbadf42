//===- CPURunnerTest.cpp - numerics of ascend-run's CPU execution ---------===//
//
// Each test runs a small mindspore module through the real lowering and JIT
// and checks the numbers against a reference computed here by plain loops.
//
//===----------------------------------------------------------------------===//
#include "ascend/Execution/CPURunner.h"

#include "ascend/Conversion/MindSporeToAICore/MindSporeToAICore.h"
#include "ascend/Dialect/AICore/IR/AICoreDialect.h"
#include "ascend/Dialect/MindSpore/IR/MindSporeDialect.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

using namespace mlir;
using namespace mlir::ascend;

namespace {

class CPURunnerTest : public ::testing::Test {
protected:
  CPURunnerTest() {
    DialectRegistry registry;
    registry.insert<mindspore::MindSporeDialect, aicore::AICoreDialect,
                    func::FuncDialect>();
    registerCPURunnerDialects(registry);
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
    handler = std::make_unique<ScopedDiagnosticHandler>(
        &context, [this](Diagnostic &diag) {
          diagnostics += diag.str() + "\n";
          return success();
        });
  }

  OwningOpRef<ModuleOp> parse(StringRef source) {
    OwningOpRef<ModuleOp> module =
        parseSourceString<ModuleOp>(source, ParserConfig(&context));
    EXPECT_TRUE(module) << diagnostics;
    return module;
  }

  RankedTensorType tensorType(ArrayRef<int64_t> shape, Type elt = {}) {
    return RankedTensorType::get(shape, elt ? elt : Float32Type::get(&context));
  }

  HostTensor f32(ArrayRef<int64_t> shape, ArrayRef<float> values) {
    HostTensor t;
    t.type = tensorType(shape);
    EXPECT_EQ(int64_t(values.size()), t.numElements());
    t.data.resize(values.size() * 4);
    std::memcpy(t.data.data(), values.data(), t.data.size());
    return t;
  }

  /// Deterministic pseudo-random values in [-2, 2).
  std::vector<float> random(int64_t n, uint32_t seed) {
    std::vector<float> v(n);
    uint32_t s = seed * 2654435761u + 1;
    for (float &x : v) {
      s = s * 1664525u + 1013904223u;
      x = float((s >> 8) & 0xffff) / 16384.0f - 2.0f;
    }
    return v;
  }

  static std::vector<float> values(const HostTensor &t) {
    std::vector<float> v(t.numElements());
    for (int64_t i = 0; i < t.numElements(); ++i)
      v[i] = float(elementAsDouble(t, i));
    return v;
  }

  /// Runs `entry` of `source` on `inputs`; fails the test on an error.
  std::vector<HostTensor> run(StringRef source, ArrayRef<HostTensor> inputs,
                              StringRef entry = "main") {
    OwningOpRef<ModuleOp> module = parse(source);
    if (!module)
      return {};
    auto results = runOnCPU(*module, entry, inputs);
    EXPECT_TRUE(succeeded(results)) << diagnostics;
    if (failed(results))
      return {};
    return *results;
  }

  void expectNear(ArrayRef<float> got, ArrayRef<float> want,
                  float tol = 1e-5f) {
    ASSERT_EQ(got.size(), want.size());
    for (size_t i = 0; i < got.size(); ++i)
      EXPECT_NEAR(got[i], want[i], tol * std::max(1.0f, std::fabs(want[i])))
          << "at element " << i;
  }

  MLIRContext context{MLIRContext::Threading::DISABLED};
  std::string diagnostics;
  std::unique_ptr<ScopedDiagnosticHandler> handler;
};

//===----------------------------------------------------------------------===//
// Elementwise
//===----------------------------------------------------------------------===//

TEST_F(CPURunnerTest, BroadcastArithmetic) {
  const char *src = R"mlir(
    func.func @main(%x: tensor<2x3xf32>, %y: tensor<3xf32>, %z: tensor<2x1xf32>)
        -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
      %a = mindspore.add %x, %y : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
      %s = mindspore.sub %x, %z : (tensor<2x3xf32>, tensor<2x1xf32>) -> tensor<2x3xf32>
      %m = mindspore.mul %z, %y : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<2x3xf32>
      %d = mindspore.real_div %x, %y : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
      return %a, %s, %m, %d : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
    })mlir";
  std::vector<float> x = {1, 2, 3, 4, 5, 6}, y = {10, 20, 40}, z = {100, 200};
  auto out = run(src, {f32({2, 3}, x), f32({3}, y), f32({2, 1}, z)});
  ASSERT_EQ(out.size(), 4u);
  expectNear(values(out[0]), {11, 22, 43, 14, 25, 46});
  expectNear(values(out[1]), {-99, -98, -97, -196, -195, -194});
  expectNear(values(out[2]), {1000, 2000, 4000, 2000, 4000, 8000});
  expectNear(values(out[3]), {0.1f, 0.1f, 0.075f, 0.4f, 0.25f, 0.15f});
}

TEST_F(CPURunnerTest, GreaterGivesBooleanBytes) {
  const char *src = R"mlir(
    func.func @main(%x: tensor<4xf32>, %y: tensor<1xf32>) -> tensor<4xi1> {
      %g = mindspore.greater %x, %y : (tensor<4xf32>, tensor<1xf32>) -> tensor<4xi1>
      return %g : tensor<4xi1>
    })mlir";
  auto out = run(src, {f32({4}, {-1, 0.5f, 0.75f, 3}), f32({1}, {0.5f})});
  ASSERT_EQ(out.size(), 1u);
  ASSERT_EQ(out[0].data.size(), 4u);
  EXPECT_EQ(out[0].data, (std::vector<char>{0, 0, 1, 1}));
}

TEST_F(CPURunnerTest, UnaryBiasAddBatchNorm) {
  const char *src = R"mlir(
    func.func @main(%x: tensor<2x3x2xf32>, %b: tensor<3xf32>, %g: tensor<3xf32>,
                    %mean: tensor<3xf32>, %var: tensor<3xf32>)
        -> (tensor<2x3x2xf32>, tensor<2x3x2xf32>, tensor<2x3x2xf32>, tensor<2x3x2xf32>) {
      %r = mindspore.relu %x : tensor<2x3x2xf32>
      %s = mindspore.sin %x : tensor<2x3x2xf32>
      %c = mindspore.cos %x : tensor<2x3x2xf32>
      %ba = mindspore.bias_add %x, %b : (tensor<2x3x2xf32>, tensor<3xf32>) -> tensor<2x3x2xf32>
      %bn = mindspore.batch_norm %ba, %g, %b, %mean, %var {epsilon = 1.0e-05 : f32}
          : (tensor<2x3x2xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3x2xf32>
      return %r, %s, %c, %bn : tensor<2x3x2xf32>, tensor<2x3x2xf32>, tensor<2x3x2xf32>, tensor<2x3x2xf32>
    })mlir";
  std::vector<float> x = random(12, 1);
  std::vector<float> b = {0.5f, -1, 2}, g = {1.5f, 0.25f, -1},
                     mean = {0.1f, -0.2f, 0.3f}, var = {0.5f, 2, 1};
  auto out = run(src, {f32({2, 3, 2}, x), f32({3}, b), f32({3}, g),
                       f32({3}, mean), f32({3}, var)});
  ASSERT_EQ(out.size(), 4u);
  std::vector<float> relu, sn, cs, bn;
  for (int64_t i = 0; i < 12; ++i) {
    int64_t c = (i / 2) % 3;
    relu.push_back(std::max(x[i], 0.0f));
    sn.push_back(std::sin(x[i]));
    cs.push_back(std::cos(x[i]));
    float biased = x[i] + b[c];
    bn.push_back((biased - mean[c]) / std::sqrt(var[c] + 1e-5f) * g[c] + b[c]);
  }
  expectNear(values(out[0]), relu);
  expectNear(values(out[1]), sn);
  expectNear(values(out[2]), cs);
  expectNear(values(out[3]), bn);
}

//===----------------------------------------------------------------------===//
// MatMul, Conv2D, pooling
//===----------------------------------------------------------------------===//

TEST_F(CPURunnerTest, MatMulTransposes) {
  const char *src = R"mlir(
    func.func @main(%x: tensor<2x3xf32>, %w: tensor<4x3xf32>, %xt: tensor<3x2xf32>)
        -> (tensor<2x4xf32>, tensor<2x4xf32>) {
      %a = mindspore.matmul %x, %w {transpose_b = true} : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<2x4xf32>
      %b = mindspore.matmul %xt, %w {transpose_a = true, transpose_b = true} : (tensor<3x2xf32>, tensor<4x3xf32>) -> tensor<2x4xf32>
      return %a, %b : tensor<2x4xf32>, tensor<2x4xf32>
    })mlir";
  // x = [[1 2 3] [4 5 6]], w rows = output features.
  std::vector<float> x = {1, 2, 3, 4, 5, 6};
  std::vector<float> w = {1, 0, 0, 0, 1, 0, 0, 0, 1, 1, -1, 2};
  std::vector<float> xt = {1, 4, 2, 5, 3, 6};
  auto out = run(src, {f32({2, 3}, x), f32({4, 3}, w), f32({3, 2}, xt)});
  ASSERT_EQ(out.size(), 2u);
  std::vector<float> want = {1, 2, 3, 5, 4, 5, 6, 11};
  expectNear(values(out[0]), want);
  expectNear(values(out[1]), want);
}

/// [m, n] = x * y (+ bias) with x [m, k] or [k, m] (transposeA) and y [k, n]
/// or [n, k] (transposeB), accumulated in double.
static std::vector<float> naiveMatMul(ArrayRef<float> x, ArrayRef<float> y,
                                      ArrayRef<float> bias, int64_t m,
                                      int64_t n, int64_t k, bool transposeA,
                                      bool transposeB) {
  std::vector<float> out(m * n);
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j) {
      double acc = bias.empty() ? 0.0 : bias[j];
      for (int64_t p = 0; p < k; ++p)
        acc += double(transposeA ? x[p * m + i] : x[i * k + p]) *
               (transposeB ? y[j * k + p] : y[p * n + j]);
      out[i * n + j] = float(acc);
    }
  return out;
}

TEST_F(CPURunnerTest, TiledAICoreMatMulsMatchAReference) {
  // Shapes that need several M, N and K tiles (scf.for loops over all three)
  // and ragged ones whose only tiles are small divisors, with and without a
  // fused bias, and transposed operands.
  struct Case {
    int64_t m, n, k;
    bool transposeA, transposeB, bias;
  };
  const Case cases[] = {{130, 300, 700, false, true, true},
                        {64, 96, 2048, true, false, false},
                        {17, 251, 127, false, false, true},
                        {250, 64, 128, true, true, false}};
  for (const Case &c : cases) {
    std::string src;
    llvm::raw_string_ostream os(src);
    auto shape = [](int64_t a, int64_t b) {
      return "tensor<" + std::to_string(a) + "x" + std::to_string(b) + "xf32>";
    };
    std::string xType = c.transposeA ? shape(c.k, c.m) : shape(c.m, c.k);
    std::string yType = c.transposeB ? shape(c.n, c.k) : shape(c.k, c.n);
    std::string rType = shape(c.m, c.n);
    std::string bType = "tensor<" + std::to_string(c.n) + "xf32>";
    os << "func.func @main(%x: " << xType << ", %y: " << yType
       << ", %b: " << bType << ") -> " << rType << " {\n"
       << "  %m = mindspore.matmul %x, %y {transpose_a = "
       << (c.transposeA ? "true" : "false")
       << ", transpose_b = " << (c.transposeB ? "true" : "false") << "} : ("
       << xType << ", " << yType << ") -> " << rType << "\n";
    if (c.bias)
      os << "  %r = mindspore.bias_add %m, %b : (" << rType << ", " << bType
         << ") -> " << rType << "\n  return %r : " << rType << "\n}\n";
    else
      os << "  return %m : " << rType << "\n}\n";
    SCOPED_TRACE(src);
    OwningOpRef<ModuleOp> module = parse(src);
    ASSERT_TRUE(module);
    PassManager pm(&context);
    pm.addPass(createConvertMindSporeToAICorePass());
    ASSERT_TRUE(succeeded(pm.run(*module))) << diagnostics;
    int launches = 0;
    module->walk([&](aicore::LaunchOp) { ++launches; });
    ASSERT_EQ(launches, 1);

    std::vector<float> x = random(c.m * c.k, 1), y = random(c.k * c.n, 2),
                       b = random(c.n, 3);
    HostTensor xt = c.transposeA ? f32({c.k, c.m}, x) : f32({c.m, c.k}, x);
    HostTensor yt = c.transposeB ? f32({c.n, c.k}, y) : f32({c.k, c.n}, y);
    auto results = runOnCPU(*module, "main", {xt, yt, f32({c.n}, b)});
    ASSERT_TRUE(succeeded(results)) << diagnostics;
    ASSERT_EQ(results->size(), 1u);
    std::vector<float> want =
        naiveMatMul(x, y, c.bias ? ArrayRef<float>(b) : ArrayRef<float>(), c.m,
                    c.n, c.k, c.transposeA, c.transposeB);
    expectNear(values((*results)[0]), want, 1e-4f);
  }
}

/// Reference NCHW x OIHW convolution with padding [top, bottom, left, right].
static std::vector<float>
naiveConv(ArrayRef<float> x, ArrayRef<float> w, int64_t n, int64_t c, int64_t h,
          int64_t wd, int64_t o, int64_t kh, int64_t kw,
          ArrayRef<int64_t> stride, ArrayRef<int64_t> dil,
          ArrayRef<int64_t> pad, int64_t group, int64_t &oh, int64_t &ow) {
  oh = (h + pad[0] + pad[1] - dil[0] * (kh - 1) - 1) / stride[0] + 1;
  ow = (wd + pad[2] + pad[3] - dil[1] * (kw - 1) - 1) / stride[1] + 1;
  int64_t cg = c / group, og = o / group;
  std::vector<float> out(n * o * oh * ow, 0.0f);
  for (int64_t b = 0; b < n; ++b)
    for (int64_t f = 0; f < o; ++f)
      for (int64_t i = 0; i < oh; ++i)
        for (int64_t j = 0; j < ow; ++j) {
          double acc = 0;
          int64_t gi = f / og;
          for (int64_t ci = 0; ci < cg; ++ci)
            for (int64_t p = 0; p < kh; ++p)
              for (int64_t q = 0; q < kw; ++q) {
                int64_t y = i * stride[0] + p * dil[0] - pad[0];
                int64_t xx = j * stride[1] + q * dil[1] - pad[2];
                if (y < 0 || y >= h || xx < 0 || xx >= wd)
                  continue;
                int64_t cin = gi * cg + ci;
                acc += double(x[((b * c + cin) * h + y) * wd + xx]) *
                       w[((f * cg + ci) * kh + p) * kw + q];
              }
          out[((b * o + f) * oh + i) * ow + j] = float(acc);
        }
  return out;
}

TEST_F(CPURunnerTest, Conv2DPadStrideDilation) {
  const char *src = R"mlir(
    func.func @main(%x: tensor<2x3x7x6xf32>, %w: tensor<4x3x3x2xf32>) -> tensor<2x4x4x5xf32> {
      %y = mindspore.conv2d %x, %w {stride = array<i64: 2, 1>, dilation = array<i64: 1, 2>,
                                    pad = array<i64: 1, 2, 0, 1>}
          : (tensor<2x3x7x6xf32>, tensor<4x3x3x2xf32>) -> tensor<2x4x4x5xf32>
      return %y : tensor<2x4x4x5xf32>
    })mlir";
  std::vector<float> x = random(2 * 3 * 7 * 6, 2), w = random(4 * 3 * 3 * 2, 3);
  int64_t oh, ow;
  std::vector<float> want = naiveConv(x, w, 2, 3, 7, 6, 4, 3, 2, {2, 1}, {1, 2},
                                      {1, 2, 0, 1}, 1, oh, ow);
  ASSERT_EQ(oh, 4);
  ASSERT_EQ(ow, 5);
  auto out = run(src, {f32({2, 3, 7, 6}, x), f32({4, 3, 3, 2}, w)});
  ASSERT_EQ(out.size(), 1u);
  expectNear(values(out[0]), want);
}

TEST_F(CPURunnerTest, Conv2DGroups) {
  const char *src = R"mlir(
    func.func @main(%x: tensor<1x4x5x5xf32>, %w: tensor<6x2x3x3xf32>) -> tensor<1x6x5x5xf32> {
      %y = mindspore.conv2d %x, %w {stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>,
                                    pad = array<i64: 1, 1, 1, 1>, group = 2}
          : (tensor<1x4x5x5xf32>, tensor<6x2x3x3xf32>) -> tensor<1x6x5x5xf32>
      return %y : tensor<1x6x5x5xf32>
    })mlir";
  std::vector<float> x = random(100, 4), w = random(108, 5);
  int64_t oh, ow;
  std::vector<float> want = naiveConv(x, w, 1, 4, 5, 5, 6, 3, 3, {1, 1}, {1, 1},
                                      {1, 1, 1, 1}, 2, oh, ow);
  auto out = run(src, {f32({1, 4, 5, 5}, x), f32({6, 2, 3, 3}, w)});
  ASSERT_EQ(out.size(), 1u);
  expectNear(values(out[0]), want);
}

TEST_F(CPURunnerTest, MaxPoolCeilModeAndAvgPool) {
  // 5x5 input, kernel 2, stride 2, pad 0, ceil_mode: 3x3 output whose last
  // row/column windows hang over the edge.
  const char *src = R"mlir(
    func.func @main(%x: tensor<1x2x5x5xf32>) -> (tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x2x2xf32>) {
      %m = mindspore.max_pool %x {kernel_size = array<i64: 2, 2>, strides = array<i64: 2, 2>,
                                  pad = array<i64: 0, 0, 0, 0>, ceil_mode = true}
          : (tensor<1x2x5x5xf32>) -> tensor<1x2x3x3xf32>
      %p = mindspore.max_pool %x {kernel_size = array<i64: 3, 3>, strides = array<i64: 2, 2>,
                                  pad = array<i64: 1, 1, 1, 1>}
          : (tensor<1x2x5x5xf32>) -> tensor<1x2x3x3xf32>
      %a = mindspore.avg_pool %x {kernel_size = array<i64: 3, 3>, strides = array<i64: 2, 2>}
          : (tensor<1x2x5x5xf32>) -> tensor<1x2x2x2xf32>
      return %m, %p, %a : tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x2x2xf32>
    })mlir";
  std::vector<float> x = random(50, 6);
  auto maxWindow = [&](int64_t c, int64_t r0, int64_t c0, int64_t k) {
    float best = -INFINITY;
    for (int64_t r = r0; r < r0 + k; ++r)
      for (int64_t q = c0; q < c0 + k; ++q)
        if (r >= 0 && r < 5 && q >= 0 && q < 5)
          best = std::max(best, x[(c * 5 + r) * 5 + q]);
    return best;
  };
  std::vector<float> ceilWant, padWant, avgWant;
  for (int64_t c = 0; c < 2; ++c)
    for (int64_t i = 0; i < 3; ++i)
      for (int64_t j = 0; j < 3; ++j) {
        ceilWant.push_back(maxWindow(c, 2 * i, 2 * j, 2));
        padWant.push_back(maxWindow(c, 2 * i - 1, 2 * j - 1, 3));
      }
  for (int64_t c = 0; c < 2; ++c)
    for (int64_t i = 0; i < 2; ++i)
      for (int64_t j = 0; j < 2; ++j) {
        float sum = 0;
        for (int64_t r = 0; r < 3; ++r)
          for (int64_t q = 0; q < 3; ++q)
            sum += x[(c * 5 + 2 * i + r) * 5 + 2 * j + q];
        avgWant.push_back(sum / 9);
      }
  auto out = run(src, {f32({1, 2, 5, 5}, x)});
  ASSERT_EQ(out.size(), 3u);
  expectNear(values(out[0]), ceilWant);
  expectNear(values(out[1]), padWant);
  expectNear(values(out[2]), avgWant);
}

/// PyTorch's adaptive average pooling over one NCHW plane set.
static std::vector<float> naiveAdaptive(ArrayRef<float> x, int64_t nc,
                                        int64_t h, int64_t w, int64_t oh,
                                        int64_t ow) {
  std::vector<float> out;
  for (int64_t p = 0; p < nc; ++p)
    for (int64_t i = 0; i < oh; ++i)
      for (int64_t j = 0; j < ow; ++j) {
        int64_t r0 = i * h / oh, r1 = ((i + 1) * h + oh - 1) / oh;
        int64_t c0 = j * w / ow, c1 = ((j + 1) * w + ow - 1) / ow;
        double sum = 0;
        for (int64_t r = r0; r < r1; ++r)
          for (int64_t c = c0; c < c1; ++c)
            sum += x[(p * h + r) * w + c];
        out.push_back(float(sum / ((r1 - r0) * (c1 - c0))));
      }
  return out;
}

TEST_F(CPURunnerTest, AdaptiveAvgPool) {
  const char *src = R"mlir(
    func.func @main(%x: tensor<2x3x7x5xf32>)
        -> (tensor<2x3x3x2xf32>, tensor<2x3x1x1xf32>, tensor<2x3x7x5xf32>) {
      %a = mindspore.adaptive_avg_pool2d %x {output_size = array<i64: 3, 2>}
          : (tensor<2x3x7x5xf32>) -> tensor<2x3x3x2xf32>
      %g = mindspore.adaptive_avg_pool2d %x {output_size = array<i64: 1, 1>}
          : (tensor<2x3x7x5xf32>) -> tensor<2x3x1x1xf32>
      %s = mindspore.adaptive_avg_pool2d %x {output_size = array<i64: 7, 5>}
          : (tensor<2x3x7x5xf32>) -> tensor<2x3x7x5xf32>
      return %a, %g, %s : tensor<2x3x3x2xf32>, tensor<2x3x1x1xf32>, tensor<2x3x7x5xf32>
    })mlir";
  std::vector<float> x = random(2 * 3 * 7 * 5, 7);
  auto out = run(src, {f32({2, 3, 7, 5}, x)});
  ASSERT_EQ(out.size(), 3u);
  expectNear(values(out[0]), naiveAdaptive(x, 6, 7, 5, 3, 2));
  expectNear(values(out[1]), naiveAdaptive(x, 6, 7, 5, 1, 1));
  expectNear(values(out[2]), x);
}

//===----------------------------------------------------------------------===//
// Softmax, reductions, shapes
//===----------------------------------------------------------------------===//

TEST_F(CPURunnerTest, SoftmaxAndReductions) {
  const char *src = R"mlir(
    func.func @main(%x: tensor<2x3x4xf32>)
        -> (tensor<2x3x4xf32>, tensor<2x1x4xf32>, tensor<f32>, tensor<i1>) {
      %s = mindspore.softmax %x {axis = 1 : i64} : tensor<2x3x4xf32>
      %r = mindspore.reduce_sum %x, [1] {keep_dims = true} : (tensor<2x3x4xf32>) -> tensor<2x1x4xf32>
      %t = mindspore.reduce_sum %x, [] : (tensor<2x3x4xf32>) -> tensor<f32>
      %a = mindspore.reduce_all %x : (tensor<2x3x4xf32>) -> tensor<i1>
      return %s, %r, %t, %a : tensor<2x3x4xf32>, tensor<2x1x4xf32>, tensor<f32>, tensor<i1>
    })mlir";
  std::vector<float> x = random(24, 8);
  // Large values check that the maximum is subtracted before exp.
  x[5] = 100.0f;
  x[0] = 0.0f;
  auto out = run(src, {f32({2, 3, 4}, x)});
  ASSERT_EQ(out.size(), 4u);
  std::vector<float> soft(24), sums(8);
  double total = 0;
  for (int64_t n = 0; n < 2; ++n)
    for (int64_t k = 0; k < 4; ++k) {
      float mx = -INFINITY;
      for (int64_t c = 0; c < 3; ++c)
        mx = std::max(mx, x[(n * 3 + c) * 4 + k]);
      double s = 0, plain = 0;
      for (int64_t c = 0; c < 3; ++c) {
        s += std::exp(double(x[(n * 3 + c) * 4 + k]) - mx);
        plain += x[(n * 3 + c) * 4 + k];
      }
      for (int64_t c = 0; c < 3; ++c)
        soft[(n * 3 + c) * 4 + k] =
            float(std::exp(double(x[(n * 3 + c) * 4 + k]) - mx) / s);
      sums[n * 4 + k] = float(plain);
      total += plain;
    }
  expectNear(values(out[0]), soft);
  expectNear(values(out[1]), sums);
  expectNear(values(out[2]), {float(total)});
  EXPECT_EQ(out[3].data, std::vector<char>{0}); // x[0] == 0
}

TEST_F(CPURunnerTest, ReshapeAndTranspose) {
  const char *src = R"mlir(
    func.func @main(%x: tensor<2x3x4xf32>) -> (tensor<4x6xf32>, tensor<4x2x3xf32>, tensor<1xf32>) {
      %r = mindspore.reshape %x, [4, -1] : (tensor<2x3x4xf32>) -> tensor<4x6xf32>
      %t = mindspore.transpose %x, [2, 0, 1] : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
      %s = mindspore.reduce_sum %x, [] : (tensor<2x3x4xf32>) -> tensor<f32>
      %o = mindspore.reshape %s, [1] : (tensor<f32>) -> tensor<1xf32>
      return %r, %t, %o : tensor<4x6xf32>, tensor<4x2x3xf32>, tensor<1xf32>
    })mlir";
  std::vector<float> x(24);
  for (int64_t i = 0; i < 24; ++i)
    x[i] = float(i);
  auto out = run(src, {f32({2, 3, 4}, x)});
  ASSERT_EQ(out.size(), 3u);
  expectNear(values(out[0]), x);
  std::vector<float> t;
  for (int64_t k = 0; k < 4; ++k)
    for (int64_t n = 0; n < 2; ++n)
      for (int64_t c = 0; c < 3; ++c)
        t.push_back(x[(n * 3 + c) * 4 + k]);
  expectNear(values(out[1]), t);
  expectNear(values(out[2]), {276});
}

//===----------------------------------------------------------------------===//
// Parameters, constants, control flow, guards
//===----------------------------------------------------------------------===//

/// The `0x...` text of a dense_resource blob holding `values` (4-byte
/// alignment header, then little-endian floats).
static std::string blobHex(ArrayRef<float> values) {
  std::string hex = "0x04000000";
  for (float v : values) {
    uint32_t bits;
    std::memcpy(&bits, &v, 4);
    for (int i = 0; i < 4; ++i) {
      char buf[3];
      snprintf(buf, sizeof(buf), "%02X", (bits >> (8 * i)) & 0xff);
      hex += buf;
    }
  }
  return hex;
}

TEST_F(CPURunnerTest, ParametersBecomeArgumentsAndModuleIsUntouched) {
  std::string src = R"mlir(
    mindspore.parameter @"fc.weight" : tensor<2x3xf32> = dense_resource<fc_weight> : tensor<2x3xf32>
    mindspore.parameter @"fc.bias" : tensor<2xf32> = dense<[0.5, -0.5]> : tensor<2xf32>
    mindspore.parameter @scale : tensor<2xf32> = dense<2.0> : tensor<2xf32>
    func.func @main(%x: tensor<1x3xf32>) -> tensor<1x2xf32> {
      %w = mindspore.load @"fc.weight" : tensor<2x3xf32>
      %b = mindspore.load @"fc.bias" : tensor<2xf32>
      %s = mindspore.load @scale : tensor<2xf32>
      %c = mindspore.constant dense<[[1.0, 1.0]]> : tensor<1x2xf32>
      %m = mindspore.matmul %x, %w {transpose_b = true} : (tensor<1x3xf32>, tensor<2x3xf32>) -> tensor<1x2xf32>
      %y = mindspore.bias_add %m, %b : (tensor<1x2xf32>, tensor<2xf32>) -> tensor<1x2xf32>
      %z = mindspore.mul %y, %s : (tensor<1x2xf32>, tensor<2xf32>) -> tensor<1x2xf32>
      %r = mindspore.add %z, %c : (tensor<1x2xf32>, tensor<1x2xf32>) -> tensor<1x2xf32>
      return %r : tensor<1x2xf32>
    }
    {-# dialect_resources: { builtin: { fc_weight: ")mlir" +
                    blobHex({1, 2, 3, -1, 0, 1}) + R"mlir(" } } #-}
  )mlir";
  OwningOpRef<ModuleOp> module = parse(src);
  ASSERT_TRUE(module);
  std::string before;
  llvm::raw_string_ostream(before) << *module;
  auto executable = CPUExecutable::compile(*module, "main");
  ASSERT_TRUE(succeeded(executable)) << diagnostics;
  // Two runs through the same executable.
  for (float k : {1.0f, -2.0f}) {
    auto out = (*executable)->run({f32({1, 3}, {k, 2 * k, 3 * k})});
    ASSERT_TRUE(succeeded(out)) << diagnostics;
    float y0 = (14 * k + 0.5f) * 2 + 1, y1 = (2 * k - 0.5f) * 2 + 1;
    expectNear(values((*out)[0]), {y0, y1});
  }
  std::string after;
  llvm::raw_string_ostream(after) << *module;
  EXPECT_EQ(before, after);
}

TEST_F(CPURunnerTest, CondTakesEitherBranch) {
  const char *src = R"mlir(
    func.func @main(%x: tensor<3xf32>, %t: tensor<1xf32>) -> tensor<3xf32> {
      %s = mindspore.reduce_sum %x, [] : (tensor<3xf32>) -> tensor<f32>
      %p = mindspore.greater %s, %t : (tensor<f32>, tensor<1xf32>) -> tensor<1xi1>
      %r = mindspore.cond %p : tensor<1xi1> -> (tensor<3xf32>) {
        %a = mindspore.relu %x : tensor<3xf32>
        mindspore.yield %a : tensor<3xf32>
      } else {
        %b = mindspore.mul %x, %x : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
        mindspore.yield %b : tensor<3xf32>
      }
      return %r : tensor<3xf32>
    })mlir";
  OwningOpRef<ModuleOp> module = parse(src);
  ASSERT_TRUE(module);
  auto executable = CPUExecutable::compile(*module, "main");
  ASSERT_TRUE(succeeded(executable)) << diagnostics;
  auto taken = (*executable)->run({f32({3}, {1, -2, 3}), f32({1}, {0})});
  ASSERT_TRUE(succeeded(taken)) << diagnostics;
  expectNear(values((*taken)[0]), {1, 0, 3});
  auto other = (*executable)->run({f32({3}, {1, -2, 3}), f32({1}, {5})});
  ASSERT_TRUE(succeeded(other)) << diagnostics;
  expectNear(values((*other)[0]), {1, 4, 9});
}

TEST_F(CPURunnerTest, FailedGuardIsReportedWithItsMessage) {
  const char *src = R"mlir(
    func.func @main(%x: tensor<2xf32>, %t: tensor<2xf32>) -> tensor<2xf32> {
      %p = mindspore.greater %x, %t : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
      mindspore.assert %p, "branch at model.py:12 was only seen taken" : tensor<2xi1>
      %y = mindspore.relu %x : tensor<2xf32>
      return %y : tensor<2xf32>
    })mlir";
  OwningOpRef<ModuleOp> module = parse(src);
  ASSERT_TRUE(module);
  auto executable = CPUExecutable::compile(*module, "main");
  ASSERT_TRUE(succeeded(executable)) << diagnostics;
  auto ok = (*executable)->run({f32({2}, {1, 2}), f32({2}, {0, 0})});
  ASSERT_TRUE(succeeded(ok)) << diagnostics;
  expectNear(values((*ok)[0]), {1, 2});
  diagnostics.clear();
  auto bad = (*executable)->run({f32({2}, {1, -2}), f32({2}, {0, 0})});
  EXPECT_TRUE(failed(bad));
  EXPECT_NE(diagnostics.find("guard failed: branch at model.py:12 was only "
                             "seen taken"),
            std::string::npos)
      << diagnostics;
}

TEST_F(CPURunnerTest, InputMismatchIsAnError) {
  const char *src = R"mlir(
    func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
      %y = mindspore.relu %x : tensor<2xf32>
      return %y : tensor<2xf32>
    })mlir";
  OwningOpRef<ModuleOp> module = parse(src);
  ASSERT_TRUE(module);
  EXPECT_TRUE(failed(runOnCPU(*module, "main", {f32({3}, {1, 2, 3})})));
  EXPECT_NE(diagnostics.find("input 0 of @main has type"), std::string::npos)
      << diagnostics;
  diagnostics.clear();
  EXPECT_TRUE(failed(runOnCPU(*module, "nope", {})));
  EXPECT_NE(diagnostics.find("no function @nope"), std::string::npos)
      << diagnostics;
}

TEST_F(CPURunnerTest, IntegerF64AndRankZeroTensors) {
  const char *src = R"mlir(
    func.func @main(%a: tensor<2x2xi64>, %b: tensor<i64>, %c: tensor<3xi32>, %d: tensor<3xi32>,
                    %e: tensor<2xf64>, %f: tensor<3xi1>)
        -> (tensor<2x2xi64>, tensor<3xi32>, tensor<2xf64>, tensor<3xi1>, tensor<3xi1>) {
      %s = mindspore.mul %a, %b : (tensor<2x2xi64>, tensor<i64>) -> tensor<2x2xi64>
      %q = mindspore.real_div %c, %d : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>
      %x = mindspore.sub %e, %e : (tensor<2xf64>, tensor<2xf64>) -> tensor<2xf64>
      %y = mindspore.add %x, %e : (tensor<2xf64>, tensor<2xf64>) -> tensor<2xf64>
      %g = mindspore.greater %c, %d : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi1>
      %n = mindspore.logical_not %f : tensor<3xi1>
      return %s, %q, %y, %g, %n : tensor<2x2xi64>, tensor<3xi32>, tensor<2xf64>, tensor<3xi1>, tensor<3xi1>
    })mlir";
  auto raw = [&](RankedTensorType type, const void *data) {
    HostTensor t;
    t.type = type;
    size_t size =
        type.getNumElements() * HostTensor::elementBytes(type.getElementType());
    t.data.assign(static_cast<const char *>(data),
                  static_cast<const char *>(data) + size);
    return t;
  };
  Type i64 = IntegerType::get(&context, 64),
       i32 = IntegerType::get(&context, 32);
  int64_t a[] = {1, -2, 3, 1ll << 40}, b = -3;
  int32_t c[] = {7, -7, 100}, d[] = {2, 2, -100};
  double e[] = {1e300, -0.1};
  char f[] = {1, 0, 1};
  auto out =
      run(src, {raw(tensorType({2, 2}, i64), a), raw(tensorType({}, i64), &b),
                raw(tensorType({3}, i32), c), raw(tensorType({3}, i32), d),
                raw(tensorType({2}, Float64Type::get(&context)), e),
                raw(tensorType({3}, IntegerType::get(&context, 1)), f)});
  ASSERT_EQ(out.size(), 5u);
  int64_t s[4];
  std::memcpy(s, out[0].data.data(), sizeof(s));
  EXPECT_EQ(s[0], -3);
  EXPECT_EQ(s[1], 6);
  EXPECT_EQ(s[2], -9);
  EXPECT_EQ(s[3], -3 * (1ll << 40));
  int32_t q[3];
  std::memcpy(q, out[1].data.data(), sizeof(q));
  EXPECT_EQ(q[0], 3); // truncating division, as on integer tensors
  EXPECT_EQ(q[1], -3);
  EXPECT_EQ(q[2], -1);
  double y[2];
  std::memcpy(y, out[2].data.data(), sizeof(y));
  EXPECT_EQ(y[0], 1e300);
  EXPECT_EQ(y[1], -0.1);
  EXPECT_EQ(out[3].data, (std::vector<char>{1, 0, 1}));
  EXPECT_EQ(out[4].data, (std::vector<char>{0, 1, 0}));
}

//===----------------------------------------------------------------------===//
// Half types
//===----------------------------------------------------------------------===//

static uint16_t toHalfBits(float v, const llvm::fltSemantics &sem) {
  bool lost;
  llvm::APFloat f(v);
  f.convert(sem, llvm::APFloat::rmNearestTiesToEven, &lost);
  return uint16_t(f.bitcastToAPInt().getZExtValue());
}

TEST_F(CPURunnerTest, HalfTypesComputeInFloat) {
  const char *src = R"mlir(
    func.func @main(%a: tensor<4xf16>, %b: tensor<4xf16>, %c: tensor<2x2xbf16>, %d: tensor<2x2xbf16>)
        -> (tensor<4xf16>, tensor<2x2xbf16>, tensor<4xf16>) {
      %s = mindspore.add %a, %b : (tensor<4xf16>, tensor<4xf16>) -> tensor<4xf16>
      %m = mindspore.matmul %c, %d : (tensor<2x2xbf16>, tensor<2x2xbf16>) -> tensor<2x2xbf16>
      %e = mindspore.sin %a : tensor<4xf16>
      return %s, %m, %e : tensor<4xf16>, tensor<2x2xbf16>, tensor<4xf16>
    })mlir";
  auto half = [&](ArrayRef<int64_t> shape, ArrayRef<float> vals, bool bf) {
    HostTensor t;
    Type elt = bf ? Type(BFloat16Type::get(&context))
                  : Type(Float16Type::get(&context));
    t.type = tensorType(shape, elt);
    for (float v : vals) {
      uint16_t bits = toHalfBits(v, bf ? llvm::APFloat::BFloat()
                                       : llvm::APFloat::IEEEhalf());
      t.data.push_back(char(bits & 0xff));
      t.data.push_back(char(bits >> 8));
    }
    return t;
  };
  auto out = run(src, {half({4}, {1, 0.5f, -3, 1000}, false),
                       half({4}, {0.25f, 0.125f, 2, 24}, false),
                       half({2, 2}, {1, 2, 3, 4}, true),
                       half({2, 2}, {0.5f, 1, -1, 2}, true)});
  ASSERT_EQ(out.size(), 3u);
  expectNear(values(out[0]), {1.25f, 0.625f, -1, 1024});
  expectNear(values(out[1]), {-1.5f, 5, -2.5f, 11});
  expectNear(
      values(out[2]),
      {std::sin(1.0f), std::sin(0.5f), std::sin(-3.0f), std::sin(1000.0f)},
      1e-3f);
}

//===----------------------------------------------------------------------===//
// Comparison
//===----------------------------------------------------------------------===//

TEST_F(CPURunnerTest, CompareUsesOutputScaleAndRelativeTolerance) {
  HostTensor eager = f32({3}, {1000, 0, -2});
  HostTensor close = f32({3}, {1000.005f, 0.004f, -2});
  OutputComparison ok = compareTensors(close, eager);
  EXPECT_TRUE(ok.ok) << ok.mismatch;
  EXPECT_NEAR(ok.maxAbsError, 0.005, 1e-4);
  HostTensor far = f32({3}, {1000, 0.05f, -2});
  OutputComparison bad = compareTensors(far, eager);
  EXPECT_FALSE(bad.ok);
  EXPECT_EQ(bad.mismatch.find("element [1]"), 0u) << bad.mismatch;
  OutputComparison loose = compareTensors(far, eager, Tolerance{0, 1e-4});
  EXPECT_TRUE(loose.ok);
  OutputComparison shape = compareTensors(f32({1}, {1}), eager);
  EXPECT_FALSE(shape.ok);
}

} // namespace
