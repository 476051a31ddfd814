#pragma once
// The project folder as the studio sees it across edits: each reload reads
// the files afresh (a new DiskProject generation, so no stale bytes survive),
// while the caches later stages keep in the project's state() (hyphenation
// dictionaries, ICU break iterators: built from system files, not from the
// project) live as long as the studio. Loading the dictionaries takes seconds;
// a one-card edit must not.
#include <filesystem>
#include <memory>

#include "project/disk_project.h"

namespace kw::studio {

class LiveProject final : public project::Project {
 public:
  // `allowed_read`: folders outside `root` the user allowed (--allow-read).
  explicit LiveProject(const std::filesystem::path& root, std::vector<std::filesystem::path> allowed_read = {});
  const std::filesystem::path& root() const { return files_->root(); }

  // Forgets every file read so far. Only between reloads: models, layouts
  // and diagnostics of the previous generation must not be read after it
  // (pages keep their inputs alive themselves).
  void renew();

  project::InputPtr read(const std::string& path) const override { return files_->read(path); }
  bool exists(const std::string& path) const override { return files_->exists(path); }
  bool is_directory(const std::string& path) const override { return files_->is_directory(path); }
  std::vector<std::string> list(const std::string& path) const override { return files_->list(path); }
  std::optional<std::string> refusal(const std::string& path) const override { return files_->refusal(path); }
  project::InputPtr read_system(const std::string& absolute_path) const override;
  std::vector<std::string> list_system(const std::string& absolute_dir) const override {
    return system_.list_system(absolute_dir);
  }
  std::optional<std::string_view> source_text(const std::string& file) const override;
  // The project's files read since the last renew() (the system's are read once).
  std::vector<project::InputPtr> inputs_read() const override { return files_->inputs_read(); }
  std::optional<std::filesystem::path> file_on_disk(const std::string& path) const override {
    return files_->file_on_disk(path);
  }

 private:
  std::vector<std::filesystem::path> allowed_read_;
  std::unique_ptr<project::DiskProject> files_;
  // System inputs (the dictionaries) are not the designer's to edit: read once.
  project::DiskProject system_;
};

}  // namespace kw::studio
