#pragma once
// A project held in memory: files added from strings, for unit tests that
// build a game without writing it to disk. Folders exist implicitly (a file
// "a/b/c.yaml" makes "a" and "a/b" folders). Add every file before the
// project is used from several threads.
#include <map>
#include <mutex>

#include "project/project.h"

namespace kw::project {

class MemoryProject final : public Project {
 public:
  // Adds or replaces the file at project path `path`.
  void add(const std::string& path, std::string bytes);
  // Adds a system input (e.g. a hyphenation dictionary) under its absolute path.
  void add_system(const std::string& absolute_path, std::string bytes);
  // Adds an input read elsewhere (another project) under its own path: a
  // project file, or a system input when the path is absolute. Shares it.
  void add(InputPtr input);

  InputPtr read(const std::string& path) const override;
  bool exists(const std::string& path) const override;
  bool is_directory(const std::string& path) const override;
  std::vector<std::string> list(const std::string& path) const override;
  InputPtr read_system(const std::string& absolute_path) const override;
  std::vector<std::string> list_system(const std::string& absolute_dir) const override;
  std::optional<std::filesystem::path> file_on_disk(const std::string& path) const override;

  // Every project file's path, sorted (not the system inputs).
  std::vector<std::string> files() const;

 private:
  mutable std::mutex mutex_;
  std::map<std::string, InputPtr> files_;   // by project path
  std::map<std::string, InputPtr> system_;  // by absolute path
};

}  // namespace kw::project
