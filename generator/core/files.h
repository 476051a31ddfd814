#pragma once
// File system access for the pipeline. Writes are atomic (temporary file, then
// rename) so an interrupted or failed build never leaves a half-written file.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kw {

std::optional<std::string> read_file(const std::filesystem::path& p);

// What lstat says of a regular file (not through a link): its size, its
// modification time in nanoseconds, its inode and device. Rewriting a file,
// replacing it or moving another into its place changes at least one, so a
// build that keeps a file's stamp beside its hash knows the file unchanged
// without reading it (the files left in place, the manifest's digests, the
// build record).
struct FileStamp {
  std::uintmax_t bytes = 0;
  long long mtime_ns = 0;
  std::uintmax_t inode = 0, device = 0;
  friend bool operator==(const FileStamp&, const FileStamp&) = default;
};
// nullopt when `file` is gone or is no regular file.
std::optional<FileStamp> file_stamp(const std::filesystem::path& file);

// Whether `path` (with '/') is a non-empty path with no empty, "." or ".."
// part after its root and no trailing slash: what lexically_normal() gives
// back unchanged, so that a path known to be so needs no normalising (the
// thousands of files a large deck's build lists).
bool lexically_plain(std::string_view path);
// The text of `path` after `folder` (which ends with '/'), when `path` is
// plain (above) and below it: what lexically_relative gives, without
// parsing either path (done for each of the ten thousand files a large
// deck's build lists, more than once). nullopt otherwise: ask
// lexically_relative.
std::optional<std::string_view> plain_below(std::string_view path, std::string_view folder);

// Why the last file operation failed, as errno says (": No space left on
// device"), or "" when errno says nothing. Clear errno before the operation.
std::string io_failure_reason();

// Writes `bytes` to `p` via a temporary sibling and rename(2). Creates parent
// directories. Throws std::runtime_error naming the path on failure.
// When `p` is (or links to) a character device or a named pipe (/dev/null,
// /dev/stdout, a FIFO a script reads), the bytes are written into it
// directly, never beside it and renamed over it; a pipe nobody reads is an
// error, not a wait. A block device or a socket is refused. A name of one
// of the process's own descriptors (/dev/stdout, /dev/fd/3,
// /proc/self/fd/1) holding a file the shell redirected it to is written
// into that descriptor, never replaced by a file renamed over the link (a
// pipe or terminal behind it is opened as above; a link to a descriptor
// not held is an error). (Another symbolic link at `p` is replaced by the file.)
void write_file_atomic(const std::filesystem::path& p, std::string_view bytes);

// The descriptor `p` names when it is, or links to, an entry of our
// /proc/self/fd or /proc/thread-self/fd (/dev/stdout, /dev/fd/N) that is
// open on the file `p` leads to; else nullopt.
std::optional<int> own_descriptor(const std::filesystem::path& p);

// Whether `p` exists and is neither a regular file, a folder nor a
// symbolic link (a device, a pipe, a socket).
bool is_special_file(const std::filesystem::path& p);

// Where data/, layouts/, templates/ and fonts/ live when --root is not given:
// $KARTENWERK_ROOT, else the current directory if it has data/cards.yaml,
// else nothing (the command line then says how to name a project folder; a
// binary never falls back to the source tree it was built from).
std::optional<std::filesystem::path> default_project_root();

// The version string of this build ("0.1.0").
const char* version();

}  // namespace kw
