//===- ToolFiles.h - input and output files of the command-line tools -*-C++-*-//
//
// Private to tools/: the one way ascend-opt, ascend-compile, ascend-translate
// and ascend-run open their input files and check their output paths, so that
// the four report a file problem with the same words, in LLVM's tool style:
//
//   ascend-opt: error: cannot open input file 'm.mlir': No such file or directory
//   ascend-opt: error: cannot write 'out/m.mlir': the directory 'out' does not
//     exist; nothing was run
//
// (docs/Troubleshooting.md, "Tool command lines"). Errors about the contents
// of a file are MLIR diagnostics at a place in the file instead.
//
//===----------------------------------------------------------------------===//
#ifndef ASCEND_TOOLS_TOOLFILES_H
#define ASCEND_TOOLS_TOOLFILES_H

#include "mlir/Support/FileUtilities.h"
#include "mlir/Support/LogicalResult.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>

namespace mlir::ascend::tools {

/// Starts an error line `<tool>: error: ` on stderr (after flushing stdout, so
/// that the line follows what the tool printed before); the caller writes the
/// message and its "\n".
inline llvm::raw_ostream &error(llvm::StringRef tool) {
  llvm::outs().flush();
  return llvm::WithColor::error(llvm::errs(), tool);
}

/// Reads the input file `path` ("-" is stdin). When it cannot be read, prints
/// `<tool>: error: cannot open input file '<path>': <reason>` (the system's
/// reason: no such file or directory, permission denied, is a directory)
/// and returns null.
inline std::unique_ptr<llvm::MemoryBuffer> openInput(llvm::StringRef tool,
                                                     llvm::StringRef path) {
  // MLIR's reader (null-terminated, as the MLIR parser needs); its message
  // is `cannot open input file '<path>': <reason>`.
  std::string message;
  std::unique_ptr<llvm::MemoryBuffer> buffer =
      mlir::openInputFile(path, &message);
  if (!buffer)
    error(tool) << message << "\n";
  return buffer;
}

/// Whether `path` can be replaced through a temporary file beside it and a
/// rename: not stdout ("-") and not an existing non-regular file (a device
/// such as /dev/null, a pipe), which is written directly.
inline bool isReplacedByRename(llvm::StringRef path) {
  return path != "-" && (!llvm::sys::fs::exists(path) ||
                         llvm::sys::fs::is_regular_file(path));
}

/// Checks, before any work, that the output `path` is in a directory that
/// exists; otherwise prints `<tool>: error: cannot write '<path>': the
/// directory '<dir>' does not exist; nothing was <done>` (`done` e.g.
/// compiled) and fails. Stdout (`-`) always passes.
inline LogicalResult checkOutputDirectory(llvm::StringRef tool,
                                          llvm::StringRef path,
                                          llvm::StringRef done) {
  if (path.empty() || path == "-")
    return success();
  llvm::StringRef directory = llvm::sys::path::parent_path(path);
  if (directory.empty() || llvm::sys::fs::is_directory(directory))
    return success();
  error(tool) << "cannot write '" << path << "': the directory '" << directory
              << "' does not exist; nothing was " << done << "\n";
  return failure();
}

/// Names a new temporary file beside the output `path` for a tool to write
/// its output to and rename over `path` on success (commitTemporary), so
/// that a failed run leaves no partial file and an existing one as it was.
/// The file is created once to check that it can be, and removed again (the
/// driver that writes it creates it; one that exits early, e.g. on a bad
/// option, leaves nothing behind). When it cannot be created, prints
/// `<tool>: error: cannot write '<path>': <reason>` (naming the user's path,
/// not the temporary one) and fails.
inline FailureOr<std::string> createTemporaryBeside(llvm::StringRef tool,
                                                    llvm::StringRef path) {
  llvm::SmallString<128> temporary;
  int fd = -1;
  if (std::error_code ec = llvm::sys::fs::createUniqueFile(
          path + ".tmp-" + tool + "-%%%%%%", fd, temporary)) {
    error(tool) << "cannot write '" << path << "': " << ec.message() << "\n";
    return failure();
  }
  llvm::sys::Process::SafelyCloseFileDescriptor(fd);
  llvm::sys::fs::remove(temporary);
  return std::string(temporary);
}

/// Renames `temporary` (createTemporaryBeside) over `path` when `ok`, removes
/// it otherwise; fails (after `<tool>: error: cannot write '<path>': <reason>`
/// when the rename fails) unless `ok` and renamed.
inline LogicalResult commitTemporary(llvm::StringRef tool,
                                     llvm::StringRef temporary,
                                     llvm::StringRef path, bool ok) {
  if (ok) {
    std::error_code ec = llvm::sys::fs::rename(temporary, path);
    if (!ec)
      return success();
    error(tool) << "cannot write '" << path << "': " << ec.message() << "\n";
  }
  llvm::sys::fs::remove(temporary);
  return failure();
}

} // namespace mlir::ascend::tools

#endif // ASCEND_TOOLS_TOOLFILES_H
