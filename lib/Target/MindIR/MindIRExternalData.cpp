//===- MindIRExternalData.cpp - weights in external data files ------------===//
//
// MindSpore's layout of weights above 1 GiB: `<stem>_variables/data_N`, each
// file a 64-byte header (byte 0: the little-endian flag) and tensors padded
// to 64 bytes, a new file every `fileBytes`.
//
//===----------------------------------------------------------------------===//
#include "MindIRExternalData.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SwapByteOrder.h"

using namespace mlir;
using namespace mlir::ascend::mindir;

constexpr uint64_t kExternalAlign = 64;
/// Size of the writes of weight data.
constexpr size_t kWriteSlice = size_t(128) << 10;

LogicalResult ExternalDataWriter::begin(StringRef outputPath, Location loc) {
  StringRef stem = llvm::sys::path::stem(outputPath);
  stem.consume_back("_graph");
  dirName = (stem + "_variables").str();
  finalDir = llvm::sys::path::parent_path(outputPath);
  llvm::sys::path::append(finalDir, dirName);
  SmallString<256> model(finalDir);
  model += ".tmp-%%%%%%";
  for (int attempt = 0;; ++attempt) {
    llvm::sys::fs::createUniquePath(model, tempDir, /*MakeAbsolute=*/false);
    std::error_code ec = llvm::sys::fs::create_directory(
        tempDir, /*IgnoreExisting=*/false);
    if (!ec)
      break;
    if (ec != std::errc::file_exists || attempt == 100) {
      emitError(loc) << "cannot create the external data directory '"
                     << tempDir << "': " << ec.message();
      tempDir.clear();
      return failure();
    }
  }
  return openFile(loc);
}

LogicalResult ExternalDataWriter::writeError(Location loc) {
  std::error_code ec = out->error();
  out->clear_error();
  return emitError(loc) << "cannot write external data file '" << currentPath
                        << "': " << ec.message();
}

LogicalResult ExternalDataWriter::openFile(Location loc) {
  ++fileIndex;
  currentPath = tempDir;
  llvm::sys::path::append(currentPath, "data_" + std::to_string(fileIndex));
  std::error_code ec;
  out = std::make_unique<llvm::raw_fd_ostream>(currentPath, ec);
  if (ec)
    return emitError(loc) << "cannot write external data file '"
                          << currentPath << "': " << ec.message();
  // The header: byte 0 is the little-endian flag, the rest zero.
  char header[kExternalAlign] = {};
  header[0] = llvm::sys::IsLittleEndianHost ? 1 : 0;
  out->write(header, sizeof(header));
  position = sizeof(header);
  return out->has_error() ? writeError(loc) : success();
}

LogicalResult ExternalDataWriter::closeFile(Location loc) {
  if (!out)
    return success();
  out->close();
  LogicalResult ok = out->has_error() ? writeError(loc) : success();
  out.reset();
  return ok;
}

LogicalResult ExternalDataWriter::add(
    mind_ir::TensorProto *tensor, uint64_t length, Location loc,
    function_ref<LogicalResult(function_ref<LogicalResult(StringRef)>)>
        write) {
  // A new file once this tensor would cross the limit (unless the file holds
  // nothing yet: a tensor larger than the limit gets a file of its own).
  if (position > kExternalAlign && position + length > fileBytes) {
    if (failed(closeFile(loc)) || failed(openFile(loc)))
      return failure();
  }
  uint64_t offset = position;
  uint64_t written = 0;
  if (failed(write([&](StringRef piece) -> LogicalResult {
        // Large pieces (a mapped blob) go out in slices: each is read (and
        // faulted in) just before the kernel copies it, while it is still in
        // the CPU cache; one write of the whole piece runs about twice as
        // slow.
        for (size_t at = 0; at < piece.size(); at += kWriteSlice) {
          size_t n = std::min(kWriteSlice, piece.size() - at);
          out->write(piece.data() + at, n);
          if (out->has_error())
            return writeError(loc);
        }
        written += piece.size();
        return success();
      })))
    return failure();
  // streamBytes checked the size against the type.
  assert(written == length && "weight data of another size than its type");
  (void)written;
  position += length;
  // The next tensor starts at a multiple of 64 bytes.
  static const char zeros[kExternalAlign] = {};
  uint64_t pad = llvm::alignTo(position, kExternalAlign) - position;
  out->write(zeros, pad);
  position += pad;
  if (out->has_error())
    return writeError(loc);
  mind_ir::TensorProto::ExternalDataProto *ext = tensor->mutable_external_data();
  ext->set_location(dirName + "/data_" + std::to_string(fileIndex));
  ext->set_offset(offset);
  ext->set_length(length);
  return success();
}

LogicalResult ExternalDataWriter::commit(Location loc) {
  if (failed(closeFile(loc)))
    return failure();
  // Replace an older directory: move it aside, move the new one in, then
  // delete the old one.
  SmallString<256> old;
  if (llvm::sys::fs::exists(finalDir)) {
    SmallString<256> model(finalDir);
    model += ".old-%%%%%%";
    llvm::sys::fs::createUniquePath(model, old, /*MakeAbsolute=*/false);
    if (std::error_code ec = llvm::sys::fs::rename(finalDir, old))
      return emitError(loc) << "cannot replace the external data directory '"
                            << finalDir << "': " << ec.message();
  }
  if (std::error_code ec = llvm::sys::fs::rename(tempDir, finalDir)) {
    if (!old.empty())
      (void)llvm::sys::fs::rename(old, finalDir);
    return emitError(loc) << "cannot replace the external data directory '"
                          << finalDir << "': " << ec.message();
  }
  committed = true;
  if (!old.empty())
    (void)llvm::sys::fs::remove_directories(old);
  return success();
}

