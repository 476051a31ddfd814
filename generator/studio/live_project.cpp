#include "studio/live_project.h"

namespace kw::studio {

LiveProject::LiveProject(const std::filesystem::path& root, std::vector<std::filesystem::path> allowed_read)
    : allowed_read_(std::move(allowed_read)),
      files_(std::make_unique<project::DiskProject>(root, allowed_read_)),
      system_(root) {}

void LiveProject::renew() { files_ = std::make_unique<project::DiskProject>(files_->root(), allowed_read_); }

project::InputPtr LiveProject::read_system(const std::string& absolute_path) const {
  return system_.read_system(absolute_path);
}

std::optional<std::string_view> LiveProject::source_text(const std::string& file) const {
  if (auto text = files_->source_text(file)) return text;
  return system_.source_text(file);
}

}  // namespace kw::studio
