#pragma once
// A project folder on disk. Each file is read at most once per run and kept
// (so every stage sees the same bytes, and a later manifest their hashes);
// thread-safe.
#include <filesystem>
#include <map>
#include <mutex>

#include "project/project.h"

namespace kw::project {

class DiskProject final : public Project {
 public:
  explicit DiskProject(std::filesystem::path root);
  const std::filesystem::path& root() const { return root_; }

  InputPtr read(const std::string& path) const override;
  bool exists(const std::string& path) const override;
  bool is_directory(const std::string& path) const override;
  std::vector<std::string> list(const std::string& path) const override;
  InputPtr read_system(const std::string& absolute_path) const override;
  std::optional<std::filesystem::path> file_on_disk(const std::string& path) const override;
  std::vector<InputPtr> inputs_read() const override;

 private:
  // The one place a project path becomes a file-system path: where a later
  // issue refuses paths that escape the root ("..", absolute, symlinks).
  std::filesystem::path resolve(const std::string& path) const;
  // `file` read once under the name `key` (a miss is remembered too).
  InputPtr cached(const std::string& key, const std::filesystem::path& file) const;

  std::filesystem::path root_;
  mutable std::mutex mutex_;
  mutable std::map<std::string, InputPtr> inputs_;  // by project path, or absolute path for system inputs
};

}  // namespace kw::project
