//===- MindSporePythonExport.cpp - the program as a MindSpore nn.Cell -----===//
//
// Writes the module's structure: the parameter tree (sub-cells named after
// the PyTorch modules, so that MindSpore's parameter names are the
// state_dict names), module-level tensor constants, one `construct` (or one
// method per input signature and a `construct` that picks one by the input
// shapes), Python `if` for mindspore.cond, `while` plus one method per loop
// for mindspore.while, raising `if`s for mindspore.assert, and comments with
// the PyTorch source line of each statement. The ops themselves are written
// by primitiveExpr (MindSporePythonOps.cpp).
//
//===----------------------------------------------------------------------===//
#include "ascend/Target/MindSporePython/MindSporePythonExport.h"

#include "MindSporePythonWriter.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Base64.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <map>

using namespace mlir;
using namespace mlir::ascend;
using namespace mlir::ascend::mindspore;
using namespace mlir::ascend::mspy;

namespace {

/// A Python string literal of `s` (double quotes).
std::string pyString(StringRef s) {
  std::string out = "\"";
  for (char c : s) {
    switch (c) {
    case '\\':
      out += "\\\\";
      break;
    case '"':
      out += "\\\"";
      break;
    case '\n':
      out += "\\n";
      break;
    case '\t':
      out += "\\t";
      break;
    default:
      if (static_cast<unsigned char>(c) < 0x20)
        out += llvm::formatv("\\x{0:x-2}", static_cast<unsigned>(c)).str();
      else
        out += c;
    }
  }
  return out + "\"";
}

bool isPythonKeyword(StringRef s) {
  static const llvm::StringSet<> keywords = {
      "False", "None",   "True",    "and",      "as",     "assert", "async",
      "await", "break",  "class",   "continue", "def",    "del",    "elif",
      "else",  "except", "finally", "for",      "from",   "global", "if",
      "import", "in",    "is",      "lambda",   "nonlocal", "not",  "or",
      "pass",  "raise",  "return",  "try",      "while",  "with",   "yield"};
  return keywords.contains(s);
}

bool isIdentifier(StringRef s) {
  if (s.empty() || isPythonKeyword(s) ||
      !(llvm::isAlpha(s[0]) || s[0] == '_'))
    return false;
  return llvm::all_of(s, [](char c) { return llvm::isAlnum(c) || c == '_'; });
}

bool isIndex(StringRef s) {
  return !s.empty() && llvm::all_of(s, llvm::isDigit) &&
         (s == "0" || s[0] != '0');
}

/// One PyTorch module of the parameter tree: its own parameters and its
/// submodules, in the state_dict's order.
struct ModuleNode {
  SmallVector<std::pair<std::string, ParameterOp>> params;
  SmallVector<std::pair<std::string, std::unique_ptr<ModuleNode>>> children;
  ModuleNode *child(StringRef name) {
    for (auto &[n, c] : children)
      if (n == name)
        return c.get();
    children.push_back({name.str(), std::make_unique<ModuleNode>()});
    return children.back().second.get();
  }
  /// Whether the submodules are `0 .. n-1` (some may be missing) and there
  /// are no parameters here: an nn.CellList.
  bool isList() const {
    return params.empty() && !children.empty() &&
           llvm::all_of(children, [](auto &c) { return isIndex(c.first); });
  }
};

/// The PyTorch source position of an op: the module path the recorder
/// noted and the innermost user frame.
struct SourceSpot {
  std::string modulePath;
  std::string file;
  unsigned line = 0;
};

SourceSpot sourceSpotOf(Location loc) {
  SourceSpot spot;
  while (true) {
    if (auto fused = dyn_cast<FusedLoc>(loc)) {
      if (fused.getLocations().empty())
        return spot;
      loc = fused.getLocations().front();
    } else if (auto name = dyn_cast<NameLoc>(loc)) {
      if (spot.modulePath.empty())
        spot.modulePath = name.getName().str();
      loc = name.getChildLoc();
    } else if (auto call = dyn_cast<CallSiteLoc>(loc)) {
      loc = call.getCallee();
    } else if (auto file = dyn_cast<FileLineColLoc>(loc)) {
      spot.file = file.getFilename().str();
      spot.line = file.getLine();
      return spot;
    } else {
      return spot;
    }
  }
}

class CellWriter {
public:
  CellWriter(ModuleOp module, const MindSporePythonExportOptions &options)
      : module(module), options(options) {}

  LogicalResult write(raw_ostream &python, raw_ostream &checkpoint);

private:
  // Lines of the method being written.
  void line(const Twine &text) {
    body->append(indent * 4, ' ');
    *body += text.str();
    *body += "\n";
  }
  std::string fresh(StringRef hint) {
    return (hint + "_" + Twine(counter++)).str();
  }
  const std::string &nameOf(Value v) { return names[v]; }
  SmallVector<std::string> namesOf(ValueRange values) {
    SmallVector<std::string> out;
    for (Value v : values)
      out.push_back(nameOf(v));
    return out;
  }
  static std::string joined(ArrayRef<std::string> parts) {
    return llvm::join(parts, ", ");
  }

  LogicalResult collectParameters();
  std::string parameterAccess(StringRef symbol);
  std::string cellExpr(const ModuleNode &node, int depth);
  LogicalResult constantName(ConstantOp op);
  void comment(Operation *op);
  std::string sourceLine(StringRef file, unsigned line);
  LogicalResult writeBlock(Block &block);
  LogicalResult writeOp(Operation &op);
  LogicalResult writeCond(CondOp op);
  LogicalResult writeWhile(WhileOp op);
  LogicalResult writeEntry(func::FuncOp f, StringRef methodName,
                           ArrayRef<std::string> argNames);

  ModuleOp module;
  const MindSporePythonExportOptions &options;
  SmallVector<ParameterOp> parameters;
  ModuleNode root;
  llvm::StringMap<ParameterOp> parameterBySymbol;
  std::string constantsText;
  DenseMap<Attribute, std::string> constantNames;
  llvm::DenseMap<Value, std::string> names;
  /// The methods written so far (entries and loop bodies), in order.
  std::vector<std::string> methods;
  std::string *body = nullptr;
  int indent = 0;
  int counter = 0;
  int loops = 0;
  SourceSpot lastSpot;
  llvm::StringMap<std::unique_ptr<llvm::MemoryBuffer>> sources;
};

LogicalResult CellWriter::collectParameters() {
  for (auto p : module.getOps<ParameterOp>()) {
    if (!p.getValue())
      return p.emitError() << "mindspore-python: parameter '" << p.getSymName()
                           << "' has no recorded value to write to the "
                              "checkpoint";
    SmallVector<StringRef> parts;
    StringRef(p.getSymName()).split(parts, '.');
    if (llvm::any_of(parts, [](StringRef s) { return s.empty(); }))
      return p.emitError() << "mindspore-python: parameter name '"
                           << p.getSymName()
                           << "' has an empty component; MindSpore names "
                              "parameters by their cell path";
    ModuleNode *node = &root;
    for (StringRef part : ArrayRef(parts).drop_back())
      node = node->child(part);
    for (auto &c : node->children)
      if (c.first == parts.back())
        return p.emitError() << "mindspore-python: parameter '"
                             << p.getSymName()
                             << "' has the name of a submodule";
    node->params.push_back({parts.back().str(), p});
    parameters.push_back(p);
    parameterBySymbol[p.getSymName()] = p;
  }
  return success();
}

/// `self.layer1[0].conv1.weight` for `layer1.0.conv1.weight`.
std::string CellWriter::parameterAccess(StringRef symbol) {
  SmallVector<StringRef> parts;
  symbol.split(parts, '.');
  std::string expr = "self";
  const ModuleNode *node = &root;
  for (auto [i, part] : llvm::enumerate(parts)) {
    bool inList = node != &root && node->isList();
    if (inList)
      expr += "[" + part.str() + "]";
    else if (isIdentifier(part))
      expr += "." + part.str();
    else
      expr = "getattr(" + expr + ", " + pyString(part) + ")";
    if (i + 1 < parts.size())
      for (auto &c : node->children)
        if (c.first == part) {
          node = c.second.get();
          break;
        }
  }
  return expr;
}

std::string parameterExpr(ParameterOp p) {
  auto type = cast<ShapedType>(p.getType());
  std::optional<DTypeNames> dtype = dtypeNames(type.getElementType());
  return llvm::formatv("_parameter({0}, {1}{2})", pyTuple(type.getShape()),
                       dtype ? dtype->ms : "None",
                       p.getIsBuffer() ? ", requires_grad=False" : "")
      .str();
}

/// The Python expression that builds the sub-cell of `node`.
std::string CellWriter::cellExpr(const ModuleNode &node, int depth) {
  std::string pad((depth + 1) * 4, ' ');
  if (node.isList()) {
    int64_t size = 0;
    for (auto &c : node.children)
      size = std::max<int64_t>(size, std::stoll(c.first) + 1);
    std::string s = "nn.CellList([";
    for (int64_t i = 0; i < size; ++i) {
      const ModuleNode *item = nullptr;
      for (auto &c : node.children)
        if (c.first == std::to_string(i))
          item = c.second.get();
      s += "\n" + pad + "    " +
           (item ? cellExpr(*item, depth + 1) : std::string("_Weights()")) +
           ",";
    }
    return s + "\n" + pad + "])";
  }
  bool keywords =
      llvm::all_of(node.params, [](auto &p) { return isIdentifier(p.first); }) &&
      llvm::all_of(node.children, [](auto &c) { return isIdentifier(c.first); });
  std::vector<std::string> items;
  for (auto &[name, p] : node.params)
    items.push_back(keywords ? name + "=" + parameterExpr(p)
                             : pyString(name) + ": " + parameterExpr(p));
  for (auto &[name, c] : node.children)
    items.push_back(keywords ? name + "=" + cellExpr(*c, depth + 1)
                             : pyString(name) + ": " + cellExpr(*c, depth + 1));
  std::string s = keywords ? "_Weights(" : "_Weights(**{";
  for (auto &item : items)
    s += "\n" + pad + "    " + item + ",";
  if (!items.empty())
    s += "\n" + pad;
  return s + (keywords ? ")" : "})");
}

LogicalResult CellWriter::constantName(ConstantOp op) {
  Attribute key = op.getValue();
  auto it = constantNames.find(key);
  if (it != constantNames.end()) {
    names[op.getResult()] = it->second;
    return success();
  }
  auto type = cast<ShapedType>(op.getType());
  Type element = type.getElementType();
  std::optional<DTypeNames> dtype = dtypeNames(element);
  if (!dtype)
    return op.emitError() << "mindspore-python: a constant of element type "
                          << element << " has no MindSpore dtype";
  std::string name = "_c" + std::to_string(constantNames.size());
  std::string shape = pyTuple(type.getShape());
  std::string text;
  auto dense = dyn_cast<DenseElementsAttr>(op.getValue());
  int64_t count = type.getNumElements();
  if (dense && (dense.isSplat() || count <= 16)) {
    SmallVector<std::string> values;
    if (isa<FloatType>(element)) {
      for (APFloat v : dense.isSplat()
                           ? SmallVector<APFloat>{dense.getSplatValue<APFloat>()}
                           : SmallVector<APFloat>(dense.getValues<APFloat>())) {
        bool lost;
        v.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven, &lost);
        values.push_back(pyFloat(v.convertToDouble(), !element.isF64()));
      }
    } else {
      bool isUnsigned = element.isUnsignedInteger() || element.isInteger(1);
      for (APInt v : dense.isSplat()
                         ? SmallVector<APInt>{dense.getSplatValue<APInt>()}
                         : SmallVector<APInt>(dense.getValues<APInt>()))
        values.push_back(element.isInteger(1)
                             ? (v.isZero() ? "False" : "True")
                             : isUnsigned ? std::to_string(v.getZExtValue())
                                          : std::to_string(v.getSExtValue()));
    }
    text = llvm::formatv("{0} = _constant({1}, {2}, [{3}])\n", name,
                         pyString(dtype->ckpt), shape, joined(values))
               .str();
  } else {
    std::string bytes;
    if (failed(rawBytes(op.getValue(), op.getLoc(), bytes)))
      return failure();
    text = llvm::formatv("{0} = _constant_bytes({1}, {2}, {3})\n", name,
                         pyString(dtype->ckpt), shape,
                         pyString(llvm::encodeBase64(bytes)))
               .str();
  }
  constantsText += text;
  constantNames[key] = name;
  names[op.getResult()] = name;
  return success();
}

std::string CellWriter::sourceLine(StringRef file, unsigned lineNo) {
  auto it = sources.find(file);
  if (it == sources.end()) {
    auto buffer = llvm::MemoryBuffer::getFile(file, /*IsText=*/true);
    it = sources.insert({file, buffer ? std::move(*buffer) : nullptr}).first;
  }
  if (!it->second || lineNo == 0)
    return "";
  StringRef text = it->second->getBuffer();
  for (unsigned i = 1; i < lineNo && !text.empty(); ++i)
    text = text.split('\n').second;
  return text.split('\n').first.trim().str();
}

/// `# <module path>: <file>:<line>: <source>` when the op's PyTorch line
/// differs from the previous statement's.
void CellWriter::comment(Operation *op) {
  SourceSpot spot = sourceSpotOf(op->getLoc());
  if (spot.file.empty() || (spot.file == lastSpot.file &&
                            spot.line == lastSpot.line &&
                            spot.modulePath == lastSpot.modulePath))
    return;
  lastSpot = spot;
  std::string text = "# ";
  if (!spot.modulePath.empty())
    text += spot.modulePath + ": ";
  text += llvm::sys::path::filename(spot.file).str() + ":" +
          std::to_string(spot.line);
  std::string source = sourceLine(spot.file, spot.line);
  if (!source.empty())
    text += ": " + source;
  line(text);
}

LogicalResult CellWriter::writeBlock(Block &block) {
  lastSpot = SourceSpot();
  size_t before = body->size();
  for (Operation &op : block)
    if (failed(writeOp(op)))
      return failure();
  if (body->size() == before)
    line("pass");
  lastSpot = SourceSpot();
  return success();
}

LogicalResult CellWriter::writeCond(CondOp op) {
  comment(op);
  SmallVector<std::string> results;
  for (Value r : op.getResults()) {
    names[r] = fresh("cond");
    results.push_back(names[r]);
  }
  auto writeRegion = [&](Region &region) -> LogicalResult {
    ++indent;
    Block &block = region.front();
    for (Operation &inner : block.without_terminator())
      if (failed(writeOp(inner)))
        return failure();
    auto yield = cast<YieldOp>(block.getTerminator());
    if (!results.empty())
      line(joined(results) + " = " + joined(namesOf(yield.getValues())));
    else if (block.without_terminator().empty())
      line("pass");
    --indent;
    return success();
  };
  line("if " + nameOf(op.getPredicate()) + ":");
  SourceSpot outer = lastSpot;
  if (failed(writeRegion(op.getThenRegion())))
    return failure();
  line("else:");
  lastSpot = outer;
  if (failed(writeRegion(op.getElseRegion())))
    return failure();
  lastSpot = SourceSpot();
  return success();
}

/// A loop as one method, `_loop_<k>(state..., free values...)`, that runs
/// the `before` region (a trip and the next exit test) and returns the
/// flag and the trip's values; the caller runs it once, then again while
/// the flag holds, after the `do` region.
LogicalResult CellWriter::writeWhile(WhileOp op) {
  comment(op);
  Region &before = op.getBefore();
  // Values the trip reads from outside the loop (constants and parameters
  // are written by name everywhere).
  llvm::SetVector<Value> free;
  before.walk([&](Operation *inner) {
    for (Value v : inner->getOperands()) {
      if (before.isAncestor(v.getParentRegion()))
        continue;
      if (Operation *def = v.getDefiningOp())
        if (isa<ConstantOp, LoadOp>(def))
          continue;
      free.insert(v);
    }
  });
  std::string method = "_loop_" + std::to_string(loops++);
  SmallVector<std::string> stateNames;
  for (BlockArgument arg : before.getArguments()) {
    names[arg] = fresh("state");
    stateNames.push_back(names[arg]);
  }
  SmallVector<std::string> freeNames = namesOf(free.getArrayRef());
  SmallVector<std::string> params(stateNames);
  params.append(freeNames);

  // The method.
  std::string text;
  std::string *outerBody = body;
  int outerIndent = indent;
  SourceSpot outerSpot = lastSpot;
  body = &text;
  indent = 1;
  line("def " + method + "(self" + (params.empty() ? "" : ", ") +
       joined(params) + "):");
  indent = 2;
  SourceSpot spot = sourceSpotOf(op.getLoc());
  line(pyString(("One trip of the loop at " +
                 llvm::sys::path::filename(spot.file) + ":" +
                 Twine(spot.line) +
                 " and its next exit test: (continue?, values).")
                    .str()));
  Block &block = before.front();
  lastSpot = SourceSpot();
  for (Operation &inner : block.without_terminator())
    if (failed(writeOp(inner)))
      return failure();
  auto condition = cast<ConditionOp>(block.getTerminator());
  SmallVector<std::string> returned{nameOf(condition.getFlag())};
  returned.append(namesOf(condition.getValues()));
  line("return " + joined(returned));
  methods.push_back(std::move(text));
  body = outerBody;
  indent = outerIndent;
  lastSpot = outerSpot;

  // The call site.
  std::string flag = fresh("more");
  SmallVector<std::string> values;
  for (Value r : op.getResults()) {
    names[r] = fresh("loop");
    values.push_back(names[r]);
  }
  auto callWith = [&](ArrayRef<std::string> state) {
    SmallVector<std::string> args(state);
    args.append(freeNames);
    SmallVector<std::string> lhs{flag};
    lhs.append(values);
    line(joined(lhs) + " = self." + method + "(" + joined(args) + ")");
  };
  callWith(namesOf(op.getInits()));
  line("while " + flag + ":");
  ++indent;
  Block &after = op.getAfter().front();
  for (auto [arg, name] : llvm::zip(after.getArguments(), values))
    names[arg] = name;
  for (Operation &inner : after.without_terminator())
    if (failed(writeOp(inner)))
      return failure();
  callWith(namesOf(cast<YieldOp>(after.getTerminator()).getValues()));
  --indent;
  lastSpot = SourceSpot();
  return success();
}

LogicalResult CellWriter::writeOp(Operation &op) {
  if (auto load = dyn_cast<LoadOp>(op)) {
    if (!parameterBySymbol.count(load.getName()))
      return op.emitError() << "mindspore-python: no parameter '"
                            << load.getName() << "'";
    names[load.getResult()] = parameterAccess(load.getName());
    return success();
  }
  if (auto constant = dyn_cast<ConstantOp>(op))
    return constantName(constant);
  if (auto cond = dyn_cast<CondOp>(op))
    return writeCond(cond);
  if (auto loop = dyn_cast<WhileOp>(op))
    return writeWhile(loop);
  if (auto guard = dyn_cast<AssertOp>(op)) {
    comment(&op);
    line("_guard(" + nameOf(guard.getCondition()) + ", " +
         pyString(guard.getMessage()) + ")");
    return success();
  }
  if (auto ret = dyn_cast<func::ReturnOp>(op)) {
    line("return " + joined(namesOf(ret.getOperands())));
    return success();
  }
  if (isa<FusionOp>(op))
    return op.emitError() << "mindspore-python: writes the program before "
                             "fusion; a 'mindspore.fusion' group is a kernel "
                             "decision, not a MindSpore API";
  SmallVector<std::string> args = namesOf(op.getOperands());
  FailureOr<std::string> expr = primitiveExpr(&op, args);
  if (failed(expr))
    return failure();
  comment(&op);
  std::string hint = op.getName().stripDialect().str();
  SmallVector<std::string> results;
  if (op.getNumResults() == 1) {
    names[op.getResult(0)] = fresh(hint);
    results.push_back(names[op.getResult(0)]);
  } else {
    std::string base = fresh(hint);
    for (auto [i, r] : llvm::enumerate(op.getResults())) {
      names[r] = base + "_" + std::to_string(i);
      results.push_back(names[r]);
    }
  }
  line(joined(results) + " = " + *expr);
  return success();
}

LogicalResult CellWriter::writeEntry(func::FuncOp f, StringRef methodName,
                                     ArrayRef<std::string> argNames) {
  std::string text;
  body = &text;
  indent = 1;
  line("def " + methodName + "(self" + (argNames.empty() ? "" : ", ") +
       joined(argNames) + "):");
  indent = 2;
  for (auto [arg, name] : llvm::zip(f.getArguments(), argNames))
    names[arg] = name;
  if (f.getBody().getBlocks().size() != 1)
    return f.emitError() << "mindspore-python: entry '" << f.getName()
                         << "' has more than one block";
  if (failed(writeBlock(f.getBody().front())))
    return failure();
  methods.push_back(std::move(text));
  return success();
}

std::string typeComment(ArrayRef<Type> types) {
  SmallVector<std::string> parts;
  for (Type t : types) {
    auto shaped = cast<ShapedType>(t);
    std::optional<DTypeNames> dtype = dtypeNames(shaped.getElementType());
    parts.push_back(pyTuple(shaped.getShape()) + " " +
                    (dtype ? dtype->ms.drop_front(3).str() : "?"));
  }
  return llvm::join(parts, ", ");
}

LogicalResult CellWriter::write(raw_ostream &python, raw_ostream &checkpoint) {
  if (failed(collectParameters()))
    return failure();
  SmallVector<func::FuncOp> entries;
  for (auto f : module.getOps<func::FuncOp>())
    if (!f.isExternal())
      entries.push_back(f);
  if (entries.empty())
    return module.emitError() << "mindspore-python: the module has no entry";
  llvm::sort(entries, [](func::FuncOp a, func::FuncOp b) {
    // @main first, then @main_1, @main_2, ... in order.
    auto rank = [](StringRef n) {
      int64_t k = 0;
      if (n.consume_front("main_") && !n.getAsInteger(10, k))
        return k;
      return n == "main" ? int64_t(0) : int64_t(1) << 40;
    };
    return rank(a.getName()) < rank(b.getName());
  });
  size_t numArgs = entries.front().getNumArguments();
  for (func::FuncOp f : entries)
    if (f.getNumArguments() != numArgs)
      return f.emitError() << "mindspore-python: entries '"
                           << entries.front().getName() << "' and '"
                           << f.getName()
                           << "' take different numbers of inputs; one "
                              "construct cannot take both";
  SmallVector<std::string> argNames;
  for (size_t i = 0; i < numArgs; ++i)
    argNames.push_back(numArgs == 1 ? "x" : "x" + std::to_string(i));

  if (entries.size() == 1) {
    if (failed(writeEntry(entries.front(), "construct", argNames)))
      return failure();
  } else {
    std::string text;
    body = &text;
    indent = 1;
    line("def construct(self" + std::string(numArgs ? ", " : "") +
         joined(argNames) + "):");
    indent = 2;
    line("# One entry per recorded input signature: the shapes are known "
         "when the graph is compiled.");
    for (func::FuncOp f : entries) {
      std::string test;
      for (auto [i, t] : llvm::enumerate(f.getArgumentTypes())) {
        if (i)
          test += " and ";
        test += argNames[i] + ".shape == " +
                pyTuple(cast<ShapedType>(t).getShape());
      }
      line("if " + (test.empty() ? std::string("True") : test) + ":");
      line("    return self." + f.getName().str() + "(" + joined(argNames) +
           ")");
    }
    line("raise ValueError(\"no entry of this Cell takes inputs of these "
         "shapes; record a run with them and compile again\")");
    methods.push_back(std::move(text));
    for (func::FuncOp f : entries)
      if (failed(writeEntry(f, f.getName(), argNames)))
        return failure();
  }

  // Everything is known: the weights, then the module text.
  std::string ckpt;
  {
    llvm::raw_string_ostream os(ckpt);
    if (failed(writeCheckpoint(parameters, os)))
      return failure();
  }

  const std::string &cls = options.className;
  python << "\"\"\"" << cls << ": a MindSpore Cell written by ascend-compile "
         << "--emit=mindspore-python";
  if (!options.sourceName.empty())
    python << " from " << llvm::sys::path::filename(options.sourceName);
  python << ".\n\n"
         << "The program recovered from the recorded PyTorch eager runs, at "
            "the mindspore level\n"
         << "(before fusion), with MindSpore's public API. Parameter names "
            "are PyTorch's\n"
         << "state_dict names; make_cell() loads the recorded weights from "
         << options.checkpointFileName << ".\n\n"
         << "    import mindspore as ms\n"
         << "    ms.set_context(mode=ms.GRAPH_MODE)   # or ms.PYNATIVE_MODE\n"
         << "    cell = make_cell()\n";
  for (func::FuncOp f : entries)
    python << "    # " << (entries.size() > 1 ? f.getName().str() + ": " : "")
           << "inputs " << typeComment(f.getArgumentTypes()) << " -> "
           << typeComment(f.getResultTypes()) << "\n";
  python << "\"\"\"\n"
         << "import base64\n"
         << "import os\n\n"
         << "import numpy as np\n"
         << "import mindspore as ms\n"
         << "from mindspore import Parameter, Tensor, mint, nn, ops\n"
         << "from mindspore.common.initializer import initializer\n\n"
         << "CHECKPOINT = " << pyString(options.checkpointFileName) << "\n\n\n"
         << "def _parameter(shape, dtype, requires_grad=True):\n"
         << "    \"\"\"A parameter of this shape and dtype; make_cell() loads "
            "its value.\"\"\"\n"
         << "    return Parameter(initializer(\"zeros\", shape, dtype), "
            "requires_grad=requires_grad)\n\n\n"
         << "def _numpy(values, dtype, shape):\n"
         << "    if dtype == \"BFloat16\":\n"
         << "        return Tensor(np.array(values, np.float32).reshape(shape)"
            ").astype(ms.bfloat16)\n"
         << "    array = np.array(values, getattr(np, dtype.lower().replace("
            "\"bool\", \"bool_\")))\n"
         << "    if array.size == 1:\n"
         << "        array = np.full(shape, array.reshape(()))\n"
         << "    return Tensor(array.reshape(shape))\n\n\n"
         << "def _constant(dtype, shape, values):\n"
         << "    \"\"\"A tensor constant (one value: every element).\"\"\"\n"
         << "    return _numpy(values, dtype, shape)\n\n\n"
         << "def _constant_bytes(dtype, shape, data):\n"
         << "    \"\"\"A tensor constant from its bytes (base64).\"\"\"\n"
         << "    raw = base64.b64decode(data)\n"
         << "    if dtype == \"BFloat16\":\n"
         << "        bits = np.frombuffer(raw, np.uint16).astype(np.uint32) << "
            "16\n"
         << "        return _numpy(bits.view(np.float32), dtype, shape)\n"
         << "    np_dtype = getattr(np, dtype.lower().replace(\"bool\", "
            "\"bool_\"))\n"
         << "    return Tensor(np.frombuffer(raw, np_dtype).reshape(shape)."
            "copy())\n\n\n"
         << "def _guard(condition, message):\n"
         << "    \"\"\"A path no recorded run took: stop with the PyTorch "
            "source line.\n\n"
         << "    (A function of its own: MindSpore 2.10's GRAPH_MODE gives "
            "wrong results for a\n"
         << "    `raise` written directly in a construct that also holds a "
            "`while`.)\"\"\"\n"
         << "    if ops.logical_not(condition):\n"
         << "        raise RuntimeError(message)\n\n\n"
         << "class _Weights(nn.Cell):\n"
         << "    \"\"\"The parameters of one PyTorch submodule (and its "
            "submodules), by name.\"\"\"\n\n"
         << "    def __init__(self, **members):\n"
         << "        super().__init__()\n"
         << "        for name, member in members.items():\n"
         << "            if isinstance(member, Parameter):\n"
         << "                member.name = name\n"
         << "            setattr(self, name, member)\n\n\n";
  if (!constantsText.empty())
    python << constantsText << "\n\n";
  python << "class " << cls << "(nn.Cell):\n"
         << "    def __init__(self):\n"
         << "        super().__init__()\n";
  for (auto &[name, p] : root.params) {
    if (!isIdentifier(name))
      return p.emitError() << "mindspore-python: parameter name '" << name
                           << "' is not a Python identifier";
    python << "        self." << name << " = " << parameterExpr(p) << "\n"
           << "        self." << name << ".name = " << pyString(name) << "\n";
  }
  for (auto &[name, c] : root.children) {
    if (isIdentifier(name))
      python << "        self." << name << " = " << cellExpr(*c, 1) << "\n";
    else
      python << "        setattr(self, " << pyString(name) << ", "
             << cellExpr(*c, 1) << ")\n";
  }
  if (root.params.empty() && root.children.empty())
    python << "        pass\n";
  for (const std::string &m : methods)
    python << "\n" << m;
  python << "\n\n"
         << "def make_cell(checkpoint=None):\n"
         << "    \"\"\"A " << cls << " with the recorded weights, read from "
            "`checkpoint` (default: CHECKPOINT\n"
         << "    beside this file); every parameter must be in it.\"\"\"\n"
         << "    cell = " << cls << "()\n";
  if (parameters.empty())
    python << "    # The program has no parameters: " << options.checkpointFileName
           << " is empty.\n"
           << "    return cell\n";
  else
    python
         << "    if checkpoint is None:\n"
         << "        checkpoint = "
            "os.path.join(os.path.dirname(os.path.abspath(__file__)), "
            "CHECKPOINT)\n"
         << "    not_loaded, unused = ms.load_param_into_net(\n"
         << "        cell, ms.load_checkpoint(checkpoint), strict_load=True)\n"
         << "    if not_loaded or unused:\n"
         << "        raise ValueError(f\"{checkpoint} does not match " << cls
         << ": parameters not loaded {not_loaded}, \"\n"
         << "                         f\"checkpoint entries not used "
            "{unused}\")\n"
         << "    return cell\n";
  checkpoint << ckpt;
  return success();
}

} // namespace

LogicalResult
mlir::ascend::exportMindSporePython(ModuleOp module, raw_ostream &python,
                                    raw_ostream &checkpoint,
                                    const MindSporePythonExportOptions &options) {
  std::string text;
  std::string ckpt;
  {
    llvm::raw_string_ostream py(text), ck(ckpt);
    CellWriter writer(module, options);
    if (failed(writer.write(py, ck)))
      return failure();
  }
  python << text;
  checkpoint << ckpt;
  return success();
}
