#pragma once
// A project seen with one file replaced: what the project would be after a
// command writes that file. `table import` loads the whole database through
// it before it writes, so a change that breaks another part of the game (a
// card naming a removed table entry) is found with nothing written.
#include <string>

#include "project/project.h"

namespace kw::project {

class OverlayProject final : public Project {
 public:
  // `base` must outlive this project.
  OverlayProject(const Project& base, std::string path, std::string bytes);

  InputPtr read(const std::string& path) const override;
  bool exists(const std::string& path) const override;
  bool is_directory(const std::string& path) const override;
  std::vector<std::string> list(const std::string& path) const override;
  std::optional<std::string> refusal(const std::string& path) const override;
  InputPtr read_system(const std::string& absolute_path) const override;
  std::vector<std::string> list_system(const std::string& absolute_dir) const override;
  std::optional<std::filesystem::path> file_on_disk(const std::string& path) const override;

 private:
  const Project& base_;
  InputPtr replaced_;
};

}  // namespace kw::project
