#include "core/files.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <system_error>
#include <vector>

namespace kw {

namespace fs = std::filesystem;

// Sized by fstat and read in large blocks: a stream copied through a
// string stream (or an istreambuf_iterator, a character at a time) took
// several times as long for the 7 MB of fonts every build hashes.
std::optional<std::string> read_file(const fs::path& p) {
  const int fd = ::open(p.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY);
  if (fd < 0) return std::nullopt;
  struct stat st {};
  std::string bytes;
  if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) bytes.resize(static_cast<size_t>(st.st_size));
  size_t have = 0;
  char more[4096];  // past the size fstat said: a file that grew, or no regular file
  for (;;) {
    const bool full = have == bytes.size();
    const ssize_t n = full ? ::read(fd, more, sizeof more) : ::read(fd, bytes.data() + have, bytes.size() - have);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      ::close(fd);
      return std::nullopt;
    }
    if (n == 0) break;
    if (full) bytes.append(more, static_cast<size_t>(n));
    have += static_cast<size_t>(n);
  }
  ::close(fd);
  bytes.resize(have);
  return bytes;
}

bool lexically_plain(std::string_view path) {
  size_t at = path.starts_with('/') ? 1 : 0;
  if (at == path.size()) return at == 1;
  for (;;) {
    const size_t slash = std::min(path.find('/', at), path.size());
    const std::string_view part = path.substr(at, slash - at);
    if (part.empty() || part == "." || part == "..") return false;
    if (slash == path.size()) return true;
    at = slash + 1;
  }
}

std::optional<std::string_view> plain_below(std::string_view path, std::string_view folder) {
  if (folder.empty() || !folder.ends_with('/') || path.size() <= folder.size() || !path.starts_with(folder) ||
      !lexically_plain(path))
    return std::nullopt;
  return path.substr(folder.size());
}

std::optional<FileStamp> file_stamp(const fs::path& file) {
  struct stat st {};
  if (::lstat(file.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return std::nullopt;
  return FileStamp{static_cast<std::uintmax_t>(st.st_size),
                   static_cast<long long>(st.st_mtim.tv_sec) * 1000000000LL + st.st_mtim.tv_nsec,
                   static_cast<std::uintmax_t>(st.st_ino), static_cast<std::uintmax_t>(st.st_dev)};
}

std::string io_failure_reason() {
  const int error = errno;
  return error ? ": " + std::error_code(error, std::generic_category()).message() : std::string();
}

namespace {

// All of `bytes` into `fd`; the reason it stopped short ("" when none).
std::string write_all(int fd, std::string_view bytes) {
  std::string reason;
  for (size_t done = 0; done < bytes.size();) {
    errno = 0;
    const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      reason = io_failure_reason();
      break;
    }
    done += static_cast<size_t>(n);
  }
  return reason;
}

// `bytes` written straight into the device or pipe at `p` (see files.h).
void write_special(const fs::path& p, const struct stat& st, std::string_view bytes) {
  if (S_ISBLK(st.st_mode) || S_ISSOCK(st.st_mode))
    throw std::runtime_error("will not write " + p.string() + ": it is " +
                             (S_ISBLK(st.st_mode) ? "a block device" : "a socket") + ", not a file");
  // A pipe nobody reads would block for ever: O_NONBLOCK makes opening it
  // fail (ENXIO) instead; once open, writes block as usual.
  errno = 0;
  const int fd = ::open(p.c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) {
    if (errno == ENXIO) throw std::runtime_error("cannot write " + p.string() + ": nobody reads that pipe");
    throw std::runtime_error("cannot write " + p.string() + io_failure_reason());
  }
  ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
  std::string reason = write_all(fd, bytes);
  errno = 0;
  if (::close(fd) != 0 && reason.empty()) reason = io_failure_reason();
  if (!reason.empty()) throw std::runtime_error("cannot write " + p.string() + reason);
}

// The folders our descriptors are listed in: /proc/self/fd and
// /proc/thread-self/fd as they resolve (not built from getpid(), which is
// another number inside a PID namespace than /proc's).
std::vector<fs::path> descriptor_folders() {
  std::vector<fs::path> folders;
  for (const char* name : {"/proc/self/fd", "/proc/thread-self/fd"}) {
    std::error_code ec;
    if (fs::path folder = fs::canonical(name, ec); !ec) folders.push_back(std::move(folder));
  }
  return folders;
}

// "3" of ".../fd/3": digits, no leading zero (fd/01 is no entry).
std::optional<int> descriptor_number(const std::string& name) {
  if (name.empty() || name.size() > 9 || (name.size() > 1 && name[0] == '0') ||
      !std::all_of(name.begin(), name.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return std::nullopt;
  return std::stoi(name);
}

// Whether `p` is a symbolic link whose text names a descriptor
// (/dev/stdout -> /proc/self/fd/1), whether or not that resolves here (no
// /proc in a chroot): such a link is never replaced.
bool links_to_a_descriptor(const fs::path& p) {
  std::error_code ec;
  if (!fs::is_symlink(p, ec)) return false;
  const std::string target = fs::read_symlink(p, ec).string();
  for (const char* prefix : {"/proc/self/fd/", "/proc/thread-self/fd/", "/dev/fd/"})
    if (!ec && target.starts_with(prefix)) return true;
  return false;
}

// `bytes` into our descriptor `fd` (a file the shell redirected it to),
// where its offset stands, after what the process printed there.
void write_into_descriptor(int fd, const fs::path& p, std::string_view bytes) {
  if ((::fcntl(fd, F_GETFL) & O_ACCMODE) == O_RDONLY)
    throw std::runtime_error("cannot write " + p.string() + ": it is open for reading only");
  std::fflush(nullptr);
  if (std::string reason = write_all(fd, bytes); !reason.empty())
    throw std::runtime_error("cannot write " + p.string() + reason);
}

}  // namespace

std::optional<int> own_descriptor(const fs::path& p) {
  // Every entry of a descriptor folder is a symbolic link, so a path that is
  // none is no descriptor and no way to one: one lstat for each of the
  // build's ten thousand files, not the walk below.
  if (struct stat st{}; ::lstat(p.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) return std::nullopt;
  std::error_code ec;
  fs::path at = fs::absolute(p, ec);
  if (ec) return std::nullopt;
  const std::vector<fs::path> descriptors = descriptor_folders();
  // Link by link (a loop of links ends at the limit): /dev/stdout ->
  // /proc/self/fd/1, whose folder is this process's descriptors. Not
  // canonical(): that would follow fd/1 on to the file it holds.
  for (int hop = 0; hop < 16; ++hop) {
    const fs::path folder = fs::canonical(at.parent_path(), ec);
    if (ec) return std::nullopt;
    if (std::find(descriptors.begin(), descriptors.end(), folder) != descriptors.end()) {
      const std::optional<int> fd = descriptor_number(at.filename().string());
      // Still the file `p` leads to (not closed, nor reused since).
      struct stat held {};
      struct stat named {};
      if (!fd || ::fstat(*fd, &held) != 0 || ::stat(p.c_str(), &named) != 0 || held.st_dev != named.st_dev ||
          held.st_ino != named.st_ino)
        return std::nullopt;
      return fd;
    }
    if (!fs::is_symlink(at, ec)) return std::nullopt;
    const fs::path target = fs::read_symlink(at, ec);
    if (ec) return std::nullopt;
    at = folder / target;  // an absolute target replaces the folder
  }
  return std::nullopt;
}

bool is_special_file(const fs::path& p) {
  struct stat st {};
  return ::lstat(p.c_str(), &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode) && !S_ISLNK(st.st_mode);
}

void write_file_atomic(const fs::path& p, std::string_view bytes) {
  // A device or a pipe is written into, never replaced: a temporary file
  // renamed over /dev/null would replace the device node (as root). Also
  // through a link (/dev/stdout): the command line named it.
  // One of our own descriptors holding a file (/dev/stdout, redirected):
  // written into it, as a shell's redirection expects; a temporary file
  // renamed over /dev/stdout replaced the system's link (as root). A pipe
  // or a terminal behind it is opened anew below, blocking as ever.
  const std::optional<int> fd = own_descriptor(p);
  if (struct stat st{}; fd && ::fstat(*fd, &st) == 0 && S_ISREG(st.st_mode))
    return write_into_descriptor(*fd, p, bytes);
  if (!fd && links_to_a_descriptor(p))
    throw std::runtime_error("cannot write " + p.string() + ": it names a descriptor this process does not hold");
  if (struct stat st{}; ::stat(p.c_str(), &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode))
    return write_special(p, st, bytes);
  if (p.has_parent_path()) fs::create_directories(p.parent_path());
  fs::path tmp = p;
  tmp += ".tmp-" + std::to_string(::getpid());
  {
    errno = 0;
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) throw std::runtime_error("cannot write " + tmp.string() + io_failure_reason());
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    out.flush();
    if (!out) {
      const std::string reason = io_failure_reason();
      std::error_code ec;
      fs::remove(tmp, ec);
      throw std::runtime_error("cannot write " + p.string() + reason);
    }
  }
  std::error_code ec;
  fs::rename(tmp, p, ec);
  if (ec) {
    fs::remove(tmp, ec);
    throw std::runtime_error("cannot rename into place: " + p.string());
  }
}

std::optional<fs::path> default_project_root() {
  if (const char* env = std::getenv("KARTENWERK_ROOT"); env && *env) return fs::path(env);
  std::error_code ec;
  if (fs::exists("data/cards.yaml", ec)) return fs::current_path();
  return std::nullopt;
}

const char* version() { return KW_VERSION; }

}  // namespace kw
