#include "core/output_files.h"

#include <cerrno>

#include <unistd.h>

#include <atomic>
#include <stdexcept>
#include <string>
#include <system_error>

#include "core/files.h"

namespace kw {

namespace fs = std::filesystem;

namespace {

// Unique within the process (threads write side by side) and across
// processes (two builds into one folder).
std::string unique_suffix() {
  static std::atomic<unsigned> counter{0};
  return std::to_string(::getpid()) + "-" + std::to_string(counter++);
}

}  // namespace

void write_output(const fs::path& file, std::string_view bytes) { write_file_atomic(file, bytes); }

PendingFile::PendingFile(fs::path file) : file_(std::move(file)) {
  temp_ = file_;
  temp_ += ".tmp-" + unique_suffix();
  if (file_.has_parent_path()) fs::create_directories(file_.parent_path());
}

PendingFile::~PendingFile() {
  if (committed_) return;
  out_.close();
  std::error_code ec;
  fs::remove(temp_, ec);
}

void PendingFile::append(std::string_view bytes) {
  errno = 0;
  if (!out_.is_open()) {
    out_.open(temp_, std::ios::binary | std::ios::trunc);
    if (!out_) throw std::runtime_error("cannot write " + temp_.string() + io_failure_reason());
  }
  out_.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  if (!out_) throw std::runtime_error("cannot write " + file_.string() + io_failure_reason());
}

void PendingFile::close() {
  if (!out_.is_open()) return;
  errno = 0;
  out_.close();
  if (!out_) throw std::runtime_error("cannot write " + file_.string() + io_failure_reason());
}

void PendingFile::commit() {
  close();
  // Never renamed over a device or a pipe (core/files.h).
  if (is_special_file(file_))
    throw std::runtime_error("will not replace " + file_.string() + ": it is a device or a pipe, not a file");
  std::error_code ec;
  fs::rename(temp_, file_, ec);
  if (ec) throw std::runtime_error("cannot rename into place: " + file_.string() + ": " + ec.message());
  committed_ = true;
}

void install_output(const fs::path& from, const fs::path& file) {
  PendingFile pending(file);
  fs::copy_file(from, pending.temp_path(), fs::copy_options::overwrite_existing);
  pending.commit();
}

ScratchFolder::ScratchFolder() {
  path_ = fs::temp_directory_path() / ("kartenwerk-" + unique_suffix());
  fs::create_directories(path_);
}

ScratchFolder::~ScratchFolder() {
  std::error_code ec;
  fs::remove_all(path_, ec);
}

}  // namespace kw
