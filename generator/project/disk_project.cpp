#include "project/disk_project.h"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <iterator>

#include "core/confine.h"
#include "core/files.h"
#include "core/limits.h"
#include "core/sha256.h"
#include "project/path.h"

namespace kw::project {

namespace fs = std::filesystem;

namespace {}  // namespace

DiskProject::DiskProject(fs::path root, const std::vector<fs::path>& allowed_read)
    : root_(std::move(root)), canonical_root_(real_path(root_)) {
  for (const auto& dir : allowed_read) allowed_read_.push_back(real_path(dir));
}

bool DiskProject::inside_sandbox(const fs::path& file) const {
  const fs::path real = real_path(file);
  if (path_within(canonical_root_, real)) return true;
  return std::any_of(allowed_read_.begin(), allowed_read_.end(),
                     [&](const fs::path& dir) { return path_within(dir, real); });
}

std::optional<std::string> DiskProject::refusal(const std::string& path) const {
  const std::string normal = join("", path);
  const fs::path file = normal.empty() ? root_ : root_ / normal;  // an absolute `normal` replaces the root
  if (!inside_sandbox(file)) {
    // Says which way it left, so the fix is plain; never what is there.
    if (normal.starts_with('/'))
      return fmt::format("'{}' is an absolute path outside the project folder (allow a folder with --allow-read DIR)",
                         path);
    if (normal == ".." || normal.starts_with("../"))
      return fmt::format("'{}' leaves the project folder (allow a folder with --allow-read DIR)", path);
    return fmt::format(
        "'{}' leads outside the project folder through a symbolic link (allow its target with "
        "--allow-read DIR)",
        path);
  }
  {
    std::lock_guard lock(mutex_);
    if (changed_.contains(normal))
      return fmt::format(
          "'{}' changed on disk while kartenwerk ran (it no longer has the bytes it had at the start): "
          "run it again",
          path);
  }
  std::error_code ec;
  if (fs::is_regular_file(file, ec)) {
    const auto size = fs::file_size(file, ec);
    if (!ec && size > limits().file_bytes)
      return fmt::format("'{}' has {} bytes, more than the limit of {} (raise it with --limit file-bytes=N)", path,
                         size, limits().file_bytes);
  }
  return std::nullopt;
}

std::optional<fs::path> DiskProject::resolve(const std::string& path) const {
  if (refusal(path)) return std::nullopt;
  const std::string normal = join("", path);
  return normal.empty() ? root_ : root_ / normal;
}

InputPtr DiskProject::cached(const std::string& key, const fs::path& file) const {
  // Read outside the lock so threads laying out cards do not queue behind one
  // large file; if two read the same file at once, the first one kept wins.
  InputPtr input;
  std::error_code ec;
  if (fs::is_regular_file(file, ec)) {
    // An empty file is an empty input (not "cannot read").
    if (auto bytes = read_file(file)) input = std::make_shared<const Input>(key, std::move(*bytes));
  }
  std::lock_guard lock(mutex_);
  if (auto hashed = digests_.find(key); hashed != digests_.end()) {
    if (!input || input->digest().sha256 != hashed->second.sha256) {
      changed_.insert(key);
      return nullptr;  // not kept: refusal() now names the change
    }
  }
  return inputs_.try_emplace(key, std::move(input)).first->second;
}

std::optional<FileDigest> DiskProject::digest(const std::string& path) const {
  const std::string normal = join("", path);
  {
    std::lock_guard lock(mutex_);
    if (auto it = inputs_.find(normal); it != inputs_.end())
      return it->second ? std::optional(it->second->digest()) : std::nullopt;
    if (auto it = digests_.find(normal); it != digests_.end()) return it->second;
  }
  const auto file = resolve(normal);
  std::error_code ec;
  if (!file || !fs::is_regular_file(*file, ec)) return std::nullopt;
  FileDigest hashed;
  try {
    hashed = digest_file(*file);
  } catch (const std::runtime_error&) {
    return std::nullopt;  // unreadable: as read() would say, no input
  }
  std::lock_guard lock(mutex_);
  return digests_.try_emplace(normal, std::move(hashed)).first->second;
}

InputPtr DiskProject::read(const std::string& path) const {
  const std::string normal = join("", path);
  {
    std::lock_guard lock(mutex_);
    if (auto it = inputs_.find(normal); it != inputs_.end()) return it->second;
  }
  // A refused path is not remembered: it is no input of the build.
  const auto file = resolve(normal);
  return file ? cached(normal, *file) : nullptr;
}

std::vector<InputPtr> DiskProject::inputs_read() const {
  std::lock_guard lock(mutex_);
  std::vector<InputPtr> out;
  for (const auto& [path, input] : inputs_)
    if (input) out.push_back(input);
  return out;
}

std::optional<std::string_view> DiskProject::source_text(const std::string& file) const {
  std::lock_guard lock(mutex_);
  auto it = inputs_.find(file);
  if (it == inputs_.end() || !it->second) return std::nullopt;
  return it->second->bytes();  // stays valid: the project keeps what it read
}

InputPtr DiskProject::read_system(const std::string& absolute_path) const {
  {
    std::lock_guard lock(mutex_);
    if (auto it = inputs_.find(absolute_path); it != inputs_.end()) return it->second;
  }
  return cached(absolute_path, fs::path(absolute_path));
}

std::vector<std::string> DiskProject::list_system(const std::string& absolute_dir) const {
  std::vector<std::string> names;
  std::error_code ec;
  for (fs::directory_iterator it(absolute_dir, ec), end; !ec && it != end; it.increment(ec))
    if (it->is_regular_file(ec)) names.push_back(it->path().filename().string());  // follows links, as Debian's are
  std::sort(names.begin(), names.end());
  return names;
}

bool DiskProject::exists(const std::string& path) const {
  std::error_code ec;
  const auto file = resolve(path);
  return file && fs::exists(*file, ec);
}

bool DiskProject::is_directory(const std::string& path) const {
  std::error_code ec;
  const auto file = resolve(path);
  return file && fs::is_directory(*file, ec);
}

std::vector<std::string> DiskProject::list(const std::string& path) const {
  std::vector<std::string> names;
  const auto dir = resolve(path);
  if (!dir) return names;
  std::error_code ec;
  for (fs::directory_iterator it(*dir, ec), end; !ec && it != end; it.increment(ec))
    names.push_back(it->path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

std::optional<fs::path> DiskProject::file_on_disk(const std::string& path) const { return resolve(path); }

}  // namespace kw::project
