#pragma once
// A project folder on disk. Each file is read at most once per run and kept
// (so every stage sees the same bytes, and a later manifest their hashes);
// thread-safe. The project folder is a sandbox: a path that leaves it after
// resolving ".." and symbolic links is refused (see SECURITY.md), unless it
// lies in a folder the user allowed (--allow-read).
#include <filesystem>
#include <map>
#include <mutex>
#include <set>

#include "project/project.h"

namespace kw::project {

class DiskProject final : public Project {
 public:
  explicit DiskProject(std::filesystem::path root, const std::vector<std::filesystem::path>& allowed_read = {});
  const std::filesystem::path& root() const { return root_; }

  InputPtr read(const std::string& path) const override;
  // Hashes a file not read before in chunks and keeps only the hash: the
  // input snapshot hashes every file of data/, layouts/, templates/ and
  // fonts/, most of which a one-game build never reads (another game's
  // files, fonts no layout names). A file read later must still have the
  // bytes it was hashed with, else it reads as absent and refusal() says it
  // changed: the snapshot's hash always names the bytes the build used.
  std::optional<FileDigest> digest(const std::string& path) const override;
  bool exists(const std::string& path) const override;
  bool is_directory(const std::string& path) const override;
  std::vector<std::string> list(const std::string& path) const override;
  std::optional<std::string> refusal(const std::string& path) const override;
  InputPtr read_system(const std::string& absolute_path) const override;
  std::vector<std::string> list_system(const std::string& absolute_dir) const override;
  std::optional<std::filesystem::path> file_on_disk(const std::string& path) const override;
  std::vector<InputPtr> inputs_read() const override;
  // Only files read before: a diagnostic never makes the project read (and
  // quote) a file it would not read otherwise.
  std::optional<std::string_view> source_text(const std::string& file) const override;

 private:
  // The one place a project path becomes a file-system path; nullopt when
  // refusal() refuses it.
  std::optional<std::filesystem::path> resolve(const std::string& path) const;
  // Whether `file` (made canonical) lies in the project folder or an allowed one.
  bool inside_sandbox(const std::filesystem::path& file) const;
  // `file` read once under the name `key` (a miss is remembered too).
  InputPtr cached(const std::string& key, const std::filesystem::path& file) const;

  std::filesystem::path root_;
  std::filesystem::path canonical_root_;
  std::vector<std::filesystem::path> allowed_read_;  // canonical
  mutable std::mutex mutex_;
  mutable std::map<std::string, InputPtr> inputs_;     // by project path, or absolute path for system inputs
  mutable std::map<std::string, FileDigest> digests_;  // hashed by digest() and not kept, by project path
  mutable std::set<std::string> changed_;              // hashed, then read as other bytes (or gone)
};

}  // namespace kw::project
