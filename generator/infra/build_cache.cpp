#include "infra/build_cache.h"

#include "core/sha256.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <system_error>
#include <utility>

#include "core/program_identity.h"
#include "project/input.h"

namespace kw::infra {

namespace fs = std::filesystem;

namespace {

// An object file: this line, then its key, the SHA-256 of its bytes and
// their number, a line each, then the bytes.
constexpr std::string_view kMagic = "kartenwerk cache object 1\n";
constexpr size_t kHeaderBytes = kMagic.size() + 65 + 65 + 21;  // at most

bool is_hex_key(std::string_view key) { return kw::from_hex(key).has_value(); }

// Record names come from game ids and output folders: hashed, so no name can
// reach outside the records folder.
std::string record_file(const std::string& name) { return kw::hex(kw::sha256(name)) + ".json"; }

// A file descriptor closed with its scope.
struct Fd {
  int fd = -1;
  explicit Fd(int f = -1) : fd(f) {}
  ~Fd() {
    if (fd >= 0) ::close(fd);
  }
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
};

// The folder `name` under `dir` (made first when `create`), opened without
// following a link: -1 (errno ELOOP or ENOTDIR) when it is a link or no folder.
int open_folder(int dir, const std::string& name, bool create) {
  if (create) ::mkdirat(dir, name.c_str(), 0777);
  return ::openat(dir, name.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
}

// The folder <root>/<first>/<second> ("objects/3f", "builds"), link-free
// below the root (the root itself is the user's --cache: it may be a link).
int open_path(const fs::path& root, const std::vector<std::string>& parts, bool create) {
  if (create) {
    std::error_code ec;
    fs::create_directories(root, ec);
  }
  int fd = ::open(root.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  for (const auto& part : parts) {
    if (fd < 0) return -1;
    const int next = open_folder(fd, part, create);
    const int error = errno;
    ::close(fd);
    errno = error;
    fd = next;
  }
  return fd;
}

// Reads `size` bytes of `fd` (a regular file) from offset `at`.
std::optional<std::string> read_at(int fd, uint64_t at, size_t size) {
  std::string bytes(size, '\0');
  size_t done = 0;
  while (done < size) {
    const ssize_t n = ::pread(fd, bytes.data() + done, size - done, static_cast<off_t>(at + done));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return std::nullopt;
    done += static_cast<size_t>(n);
  }
  return bytes;
}

// What the header of an object file says (kMagic, then the key, the
// SHA-256 of the bytes and their number, a line each): where the bytes
// start, how many there are, their hash (a view into `head`).
struct ObjectHeader {
  size_t bytes_at = 0;
  uint64_t size = 0;
  std::string_view hash;
};

// The header at the start of `head` (the file's first kHeaderBytes, or all
// of it), when it is one of `key`'s; else nullopt and `why`.
std::optional<ObjectHeader> read_header(std::string_view head, const std::string& key, std::string& why) {
  std::string_view in(head);
  if (!in.starts_with(kMagic)) {
    why = "it is no object of this cache (no header)";
    return std::nullopt;
  }
  in.remove_prefix(kMagic.size());
  auto line = [&](size_t max) -> std::optional<std::string_view> {
    const size_t end = in.find('\n');
    if (end == std::string_view::npos || end > max) return std::nullopt;
    std::string_view l = in.substr(0, end);
    in.remove_prefix(end + 1);
    return l;
  };
  auto stored_key = line(64), hash = line(64), size = line(19);
  uint64_t bytes = 0;
  if (!stored_key || !hash || !size || !is_hex_key(*stored_key) || !is_hex_key(*hash) || size->empty() ||
      (size->size() > 1 && size->front() == '0') ||  // as object_bytes() writes it: no leading zero
      std::from_chars(size->data(), size->data() + size->size(), bytes).ptr != size->data() + size->size()) {
    why = "its header is broken";
    return std::nullopt;
  }
  if (*stored_key != key) {
    why = "it holds the object of another key (moved or swapped)";
    return std::nullopt;
  }
  return ObjectHeader{head.size() - in.size(), bytes, *hash};
}

// Whether a file of `file_size` bytes holds as many after its header as
// the header says; else `why`.
bool size_agrees(const ObjectHeader& header, uint64_t file_size, std::string& why) {
  const uint64_t found = file_size - std::min<uint64_t>(file_size, header.bytes_at);
  if (found == header.size) return true;
  why = "it has " + std::to_string(found) + " bytes where its header says " + std::to_string(header.size) +
        " (cut short or grown)";
  return false;
}

// Whether `bytes` have the header's hash; else `why`.
bool hash_agrees(const ObjectHeader& header, std::string_view bytes, std::string& why) {
  if (kw::hex(kw::sha256(bytes)) == header.hash) return true;
  why = "its bytes do not match their hash (damaged or changed)";
  return false;
}

// The first kHeaderBytes of `fd` (all of it when shorter; "" when unread).
std::string read_head(int fd) {
  std::string head(kHeaderBytes, '\0');
  const ssize_t n = ::pread(fd, head.data(), head.size(), 0);
  head.resize(n > 0 ? static_cast<size_t>(n) : 0);
  return head;
}

// The bytes of the object file `fd` (of `file_size` bytes) holds for `key`;
// else nullopt and `why`. The header is read first, then the bytes straight
// into the string returned: reading the whole file and copying the bytes
// out of it was a second allocation and copy of every object taken from the
// cache (the parts of a game PDF, the cards' raster cells).
std::optional<std::string> read_object(int fd, uint64_t file_size, const std::string& key, std::string& why) {
  const std::string head = read_head(fd);
  const auto header = read_header(head, key, why);
  if (!header) return std::nullopt;
  if (!size_agrees(*header, file_size, why)) return std::nullopt;
  auto bytes = read_at(fd, header->bytes_at, static_cast<size_t>(header->size));
  if (!bytes) {
    why = "it cannot be read";
    return std::nullopt;
  }
  if (!hash_agrees(*header, *bytes, why)) return std::nullopt;
  return bytes;
}

// Writes `bytes` as `name` in folder `dir`, atomically, creating nothing
// through a link. False on any failure.
bool write_in(int dir, const std::string& name, std::string_view bytes) {
  static std::atomic<unsigned> counter{0};
  const std::string tmp = name + ".tmp-" + std::to_string(::getpid()) + "-" + std::to_string(counter++);
  Fd fd(::openat(dir, tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666));
  if (fd.fd < 0) return false;
  for (size_t done = 0; done < bytes.size();) {
    const ssize_t n = ::write(fd.fd, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      ::unlinkat(dir, tmp.c_str(), 0);
      return false;
    }
    done += static_cast<size_t>(n);
  }
  if (::close(std::exchange(fd.fd, -1)) != 0 || ::renameat(dir, tmp.c_str(), dir, name.c_str()) != 0) {
    ::unlinkat(dir, tmp.c_str(), 0);
    return false;
  }
  return true;
}

}  // namespace

std::optional<std::string> BuildCache::unpack_object(std::string_view file, const std::string& key, std::string& why) {
  const auto header = read_header(file.substr(0, kHeaderBytes), key, why);
  if (!header) return std::nullopt;
  const std::string_view bytes = file.substr(header->bytes_at);
  if (!size_agrees(*header, file.size(), why) || !hash_agrees(*header, bytes, why)) return std::nullopt;
  return std::string(bytes);
}

std::string cache_key(std::initializer_list<std::string_view> parts) {
  // The identity hashed once: it is a line per shared library loaded (some
  // 6 KB), which every key hashed again (a tenth of a one-card edit's CPU at
  // 5,000 cards, that build taking some 30,000 keys).
  static const std::string identity = kw::hex(kw::sha256(program_identity()));
  std::string text = identity;
  for (std::string_view p : parts) {
    text += std::to_string(p.size());
    text += ':';
    text += p;
  }
  return kw::hex(kw::sha256(text));
}

BuildCache::BuildCache(fs::path root, std::uintmax_t max_bytes) : root_(std::move(root)), max_bytes_(max_bytes) {}

fs::path BuildCache::object_path(const std::string& key) const {
  return root_ / "objects" / key.substr(0, 2) / key.substr(2);
}

std::string BuildCache::object_bytes(const std::string& key, std::string_view bytes) {
  std::string out(kMagic);
  out += key + "\n" + kw::hex(kw::sha256(bytes)) + "\n" + std::to_string(bytes.size()) + "\n";
  out += bytes;
  return out;
}

std::optional<std::string> BuildCache::get(const std::string& key) const {
  if (!is_hex_key(key)) return std::nullopt;
  const std::string short_key = key.substr(0, 12);
  Fd dir(open_path(root_, {"objects", key.substr(0, 2)}, false));
  if (dir.fd < 0) {
    if (errno == ELOOP || errno == ENOTDIR)
      note("the folder of object " + short_key + "… is a symbolic link or no folder: not followed");
    return std::nullopt;
  }
  const std::string name = key.substr(2);
  // O_NONBLOCK: a pipe put there opens at once (and is then refused)
  // instead of waiting for a writer; O_NOFOLLOW: a link is not opened.
  Fd fd(::openat(dir.fd, name.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC));
  std::string why;
  std::optional<std::string> content;
  struct stat st {};
  if (fd.fd < 0) {
    if (errno == ENOENT) return std::nullopt;
    why = errno == ELOOP ? "it is a symbolic link" : std::string("it cannot be opened: ") + std::strerror(errno);
  } else if (::fstat(fd.fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    why = "it is not a regular file (a folder, a pipe or a device)";
  } else if (st.st_nlink > 1) {
    why = "it has other names (hard links)";
  } else if (static_cast<std::uintmax_t>(st.st_size) > kMaxObjectBytes + kHeaderBytes) {
    why = "it is larger than any object";
  } else {
    content = read_object(fd.fd, static_cast<uint64_t>(st.st_size), key, why);
  }
  if (!content) {
    note("object " + short_key + "… " + why + ": removed, rendered again");
    if (::unlinkat(dir.fd, name.c_str(), 0) != 0 && (errno == EISDIR || errno == EPERM))
      ::unlinkat(dir.fd, name.c_str(), AT_REMOVEDIR);  // a folder in its place: removed when empty
    return std::nullopt;
  }
  ::futimens(fd.fd, nullptr);  // used: pruned last
  return content;
}

std::optional<BuildCache::Digest> BuildCache::digest(const std::string& key) const {
  if (!is_hex_key(key)) return std::nullopt;
  Fd dir(open_path(root_, {"objects", key.substr(0, 2)}, false));
  if (dir.fd < 0) return std::nullopt;
  // As get() opens it: no link, no pipe, one name.
  Fd fd(::openat(dir.fd, key.substr(2).c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC));
  struct stat st {};
  if (fd.fd < 0 || ::fstat(fd.fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_nlink > 1) return std::nullopt;
  const std::string head = read_head(fd.fd);
  std::string why;
  const auto header = read_header(head, key, why);
  // The header's size must be the file's: else it is no object get() serves.
  if (!header || !size_agrees(*header, static_cast<uint64_t>(st.st_size), why)) return std::nullopt;
  ::futimens(fd.fd, nullptr);  // used: pruned last
  return Digest{std::string(header->hash), header->size};
}

bool BuildCache::contains(const std::string& key) const {
  if (!is_hex_key(key)) return false;
  Fd dir(open_path(root_, {"objects", key.substr(0, 2)}, false));
  struct stat st {};
  return dir.fd >= 0 && ::fstatat(dir.fd, key.substr(2).c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(st.st_mode);
}

void BuildCache::put(const std::string& key, std::string_view bytes) const {
  if (!is_hex_key(key) || bytes.size() > kMaxObjectBytes) return;
  // See the header: a cache that cannot be written is not an error.
  Fd dir(open_path(root_, {"objects", key.substr(0, 2)}, true));
  if (dir.fd < 0) return;
  const std::string file = object_bytes(key, bytes);
  if (write_in(dir.fd, key.substr(2), file)) bytes_put_ += file.size();
}

std::optional<std::string> BuildCache::record(const std::string& name) const {
  Fd dir(open_path(root_, {"builds"}, false));
  if (dir.fd < 0) return std::nullopt;
  Fd fd(::openat(dir.fd, record_file(name).c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC));
  if (fd.fd < 0) {
    if (errno != ENOENT) note("the record of " + name + " is a symbolic link or cannot be opened: ignored");
    return std::nullopt;
  }
  struct stat st {};
  if (::fstat(fd.fd, &st) != 0 || !S_ISREG(st.st_mode) || static_cast<std::uintmax_t>(st.st_size) > kMaxRecordBytes) {
    note("the record of " + name + " is not a regular file of a record's size: ignored");
    return std::nullopt;
  }
  return read_at(fd.fd, 0, static_cast<size_t>(st.st_size));
}

void BuildCache::set_record(const std::string& name, std::string_view text) const {
  Fd dir(open_path(root_, {"builds"}, true));
  if (dir.fd >= 0) write_in(dir.fd, record_file(name), text);
}

namespace {

// The record prune() keeps: "<bytes> <builds since the walk> <most one
// build put>\n" (records without the third number, of older versions, read
// as 0).
constexpr const char* kSizeRecord = "objects size";

struct SizeRecord {
  std::uintmax_t bytes = 0;
  unsigned builds = 0;
  std::uintmax_t most_put = 0;
};

std::optional<SizeRecord> parse_size(const std::optional<std::string>& text) {
  if (!text) return std::nullopt;
  SizeRecord r;
  const char* p = text->data();
  const char* end = p + text->size();
  auto got = std::from_chars(p, end, r.bytes);
  if (got.ec != std::errc() || got.ptr == end || *got.ptr != ' ') return std::nullopt;
  got = std::from_chars(got.ptr + 1, end, r.builds);
  if (got.ec != std::errc() || got.ptr == end) return std::nullopt;
  if (*got.ptr == ' ') got = std::from_chars(got.ptr + 1, end, r.most_put);
  if (got.ec != std::errc() || got.ptr + 1 != end || *got.ptr != '\n') return std::nullopt;
  return r;
}

std::string size_text(std::uintmax_t bytes, unsigned builds, std::uintmax_t most_put) {
  return std::to_string(bytes) + " " + std::to_string(builds) + " " + std::to_string(most_put) + "\n";
}

}  // namespace

std::uintmax_t BuildCache::prune() const {
  const std::uintmax_t put = bytes_put_;
  if (put == 0) return 0;
  const std::optional<SizeRecord> size = parse_size(record(kSizeRecord));
  // The folder holds at least what one build of the project put and a
  // quarter more: a whole build of 10,000 cards puts 3.5 GB; trimmed to
  // 2 GiB at its end, the next one-card edit found the overview and TTS
  // cells of half the cards gone and took 20.7 s (0.54 s with them kept).
  // (Capped, which also keeps a damaged record's figure from overflowing.)
  const std::uintmax_t most_put = std::min(std::max(put, size ? size->most_put : 0), kMostPutTimes * max_bytes_);
  const std::uintmax_t limit = std::max(max_bytes_, most_put + most_put / 4);
  if (size && size->builds + 1 < kPruneWalkEvery && size->bytes <= limit && put <= limit - size->bytes) {
    set_record(kSizeRecord, size_text(size->bytes + put, size->builds + 1, most_put));
    return 0;
  }
  struct Entry {
    fs::file_time_type used;
    std::uintmax_t bytes;
    fs::path path;
  };
  std::vector<Entry> entries;
  std::uintmax_t total = 0;
  std::error_code ec;
  // The iterator follows no link to a folder, and only regular files count.
  for (auto it = fs::recursive_directory_iterator(root_ / "objects", ec); !ec && it != fs::end(it); it.increment(ec)) {
    if (!it->is_regular_file(ec) || it->is_symlink(ec)) continue;
    Entry e{it->last_write_time(ec), it->file_size(ec), it->path()};
    total += e.bytes;
    entries.push_back(std::move(e));
  }
  std::uintmax_t removed = 0;
  if (total > limit) {
    // Trimmed to 90 %, not to the limit: trimmed to the limit, the next
    // build that stored anything found the folder full again and walked it
    // (35,000 objects at 1000 cards, most of a one-card edit's system time).
    const std::uintmax_t keep = limit - limit / 10;
    std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) { return a.used < b.used; });
    for (const Entry& e : entries) {
      if (total - removed <= keep) break;
      if (fs::remove(e.path, ec)) removed += e.bytes;
    }
  }
  set_record(kSizeRecord, size_text(total - removed, 0, most_put));
  return removed;
}

void BuildCache::note(std::string what) const {
  std::lock_guard lock(notes_mutex_);
  notes_.push_back(std::move(what));
}

std::vector<std::string> BuildCache::take_notes() const {
  std::lock_guard lock(notes_mutex_);
  return std::exchange(notes_, {});
}

}  // namespace kw::infra
