#include "project/overlay_project.h"

namespace kw::project {

OverlayProject::OverlayProject(const Project& base, std::string path, std::string bytes)
    : base_(base), replaced_(std::make_shared<const Input>(std::move(path), std::move(bytes))) {}

InputPtr OverlayProject::read(const std::string& path) const {
  return path == replaced_->path() ? replaced_ : base_.read(path);
}

bool OverlayProject::exists(const std::string& path) const { return path == replaced_->path() || base_.exists(path); }

bool OverlayProject::is_directory(const std::string& path) const { return base_.is_directory(path); }

std::vector<std::string> OverlayProject::list(const std::string& path) const { return base_.list(path); }

std::optional<std::string> OverlayProject::refusal(const std::string& path) const { return base_.refusal(path); }

InputPtr OverlayProject::read_system(const std::string& absolute_path) const {
  return base_.read_system(absolute_path);
}

std::vector<std::string> OverlayProject::list_system(const std::string& absolute_dir) const {
  return base_.list_system(absolute_dir);
}

// The replaced file has no place on disk (yet); the others have theirs.
std::optional<std::filesystem::path> OverlayProject::file_on_disk(const std::string& path) const {
  if (path == replaced_->path()) return std::nullopt;
  return base_.file_on_disk(path);
}

}  // namespace kw::project
