#include "project/disk_project.h"

#include <algorithm>
#include <fstream>
#include <sstream>

#include "project/path.h"

namespace kw::project {

namespace fs = std::filesystem;

DiskProject::DiskProject(fs::path root) : root_(std::move(root)) {}

fs::path DiskProject::resolve(const std::string& path) const { return path.empty() ? root_ : root_ / path; }

InputPtr DiskProject::cached(const std::string& key, const fs::path& file) const {
  {
    std::lock_guard lock(mutex_);
    if (auto it = inputs_.find(key); it != inputs_.end()) return it->second;
  }
  // Read outside the lock so threads laying out cards do not queue behind one
  // large file; if two read the same file at once, the first one kept wins.
  InputPtr input;
  std::error_code ec;
  if (fs::is_regular_file(file, ec)) {
    std::ifstream in(file, std::ios::binary);
    std::ostringstream bytes;
    if (in && (bytes << in.rdbuf())) input = std::make_shared<const Input>(key, std::move(bytes).str());
  }
  std::lock_guard lock(mutex_);
  return inputs_.try_emplace(key, std::move(input)).first->second;
}

InputPtr DiskProject::read(const std::string& path) const {
  const std::string normal = join("", path);
  return cached(normal, resolve(normal));
}

std::vector<InputPtr> DiskProject::inputs_read() const {
  std::lock_guard lock(mutex_);
  std::vector<InputPtr> out;
  for (const auto& [path, input] : inputs_)
    if (input) out.push_back(input);
  return out;
}

InputPtr DiskProject::read_system(const std::string& absolute_path) const {
  return cached(absolute_path, fs::path(absolute_path));
}

bool DiskProject::exists(const std::string& path) const {
  std::error_code ec;
  return fs::exists(resolve(path), ec);
}

bool DiskProject::is_directory(const std::string& path) const {
  std::error_code ec;
  return fs::is_directory(resolve(path), ec);
}

std::vector<std::string> DiskProject::list(const std::string& path) const {
  std::vector<std::string> names;
  std::error_code ec;
  for (fs::directory_iterator it(resolve(path), ec), end; !ec && it != end; it.increment(ec))
    names.push_back(it->path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

std::optional<fs::path> DiskProject::file_on_disk(const std::string& path) const { return resolve(path); }

}  // namespace kw::project
