#pragma once
// Every file print writes goes through here: whole files written at once,
// files that come in pieces (a PDF streamed page by page), files a library
// writes by name (qpdf, Ghostscript), and scratch files on the way. No file
// is ever seen half-written under its real name: it is written beside it
// and renamed into place when complete.
#include <filesystem>
#include <fstream>
#include <string_view>

namespace kw {

// Writes `bytes` to `file` atomically, creating its folders (core/files.h's
// write_file_atomic). Throws std::runtime_error naming the file.
void write_output(const std::filesystem::path& file, std::string_view bytes);

// A file being written: its bytes go to a temporary sibling, which commit()
// renames into place. Destroyed without commit(), the temporary is removed,
// so a failed build leaves the previous file (or none) behind.
class PendingFile {
 public:
  // Creates the file's folders.
  explicit PendingFile(std::filesystem::path file);
  ~PendingFile();
  PendingFile(const PendingFile&) = delete;
  PendingFile& operator=(const PendingFile&) = delete;

  // The temporary file, for a library that writes (or rewrites) by name.
  const std::filesystem::path& temp_path() const { return temp_; }
  const std::filesystem::path& path() const { return file_; }
  // Appends to the temporary file. Throws std::runtime_error when it cannot
  // be written.
  void append(std::string_view bytes);
  // Ends append()ing: flushes and closes the temporary file (then a library
  // may read or rewrite it). Throws std::runtime_error on a write error.
  void close();
  // close(), then renames the temporary file into place.
  void commit();

 private:
  std::filesystem::path file_, temp_;
  std::ofstream out_;
  bool committed_ = false;
};

// `from` (a finished scratch file) copied into place as `file`, atomically.
void install_output(const std::filesystem::path& from, const std::filesystem::path& file);

// A folder for scratch files (under the system's temporary folder), removed
// with everything in it.
class ScratchFolder {
 public:
  ScratchFolder();
  ~ScratchFolder();
  ScratchFolder(const ScratchFolder&) = delete;
  ScratchFolder& operator=(const ScratchFolder&) = delete;
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

}  // namespace kw
