//===- MindIRExternalData.h - weights in external data files ---*- C++ -*-===//
//
// Private to lib/Target/MindIR: the writer of MindSpore's external weight
// data (`<stem>_variables/data_N`) used by the exporter above 1 GiB.
//
//===----------------------------------------------------------------------===//
#ifndef ASCEND_LIB_TARGET_MINDIR_MINDIREXTERNALDATA_H
#define ASCEND_LIB_TARGET_MINDIR_MINDIREXTERNALDATA_H

#include "mlir/IR/Location.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include "mind_ir.pb.h"

#include <memory>
#include <string>

namespace mlir::ascend::mindir {

/// Writes weights into `<stem>_variables/data_N` beside the .mindir file,
/// the way MindSpore lays out models above 1 GiB. The files go to a
/// temporary directory first; `commit` moves it into place. Whatever is not
/// committed is removed.
class ExternalDataWriter {
public:
  ExternalDataWriter(uint64_t fileBytes) : fileBytes(fileBytes) {}
  ~ExternalDataWriter() {
    if (out) {
      // Drop what a failed write left (a stream destroyed with an error
      // pending aborts the process).
      out->close();
      out->clear_error();
      out.reset();
    }
    if (!committed && !tempDir.empty())
      (void)llvm::sys::fs::remove_directories(tempDir);
  }

  /// Creates the temporary directory for the data of `outputPath`.
  LogicalResult begin(StringRef outputPath, Location loc);
  /// Appends one tensor of `length` bytes, which `write` hands to its sink;
  /// fills `tensor`'s external_data.
  LogicalResult
  add(mind_ir::TensorProto *tensor, uint64_t length, Location loc,
      function_ref<LogicalResult(function_ref<LogicalResult(StringRef)>)>
          write);
  /// Closes the last file and puts the directory in place.
  LogicalResult commit(Location loc);

private:
  LogicalResult openFile(Location loc);
  LogicalResult closeFile(Location loc);
  LogicalResult writeError(Location loc);

  uint64_t fileBytes;
  /// `<stem>_variables`: relative (external_data.location) and final path.
  std::string dirName;
  SmallString<256> finalDir, tempDir, currentPath;
  std::unique_ptr<llvm::raw_fd_ostream> out;
  int fileIndex = -1;
  uint64_t position = 0;
  bool committed = false;
};

} // namespace mlir::ascend::mindir

#endif // ASCEND_LIB_TARGET_MINDIR_MINDIREXTERNALDATA_H
