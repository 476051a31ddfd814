#include "project/memory_project.h"

#include <set>

#include "project/path.h"

namespace kw::project {

void MemoryProject::add(const std::string& path, std::string bytes) {
  const std::string normal = join("", path);
  auto input = std::make_shared<const Input>(normal, std::move(bytes));
  std::lock_guard lock(mutex_);
  files_[normal] = std::move(input);
}

void MemoryProject::add_system(const std::string& absolute_path, std::string bytes) {
  auto input = std::make_shared<const Input>(absolute_path, std::move(bytes));
  std::lock_guard lock(mutex_);
  system_[absolute_path] = std::move(input);
}

void MemoryProject::add(InputPtr input) {
  std::lock_guard lock(mutex_);
  const std::string& path = input->path();
  (path.starts_with('/') ? system_ : files_)[path] = std::move(input);
}

InputPtr MemoryProject::read(const std::string& path) const {
  std::lock_guard lock(mutex_);
  auto it = files_.find(join("", path));
  return it == files_.end() ? nullptr : it->second;
}

InputPtr MemoryProject::read_system(const std::string& absolute_path) const {
  std::lock_guard lock(mutex_);
  auto it = system_.find(absolute_path);
  return it == system_.end() ? nullptr : it->second;
}

std::vector<std::string> MemoryProject::list_system(const std::string& absolute_dir) const {
  const std::string prefix = absolute_dir.ends_with('/') ? absolute_dir : absolute_dir + "/";
  std::vector<std::string> names;  // sorted: the map is
  std::lock_guard lock(mutex_);
  for (auto it = system_.lower_bound(prefix); it != system_.end() && it->first.starts_with(prefix); ++it)
    if (it->first.find('/', prefix.size()) == std::string::npos) names.push_back(it->first.substr(prefix.size()));
  return names;
}

bool MemoryProject::exists(const std::string& path) const { return read(path) || is_directory(path); }

bool MemoryProject::is_directory(const std::string& path) const {
  const std::string dir = join("", path);
  if (dir.empty()) return true;
  std::lock_guard lock(mutex_);
  auto it = files_.lower_bound(dir + "/");
  return it != files_.end() && it->first.starts_with(dir + "/");
}

std::vector<std::string> MemoryProject::list(const std::string& path) const {
  const std::string dir = join("", path);
  const std::string prefix = dir.empty() ? "" : dir + "/";
  std::set<std::string> names;  // sorted bytewise, each folder once
  std::lock_guard lock(mutex_);
  for (auto it = files_.lower_bound(prefix); it != files_.end() && it->first.starts_with(prefix); ++it) {
    const std::string rest = it->first.substr(prefix.size());
    names.insert(rest.substr(0, rest.find('/')));
  }
  return {names.begin(), names.end()};
}

std::vector<std::string> MemoryProject::files() const {
  std::lock_guard lock(mutex_);
  std::vector<std::string> out;
  for (const auto& [path, input] : files_) out.push_back(path);
  return out;
}

std::optional<std::filesystem::path> MemoryProject::file_on_disk(const std::string&) const { return std::nullopt; }

}  // namespace kw::project
