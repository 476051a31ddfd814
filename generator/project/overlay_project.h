#pragma once
// A project seen with files replaced or added: what the project would be
// after a command writes them. `table import` loads the whole database
// through it before it writes, so a change that breaks another part of the
// game (a card naming a removed table entry) is found with nothing written;
// `new` checks the game it scaffolds through it, so a format the scaffold
// does not suit is refused with nothing written.
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "project/project.h"

namespace kw::project {

class OverlayProject final : public Project {
 public:
  // `base` must outlive this project.
  OverlayProject(const Project& base, const std::string& path, std::string bytes);
  // Several files (project paths and their bytes); folders they imply exist
  // and list them.
  OverlayProject(const Project& base, const std::vector<std::pair<std::string, std::string>>& files);

  InputPtr read(const std::string& path) const override;
  bool exists(const std::string& path) const override;
  bool is_directory(const std::string& path) const override;
  std::vector<std::string> list(const std::string& path) const override;
  std::optional<std::string> refusal(const std::string& path) const override;
  InputPtr read_system(const std::string& absolute_path) const override;
  std::vector<std::string> list_system(const std::string& absolute_dir) const override;
  std::optional<std::filesystem::path> file_on_disk(const std::string& path) const override;

 private:
  bool implied_folder(const std::string& path) const;
  const Project& base_;
  std::map<std::string, InputPtr> replaced_;
};

}  // namespace kw::project
