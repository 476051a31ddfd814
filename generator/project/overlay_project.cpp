#include "project/overlay_project.h"

#include <algorithm>

namespace kw::project {

OverlayProject::OverlayProject(const Project& base, const std::string& path, std::string bytes) : base_(base) {
  replaced_[path] = std::make_shared<const Input>(path, std::move(bytes));
}

OverlayProject::OverlayProject(const Project& base, const std::vector<std::pair<std::string, std::string>>& files)
    : base_(base) {
  for (const auto& [path, bytes] : files) replaced_[path] = std::make_shared<const Input>(path, bytes);
}

InputPtr OverlayProject::read(const std::string& path) const {
  auto it = replaced_.find(path);
  return it != replaced_.end() ? it->second : base_.read(path);
}

// A folder holding one of the files ("layouts/x" of "layouts/x/karte.yaml").
bool OverlayProject::implied_folder(const std::string& path) const {
  const std::string prefix = path.empty() ? "" : path + "/";
  return std::any_of(replaced_.begin(), replaced_.end(),
                     [&](const auto& file) { return file.first.rfind(prefix, 0) == 0; });
}

bool OverlayProject::exists(const std::string& path) const {
  return replaced_.count(path) || implied_folder(path) || base_.exists(path);
}

bool OverlayProject::is_directory(const std::string& path) const {
  return implied_folder(path) || base_.is_directory(path);
}

std::vector<std::string> OverlayProject::list(const std::string& path) const {
  std::vector<std::string> names = base_.list(path);
  const std::string prefix = path.empty() ? "" : path + "/";
  for (const auto& [file, input] : replaced_) {
    if (file.rfind(prefix, 0) != 0) continue;
    const std::string rest = file.substr(prefix.size());
    names.push_back(rest.substr(0, rest.find('/')));
  }
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  return names;
}

std::optional<std::string> OverlayProject::refusal(const std::string& path) const {
  return replaced_.count(path) ? std::nullopt : base_.refusal(path);
}

InputPtr OverlayProject::read_system(const std::string& absolute_path) const {
  return base_.read_system(absolute_path);
}

std::vector<std::string> OverlayProject::list_system(const std::string& absolute_dir) const {
  return base_.list_system(absolute_dir);
}

// The replaced files have no place on disk (yet); the others have theirs.
std::optional<std::filesystem::path> OverlayProject::file_on_disk(const std::string& path) const {
  if (replaced_.count(path)) return std::nullopt;
  return base_.file_on_disk(path);
}

}  // namespace kw::project
