#include "studio/live_project.h"

namespace kw::studio {

LiveProject::LiveProject(std::filesystem::path root)
    : files_(std::make_unique<project::DiskProject>(root)), system_(root) {}

void LiveProject::renew() { files_ = std::make_unique<project::DiskProject>(files_->root()); }

project::InputPtr LiveProject::read_system(const std::string& absolute_path) const {
  return system_.read_system(absolute_path);
}

}  // namespace kw::studio
